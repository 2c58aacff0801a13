/// The rows a lifecycle line prints, in any of the forms Swift and Objective-C
/// print them.
///
/// The forms: a bare row (`cellForRowAt: 19`, `row 19`, `row:19`, `indexPath.row =
/// 19`, `(3)`, `Optional(3)`, a collection view's `item 19`), an `IndexPath` (`[0,
/// 19]`, section then row; `IndexPath(item: 19, section: 0)`, row then section), an
/// array of them (`[[0, 19], [0, 20]]`), an array of rows (`[19, 20, 21]`, what
/// `indexPaths.map(\.row)` prints), `NSIndexPath`'s `{length = 2, path = 0 - 19}`,
/// `section: 1, row: 3`, and `nil` or `Optional(nil)` for a row the cell does not
/// know yet.
///
/// Every printed value is labelled by the word before it: `row 3`, `indexPath: [0,
/// 3]` are rows; `section: 1` a section, applied to the bare rows; and a value after
/// another word (`height 44`, `tag 5`, `visible: [[0, 0], [0, 1]]`) is not the
/// line's row. Numbers above 10^9 are no rows.
///
/// The prefetch calls keep every index path, in order: those of `IndexPath` arrays
/// and `NSIndexPath`s when there are any, else the rows of a flat array, else every
/// number that may be a row. The other callbacks keep one: the first value
/// labelled a row; else an `IndexPath` or `NSIndexPath` — the first after the
/// callback's name, else the last before it; else a bare number, chosen the same
/// way (`19: willDisplay`).
enum PrintedIndexPaths {
    struct Rows: Equatable {
        var indexPaths: [LogIndexPath] = []
        var rowIsNil = false
        /// Whether the text printed a list or an `NSIndexPath`, even an empty one (`[]`).
        var printsList = false
    }

    private enum Value {
        /// An index path; `bare` when only its row was printed, so a section label applies.
        case path(LogIndexPath, bare: Bool)
        case nilRow
    }

    private struct Candidate {
        var value: Value
        var label: LogVocabulary.Label
        var position: Int
        /// Printed as an `IndexPath`, an array or an `NSIndexPath` rather than a number.
        var structured: Bool
    }

    /// Reads the rows of a message for `callback`; `name` is where the callback's name
    /// is (nil when the text holds only values, as a custom pattern's `row` group does).
    static func read(_ message: MessageTokens, for callback: LogLine.Callback, name: CallbackNames.Match?) -> Rows {
        let takesAll = callback == .prefetchRowsAt || callback == .cancelPrefetchingForRowsAt
        var candidates: [Candidate] = []
        var sections: [(value: Int, position: Int)] = []

        for (index, token) in message.tokens.enumerated() {
            let values: [Value]
            switch token.kind {
            case .list(let list):
                values = takesAll ? allPaths(in: list) : onePath(in: list).map { [$0] } ?? []
            case .indexPathDescription(let path):
                values = path.map { [.path($0, bare: false)] } ?? []
            case .number(let number?):
                values = [.path(LogIndexPath(row: number), bare: true)]
            case .word where isNil(token, in: message):
                values = [.nilRow]
            default:
                continue
            }
            let structured: Bool
            switch token.kind {
            case .number, .word: structured = false
            default: structured = true
            }
            let label = label(before: index, in: message, name: name)
            if label == .section, !structured, case .path(let path, _)? = values.first {
                sections.append((path.row, token.start))
                continue
            }
            guard label == .row || label == .neutral else { continue }
            // An empty list still counts as printed rows for a prefetch call: `prefetchRowsAt: []`.
            if values.isEmpty, structured, takesAll, case .list = token.kind {
                candidates.append(Candidate(value: .nilRow, label: label, position: token.start, structured: true))
            }
            for value in values {
                candidates.append(Candidate(value: value, label: label, position: token.start, structured: structured))
            }
        }

        // Without a section printed every bare row is in section 0 (most lines: no lists to make).
        let sectionOf = sections.isEmpty ? nil : Self.sections(for: candidates.map(\.position), sections)
        func resolved(_ index: Int) -> LogIndexPath? {
            guard case .path(let path, let bare) = candidates[index].value else { return nil }
            guard bare else { return path }
            return LogIndexPath(section: sectionOf?[index] ?? 0, row: path.row)
        }

        if takesAll {
            let printed = candidates.indices.filter { candidates[$0].structured }
            if !printed.isEmpty { return Rows(indexPaths: printed.compactMap(resolved), printsList: true) }
            return Rows(indexPaths: candidates.indices.compactMap(resolved))
        }
        let nameStart = name?.start ?? 0
        let nameEnd = name?.end ?? 0
        func chosen(structured: Bool) -> Int? {
            candidates.firstIndex { $0.label == .neutral && $0.structured == structured && $0.position >= nameEnd }
                ?? candidates.lastIndex { $0.label == .neutral && $0.structured == structured && $0.position < nameStart }
        }
        guard let choice = candidates.firstIndex(where: { $0.label == .row }) ?? chosen(structured: true) ?? chosen(structured: false) else {
            return Rows()
        }
        if let path = resolved(choice) { return Rows(indexPaths: [path]) }
        return Rows(rowIsNil: true)
    }

