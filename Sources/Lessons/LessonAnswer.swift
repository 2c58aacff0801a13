import TraceModel
import ToolSupport

/// An answer to a lesson question: what the trace says (computed by a query) or
/// what the learner said (read leniently), in one comparable form.
public enum LessonAnswer: Sendable, Equatable {
    /// `init` or `prepareForReuse`.
    case call(EventKind)
    case calls([EventKind])
    /// Calls as a learner named them, where nil stands for `dequeueReusableCell`:
    /// the call inside `cellForRowAt` in which `init` or `prepareForReuse` runs. A
    /// learner's answer only; it names either of the two.
    case callsWithDequeue([EventKind?])
    /// A new cell (`init`).
    case newCell
    /// A reused cell: its id and the row it showed before. A learner may name either.
    case reusedCell(cell: Int?, previousRow: Int?)
    case rows([Int])
    case number(Int)
    case image(ImageShown)
    case yesNo(Bool)
    /// One of two compared traces: `true` for the lesson's own trace.
    case trace(isLessonTrace: Bool)

    /// Whether a learner's `guess` matches this (correct) answer.
    public func accepts(_ guess: LessonAnswer) -> Bool {
        switch (self, guess) {
        case (.reusedCell(let cell, let row), .reusedCell(let guessCell, let guessRow)):
            // Every part the learner names must be right; at least one must be named.
            guard guessCell != nil || guessRow != nil else { return false }
            return (guessCell == nil || guessCell == cell) && (guessRow == nil || guessRow == row)
        case (.rows(let rows), .rows(let guess)):
            return Set(rows) == Set(guess)
        case (.calls(let calls), .callsWithDequeue(let guess)):
            guard calls.count == guess.count else { return false }
            return zip(calls, guess).allSatisfy { call, named in
                named.map { $0 == call } ?? (call == .initCell || call == .prepareForReuse)
            }
        default:
            return self == guess
        }
    }
}

/// What a question's answer is in words, for revealing it.
public struct AnswerWording {
    public var thisTrace: String
    public var otherTrace: String
    /// How the trace names rows (by section when its table has sections).
    public var naming = RowNaming.single

    public init(thisTrace: String, otherTrace: String, naming: RowNaming = .single) {
        self.thisTrace = thisTrace
        self.otherTrace = otherTrace
        self.naming = naming
    }

    public func describe(_ answer: LessonAnswer) -> String {
        switch answer {
        case .call(let kind): return naming.list.name(of: kind)
        case .calls(let kinds): return kinds.map { naming.list.name(of: $0) }.joined(separator: " → ")
        case .callsWithDequeue(let kinds): return kinds.map { $0.map(naming.list.name(of:)) ?? "dequeueReusableCell" }.joined(separator: " → ")
        case .newCell: return "a new cell (init)"
        case .reusedCell(let cell, let row):
            let id = cell.map { "cell #\($0)" } ?? "a reused cell"
            return row.map { "\(id), which showed \(naming.name($0))" } ?? id
        case .rows(let rows):
            guard !rows.isEmpty else { return "no \(naming.list.plural)" }
            return naming.hasSections ? naming.names(rows) : RowList.describe(rows, list: naming.list)
        case .number(let n): return String(n)
        case .image(let shown): return shown.describe
        case .yesNo(let flag): return flag ? "yes" : "no"
        case .trace(let mine): return VisibleText.escape(mine ? thisTrace : otherTrace)
        }
    }
}

/// "rows 19–28" for lessons, "items 10–11" in a collection view (kept separate
/// from the annotator's wording on purpose: an answer names rows in the order asked).
enum RowList {
    static func describe(_ rows: [Int], list: ListStyle = .table) -> String {
        var runs: [String] = []
        var index = 0
        while index < rows.count {
            // A run goes up or down by one ("19–28", or "37–28" for a batch nearest
            // first above the screen). Differences are taken with overflow reported,
            // so rows near Int.max or Int.min end a run instead of trapping.
            var end = index
            if index + 1 < rows.count {
                let step = rows[index + 1].subtractingReportingOverflow(rows[index])
                if !step.overflow, step.partialValue == 1 || step.partialValue == -1 {
                    while end + 1 < rows.count, rows[end + 1].subtractingReportingOverflow(rows[end]) == (step.partialValue, false) { end += 1 }
                }
            }
            runs.append(end == index ? "\(rows[index])" : "\(rows[index])–\(rows[end])")
            index = end + 1
        }
        return (rows.count == 1 ? list.noun + " " : list.plural + " ") + runs.joined(separator: ", ")
    }
}
