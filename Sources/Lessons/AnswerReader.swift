import Foundation
import TraceModel

/// Reads a learner's free-form answer leniently, in the form the question's query
/// answers: "19-28", "19…28" and "19, 20, …, 28" are the same rows; "reuse",
/// "reused" and "prepareForReuse" the same call; case and spaces never matter.
public enum AnswerReader {
    /// The learner's answer, or nil if it cannot be read as an answer to `query`.
    public static func read(_ text: String, for query: Query, wording: AnswerWording) -> LessonAnswer? {
        let plain = text.lowercased().trimming(" \t\r\n.!")
        guard !plain.isEmpty else { return nil }
        switch query {
        case .nextCall:
            if let exact = call(plain), [.initCell, .prepareForReuse, .cellForRowAt].contains(exact) { return .call(exact) }
            // reconfigureRows configures the row's own cell again: neither init nor prepareForReuse.
            if ["neither", "none", "same cell", "own cell", "existing"].contains(where: plain.contains) { return .call(.cellForRowAt) }
            let reuse = ["reuse", "prepare", "dequeue"].contains(where: plain.contains)
            let create = ["init", "new", "creat"].contains(where: plain.contains)
            if reuse != create { return .call(reuse ? .prepareForReuse : .initCell) }
            return nil
        case .nextCalls:
            // "willDisplay only", "then deinit", "deinit twice": filler words dropped, "twice" repeats.
            var tokens: [String] = []
            for token in plain.split(whereSeparator: { ",;>→ \t".contains($0) || $0 == "-" }).map(String.init) where !token.isEmpty {
                if ["then", "only", "just", "and", "the", "a", "call", "calls"].contains(token) { continue }
                if token == "twice", let last = tokens.last { tokens.append(last); continue }
                tokens.append(token)
            }
            // "dequeue" names the call that creates or reuses the cell, inside cellForRowAt:
            // either init or prepareForReuse, whichever the trace has.
            let named = tokens.map { token -> EventKind?? in isDequeue(token) ? .some(nil) : call(token).map { .some($0) } }
            guard !named.isEmpty, named.allSatisfy({ $0 != nil }) else { return nil }
            let kinds = named.compactMap { $0 }
            if kinds.contains(where: { $0 == nil }) { return .callsWithDequeue(kinds) }
            return .calls(kinds.compactMap { $0 })
        case .cellForRow:
            if plain.contains("new") || plain.contains("init") || plain.contains("create") { return .newCell }
            // "cell #1", "#1", "cell 1" name the cell; "row 0", "item 0", "row 0's", a bare "0" the row it showed.
            let cell = number(after: ["#", "cell "], in: plain)
            let row = number(after: ["row ", "item "], in: plain) ?? (cell == nil ? integers(in: plain).last : nil)
            guard cell != nil || row != nil else { return nil }
            return .reusedCell(cell: cell, previousRow: row)
        case .nextPrefetchBatch, .nextCancellation, .nextPass, .samePass, .nextPreparedAhead:
            return (wording.naming.hasSections ? rows(plain, naming: wording.naming) : rows(plain)).map { .rows($0) }
        case .cellCount, .cellForRowAtCount, .rowCount, .nextPassCount, .preparedAheadCount:
            return (integers(in: plain).first ?? NumberWords.first(in: plain)).map { .number($0) }
        case .imageShown:
            if ["nothing", "none", "empty", "nil", "no image", "blank"].contains(where: plain.contains) { return .image(.nothing) }
            if plain.contains("placeholder") { return .image(.placeholder) }
            return integers(in: plain).last.map { .image(.image($0)) }
        case .isStale:
            let words = Set(plain.split(whereSeparator: { !$0.isLetter }).map(String.init))
            if !words.isDisjoint(with: ["no", "n", "false", "not", "correct", "right", "fresh"]) { return .yesNo(false) }
            if !words.isDisjoint(with: ["yes", "y", "true", "stale", "wrong"]) { return .yesNo(true) }
            return nil
        case .comesBack:
            // Yes: the same cell, willDisplay alone. No: it is configured again (cellForRowAt).
            let words = Set(plain.split(whereSeparator: { !$0.isLetter }).map(String.init))
            let configured = ["cellforrowat", "cellforitemat", "configured", "configure", "dequeue", "dequeued", "new", "init", "prepareforreuse", "reused"]
            let again = ["willdisplay", "same", "kept", "aside", "alone", "only", "without"]
            if !words.isDisjoint(with: ["no", "n", "false", "not"]) && words.isDisjoint(with: ["without"]) { return .yesNo(false) }
            if !words.isDisjoint(with: ["yes", "y", "true"]) { return .yesNo(true) }
            let saysConfigured = !words.isDisjoint(with: configured), saysAgain = !words.isDisjoint(with: again)
            if saysConfigured != saysAgain { return .yesNo(saysAgain) }
            return nil
        case .compare:
            // Names compared by their letters ("async reset" is async-reset); "this app",
            // "the other one" and "this recording" point at a side.
            let letters = { (text: String) in String(text.filter { $0.isLetter || $0.isNumber }) }
            var pointer = plain
            for article in ["the ", "this "] where pointer.hasPrefix(article) && pointer.count > article.count { pointer = String(pointer.dropFirst(article.count)) }
            for noun in [" app", " one", " recording", " trace", " strategy"] where pointer.hasSuffix(noun) { pointer = String(pointer.dropLast(noun.count)) }
            let said = letters(plain), mine = letters(wording.thisTrace.lowercased()), theirs = letters(wording.otherTrace.lowercased())
            let thisSide = ["this", "first", "a", "lessons", "lesson", "app", "one", "recording", "trace"]
            if plain.hasPrefix("this") && !plain.contains("other") || thisSide.contains(letters(pointer))
                || (!mine.isEmpty && (said == mine || mine.contains(said) && !theirs.contains(said))) {
                return .trace(isLessonTrace: true)
            }
            if ["other", "second", "b", "that"].contains(letters(pointer)) || plain.contains("other")
                || (!theirs.isEmpty && (said == theirs || theirs.contains(said) && !mine.contains(said))) {
                return .trace(isLessonTrace: false)
            }
            return nil
        }
    }