    /// The section of each bare row at `positions` (in order). A line that prints
    /// a section before its first row (`section: 1, row: 3`) gives each row the last
    /// section before it; one that prints it after (`IndexPath(item: 3, section:
    /// 1)`), the section between the row and the next value. Else the nearest the
    /// other way, else 0. One pass over both lists.
    private static func sections(for positions: [Int], _ sections: [(value: Int, position: Int)]) -> [Int] {
        guard let firstSection = sections.first else { return positions.map { _ in 0 } }
        let sectionsFirst = positions.first.map { firstSection.position < $0 } ?? true
        var result: [Int] = []
        result.reserveCapacity(positions.count)
        var before: Int?
        var cursor = 0
        var nextIndex = 0
        for (index, position) in positions.enumerated() {
            while cursor < sections.count, sections[cursor].position < position {
                before = sections[cursor].value
                cursor += 1
            }
            nextIndex = max(nextIndex, index + 1)
            while nextIndex < positions.count, positions[nextIndex] <= position { nextIndex += 1 }
            let next = nextIndex < positions.count ? positions[nextIndex] : Int.max
            let after = cursor < sections.count && sections[cursor].position < next ? sections[cursor].value : nil
            result.append((sectionsFirst ? before ?? after : after ?? before) ?? firstSection.value)
        }
        return result
    }

    /// For a prefetch call: the pairs of nested lists (`[[0, 19], [0, 20]]`), or the
    /// rows of a flat list (`[19, 20, 21]`).
    private static func allPaths(in list: [PrintedValue]) -> [Value] {
        if list.contains(where: isList) { return pairs(in: list).map { .path($0, bare: false) } }
        return list.compactMap { value in
            if case .number(let row?) = value { return .path(LogIndexPath(row: row), bare: true) }
            return nil
        }
    }

    /// For the other callbacks: an `IndexPath` (`[0, 19]`), a one-row list (`[19]`), or
    /// the first pair of nested lists. Longer flat lists name no one row.
    private static func onePath(in list: [PrintedValue]) -> Value? {
        if list.count == 2, case .number(let section?) = list[0], case .number(let row?) = list[1] {
            return .path(LogIndexPath(section: section, row: row), bare: false)
        }
        if list.count == 1, case .number(let row?) = list[0] { return .path(LogIndexPath(row: row), bare: true) }
        guard list.contains(where: isList), let first = pairs(in: list).first else { return nil }
        return .path(first, bare: false)
    }

    /// The one index path a printed list names (`[0, 19]`, `[19]`, `[[0, 19]]`), if it names one.
    static func path(in list: [PrintedValue]) -> LogIndexPath? {
        guard case .path(let path, _)? = onePath(in: list) else { return nil }
        return path
    }

    private static func isList(_ value: PrintedValue) -> Bool {
        if case .list = value { return true }
        return false
    }

    /// Every `[section, row]` pair inside nested lists, depth first, in order.
    private static func pairs(in values: [PrintedValue]) -> [LogIndexPath] {
        var result: [LogIndexPath] = []
        for value in values {
            guard case .list(let inner) = value else { continue }
            if inner.count == 2, case .number(let section?) = inner[0], case .number(let row?) = inner[1] {
                result.append(LogIndexPath(section: section, row: row))
            } else {
                result += pairs(in: inner)
            }
        }
        return result
    }

    private static func isNil(_ token: MessageTokens.Token, in message: MessageTokens) -> Bool {
        token.end - token.start == 3 && message.lowercased(token) == "nil"
    }

    /// What the nearest word before the token says about it. `Optional`, small
    /// words such as `of` and `at`, and punctuation are looked through (`row:
    /// Optional(3)` and `row of [[0, 5]]` are labelled `row`); a word of
    /// the callback's own name, another value or the start of the line leave it neutral.
    private static func label(before index: Int, in message: MessageTokens, name: CallbackNames.Match?) -> LogVocabulary.Label {
        var cursor = index - 1
        while cursor >= 0 {
            let token = message.tokens[cursor]
            switch token.kind {
            case .separator:
                cursor -= 1
                continue
            case .object(let className, _) where PrintedAddresses.shortName(className) == "nsindexpath":
                // `indexPath: <NSIndexPath: 0x…> {length = 2, path = 0 - 3}`: the label is before the object.
                cursor -= 1
                continue
            case .word:
                if let name, name.tokens.contains(cursor) { return .neutral }
                let word = message.lowercased(token)
                if word == "optional" || LogVocabulary.prepositions.contains(word) {
                    cursor -= 1
                    continue
                }
                let humps = CallbackNames.humps(message.scalars, token.start..<token.end)
                let lastHump = humps.last.map { String(lowercasing: message.scalars, $0) } ?? word
                return LogVocabulary.label(ofWord: word, lastHump: lastHump)
            default:
                return .neutral
            }
        }
        return .neutral
    }
}
