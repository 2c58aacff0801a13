import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive hold on a lock file (`flock`), so that two processes that would
/// write the same thing take turns: two checks of one exercise building into one
/// folder, two sessions of one lesson saving its progress. Released when the
/// value goes away, or when the process ends, however it ends.
public final class FileLock {
    private let descriptor: Int32

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Waits until no other process holds `path` (created when missing), then holds it.
    public static func hold(_ path: String, what: String) throws(ReuseLabError) -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ReuseLabError(.cannotWrite, file: path, "cannot open \(what)'s lock file") }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return FileLock(descriptor)
    }
}
