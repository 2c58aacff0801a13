
/// The last screen of a lesson: the score over the whole lesson (questions
/// answered in earlier sittings included), the questions to look at again, the
/// takeaway, the fix in UIKit code, and the lesson to take next.
struct LessonEnding {
    let run: LessonRun
    let progress: LessonProgress
    let next: NextLesson?
    let text: LessonText
    let mode: LessonMode

    func screen() -> String {
        let lesson = run.loaded.lesson
        let total = run.loaded.questionCount
        var out = "\n" + text.heading("End of the lesson")
        if mode != .preview {
            let right = progress.results.filter(\.correct).count
            out += text.prose("You answered \(right) of \(total) question\(total == 1 ? "" : "s") right first time.")
            var missed: [String] = []
            for (index, step) in lesson.steps.enumerated() {
                for (number, _) in step.questions.enumerated() where progress.result(step: index, question: number)?.correct != true {
                    missed.append(String(run.loaded.questionNumber(step: index, question: number)))
                }
            }
            if !missed.isEmpty, missed.count < total {
                out += text.prose("Worth another look: question\(missed.count == 1 ? "" : "s") " + missed.joined(separator: ", ")
                                  + " (run the lesson again with --restart).")
            }
        }
        if !lesson.takeaway.isEmpty {
            out += "\nTakeaway\n" + text.prose(lesson.takeaway, indent: 2)
        }
        if let fix = lesson.fix {
            out += "\nThe fix\n"
            if !fix.summary.isEmpty { out += text.prose(fix.summary, indent: 2) + "\n" }
            out += text.code(fix.code)
        }
        if let next {
            out += "\n" + text.labelled("Next lesson: ", next.title) + "    reuselab lesson \(next.number)\n"
        } else {
            out += "\n" + text.prose("That was the last lesson. To see every lesson and your scores:") + "    reuselab lesson\n"
        }
        return out
    }
}
