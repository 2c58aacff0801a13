/// Whether the cell a `cellForRowAt` dequeued is new or reused, as a log states
/// it: the evidence that decides a cell's identity over any rule the importer
/// would otherwise infer it by.
///
/// Apps print it in many ways. The previous row a cell kept in a property
/// (`oldIndexPath: nil`, `previousRow: Optional(3)`, `was row 3`) says both:
/// nil for a new cell, a row for a reused one that showed it. Words say it
/// plainly (`new cell for row 5`, `reused cell`, `isReused: true`,
/// `MyCell created`). `CellOrigin.read` finds it in a line's tokens.
public enum CellOrigin: Equatable, Sendable {
    /// The cell was made for this row (`init`): it showed nothing before.
    case new
    /// The cell was taken from the pool; `previousRow` is the row it showed, when printed.
    case reused(previousRow: LogIndexPath?)

    /// What a line says of a cell's origin.
    enum Reading: Equatable {
        /// It states the origin; `row` is the row the cell is dequeued for, when the
        /// line prints it too (`new cell for row 5`).
        case stated(CellOrigin, row: LogIndexPath?)
        /// It names a cell's previous row or origin in a form that cannot be read
        /// (`oldIndexPath: <unknown>`): the import says so and suggests `--pattern`.
        case unreadable
    }

    /// `new`, or `reused (it showed row 3)`.
    func describe(_ name: (LogIndexPath) -> String) -> String {
        switch self {
        case .new: return "new"
        case .reused(let previous?): return "reused (it showed \(name(previous)))"
        case .reused(nil): return "reused"
        }
    }

    /// Every line holding a previous row or an origin word holds one of these runs
    /// of letters, lower-cased: lines without are passed over before being read.
    static let roots = ["old", "prev", "was", "showed", "new", "creat", "fresh", "reus", "recycl"]

    /// A previous row's labels, as lower-cased pieces (camel-case humps and words).
    static let previousMarkers: [[String]] = [
        ["old", "index", "path"], ["old", "indexpath"], ["old", "ip"], ["old", "row"], ["old", "item"],
        ["previous", "index", "path"], ["previous", "indexpath"], ["previous", "row"], ["previous", "item"],
        ["prev", "index", "path"], ["prev", "indexpath"], ["prev", "row"], ["prev", "item"],
        ["was", "row"], ["was", "item"], ["was", "showing"], ["was", "at", "row"], ["showed", "row"],
    ]
    /// Words saying a cell is new, and saying it is reused.
    static let newWords: Set<String> = ["new", "created", "creating", "fresh"]
    static let reusedWords: Set<String> = ["reused", "reusing", "recycled", "recycling"]
    /// Words read through between a previous-row label and its value.
    static let between: Set<String> = ["optional", "row", "item", "index", "path", "indexpath", "is", "was", "of", "at", "some"]
}

extension CellOrigin {
    /// One piece of a message as the reader sees it.
    private enum Piece: Equatable {
        case word(String)
        case value(LogIndexPath)
        case nilValue
        case yes, no
        /// Anything else printed as a unit: an address, an object, an unreadable number.
        case other
    }

    /// What `message` says of a cell's origin, or nil when it says nothing of it.
    /// A previous row, when printed, outweighs the words (`reused cell (was row
    /// 2)` says which cell).
    static func read(_ message: MessageTokens) -> Reading? {
        let pieces = Self.pieces(of: message)
        var byPreviousRow: CellOrigin?
        var byWords: CellOrigin?
        var named = false
        var consumed = Set<Int>()
        var index = 0
        while index < pieces.count {
            guard case .word(let word) = pieces[index] else { index += 1; continue }
            if let length = previousMarker(at: index, in: pieces) {
                named = true
                var cursor = index + length
                while cursor < pieces.count, case .word(let skipped) = pieces[cursor], between.contains(skipped) { cursor += 1 }
                switch cursor < pieces.count ? pieces[cursor] : .other {
                case .nilValue:
                    byPreviousRow = byPreviousRow ?? .new
                case .value(let path):
                    byPreviousRow = byPreviousRow ?? .reused(previousRow: path)
                    consumed.insert(cursor)
                default:
                    break
                }
                index = cursor + 1
                continue
            }
            let isNew = word == "is" && index + 1 < pieces.count && pieces[index + 1] == .word("new")
            if newWords.contains(word) || isNew || reusedWords.contains(word) {
                // `isNew: false`, `reused = true`: a yes or no right after decides.
                let after = index + (isNew ? 2 : 1)
                let answer: Bool? = after < pieces.count ? (pieces[after] == .yes ? true : pieces[after] == .no ? false : nil) : nil
                if answer != nil || mentionsACell(pieces) {
                    named = true
                    let saysNew = newWords.contains(word) || isNew
                    byWords = byWords ?? (saysNew == (answer ?? true) ? .new : .reused(previousRow: nil))
                }
            }
            index += 1
        }
        guard named else { return nil }
        guard let stated = byPreviousRow ?? byWords else { return .unreadable }
        // The row the cell is for: a value labelled by a row word, `for` or `at`, not a previous row.
        var row: LogIndexPath?
        for (position, piece) in pieces.enumerated() where !consumed.contains(position) && position > 0 {
            guard case .value(let path) = piece, case .word(let label) = pieces[position - 1],
                  LogVocabulary.rowWords.contains(label) || label == "for" || label == "at" else { continue }
            row = path
            break
        }
        return .stated(stated, row: row)
    }

    /// How many pieces a previous-row label at `index` spans, if one starts there.
    private static func previousMarker(at index: Int, in pieces: [Piece]) -> Int? {
        for marker in previousMarkers where index + marker.count <= pieces.count {
            if marker.indices.allSatisfy({ pieces[index + $0] == .word(marker[$0]) }) { return marker.count }
        }
        return nil
    }

    /// Whether the message names a cell (`cell`, `MyCell`): an origin word alone
    /// (`new`, `creating`) is said of too many things.
    private static func mentionsACell(_ pieces: [Piece]) -> Bool {
        pieces.contains { if case .word(let word) = $0 { return LogVocabulary.names(aCell: word) } else { return false } }
    }

    /// The message's words cut at camel-case humps and lower-cased, and its values.
    private static func pieces(of message: MessageTokens) -> [Piece] {
        var pieces: [Piece] = []
        for token in message.tokens {
            switch token.kind {
            case .word:
                let whole = message.lowercased(token)
                switch whole {
                case "nil", "null", "none": pieces.append(.nilValue); continue
                case "true", "yes": pieces.append(.yes); continue
                case "false", "no": pieces.append(.no); continue
                default: break
                }
                // A cell's class name stays whole (`MyCell`), so it still names a cell.
                if LogVocabulary.names(aCell: whole) { pieces.append(.word(whole)); continue }
                for range in CallbackNames.humps(message.scalars, token.start..<token.end) {
                    pieces.append(.word(String(lowercasing: message.scalars, range)))
                }
            case .number(let row?):
                pieces.append(.value(LogIndexPath(row: row)))
            case .list(let list):
                pieces.append(PrintedIndexPaths.path(in: list).map(Piece.value) ?? .other)
            case .indexPathDescription(let path):
                pieces.append(path.map(Piece.value) ?? .other)
            case .separator:
                continue
            default:
                pieces.append(.other)
            }
        }
        return pieces
    }
}