    /// A callback name, however it is spelled.
    static func call(_ word: String) -> EventKind? {
        let squeezed = word.filter { $0.isLetter }
        switch squeezed {
        case "init", "new", "create", "created", "newcell", "initcell": return .initCell
        case "prepareforreuse", "prepare", "reuse", "reused", "reusing", "dequeue", "dequeued": return .prepareForReuse
        case "cellforrowat", "cellforrow", "cellforrowatindexpath", "configure",
             "cellforitemat", "cellforitem", "cellforitematindexpath": return .cellForRowAt
        case "willdisplay", "display", "willdisplaycell": return .willDisplay
        case "didenddisplaying", "didend", "enddisplaying", "didenddisplayingcell": return .didEndDisplaying
        case "prefetchrowsat", "prefetch", "prefetchrows", "prefetchitemsat", "prefetchitems": return .prefetchRowsAt
        case "cancelprefetchingforrowsat", "cancelprefetching", "cancel", "cancelprefetch",
             "cancelprefetchingforitemsat": return .cancelPrefetchingForRowsAt
        case "deinit", "dealloc", "deallocated": return .deinitCell
        default: return nil
        }
    }

    /// "dequeue", "dequeueReusableCell" and the like: the call, not what it did.
    static func isDequeue(_ word: String) -> Bool {
        ["dequeue", "dequeued", "dequeuereusablecell", "dequeuereusablecellwithidentifier", "dequeuereusablecellwithidentifierfor",
         "dequeuereusablecellwithreuseidentifier", "dequeuereusablecellwithreuseidentifierfor"].contains(word.filter { $0.isLetter })
    }

    /// The number right after one of `markers` ("cell 3", "#3", "row 0's").
    static func number(after markers: [String], in text: String) -> Int? {
        for marker in markers {
            guard let range = text.range(of: marker) else { continue }
            let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 9, let value = Int(digits) { return value }
        }
        return nil
    }

