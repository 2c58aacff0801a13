import Foundation

/// Flushes a large file to the disk on another thread while the rest of it is
/// still being written, so that the `fsync` ending an atomic write has only the
/// last stretch left to wait for.
///
/// On the machines we measured, an `fsync` costs time in proportion to the bytes
/// written since the last one (the disk's own cache is flushed): 2 ms after 1 MB,
/// 100 ms after 64 MB, about 0.2 s after a 190 MB trace — a fifth of `record`'s
/// time, spent after the last event was written. Flushed every `every` bytes
/// from here, that wait overlaps the recording instead. Nothing changes about
/// what is durable when: the final `fsync` still decides, and an error any flush
/// here met is reported by `finish` (a failed flush may not be reported again to
/// a later `fsync` on the same file).
final class BackgroundFlush: @unchecked Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "reuselab.flush")
    private let lock = NSLock()
    /// Whether a flush is under way, and the first error one met (0 if none).
    private var running = false
    private var failure: Int32 = 0
    /// How many bytes had been written when the last flush was asked for (writing thread only).
    private var askedAt = 0
    /// How many new bytes ask for a flush.
    static let every = 32 << 20

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The file now holds `written` bytes: a flush starts when `every` more have
    /// come since the last one was asked for and none is under way.
    func wrote(upTo written: Int) {
        guard written - askedAt >= Self.every else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        running = true
        askedAt = written
        queue.async { [self] in
            let code = fdatasync(descriptor) == 0 ? 0 : errno
            lock.lock()
            if code != 0 && code != EINVAL && failure == 0 { failure = code }
            running = false
            lock.unlock()
        }
    }

    /// Waits for a flush under way, and returns the first error a flush met (0 if none).
    /// Call it before the file is closed.
    func finish() -> Int32 {
        queue.sync {}
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
}
