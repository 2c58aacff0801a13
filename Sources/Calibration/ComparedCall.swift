import TraceModel

/// One lifecycle call as calibration compares it: its kind and the rows it names,
/// never its cell id (a device log's cell ids are the importer's guesses) nor its
/// time (a device's clock and the engine's differ). `init`, `prepareForReuse` and
/// `deinit` are compared by kind alone: which row a reused cell last showed
/// depends on which cell the importer guessed it was.
struct ComparedCall: Sendable, Equatable {
    var kind: EventKind
    /// The row of `cellForRowAt`, `willDisplay` and `didEndDisplaying`; the rows of
    /// the prefetch calls, in order; empty for the others.
    var rows: [Int]
    /// The event's `seq` in its own trace, for sentences a reader can look up.
    var seq: Int
    /// True for a prefetch or cancel the log prints with more rows than `rows`:
    /// the import kept only those the table view could name there
    /// (`Inference.rows`). Compared as kept; a sentence says so.
    var rowsLeftOut: Bool
    /// The call as one number: equal calls have equal keys (FNV-1a, the same on
    /// every machine, so ties and results never depend on the process).
    var key: UInt64

    /// The call `event` makes, or nil for an event that is not a lifecycle call.
    init?(_ event: TraceEvent) {
        let rows: [Int]
        switch event.body {
        case .initCell, .prepareForReuse, .deinitCell:
            rows = []
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _):
            rows = [row]
        case .prefetchRowsAt(let list), .cancelPrefetchingForRowsAt(let list):
            rows = list
        default:
            return nil
        }
        kind = event.kind
        self.rows = rows
        seq = event.seq
        rowsLeftOut = event.inferred == .rows
        key = ComparedCall.key(kind: event.kind, rows: rows)
    }

    static func key(kind: EventKind, rows: [Int]) -> UInt64 {
        var hash = StableHash()
        hash.add(kind.rawValue.utf8)
        for row in rows {
            hash.add(0x2c)
            var value = UInt64(bitPattern: Int64(row))
            for _ in 0..<8 {
                hash.add(UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
        }
        return hash.value
    }

    /// "cellForRowAt row 21", "prefetchRowsAt [19, 20]", "init"; rows named by
    /// section when the table has sections.
    func describe(_ naming: RowNaming) -> String {
        let name = kind.rawValue
        switch kind {
        case .cellForRowAt, .willDisplay, .didEndDisplaying:
            return rows.first.map { "\(name) \(naming.name($0))" } ?? name
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt:
            return "\(name) \(ComparedCall.list(rows, naming))"
        default:
            return name
        }
    }

    /// "[19, 20, 21]", shortened past eight rows ("[19, 20, …, 28]": ten rows).
    static func list(_ rows: [Int], _ naming: RowNaming) -> String {
        let names = rows.map { naming.short($0) }
        guard names.count > 8, let last = names.last else { return "[" + names.joined(separator: ", ") + "]" }
        return "[" + names.prefix(3).joined(separator: ", ") + ", …, " + last + "] (\(names.count) rows)"
    }
}

/// The lifecycle calls of one trace in order, as far as the device's log shows
/// them (`PrintedCalls`), and where an imported log was abridged: `gaps[i]` is
/// how many calls came before the i-th gap marker.
struct CallSequence: Sendable {
    var calls: [ComparedCall] = []
    var gaps: [Int] = []
    /// The lifecycle calls of compared kinds left out because the import
    /// reconstructed them (`Inference.call`): always 0 for a recording.
    var reconstructed = 0

    /// The calls of `events` that `printed` shows: lifecycle kinds only; gap
    /// markers noted, every other kind (frames, the pool's bookkeeping,
    /// scrolling, notes) left out. A recording's side passes the device log's
    /// `printed` too, so both leave out the kinds the log never prints.
    init(_ events: [TraceEvent], printed: PrintedCalls) {
        for event in events {
            if case .gap = event.body {
                if gaps.last != calls.count { gaps.append(calls.count) }
            } else if let call = ComparedCall(event), printed.compares(call.kind) {
                if printed.shows(event) {
                    calls.append(call)
                } else {
                    reconstructed += 1
                }
            }
        }
    }

    var keys: [UInt64] { calls.map(\.key) }
}
