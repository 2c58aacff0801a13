import TraceModel

/// Finds text that gives a question's answer away before it is asked: a phrase
/// that the answer reader itself would take as the right answer ("reused",
/// "cell #1", "nineteen cells", "rows 19–28"), in the title, the introduction,
/// the narration, the ask or the hint. Reading with `AnswerReader` means any
/// spelling a learner may type counts, not only the answer's own words.
///
/// A text that also names a wrong answer of the same kind is offering choices
/// ("init or prepareForReuse?"), not giving one away. Numbers count only where
/// they mean what the answer means: "row 19" does not give away a count of 19.
enum AnswerLeak {
    /// The words in `text` that give `answer` to `query` away, or nil.
    static func find(_ answer: LessonAnswer, for query: Query, in text: String, wording: AnswerWording) -> String? {
        switch answer {
        case .yesNo, .trace, .callsWithDequeue:
            // Every sentence says "not" or names a trace: no phrase is a give-away by itself.
            return nil
        case .calls(let kinds) where kinds.count > 1:
            return sequence(kinds, in: text, wording: wording)
        case .calls:
            // One call named as the next: read as a word, as `.call` is.
            break
        default:
            break
        }
        var right: String?
        var wrongSeen = false
        for phrase in phrases(in: text) {
            guard let read = read(phrase, answer: answer, query: query, wording: wording) else { continue }
            if answer.accepts(read) {
                if right == nil { right = phrase.words }
            } else if !namesSubject(read, query: query) {
                wrongSeen = true
            }
        }
        return wrongSeen && offersChoices(text) ? nil : right
    }

    /// Whether a text puts answers side by side as choices: "init or prepareForReuse?".
    static func offersChoices(_ text: String) -> Bool {
        text.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == "or" || $0 == "either" }
    }

    /// A short run of words inside one clause, with the words around it.
    struct Phrase {
        var words: String
        var before: String?
        var after: String?
        /// The clause it is in.
        var clause: String = ""
    }

    /// Every run of one to four words that does not cross a clause's
    /// punctuation, shortest first within each start.
    static func phrases(in text: String) -> [Phrase] {
        var clauses: [String] = []
        var current = ""
        let scalars = Array(text.lowercased())
        for (index, character) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            // ". " and ": " end a clause; "0:10" (a section's row) and "v1.2" do not.
            if ",;?!()\"“”".contains(character) || ((character == "." || character == ":") && next.isWhitespace) {
                clauses.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        clauses.append(current)
        var out: [Phrase] = []
        for clause in clauses {
            let tokens = clause.split(whereSeparator: \.isWhitespace).map { String($0).trimming(".:'’") }.filter { !$0.isEmpty }
            for start in tokens.indices {
                for length in 1...4 where start + length <= tokens.count {
                    out.append(Phrase(words: tokens[start..<(start + length)].joined(separator: " "),
                                      before: start > 0 ? tokens[start - 1] : nil,
                                      after: start + length < tokens.count ? tokens[start + length] : nil, clause: clause))
                }
            }
        }
        return out
    }

    /// Nouns that say what a number counts or names.
    static let nouns: Set<String> = ["row", "rows", "item", "items", "cell", "cells", "#", "image", "images", "picture", "pictures",
                                     "step", "steps", "event", "events", "frame", "frames", "section", "sections", "pass", "batch",
                                     "question", "lesson", "seed", "ios", "iphone", "version", "column", "columns",
                                     "page", "pages", "screen", "screens", "network", "networks", "thread", "threads"]
    /// Units after a number that make it a size or a time, not a count.
    static let units: Set<String> = ["pt", "px", "ms", "s", "kb", "mb", "gb", "fps", "%", "x", "×", "seconds", "points", "times"]

    /// How the reader takes `phrase` for this question, where its numbers mean
    /// what the answer's numbers mean; nil where they do not, or it reads as nothing.
    static func read(_ phrase: Phrase, answer: LessonAnswer, query: Query, wording: AnswerWording) -> LessonAnswer? {
        let words = phrase.words.split(separator: " ").map(String.init)
        let hasDigits = phrase.words.contains { $0.isASCII && $0.isNumber } || NumberWords.value(of: phrase.words) != nil
        // One run of words says one thing: a longer phrase around a number is read by its shorter parts.
        guard let first = words.first else { return nil }
        switch answer {
        case .number:
            // A count on its own ("19", "nineteen", "19 cells"), not a row's number, a size,
            // a time, or a count of something else ("two rows away" when cells are counted).
            let after = phrase.after ?? ""
            guard words.count == 1, first.allSatisfy({ $0.isASCII && $0.isNumber }) || NumberWords.value(of: first) != nil,
                  !nouns.contains(phrase.before ?? ""), !units.contains(after),
                  !nouns.contains(after) || counted(by: query).contains(after) else { return nil }
        case .image:
            // "image 0", "picture 0"; or "nothing", "empty", "placeholder".
            if hasDigits {
                guard words.count == 2, ["image", "picture", "photo"].contains(first) else { return nil }
            } else {
                // "Nothing scrolls" is not "the image view shows nothing": the clause must be about a picture.
                let pictureWords = ["image", "picture", "photo", "show", "blank", "view"]
                guard words.count == 1, pictureWords.contains(where: phrase.clause.contains) else { return nil }
            }
        case .reusedCell, .newCell:
            // A cell by its number ("#1", "cell 1", "cell #1"), or a new one ("new", "created").
            if hasDigits {
                guard first.hasPrefix("#") || (words.count == 2 && first == "cell") else { return nil }
                guard case .reusedCell(let cell?, _)? = AnswerReader.read(phrase.words, for: query, wording: wording) else { return nil }
                return .reusedCell(cell: cell, previousRow: nil)
            }
            guard words.count == 1 else { return nil }
        case .rows:
            guard hasDigits else { return nil }
            let noun = first.hasPrefix("row") || first.hasPrefix("item") || first == "section"
            guard noun || (words.count == 1 && !nouns.contains(phrase.before ?? "")) else { return nil }
        case .call, .calls:
            guard words.count == 1 else { return nil }
        default:
            return nil
        }
        return AnswerReader.read(phrase.words, for: query, wording: wording)
    }

    /// The nouns a count question's number may stand before: "19 cells".
    static func counted(by query: Query) -> Set<String> {
        switch query {
        case .cellCount, .preparedAheadCount: return ["cell", "cells"]
        case .rowCount: return ["row", "rows", "item", "items"]
        case .nextPassCount(let kind):
            // Calls that count cells (created, reused, pooled, freed), or that count rows as they come and go.
            let cells: Set<EventKind> = [.initCell, .prepareForReuse, .keepAside, .enqueue, .deinitCell]
            return cells.contains(kind) ? ["cell", "cells"] : ["cell", "cells", "row", "rows", "item", "items"]
        default: return []
        }
    }

    /// Whether a read only names the row the question is about ("row 22" in
    /// "which call gives row 22 its cell?"): no answer either way.
    static func namesSubject(_ read: LessonAnswer, query: Query) -> Bool {
        guard let row = query.row else { return false }
        if case .rows([row]) = read { return true }
        return false
    }

    /// All of a sequence's calls, in order, in one text.
    static func sequence(_ kinds: [EventKind], in text: String, wording: AnswerWording) -> String? {
        let list = wording.naming.list
        let names = kinds.map { list.name(of: $0) }
        var rest = Substring(text.lowercased())
        for name in names {
            guard let found = rest.range(of: name.lowercased()) else { return nil }
            rest = rest[found.upperBound...]
        }
        return names.joined(separator: " … ")
    }
}
