
/// Finds a narration that states the answer to its own question: the answer's
/// own words ("prepareForReuse", "cell #3", "rows 19–28", "19") appearing in the
/// text the student reads just before being asked. A heuristic for `lesson
/// check` warnings, so it looks only for what would be read as the answer.
enum AnswerLeak {
    /// The words in `narration` that give `answer` away, or nil.
    static func find(_ answer: LessonAnswer, in narration: String, wording: AnswerWording) -> String? {
        let text = narration.lowercased()
        guard !text.isEmpty else { return nil }
        let list = wording.naming.list
        switch answer {
        case .call(let kind):
            let name = list.name(of: kind)
            return mentions(name.lowercased(), in: text) ? name : nil
        case .calls(let kinds):
            // All of the calls, in order, is the answer; one of them is not.
            let names = kinds.map { list.name(of: $0) }
            guard names.count > 1 else { return names.first.flatMap { mentions($0.lowercased(), in: text) ? $0 : nil } }
            var rest = Substring(text)
            for name in names {
                guard let found = rest.range(of: name.lowercased()) else { return nil }
                rest = rest[found.upperBound...]
            }
            return names.joined(separator: " … ")
        case .newCell, .callsWithDequeue:
            // A learner's way of answering, never a question's answer.
            return nil
        case .reusedCell(let cell, _):
            guard let cell else { return nil }
            return mentions("#\(cell)", in: text) ? "#\(cell)" : nil
        case .rows(let rows):
            guard let low = rows.min(), let high = rows.max(), rows.count > 1 else {
                return rows.first.flatMap { mentions("\(list.noun) \($0)", in: text) ? "\(list.noun) \($0)" : nil }
            }
            for dash in ["–", "-", "—", "…", "...", " to "] where text.contains("\(low)\(dash)\(high)") { return "\(low)\(dash)\(high)" }
            return nil
        case .number(let number):
            // A count, not a row, cell, image, step or size that happens to be the same number.
            return mentions(String(number), in: text, notAfter: ["row", "rows", "item", "items", "cell", "image", "step", "steps", "#", "frame"],
                            notBefore: ["pt", "ms", "kb", "mb"]) ? String(number) : nil
        case .image(let shown):
            if case .image(let number) = shown, mentions("image \(number)", in: text) { return "image \(number)" }
            return nil
        case .yesNo, .trace:
            return nil
        }
    }

    /// Whether `word` occurs in `text` on its own (not inside a longer word or
    /// number), and not right after one of `notAfter` or before one of `notBefore`.
    static func mentions(_ word: String, in text: String, notAfter: [String] = [], notBefore: [String] = []) -> Bool {
        var searchFrom = text.startIndex
        while let found = text.range(of: word, range: searchFrom..<text.endIndex) {
            searchFrom = found.upperBound
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let joined: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber } ?? false }
            guard !joined(before) && !joined(after) else { continue }
            let previousWord = text[..<found.lowerBound].split(whereSeparator: { $0 == " " }).last.map { String($0).trimming("(") } ?? ""
            let nextWord = text[found.upperBound...].split(whereSeparator: { $0 == " " }).first.map { String($0).trimming(".,;:)") } ?? ""
            if notAfter.contains(previousWord) || (notAfter.contains("#") && before == "#") || notBefore.contains(nextWord) { continue }
            return true
        }
        return false
    }
}
