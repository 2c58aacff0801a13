import TraceFormat

/// Finds a narration that states the answer to its own question: the answer's
/// own words ("prepareForReuse", "cell #3", "rows 19–28", "19") appearing in the
/// text the student reads just before being asked. A heuristic for `lesson
/// check` warnings, so it looks only for what would be read as the answer.
enum AnswerLeak {
    /// The words in `narration` that give `answer` away, or nil.
    static func find(_ answer: LessonAnswer, in narration: String, wording: AnswerWording) -> String? {
        let text = narration.lowercased()
        guard !text.isEmpty else { return nil }
        switch answer {
        case .call(let kind):
            return mentions(kind.rawValue.lowercased(), in: text) ? kind.rawValue : nil
        case .calls(let kinds):
            // All of the calls, in order, is the answer; one of them is not.
            guard kinds.count > 1 else { return kinds.first.flatMap { mentions($0.rawValue.lowercased(), in: text) ? $0.rawValue : nil } }
            var rest = Substring(text)
            for kind in kinds {
                guard let found = rest.range(of: kind.rawValue.lowercased()) else { return nil }
                rest = rest[found.upperBound...]
            }
            return kinds.map(\.rawValue).joined(separator: " … ")
        case .newCell:
            return nil
        case .reusedCell(let cell, _):
            guard let cell else { return nil }
            return mentions("#\(cell)", in: text) ? "#\(cell)" : nil
        case .rows(let rows):
            guard let low = rows.min(), let high = rows.max(), rows.count > 1 else {
                return rows.first.flatMap { mentions("row \($0)", in: text) ? "row \($0)" : nil }
            }
            for dash in ["–", "-", "—", "…", "...", " to "] where text.contains("\(low)\(dash)\(high)") { return "\(low)\(dash)\(high)" }
            return nil
        case .number(let number):
            return mentions(String(number), in: text) ? String(number) : nil
        case .image(let shown):
            if case .image(let number) = shown, mentions("image \(number)", in: text) { return "image \(number)" }
            return nil
        case .yesNo, .trace:
            return nil
        }
    }

    /// Whether `word` occurs in `text` on its own (not inside a longer word or number).
    static func mentions(_ word: String, in text: String) -> Bool {
        var searchFrom = text.startIndex
        while let found = text.range(of: word, range: searchFrom..<text.endIndex) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let joined: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber } ?? false }
            if !joined(before) && !joined(after) { return true }
            searchFrom = found.upperBound
        }
        return false
    }
}
