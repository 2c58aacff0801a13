/// Text printed in pieces, handed on in blocks of about 64 KB: a listing of a
/// million steps is a million small writes otherwise.
final class BufferedOutput {
    private let sink: (String) -> Void
    private var pending = ""
    private static let blockSize = 1 << 16

    init(_ sink: @escaping (String) -> Void) {
        self.sink = sink
        pending.reserveCapacity(Self.blockSize + 4096)
    }

    func write(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.blockSize { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        sink(pending)
        pending = ""
    }
}
