import TraceModel
import ToolSupport

/// Decodes one trace event straight from its bytes — no JSON tree, no strings for
/// member names, numbers read in place — or declines.
///
/// It takes only events it is sure `TraceEvent.decode` takes, and makes the
/// identical `TraceEvent` of them: each member once, all the members of its kind
/// and no others (`inferred` optional), no sections, values in the plain forms
/// `ByteCursor` reads (whose numbers lie inside every range an event allows, so
/// the only check left is "greater than zero"). Anything else — an unknown or
/// repeated member, an escape, a section, a number like `1e3`, `-0` or `007`, a
/// wrong type, a missing member — is declined, and the reader hands the event to
/// the full decoder, which accepts it or explains exactly what is wrong.
struct FastEventDecoder {
    /// What became of one event.
    enum Outcome {
        /// The event, and the offset just after its closing brace.
        case decoded(TraceEvent, end: Int)
        /// Not one the fast decoder takes.
        case declined
        /// The bytes ended inside the event: more are needed to decide.
        case ranOut
    }

    /// One member's value as read, its text left in the bytes until needed.
    enum Token {
        case number(ByteCursor.Number)
        case text(ByteCursor.Text)
        case flag(Bool)
        case null
        case list
    }

    let names: EventNames
    let words: EventWords
    private(set) var tokens: [Token]
    private(set) var rows: [Int] = []
    private(set) var cells: [VisibleCell] = []
    let ids: MemberIDs

    init(list: ListStyle = .table) {
        names = EventNames.of(list)
        words = EventWords.of(list)
        tokens = Array(repeating: .null, count: names.members.count)
        ids = MemberIDs(names, list: list)
    }

    /// Decodes the event whose `{` is at `start`.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Outcome {
        var cursor = ByteCursor(bytes, at: start)
        var present: UInt64 = 0
        guard cursor.nextAfterSpace() == UInt8(ascii: "{") else { return cursor.ranOut ? .ranOut : .declined }
        cursor.skip()
        while true {
            guard cursor.nextAfterSpace() == UInt8(ascii: "\"") else { return cursor.ranOut ? .ranOut : .declined }
            guard let key = cursor.text() else { return cursor.ranOut ? .ranOut : .declined }
            guard key.isASCII, let id = names.member(bytes, key.start, key.end) else { return .declined }
            let bit = UInt64(1) << UInt64(id)
            guard present & bit == 0 else { return .declined }
            present |= bit
            guard cursor.nextAfterSpace() == UInt8(ascii: ":") else { return cursor.ranOut ? .ranOut : .declined }
            cursor.skip()
            guard let first = cursor.nextAfterSpace() else { return .ranOut }
            let token: Token?
            switch first {
            case UInt8(ascii: "\""): token = cursor.text().map(Token.text)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): token = cursor.number().map(Token.number)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                token = cursor.literal().map { $0 < 0 ? Token.null : Token.flag($0 == 1) }
            case UInt8(ascii: "[") where id == ids.rows:
                token = readRows(&cursor) ? .list : nil
            case UInt8(ascii: "[") where id == ids.cells:
                token = readCells(&cursor) ? .list : nil
            default: token = nil
            }
            guard let token else { return cursor.ranOut ? .ranOut : .declined }
            tokens[id] = token
            switch cursor.nextAfterSpace() {
            case UInt8(ascii: ","): cursor.skip()
            case UInt8(ascii: "}"):
                cursor.skip()
                guard let event = build(present: present, bytes: cursor) else { return .declined }
                return .decoded(event, end: cursor.index)
            default: return cursor.ranOut ? .ranOut : .declined
            }
        }
    }

    // MARK: Lists

    /// `[0, 1, 2]`: whole numbers, no more than an event may list.
    private mutating func readRows(_ cursor: inout ByteCursor) -> Bool {
        rows.removeAll(keepingCapacity: true)
        cursor.skip()
        if cursor.nextAfterSpace() == UInt8(ascii: "]") { cursor.skip(); return true }
        while true {
            guard let first = cursor.nextAfterSpace(), first != UInt8(ascii: "-"),
                  let number = cursor.number(), number.whole >= 0 else { return false }
            rows.append(number.whole)
            guard rows.count <= TraceEvent.maximumListedRows else { return false }
            switch cursor.nextAfterSpace() {
            case UInt8(ascii: ","): cursor.skip()
            case UInt8(ascii: "]"): cursor.skip(); return true
            default: return false
            }
        }
    }

    /// `[{"row": 0, "cell": 1, "image": 0}, …]`: a frame's visible rows.
    private mutating func readCells(_ cursor: inout ByteCursor) -> Bool {
        cells.removeAll(keepingCapacity: true)
        cursor.skip()
        if cursor.nextAfterSpace() == UInt8(ascii: "]") { cursor.skip(); return true }
        while true {
            guard let cell = readCell(&cursor) else { return false }
            cells.append(cell)
            switch cursor.nextAfterSpace() {
            case UInt8(ascii: ","): cursor.skip()
            case UInt8(ascii: "]"): cursor.skip(); return true
            default: return false
            }
        }
    }

    private func readCell(_ cursor: inout ByteCursor) -> VisibleCell? {
        guard cursor.nextAfterSpace() == UInt8(ascii: "{") else { return nil }
        cursor.skip()
        var row = -1, cell = -1
        var image: ImageShown?
        var seenImage = false
        while true {
            guard cursor.nextAfterSpace() == UInt8(ascii: "\""), let key = cursor.text(), key.isASCII,
                  let id = names.member(cursor.bytes, key.start, key.end),
                  cursor.nextAfterSpace() == UInt8(ascii: ":") else { return nil }
            cursor.skip()
            guard let first = cursor.nextAfterSpace() else { return nil }
            switch id {
            case ids.row where row < 0 && first != UInt8(ascii: "-"):
                guard let number = cursor.number(), number.whole >= 0 else { return nil }
                row = number.whole
            case ids.cell where cell < 0 && first != UInt8(ascii: "-"):
                guard let number = cursor.number(), number.whole > 0 else { return nil }
                cell = number.whole
            case ids.image where !seenImage:
                seenImage = true
                guard let shown = readImage(&cursor, first: first) else { return nil }
                image = shown
            default: return nil
            }
            switch cursor.nextAfterSpace() {
            case UInt8(ascii: ","): cursor.skip()
            case UInt8(ascii: "}"):
                cursor.skip()
                return row >= 0 && cell > 0 ? VisibleCell(row: row, cell: cell, image: image) : nil
            default: return nil
            }
        }
    }

    /// An image number, `"nothing"` or `"placeholder"`.
    private func readImage(_ cursor: inout ByteCursor, first: UInt8) -> ImageShown? {
        if first == UInt8(ascii: "\"") {
            guard let text = cursor.text() else { return nil }
            return words.images.find(cursor.bytes, text.start, text.end)
        }
        guard first != UInt8(ascii: "-"), let number = cursor.number(), number.whole >= 0 else { return nil }
        return .image(number.whole)
    }
}
