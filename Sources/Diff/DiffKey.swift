import TraceModel
import Replay

/// What an event means for comparing two strategies: its kind and the fields that
/// matter (rows, images, causes), without times, request numbers or cell ids,
/// which differ between recordings for incidental reasons. Two events with the
/// same key did the same thing.
///
/// Keys are made while folding the trace through `ReplayState`, so an image set
/// on a cell or a response to a request is keyed by the row it concerns. A
/// collection view's keys use its own words (`cellForItemAt item 5`), so a table
/// and a collection view never do "the same thing" (the differ says their
/// scenarios differ).
public struct DiffKeyMaker {
    /// The metrics fold, whose replay state the keys read: one fold per event gives both.
    public private(set) var metrics: TraceMetrics
    public var state: ReplayState { metrics.state }
    let kinds: Set<EventKind>
    /// Rows in keys are named as the trace names them ("section 1 row 3" with sections).
    let naming: RowNaming

    /// The kinds compared by default: lifecycle calls, loading, caches, what image
    /// views show, main-thread work, hitches and the app's reloads. Frames, scroll
    /// positions, notes and memory figures depend on timing and are left out.
    public static let defaultKinds: Set<EventKind> = Set(EventKind.allCases).subtracting(
        [.frame, .scrollViewWillBeginDragging, .scrollViewDidEndDragging, .scrollViewDidEndDecelerating,
         .note, .gap, .imageMemory, .recordingEnded, .requestStarted, .enqueue, .keepAside])

    public init(header: TraceHeader, kinds: Set<EventKind> = DiffKeyMaker.defaultKinds) {
        metrics = TraceMetrics(header: header)
        self.kinds = kinds
        naming = header.rowNaming
    }

    /// Folds `event` and returns its key, or nil for a kind that is not compared.
    public mutating func key(for event: TraceEvent) throws(LifecycleViolation) -> String? {
        // The row a cell showed before an image is set on it. Only that is read from
        // the state before the event: holding a copy of the whole state across `apply`
        // would make every event copy the state's arrays (copy on write).
        var rowBefore: Int?
        if case .imageSet(let cell, _) = event.body, kinds.contains(.imageSet) { rowBefore = metrics.state.cell(cell)?.lastRow }
        try metrics.apply(event)
        guard kinds.contains(event.kind) else { return nil }
        let name = naming.list.name(of: event.kind)
        switch event.body {
        // Reuse identifiers are left out: two apps naming their cell classes differently do the same thing.
        case .initCell: return name
        case .prepareForReuse(_, _, let previous): return "\(name) from \(previous.map { naming.name($0) } ?? naming.list.noun + " ?")"
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _): return "\(name) \(naming.name(row))"
        case .keepAside(_, let row): return "\(name) \(naming.name(row))"
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows), .reloadRows(let rows), .reconfigureRows(let rows): return "\(name) \(naming.hasSections ? "[" + rows.map { naming.short($0) }.joined(separator: ", ") + "]" : "\(rows)")"
        case .deinitCell: return name
        case .enqueue: return name
        case .imageRequest(_, let row, let image, let cause, let sync):
            return "\(name) \(naming.name(row)) image \(image) \(cause.name(in: naming.list))\(sync ? " sync" : "")"
        case .pageRequest(_, let first, let count): return "\(name) \(naming.list.plural) \(first)+\(count)"
        case .requestStarted(let id): return "\(name) \(describe(request: id))"
        case .requestCoalesced(_, let row): return "\(name) \(naming.name(row))"
        case .response(let id, _, let fromCache): return "\(name) \(describe(request: id))\(fromCache ? " from URLCache" : "")"
        case .requestFailed(let id, _), .requestCancelled(let id): return "\(name) \(describe(request: id))"
        case .cacheHit(let row, let image, let layer): return "\(name) \(naming.name(row)) image \(image) \(layer.rawValue)"
        case .cacheEvict(let image, let layer): return "\(name) image \(image) \(layer.rawValue)"
        case .imageSet(_, let image):
            let row = rowBefore.map { "\(naming.name($0))" } ?? "a new cell"
            return "\(name) \(row): \(image.describe)"
        case .mainThreadBlocked(_, let cause): return "\(name) \(cause)"
        case .hitch(_, _, _, let cause): return "\(name) \(cause)"
        case .numberOfRows(let rows): return "\(name) \(rows)"
        case .scrollToRow(let row, let position, let animated): return "\(name) \(naming.short(row)) \(position)\(animated ? " animated" : "")"
        default: return name
        }
    }

    private func describe(request id: Int) -> String {
        guard let record = state.request(id) else { return "request" }
        if let row = record.row, let image = record.image { return "\(naming.name(row)) image \(image)" }
        return "page"
    }
}

/// A 64-bit FNV-1a hash: the same on every machine (Swift's own `Hasher` is
/// seeded per process), so keys can be compared as numbers.
public enum StableHash {
    public static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
