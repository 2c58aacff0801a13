import Foundation
import ToolSupport

/// Standard output or error, written with `write(2)`: a short write is continued,
/// an interrupted one retried, and a failure (a full disk, a closed reader) is
/// remembered instead of trapping, so the command can end with a clear error.
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    let descriptor: Int32
    private let lock = NSLock()
    private var failureCode: Int32 = 0

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The first failure's system message, if any write failed.
    var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        return failureCode == 0 ? nil : String(cString: strerror(failureCode))
    }

    /// True once a write has failed: cheap enough to ask now and then while writing.
    var hasFailed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failureCode != 0
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: UnsafeRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        guard failureCode == 0 else { return }
        failureCode = writeAll(descriptor, bytes)
    }
}
