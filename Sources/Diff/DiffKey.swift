import TraceModel
import Replay
import ToolSupport

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
        var text = KeyText()
        guard try write(event, into: &text) else { return nil }
        return String(decoding: text.bytes, as: UTF8.self)
    }

    /// Folds `event` and writes its key's text after what `text` holds; false (and
    /// nothing written) for a kind that is not compared. The key is spelled once,
    /// as bytes: a diff keys every event of two large traces.
    mutating func write(_ event: TraceEvent, into text: inout KeyText) throws(LifecycleViolation) -> Bool {
        // The row a cell showed before an image is set on it. Only that is read from
        // the state before the event: holding a copy of the whole state across `apply`
        // would make every event copy the state's arrays (copy on write).
        var rowBefore: Int?
        if case .imageSet(let cell, _) = event.body, kinds.contains(.imageSet) { rowBefore = metrics.state.cell(cell)?.lastRow }
        try metrics.apply(event)
        guard kinds.contains(event.kind) else { return false }
        text.put(naming.list.name(of: event.kind))
        switch event.body {
        // Reuse identifiers are left out: two apps naming their cell classes differently do the same thing.
        case .initCell, .deinitCell, .enqueue:
            break
        case .prepareForReuse(_, _, let previous):
            text.put(" from ")
            if let previous { text.row(previous, naming) } else { text.put(naming.list.noun + " ?") }
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _), .keepAside(_, let row),
             .requestCoalesced(_, let row):
            text.put(" ")
            text.row(row, naming)
        case .moveRow(let row, let toRow):
            text.put(" ")
            text.number(row)
            text.put(" to ")
            text.number(toRow)
        case .reloadSections(let sections):
            text.put(" [")
            for (index, section) in sections.enumerated() {
                if index > 0 { text.put(", ") }
                text.number(section)
            }
            text.put("]")
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows), .reloadRows(let rows), .reconfigureRows(let rows),
             .deleteRows(let rows), .insertRows(let rows):
            text.put(" [")
            for (index, row) in rows.enumerated() {
                if index > 0 { text.put(", ") }
                if naming.hasSections { text.put(naming.short(row)) } else { text.number(row) }
            }
            text.put("]")
        case .imageRequest(_, let row, let image, let cause, let sync):
            text.put(" ")
            text.row(row, naming)
            text.put(" image ")
            text.number(image)
            text.put(" ")
            text.put(cause.name(in: naming.list))
            if sync { text.put(" sync") }
        case .pageRequest(_, let first, let count):
            text.put(" ")
            text.put(naming.list.plural)
            text.put(" ")
            text.number(first)
            text.put("+")
            text.number(count)
        case .requestStarted(let id), .requestFailed(let id, _), .requestCancelled(let id):
            text.put(" ")
            describe(request: id, into: &text)
        case .response(let id, _, let fromCache):
            text.put(" ")
            describe(request: id, into: &text)
            if fromCache { text.put(" from URLCache") }
        case .cacheHit(let row, let image, let layer):
            text.put(" ")
            text.row(row, naming)
            text.put(" image ")
            text.number(image)
            text.put(" ")
            text.put(layer.rawValue)
        case .cacheEvict(let image, let layer):
            text.put(" image ")
            text.number(image)
            text.put(" ")
            text.put(layer.rawValue)
        case .imageSet(_, let image):
            text.put(" ")
            if let rowBefore { text.row(rowBefore, naming) } else { text.put("a new cell") }
            text.put(": ")
            text.put(image.describe)
        case .mainThreadBlocked(_, let cause), .hitch(_, _, _, let cause):
            text.put(" ")
            text.put(cause)
        case .numberOfRows(let rows):
            text.put(" ")
            text.number(rows)
        case .rowHeightMeasured(let row, _, let height, let estimated):
            text.put(" ")
            text.row(row, naming)
            text.put(" \(NumberText.of(height)) pt, estimated \(NumberText.of(estimated)) pt")
        case .estimatesCorrected(let contentHeight, let offsetChange):
            text.put(" content \(NumberText.of(contentHeight)) pt, offset \(offsetChange >= 0 ? "+" : "")\(NumberText.of(offsetChange)) pt")
        case .scrollToRow(let row, let position, let animated):
            text.put(" ")
            text.put(naming.short(row))
            text.put(" ")
            text.put(position)
            if animated { text.put(" animated") }
        default:
            break
        }
        return true
    }

    /// Folds `event` and keeps its key in `keys`: the key's hash, or nil for a kind that is not compared.
    mutating func keep(_ event: TraceEvent, in keys: inout KeyTexts) throws(LifecycleViolation) -> UInt64? {
        try keys.append { (text: inout KeyText) throws(LifecycleViolation) -> Bool in try write(event, into: &text) }
    }

    private func describe(request id: Int, into text: inout KeyText) {
        guard let record = state.request(id) else { return text.put("request") }
        if let row = record.row, let image = record.image {
            text.row(row, naming)
            text.put(" image ")
            text.number(image)
            return
        }
        text.put("page")
    }
}

/// A key's text as it is written: bytes, never a String per event.
struct KeyText {
    var bytes: [UInt8] = []

    mutating func put(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // The power of ten of the first digit (never past `magnitude`, so no overflow).
        var scale: UInt = 1
        while scale <= magnitude / 10 { scale &*= 10 }
        while true {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: (magnitude / scale) % 10))
            if scale == 1 { break }
            scale /= 10
        }
    }

    /// "row 15", or "section 1 row 3" in a table with sections (`RowNaming.name`).
    mutating func row(_ row: Int, _ naming: RowNaming) {
        guard !naming.hasSections else { return put(naming.name(row)) }
        put(naming.list.noun)
        bytes.append(UInt8(ascii: " "))
        number(row)
    }
}
