import TraceModel
import ToolSupport

/// The number of each member the fast event decoder reads by name, looked up once
/// in `EventNames` (a name missing there gets a number no member has, so an event
/// needing it is declined, never misread).
struct MemberIDs {
    let seq, t, kind, cell, identifier, previousRow, row, rows, offset, willDecelerate, position, animated: Int
    let frame, cells, text, request, image, cause, sync, firstRow, count, bytes, fromCache, reason, layer: Int
    let ms, missedFrames, inferred: Int

    /// The numbers in `names`, each member found by its name in `list`.
    init(_ names: EventNames, list: ListStyle = .table) {
        func id(_ name: String) -> Int { names.members.firstIndex(of: list.member(name)) ?? Int.max }
        seq = id("seq"); t = id("t"); kind = id("kind"); cell = id("cell"); identifier = id("identifier")
        previousRow = id("previousRow"); row = id("row"); rows = id("rows"); offset = id("offset")
        willDecelerate = id("willDecelerate"); position = id("position"); animated = id("animated")
        frame = id("frame"); cells = id("cells"); text = id("text"); request = id("request"); image = id("image")
        cause = id("cause"); sync = id("sync"); firstRow = id("firstRow"); count = id("count"); bytes = id("bytes")
        fromCache = id("fromCache"); reason = id("reason"); layer = id("layer"); ms = id("ms")
        missedFrames = id("missedFrames"); inferred = id("inferred")
    }
}