    /// Whole numbers in order of appearance.
    static func integers(in text: String) -> [Int] {
        var numbers: [Int] = []
        var current = ""
        for character in text + " " {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                if current.count <= 9, let value = Int(current) { numbers.append(value) }
                current = ""
            }
        }
        return numbers
    }

    /// Rows written as ranges and lists: "19-28", "19–28", "19…28", "19...28",
    /// "19 to 28", "19, 20, …, 28", "19 20 21"; "items 10–11" in a collection view.
    static func rows(_ text: String) -> [Int]? {
        var normalized = text
        let dashes: [String] = ["–", "—", "...", "…", " to ", " through "]
        for dash in dashes { normalized = normalized.replacingOccurrences(of: dash, with: "-") }
        // "19, 20, -, 28" (an ellipsis inside a list) becomes a range from the number before to the one after.
        let separators: Set<Character> = [",", " ", ";"]
        let ignored: Set<String> = ["", "row", "rows", "item", "items", "and"]
        let pieces: [String] = normalized.split(whereSeparator: { separators.contains($0) }).map(String.init).filter { !ignored.contains($0) }
        var result: [Int] = []
        var pendingRangeFrom: Int?
        for piece in pieces {
            let cleaned = piece.replacingOccurrences(of: "rows", with: "").replacingOccurrences(of: "row", with: "")
                .replacingOccurrences(of: "items", with: "").replacingOccurrences(of: "item", with: "")
            if cleaned == "-" {
                pendingRangeFrom = result.last
                continue
            }
            let bounds: [Int?] = cleaned.split(separator: "-").map { part in wholeNumber(String(part).trimming(" ")) }
            if bounds.count == 2, let first = bounds[0], let last = bounds[1], abs(last - first) <= 10_000 {
                // "37-28" is a range written from the top down, as a batch nearest first.
                result.append(contentsOf: first <= last ? Array(first...last) : Array((last...first).reversed()))
            } else if bounds.count == 1, let value = bounds[0] {
                if let from = pendingRangeFrom, value > from + 1, value - from <= 10_000 {
                    result.append(contentsOf: (from + 1)...value)
                } else if let from = pendingRangeFrom, value < from - 1, from - value <= 10_000 {
                    result.append(contentsOf: (value..<from).reversed())
                } else {
                    result.append(value)
                }
                pendingRangeFrom = nil
            } else {
                return nil
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Rows of a table with sections, as the trace's global rows: "section 0
    /// rows 10–11 and section 1 rows 0–5", or "0:10-0:11, 1:0-1:5" (section:row,
    /// as pictures name them). Rows without a section are ambiguous: nil.
    static func rows(_ text: String, naming: RowNaming) -> [Int]? {
        var result: [Int] = []
        func add(section: Int, rows: [Int]) -> Bool {
            for row in rows {
                guard let global = naming.globalRow(section: section, row: row) else { return false }
                result.append(global)
            }
            return true
        }
        if text.contains("section") {
            let parts = text.components(separatedBy: "section").dropFirst()
            guard text.trimming(" ").hasPrefix("section") || text.trimming(" ").hasPrefix("in section") else { return nil }
            for part in parts {
                let words = part.split(separator: " ", maxSplits: 1).map(String.init)
                guard let first = words.first, let section = wholeNumber(first.trimming(":,")), words.count == 2,
                      let local = Self.rows(String(words[1]).replacingOccurrences(of: " and", with: " ").trimming(" ,;")),
                      add(section: section, rows: local) else { return nil }
            }
            return result.isEmpty ? nil : result
        }
        var normalized = text
        for dash in ["–", "—", " to "] { normalized = normalized.replacingOccurrences(of: dash, with: "-") }
        let ignored: Set<String> = ["", "row", "rows", "item", "items", "and"]
        for piece in normalized.split(whereSeparator: { [",", " ", ";"].contains($0) }).map(String.init) where !ignored.contains(piece) {
            let ends = piece.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            let paths = ends.map { end -> (Int, Int?)? in
                let numbers = end.split(separator: ":", omittingEmptySubsequences: false).map { wholeNumber(String($0)) }
                switch numbers.count {
                case 2: guard let section = numbers[0], let row = numbers[1] else { return nil }; return (section, row)
                case 1: guard let row = numbers[0] else { return nil }; return (-1, row)
                default: return nil
                }
            }
            guard paths.allSatisfy({ $0 != nil }), let first = paths.first, let start = first, start.0 >= 0, let startRow = start.1 else { return nil }
            guard paths.count == 2, let end = paths[1] else {
                guard paths.count == 1, add(section: start.0, rows: [startRow]) else { return nil }
                continue
            }
            // "1:3-1:7" or "1:3-7": a run within one section, either way.
            let endSection = end.0 < 0 ? start.0 : end.0
            guard endSection == start.0, let endRow = end.1, abs(endRow - startRow) <= 10_000,
                  add(section: start.0, rows: startRow <= endRow ? Array(startRow...endRow) : Array((endRow...startRow).reversed())) else { return nil }
        }
        return result.isEmpty ? nil : result
    }

    /// The most digits a number in an answer may have: no row, cell or count in a
    /// trace comes near a trillion, and below it sums and differences of two such
    /// numbers (`from + 1`, `high - low`) cannot overflow. A longer number is no answer.
    static let maximumDigits = 12

    /// A whole number written with ASCII digits only (an optional leading "+"), at
    /// most `maximumDigits` long; nil for anything else, never a trap.
    static func wholeNumber(_ text: String) -> Int? {
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= maximumDigits, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

extension String {
    /// The string without any of `characters` at either end.
    func trimming(_ characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
