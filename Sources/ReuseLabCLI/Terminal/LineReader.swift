import Foundation
import ToolSupport

/// Lines from standard input, read with `read(2)` so that Ctrl-C can stop a wait
/// for input: when the read is interrupted and `Interruption` caught the signal,
/// the reader reports the end of input instead of waiting on (the C library's
/// `getline` retries an interrupted read and never returns).
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(descriptor: Int32 = STDIN_FILENO) { self.descriptor = descriptor }

    /// The next line without its line break, or nil at the end of input or after Ctrl-C.
    /// A last line without a line break is still returned.
    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            if ended || Interruption.wasInterrupted {
                guard !buffer.isEmpty, !Interruption.wasInterrupted else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                ended = true
            }
            // EINTR: look at the flag again (Ctrl-C) or read on (another signal).
        }
    }
}
