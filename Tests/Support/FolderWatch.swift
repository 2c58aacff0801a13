import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files appearing in a folder, as the kernel reports them (inotify): a test that
/// must act while a program writes a file waits for the file's creation instead of
/// looking at the folder again and again. Linux only; elsewhere `init` skips the test.
public final class FolderWatch {
    #if os(Linux)
    private let descriptor: Int32
    private var pending: [UInt8] = []
    #endif

    public init(_ folder: URL) throws {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { try Test.cancel("inotify is not available here (errno \(errno))") }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE)) >= 0 else {
            close(descriptor)
            try Test.cancel("inotify cannot watch \(folder.path) (errno \(errno))")
        }
        #else
        try Test.cancel("watching a folder for new files needs inotify (Linux)")
        #endif
    }

    deinit {
        #if os(Linux)
        close(descriptor)
        #endif
    }

    /// The name of the next file created in the folder that `matches`, waiting up
    /// to `seconds` for it; nil if none was created in that time.
    public func nextCreated(seconds: Double, matching matches: (String) -> Bool) -> String? {
        #if os(Linux)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            while let name = nextName() {
                if matches(name) { return name }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(min(left, 1) * 1000)) >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { pending += buffer[0..<count] }
        }
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The next whole event's file name from what was read, if any.
    private func nextName() -> String? {
        let header = MemoryLayout<inotify_event>.size
        guard pending.count >= header else { return nil }
        // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }
        let length = pending[12..<16].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
        guard pending.count >= header + length else { return nil }
        let nameBytes = pending[header..<(header + length)].prefix { $0 != 0 }
        pending.removeFirst(header + length)
        return String(decoding: nameBytes, as: UTF8.self)
    }
    #endif
}
