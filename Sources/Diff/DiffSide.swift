import TraceModel
import ToolSupport
import Replay

/// One trace as the differ sees it: its header, the key, key hash and `seq` of
/// every compared event, and its metrics — gathered in one streaming pass, so a
/// large trace is never held in memory as events, only as its bytes and its keys.
public struct DiffSide: Sendable {
    public let file: String
    public let header: TraceHeader
    public let hashes: [UInt64]
    public let keys: KeyTexts
    public let seqs: [Int32]
    /// Each compared event's kind, for the tally by kind.
    public let kinds: [EventKind]
    public let eventCount: Int
    public let metrics: MetricsReport

    /// Folds and keys every event of a trace as it is read (a file in chunks).
    public static func scan(_ source: TraceSource, kinds: Set<EventKind>) throws(ReuseLabError) -> DiffSide {
        let file = source.name
        var maker: DiffKeyMaker?
        var hashes: [UInt64] = []
        var keys = KeyTexts()
        var seqs: [Int32] = []
        var kindList: [EventKind] = []
        var index = 0
        try source.stream(onHeader: { header in
            maker = DiffKeyMaker(header: header, kinds: kinds)
        }, onEvent: { event, position throws(ReuseLabError) in
            do throws(LifecycleViolation) {
                if let hash = try maker?.keep(event, in: &keys) ?? nil {
                    hashes.append(hash)
                    seqs.append(Int32(truncatingIfNeeded: event.seq))
                    kindList.append(event.kind)
                }
            } catch {
                throw error.error(at: event, index: index, position: position, file: file, list: maker?.state.header.list ?? .table)
            }
            index += 1
            return true
        })
        guard let maker else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        return DiffSide(file: file, header: maker.state.header, hashes: hashes, keys: keys, seqs: seqs, kinds: kindList, eventCount: index,
                        metrics: maker.metrics.report)
    }
}
