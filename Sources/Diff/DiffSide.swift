import TraceFormat
import Replay

/// One trace as the differ sees it: its header, the key hash and `seq` of every
/// compared event, and its metrics — gathered in one streaming pass, so a large
/// trace is never held in memory whole.
public struct DiffSide: Sendable {
    public let file: String
    public let header: TraceHeader
    public let hashes: [UInt64]
    public let seqs: [Int32]
    public let eventCount: Int
    public let metrics: MetricsReport

    /// Reads `path` (standard input for `-`), folding and keying each event.
    public static func read(path: String, kinds: Set<EventKind>) throws(ReuseLabError) -> (side: DiffSide, bytes: [UInt8]) {
        let bytes = try InputFile.read(path, limit: TraceReader.maximumBytes)
        let file = InputFile.displayName(path)
        var maker: DiffKeyMaker?
        var hashes: [UInt64] = []
        var seqs: [Int32] = []
        var index = 0
        try TraceReader.stream(bytes: bytes, file: file, onHeader: { header in
            maker = DiffKeyMaker(header: header, kinds: kinds)
        }, onEvent: { event, position throws(ReuseLabError) in
            do throws(LifecycleViolation) {
                if let key = try maker?.key(for: event) {
                    hashes.append(StableHash.of(key))
                    seqs.append(Int32(truncatingIfNeeded: event.seq))
                }
            } catch {
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: position, path: "events[\(index)]", eventIndex: index),
                                    "\(event.kind.rawValue): \(error.message)")
            }
            index += 1
        })
        guard let maker else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        let side = DiffSide(file: file, header: maker.state.header, hashes: hashes, seqs: seqs, eventCount: index, metrics: maker.metrics.report)
        return (side, bytes)
    }

    /// The key text of the compared events whose `seq` is in `wanted`, by a second
    /// streaming pass over the same bytes.
    static func keyTexts(bytes: [UInt8], file: String, kinds: Set<EventKind>, wanted: Set<Int>) throws(ReuseLabError) -> [Int: String] {
        var maker: DiffKeyMaker?
        var texts: [Int: String] = [:]
        try TraceReader.stream(bytes: bytes, file: file, onHeader: { header in
            maker = DiffKeyMaker(header: header, kinds: kinds)
        }, onEvent: { event, _ throws(ReuseLabError) in
            do throws(LifecycleViolation) {
                if let key = try maker?.key(for: event), wanted.contains(event.seq) { texts[event.seq] = key }
            } catch {
                throw ReuseLabError(.badInput, file: file, "\(error.message)")
            }
        })
        return texts
    }
}
