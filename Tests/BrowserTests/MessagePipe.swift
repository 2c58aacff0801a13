import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The framing of `--remote-debugging-pipe`: each message is one JSON text ended by
/// a NUL byte. Writes and reads are bounded by a deadline (poll(2)); a closed pipe
/// or a deadline passed throws.
final class MessagePipe {
    private let writeEnd: Int32
    private let readEnd: Int32
    private var pending: [UInt8] = []

    init(writeEnd: Int32, readEnd: Int32) {
        self.writeEnd = writeEnd
        self.readEnd = readEnd
    }

    /// Writes `json` and its NUL terminator.
    func send(_ json: [UInt8], deadline: Deadline) throws {
        var bytes = json
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            var request = pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&request, 1, deadline.remainingMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw BrowserError("Chromium did not take a message in time") }
            let count = bytes[sent...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw BrowserError("writing to Chromium failed: \(String(cString: strerror(errno)))")
            }
            sent += count
        }
    }

    /// The next complete message, or nil when none arrived before `deadline`.
    func receive(deadline: Deadline) throws -> [UInt8]? {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeSubrange(...end)
                return message
            }
            var request = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, deadline.remainingMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { throw BrowserError("Chromium closed the DevTools pipe (it exited or crashed)") }
            pending += buffer[0..<count]
        }
    }
}
