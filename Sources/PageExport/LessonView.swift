import TraceModel
import ToolSupport
import Lessons

/// A lesson as the lesson page runs it: the `LessonWalkthrough` (stops,
/// choices with the right one marked and each wrong one explained, hints,
/// reveals) as data. The page only compares the clicked choice with `right`.
struct LessonView {
    let value: PageValue

    /// The lesson of `walk`; caveats its reveals quote are numbered in `notes`, the page's.
    init(_ walk: LessonWalkthrough, number: Int?, next: NextLesson?, notes: inout PageNotes) {
        func text(_ value: String) -> PageValue { .string(VisibleText.escape(value)) }
        var members: [(String, PageValue)] = [
            ("id", text(walk.id)),
            ("number", number.map(PageValue.int) ?? .null),
            ("introduction", text(walk.introduction)),
            ("stops", .array(walk.stops.map { stop in
                .object([
                    ("narration", text(stop.narration)),
                    ("pause", .int(stop.pause)),
                    ("context", .array(stop.context.map(PageValue.int))),
                    ("questions", .array(stop.questions.map { question in
                        .object([
                            ("ask", text(question.ask)),
                            ("choices", .array(question.choices.map { choice in
                                .object([("label", text(choice.label)), ("right", .bool(choice.isRight)),
                                         ("why", text(Self.why(choice, answer: question.answer)))])
                            })),
                            ("hint", question.hint.map(text) ?? .null),
                            ("answer", text(question.answer)),
                        ])
                    })),
                    ("reveal", .object([("text", .string(notes.text(stop.revealText.map(VisibleText.escape).joined(separator: "\n")))),
                                        ("steps", .array(stop.revealSteps.map(PageValue.int)))])),
                    ("code", .array(walk.carriedCode.map { code in stop.code.map { Self.function($0, in: code) } } ?? [])),
                ])
            })),
            ("takeaway", text(walk.takeaway)),
        ]
        if let fix = walk.fix {
            members.append(("fix", .object([("summary", text(fix.summary)), ("code", .array(fix.code.map(text)))])))
        } else {
            members.append(("fix", .null))
        }
        if let next {
            members.append(("next", .object([("number", .int(next.number)), ("title", text(next.title)),
                                             ("command", .string("reuselab lesson \(next.number) --html"))])))
        }
        value = .object(members)
    }

    /// What the page says when `choice` is picked: for the right one, the answer
    /// as the trace says it; for a wrong one, the feedback the terminal gives for
    /// that answer (`AnswerChoices`: the author's, else `MistakeFeedback`). The
    /// script adds whether to try again: a question with one choice left is answered.
    static func why(_ choice: AnswerChoices.Choice, answer: String) -> String {
        if choice.isRight { return "Right: the trace says \(answer)." }
        return choice.feedback.isEmpty ? "Not quite: the trace does not say \(choice.label)." : "Not quite. " + choice.feedback
    }

    /// A function shown at a stop: {file, name, first, lines}, `first` the number of its first line.
    static func function(_ function: CodeFunction, in code: CarriedCode) -> PageValue {
        let lines = function.lines.compactMap { code.text(at: CodeLine(file: function.file, line: $0)) }
        return .object([("file", .string(VisibleText.escape(code.files[function.file].name))),
                        ("name", .string(VisibleText.escape(code.name(of: function)))),
                        ("first", .int(function.start)),
                        ("lines", .array(lines.map { .string(VisibleText.escape($0)) }))])
    }
}
