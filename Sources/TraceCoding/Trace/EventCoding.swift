import TraceModel
import ToolSupport

/// How events are written to and read from a trace: `seq`, `t`, `kind`, then the
/// kind's fields in a fixed order, one event per line.
///
/// Rows are global inside ReuseLab. In a table with sections an event names a row
/// as its index path: `section` (written only when not 0) and `row` within the
/// section; a list of rows is `rows` when every one is in section 0, else
/// `indexPaths`, `[[section, row], …]` as Swift prints index paths.
extension TraceEvent {
    /// The members each kind may carry besides `seq`, `t` and `kind`: its own, and
    /// `section` beside a `row` (or `indexPaths` instead of `rows`) for a table with sections.
    static func memberNames(of kind: EventKind, list: ListStyle = .table) -> [String] {
        var names = ownMemberNames(of: kind)
        if names.contains("row") { names.append("section") }
        if names.contains("previousRow") { names.append("previousSection") }
        if names.contains("rows") && kind != .numberOfRows { names.append("indexPaths") }
        return (names + ["inferred", "line", "file"]).map(list.member)
    }

    static func ownMemberNames(of kind: EventKind) -> [String] {
        switch kind {
        case .initCell, .enqueue: return ["cell", "identifier"]
        case .prepareForReuse: return ["cell", "identifier", "previousRow"]
        case .cellForRowAt, .willDisplay, .didEndDisplaying: return ["row", "cell"]
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt, .reloadRows, .reconfigureRows, .deleteRows, .insertRows: return ["rows"]
        case .moveRow: return ["row", "toRow"]
        case .reloadSections: return ["sections"]
        case .deinitCell: return ["cell"]
        case .keepAside: return ["cell", "row"]
        case .scrollViewWillBeginDragging, .scrollViewDidEndDecelerating: return ["offset"]
        case .scrollViewDidEndDragging: return ["offset", "willDecelerate"]
        case .scrollToRow: return ["row", "position", "animated"]
        case .frame: return ["frame", "offset", "cells"]
        case .note, .gap: return ["text"]
        case .imageRequest: return ["request", "row", "image", "cause", "sync"]
        case .pageRequest: return ["request", "firstRow", "count"]
        case .requestStarted, .requestCancelled: return ["request"]
        case .requestCoalesced: return ["request", "row"]
        case .response: return ["request", "bytes", "fromCache"]
        case .requestFailed: return ["request", "reason"]
        case .cacheHit: return ["row", "image", "layer"]
        case .cacheEvict: return ["image", "layer"]
        case .imageSet: return ["cell", "image"]
        case .mainThreadBlocked: return ["ms", "cause"]
        case .hitch: return ["frame", "missedFrames", "ms", "cause"]
        case .imageMemory: return ["bytes"]
        case .numberOfRows: return ["rows"]
        case .rowHeightMeasured: return ["row", "cell", "height", "estimated"]
        case .estimatesCorrected: return ["contentHeight", "offsetChange"]
        case .reloadData, .didReceiveMemoryWarning, .viewDidDisappear, .recordingEnded, .performBatchUpdates, .endUpdates: return []
        }
    }
}

extension ImageShown {
    /// The two values a trace writes as words; an image is written as its number.
    static let words: [(word: String, shown: ImageShown)] = [("nothing", .nothing), ("placeholder", .placeholder)]

    static func decode(_ field: some JSONValueReading) throws(ReuseLabError) -> ImageShown {
        if field.kind == .number { return .image(try field.nonNegativeInt()) }
        let word = try field.choice(words.map(\.word))
        return words.first { $0.word == word }?.shown ?? .nothing
    }
}
