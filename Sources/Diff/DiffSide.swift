import TraceFormat
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
    public let eventCount: Int
    public let metrics: MetricsReport

    /// Reads `path` (standard input for `-`), folding and keying each event.
    public static func read(path: String, kinds: Set<EventKind>) throws(ReuseLabError) -> (side: DiffSide, bytes: [UInt8]) {
        let bytes = try InputFile.read(path, limit: TraceReader.maximumBytes)
        return (try scan(bytes: bytes, file: InputFile.displayName(path), kinds: kinds), bytes)
    }

    /// Folds and keys every event of a trace's bytes.
    public static func scan(bytes: [UInt8], file: String, kinds: Set<EventKind>) throws(ReuseLabError) -> DiffSide {
        var maker: DiffKeyMaker?
        var hashes: [UInt64] = []
        var keys = KeyTexts()
        var seqs: [Int32] = []
        // A trace holds roughly one event per 180 bytes; most are compared.
        hashes.reserveCapacity(bytes.count / 200)
        keys.reserveCapacity(bytes.count / 200)
        seqs.reserveCapacity(bytes.count / 200)
        var index = 0
        try TraceReader.stream(bytes: bytes, file: file, onHeader: { header in
            maker = DiffKeyMaker(header: header, kinds: kinds)
        }, onEvent: { event, position throws(ReuseLabError) in
            do throws(LifecycleViolation) {
                if let key = try maker?.key(for: event) {
                    hashes.append(StableHash.of(key))
                    keys.append(key)
                    seqs.append(Int32(truncatingIfNeeded: event.seq))
                }
            } catch {
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: position, path: "events[\(index)]", eventIndex: index),
                                    "\(event.kind.rawValue): \(error.message)")
            }
            index += 1
        })
        guard let maker else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        return DiffSide(file: file, header: maker.state.header, hashes: hashes, keys: keys, seqs: seqs, eventCount: index,
                        metrics: maker.metrics.report)
    }

    /// The events from the start through `seq` `through` and the rest of its layout
    /// pass (the annotator looks ahead within a pass), by a second streaming pass over
    /// the same bytes that stops there (the first pass checked the whole trace).
    static func prefix(bytes: [UInt8], file: String, through: Int) throws(ReuseLabError) -> Trace? {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        var passTime: VirtualTime?
        do {
            try TraceReader.stream(bytes: bytes, file: file, onHeader: { header = $0 }, onEvent: { event, _ throws(ReuseLabError) in
                if event.seq <= through {
                    events.append(event)
                    if event.seq == through { passTime = event.time }
                } else if let passTime, event.time == passTime {
                    events.append(event)
                } else {
                    throw enough
                }
            })
        } catch {
            if error != enough { throw error }
        }
        return header.map { Trace(header: $0, events: events) }
    }

    /// Thrown to end the second pass early; never leaves `prefix`.
    private static let enough = ReuseLabError(.checkFailed, "the differ's second pass has read all it needs")
}
