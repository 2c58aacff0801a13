import ToolSupport
import TraceCoding

/// Text printed in pieces, handed on in blocks of about 64 KB: a listing of a
/// million steps is a million small writes otherwise.
///
/// Made `holding`, it keeps everything until `flush` (or until it holds more than
/// `holdLimit` bytes, when it starts handing on): output made while a trace is
/// read once, checked as it goes, is dropped unseen when the trace turns out bad
/// (`discard`) — unless it has grown past the limit, when what came before the
/// bad event has been printed already.
final class BufferedOutput {
    private let sink: (String) -> Void
    private let byteSink: ((UnsafeBufferPointer<UInt8>) -> Void)?
    private var pending = ByteBuffer(capacity: BufferedOutput.blockSize + 4096)
    private static let blockSize = 1 << 16
    /// Whether nothing has been handed on yet, nor will be before `flush`.
    private(set) var holding: Bool
    private let holdLimit: Int
    /// What a replay holds back: the whole output of any trace up to tens of
    /// thousands of steps, a few MB of memory.
    static let replayHoldLimit = 8 << 20

    /// Output to `io`, as bytes where it takes them.
    init(_ io: CommandIO, holdingUpTo holdLimit: Int = 0) {
        sink = io.out
        byteSink = io.outBytes
        self.holdLimit = holdLimit
        holding = holdLimit > 0
    }

    func write(_ text: String) {
        write { $0.append(utf8: text) }
    }

    /// Text appended as UTF-8 bytes by `body`.
    func write(_ body: (inout ByteBuffer) -> Void) {
        body(&pending)
        if holding {
            guard pending.count > holdLimit else { return }
            holding = false
        }
        if pending.count >= Self.blockSize { flush() }
    }

    func flush() {
        holding = false
        guard pending.count > 0 else { return }
        if let byteSink {
            pending.withBytes { byteSink($0.assumingMemoryBound(to: UInt8.self)) }
        } else {
            sink(pending.string)
        }
        pending.removeAll()
    }

    /// Drops what is held.
    func discard() {
        pending.removeAll()
    }

    /// An error ends the output: what is held is dropped, and if part of it has
    /// been handed on already, the rest of what was made is handed on before it.
    func endBeforeError() {
        if holding { discard() } else { flush() }
    }
}
