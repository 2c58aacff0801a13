import Foundation
import ToolSupport

/// `reuselab lesson check`: every pause point exists, every question resolves
/// against its trace, fixed answers agree with the trace, the lesson has a
/// takeaway. Warnings point at what a student would trip over: a step without
/// narration, a narration that gives its question's answer away, two steps at
/// the same pause (which should be one step asking several questions).
public enum LessonChecker {
    /// What checking one lesson file found.
    public struct Findings {
        /// Errors: the lesson is not sound.
        public var problems: [ReuseLabError] = []
        /// Warnings: the lesson runs, but a student would trip over these.
        public var warnings: [ReuseLabError] = []
    }

    /// The findings for each lesson file, in order: their traces are read, and
    /// the lessons checked, on all cores.
    public static func check(paths: [String]) -> [Findings] {
        let shelf = TraceShelf()
        shelf.stock(forLessons: paths)
        let results = FindingsList(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.set(index, check(path: paths[index], shelf: shelf))
        }
        return results.all
    }

    /// Findings written from several threads, one slot per lesson.
    private final class FindingsList: @unchecked Sendable {
        private var slots: [Findings]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: Findings(), count: count) }
        func set(_ index: Int, _ findings: Findings) { lock.withLock { slots[index] = findings } }
        var all: [Findings] { lock.withLock { slots } }
    }

    /// Every problem and warning in one lesson file.
    public static func check(path: String, shelf: TraceShelf = TraceShelf()) -> Findings {
        var findings = Findings()
        let loaded: LoadedLesson
        do {
            loaded = try LoadedLesson.load(path: path, shelf: shelf)
        } catch {
            findings.problems.append(error)
            return findings
        }
        let lesson = loaded.lesson
        if lesson.takeaway.trimming(" \t\r\n").isEmpty {
            findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "takeaway"),
                                                   "the lesson has no \"takeaway\": add a few sentences the student should remember, shown on the last screen"))
        }
        for (number, line) in (lesson.fix?.code ?? []).enumerated() where TextWrap.columns(line) > LessonText.codeWidth {
            findings.warnings.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "fix.code[\(number)]"),
                                                   "this line of the fix is \(TextWrap.columns(line)) columns wide; at most \(LessonText.codeWidth) fit an 80-column terminal"))
        }
        var previousPause = 0
        var stepAtPause: [Int: Int] = [:]
        for (index, step) in lesson.steps.enumerated() {
            if step.narration.trimming(" \t\r\n").isEmpty {
                findings.warnings.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "steps[\(index)].narration"),
                                                       "step \(index + 1) has no narration; say what is happening before asking"))
            }
            let resolved: ResolvedStep
            do {
                resolved = try loaded.resolve(step: index)
            } catch {
                findings.problems.append(error)
                continue
            }
            if resolved.pause < previousPause {
                findings.problems.append(ReuseLabError(.badInput, file: path, location: InputLocation(path: "steps[\(index)].pause"),
                                                       "step \(index + 1) pauses at event \(resolved.pause), before step \(index)'s pause at event \(previousPause); steps go forward through the trace"))
            }
            previousPause = resolved.pause
            if let earlier = stepAtPause[resolved.pause] {
                findings.warnings.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "steps[\(index)].pause"),
                                                       "steps \(earlier + 1) and \(index + 1) both pause before event \(resolved.pause); ask them together, as one step with \"questions\": [ … ], so the student sees one reveal"))
            } else {
                stepAtPause[resolved.pause] = index
            }
            for (number, question) in step.questions.enumerated() {
                let place = step.questions.count == 1 ? "steps[\(index)].question" : "steps[\(index)].questions[\(number)]"
                let wording = loaded.wording(for: question)
                let answer = resolved.answers[number]
                if let leak = AnswerLeak.find(answer, in: step.narration, wording: wording) {
                    findings.warnings.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "steps[\(index)].narration"),
                                                           "step \(index + 1)'s narration gives away the answer to its question (it says \"\(VisibleText.shortened(leak))\"; the answer is \(wording.describe(answer)))"))
                }
                guard let expected = question.expected else { continue }
                guard let written = AnswerReader.read(expected, for: question.query, wording: wording) else {
                    findings.problems.append(ReuseLabError(.badInput, file: path, location: InputLocation(path: place + ".answer"),
                                                           "step \(index + 1): the fixed answer \"\(VisibleText.shortened(expected))\" cannot be read as an answer to a \(question.query.name) question"))
                    continue
                }
                if !answer.accepts(written) {
                    findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: place + ".answer"),
                                                           "step \(index + 1): the fixed answer \"\(VisibleText.shortened(expected))\" disagrees with the trace, which says \(wording.describe(answer))"))
                }
            }
        }
        return findings
    }
}
