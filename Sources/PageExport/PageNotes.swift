import Replay

/// The caveats of a page, said once: an explanation that rests on a rule Apple
/// does not document ends, in `replay`, with the rule's note — "(modelled from
/// device logs and decompiled UIKit; Apple does not document this)" — and on a
/// page that would be every kept-aside step of the list. Here each note is
/// replaced by a numbered marker, " [1]", and the page lists each note once
/// (`notes`), numbered in the order the page first needs them, as a lesson's
/// steps do in the terminal.
///
/// One numbering serves a whole page: both traces of a diff page, and the
/// lesson's own texts (reveals quote the steps).
struct PageNotes {
    /// The notes the page has used, in the order of their numbers, each with the
    /// rules that end with it (two rules can rest on the same evidence).
    private(set) var notes: [(note: String, rules: [InferredRule])] = []

    /// The marker of `rule`'s note, numbering it if it is new: " [n]".
    private mutating func marker(_ rule: InferredRule) -> String {
        guard let index = notes.firstIndex(where: { $0.note == rule.note }) else {
            notes.append((rule.note, [rule]))
            return " [\(notes.count)]"
        }
        if !notes[index].rules.contains(rule) { notes[index].rules.append(rule) }
        return " [\(index + 1)]"
    }

    /// An annotation's text with its rule's note (which ends it) replaced by the marker.
    mutating func text(of annotation: Annotation) -> String {
        guard let rule = annotation.inferred, annotation.text.hasSuffix(" " + rule.note) else { return annotation.text }
        return String(annotation.text.dropLast(rule.note.count + 1)) + marker(rule)
    }

    /// `text` with every rule's note in it replaced by its marker (texts that
    /// quote annotations: a reveal, a divergence).
    mutating func text(_ text: String) -> String {
        guard text.contains("Apple does not document") else { return text }
        var out = text
        for rule in InferredRule.allCases where out.contains(" " + rule.note) {
            out = out.replacing(" " + rule.note, with: marker(rule))
        }
        return out
    }

    /// `[[rules, sentence], …]`: the names of the rules that rest on the note (as
    /// docs/engine.md labels them, comma-separated) and the note as a sentence,
    /// marker n being entry n - 1.
    var value: PageValue {
        .array(notes.map { entry in
            .array([.string(entry.rules.map(\.rawValue).joined(separator: ", ")), .string(entry.rules[0].sentence)])
        })
    }
}
