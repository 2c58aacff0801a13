import ToolSupport

/// Text printed in pieces, handed on in blocks of about 64 KB: a listing of a
/// million steps is a million small writes otherwise.
///
/// It keeps everything until `flush`, or until it holds more than `holdLimit`
/// bytes, when it starts handing on: output made while a trace is read once,
/// checked as it goes, is dropped unseen when the trace turns out bad
/// (`endingOnError`) — unless it has grown past the limit, when what came before
/// the bad event has been printed already.
final class BufferedOutput {
    private let io: CommandIO
    private var pending: [UInt8] = []
    private static let blockSize = 1 << 16
    /// Whether nothing has been handed on yet, nor will be before `flush`.
    private var holding: Bool
    private let holdLimit: Int
    /// True once writing to the output has failed: nothing more is worth making.
    private(set) var failed = false
    /// What a replay holds back: the whole output of any trace up to tens of
    /// thousands of steps, a few MB of memory.
    static let replayHoldLimit = 8 << 20

    init(_ io: CommandIO, holdingUpTo holdLimit: Int = 0) {
        self.io = io
        self.holdLimit = holdLimit
        holding = holdLimit > 0
        pending.reserveCapacity(Self.blockSize + 4096)
    }

    func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if holding {
            guard pending.count > holdLimit else { return }
            holding = false
        }
        if pending.count >= Self.blockSize { flush() }
    }

    func flush() {
        holding = false
        guard !pending.isEmpty else { return }
        if let bytes = io.outBytes {
            pending.withUnsafeBufferPointer(bytes)
        } else {
            io.out(String(decoding: pending, as: UTF8.self))
        }
        pending.removeAll(keepingCapacity: true)
        failed = io.outFailed()
    }

    /// `body`, which makes this output; should it throw, what is held is dropped
    /// (or, if part of it has been handed on already, the rest is handed on)
    /// before the error goes on.
    func endingOnError(_ body: () throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        do throws(ReuseLabError) {
            try body()
        } catch {
            if holding { pending.removeAll() } else { flush() }
            throw error
        }
    }
}
