import ToolSupport
import Diff

/// Two traces compared, as the diff page steps through them: the alignment
/// `reuselab diff` computes (every compared event, paired), where they first
/// part ways with each side's own explanation, the overview sentences and the
/// metric table — all from `TraceDiff`, none of it recomputed by the page.
struct DiffView {
    let value: PageValue

    /// The comparison of `diff`; caveats its texts quote are numbered in `notes`, the page's.
    init(_ diff: TraceDiff, notes: inout PageNotes) {
        let positions = diff.positions
        var members: [(String, PageValue)] = [
            ("a", .string(Self.label(diff.a))),
            ("b", .string(Self.label(diff.b))),
            ("positions", .array(positions.map { position in
                .array([position.aSeq.map(PageValue.int) ?? .null, position.bSeq.map(PageValue.int) ?? .null, .string(position.change.rawValue)])
            })),
        ]
        if let first = diff.firstDivergence, let index = positions.firstIndex(where: { $0.change != .same }) {
            var text = [first.heading]
            for (name, texts, seq) in [("A", first.aExplanation, first.aSeq), ("B", first.bExplanation, first.bSeq)] {
                if texts.isEmpty {
                    text.append("\(name): " + (seq == nil ? "nothing here: the other trace does something \(name) never does." : "(event \(seq ?? 0))"))
                } else {
                    text.append("\(name): " + notes.text(texts.map(VisibleText.escape).joined(separator: " ")))
                }
            }
            members.append(("firstDivergence", .object([("position", .int(index)), ("text", .array(text.map(PageValue.string)))])))
        } else {
            members.append(("firstDivergence", .null))
        }
        let (about, outcome) = diff.overview
        var summary = about.map(VisibleText.escape) + [outcome]
        if diff.truncated {
            summary.append("(They differ so much that some stretches could not be aligned event by event: each is shown as one changed block.)")
        }
        if !diff.byKind.isEmpty {
            summary.append("What differs, by kind of event: " + diff.byKind.map(\.phrase).joined(separator: "; ") + ".")
        }
        members.append(("summary", .array(summary.map(PageValue.string))))
        members.append(("metrics", .array(diff.metrics.map { metric in
            .array([.string(metric.label), .string(metric.a.value?.text ?? "–"), .string(metric.b.value?.text ?? "–"), .string(metric.better.rawValue)])
        })))
        value = .object(members)
    }

    /// A side's short name: its strategy and profile, else its file.
    static func label(_ side: DiffSide) -> String {
        if let scenario = side.header.scenario {
            return VisibleText.escape(scenario.strategy) + " (" + (side.header.list.isCollection ? "collection view" : side.header.profile.rawValue) + ")"
        }
        return VisibleText.escape(side.file)
    }
}
