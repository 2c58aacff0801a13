import Foundation
import ToolSupport

/// Lines from standard input, read with `read(2)` so that Ctrl-C can stop a wait
/// for input: when the read is interrupted and `Interruption` caught the signal,
/// the reader reports the end of input instead of waiting on (the C library's
/// `getline` retries an interrupted read and never returns).
///
/// A line is at most `limit` bytes: a longer one (a pasted file, a runaway
/// program) is cut there and the rest of it skipped as it arrives, so memory
/// and time stay bounded by the limit, not by the line.
final class LineReader {
    /// The most bytes of a line kept: the line editor's 4,096 characters at four bytes each.
    static let limit = 4 * LineEditorState.limit
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no line break.
    private var scanned = 0
    private var ended = false
    /// True when the last line returned was longer than `limit` and was cut.
    private(set) var lastLineWasCut = false

    init(descriptor: Int32 = STDIN_FILENO) { self.descriptor = descriptor }

    /// The next line without its line break, or nil at the end of input or after Ctrl-C.
    /// A last line without a line break is still returned.
    func next() -> String? {
        lastLineWasCut = false
        // A line past the limit: its first `limit` bytes, the rest skipped.
        var kept: [UInt8]?
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = kept ?? Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                lastLineWasCut = kept != nil
                return String(decoding: line, as: UTF8.self)
            }
            scanned = buffer.count
            if kept == nil, buffer.count > Self.limit { kept = Array(buffer.prefix(Self.limit)) }
            if kept != nil {
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if ended || Interruption.wasInterrupted {
                guard kept != nil || !buffer.isEmpty, !Interruption.wasInterrupted else { return nil }
                defer { buffer = [] }
                lastLineWasCut = kept != nil
                return String(decoding: kept ?? buffer, as: UTF8.self)
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
