import TraceModel

/// The key text of every compared event of one trace, packed into one buffer of
/// UTF-8 bytes: a million keys take about 30 MB, and showing any stretch of the
/// diff needs no second reading of the trace.
public struct KeyTexts: Sendable {
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []

    public init() {}

    /// Makes room for about `count` keys.
    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count * 24)
        ends.reserveCapacity(count)
    }

    /// Writes a key with `write`, straight into the buffer, and keeps it; the
    /// key's hash, or nil when `write` wrote none (a kind that is not compared).
    mutating func append(_ write: (inout KeyText) throws(LifecycleViolation) -> Bool) throws(LifecycleViolation) -> UInt64? {
        let start = bytes.count
        // The buffer moves into the writer and back, so appending never copies it.
        var text = KeyText(bytes: bytes)
        bytes = []
        defer { bytes = text.bytes }
        guard try write(&text) else { return nil }
        ends.append(text.bytes.count)
        return StableHash.of(bytes: text.bytes[start...])
    }

    public var count: Int { ends.count }

    /// The key of compared event `index` (0 for the first compared event).
    public subscript(index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
