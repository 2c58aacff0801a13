import Foundation
import ToolSupport
import Replay
import TraceModel

/// `reuselab lesson check`, a strict reviewer: every pause point exists, every
/// question resolves against its trace, fixed answers agree with the trace, the
/// lesson has a takeaway, and nothing a student reads or sees before answering
/// gives the answer away (`QuestionReview`). Every finding fails the check,
/// except those a question accepts by name with a reason.
public enum LessonChecker {
    /// What checking one lesson file found.
    public struct Findings {
        /// What fails the check.
        public var problems: [ReuseLabError] = []
        /// Findings the lesson accepts, each with the author's reason.
        public var accepted: [(finding: ReuseLabError, because: String)] = []
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
            findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "fix.code[\(number)]"),
                                                   "this line of the fix is \(TextWrap.columns(line)) columns wide; at most \(LessonText.codeWidth) fit an 80-column terminal"))
        }
        var previousPause = 0
        var state = PauseState(loaded: loaded)
        var stepAtPause: [Int: Int] = [:]
        for (index, step) in lesson.steps.enumerated() {
            if step.narration.trimming(" \t\r\n").isEmpty {
                findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "steps[\(index)].narration"),
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
                findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(path: "steps[\(index)].pause"),
                                                       "steps \(earlier + 1) and \(index + 1) both pause before event \(resolved.pause); ask them together, as one step with \"questions\": [ … ], so the student sees one reveal"))
            } else {
                stepAtPause[resolved.pause] = index
            }
            for (number, question) in step.questions.enumerated() {
                let place = step.questions.count == 1 ? "steps[\(index)].question" : "steps[\(index)].questions[\(number)]"
                let wording = loaded.wording(for: question)
                let answer = resolved.answers[number]
                review(QuestionReview(loaded: loaded, step: index, number: number, resolved: resolved, state: state.fold(to: resolved.pause)),
                       accepting: question.accepted, place: place, path: path, into: &findings)
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

    /// A question's findings: each fails the check unless the question accepts
    /// it; an acceptance that matches nothing is itself a problem.
    static func review(_ review: QuestionReview, accepting accepted: [AcceptedFinding], place: String, path: String, into findings: inout Findings) {
        let found = review.findings()
        for finding in found {
            let error = ReuseLabError(.checkFailed, file: path, location: InputLocation(path: finding.place),
                                      finding.message + " [\(finding.finding.rawValue)]")
            if let accepting = accepted.first(where: { $0.finding == finding.finding }) {
                findings.accepted.append((error, accepting.because))
            } else {
                findings.problems.append(error)
            }
        }
        for (offset, accepting) in accepted.enumerated() where !found.contains(where: { $0.finding == accepting.finding }) {
            findings.problems.append(ReuseLabError(.checkFailed, file: path, location: InputLocation(position: accepting.position, path: place + ".accept[\(offset)]"),
                                                   "this question accepts \"\(accepting.finding.rawValue)\", which the check does not find here; remove it"))
        }
    }
}
