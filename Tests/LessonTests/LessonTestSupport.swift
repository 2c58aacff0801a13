import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let lessonsFolder = projectRoot.appendingPathComponent("lessons")

func bundledLessons() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        .map { lessonsFolder.appendingPathComponent($0).path }
}

/// Runs `reuselab ARGUMENTS`, the built binary, from the project folder with its
/// output captured, `columns` wide (unset, 80) and with its progress kept in
/// `progress` when given.
func lessonCommand(_ arguments: [String], columns: Int? = nil, progress: String? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, out: String, err: String) {
    do {
        let outcome = try ReuselabExecutable.runFromPackage(arguments, columns: columns,
                                                            environment: progress.map { ["REUSELAB_PROGRESS_DIR": $0] } ?? [:],
                                                            sourceLocation: sourceLocation)
        return (outcome.status, outcome.out, outcome.err)
    } catch {
        Issue.record("reuselab \(arguments.joined(separator: " ")) could not run: \(error)", sourceLocation: sourceLocation)
        return (-1, "", "\(error)")
    }
}

/// A console that answers from a list and records what was said.
final class RecordingConsole: LessonConsole {
    var answers: [String]
    var transcript = ""
    let mode: LessonMode
    let width: Int
    init(_ answers: [String], scripted: Bool = true, mode: LessonMode? = nil, width: Int = 80) {
        self.answers = answers
        self.mode = mode ?? (scripted ? .scripted : .learner)
        self.width = width
    }
    func say(_ text: String) { transcript += text }
    func ask(_ prompt: String, history: [String]) -> String? {
        guard !answers.isEmpty else { return nil }
        return answers.removeFirst()
    }
}

/// Every question of a lesson in order, with the trace's answer to it.
func questionsAndAnswers(_ loaded: LoadedLesson) throws -> [(question: Question, answer: LessonAnswer)] {
    var all: [(question: Question, answer: LessonAnswer)] = []
    for index in loaded.lesson.steps.indices {
        let resolved = try loaded.resolve(step: index)
        for (number, question) in loaded.lesson.steps[index].questions.enumerated() {
            all.append((question, resolved.answers[number]))
        }
    }
    return all
}

/// The trace's answer to every question, in words a learner could type back.
func rightAnswers(_ loaded: LoadedLesson) throws -> [String] {
    try questionsAndAnswers(loaded).map { loaded.wording(for: $0.question).describe($0.answer) }
}

/// A readable answer that is wrong for every question.
func wrongAnswers(_ loaded: LoadedLesson) throws -> [String] {
    try questionsAndAnswers(loaded).map { item in
        let wording = loaded.wording(for: item.question)
        switch item.answer {
        case .call(let kind): return kind == .initCell ? "prepareForReuse" : "init"
        case .calls(let kinds): return kinds.reversed().map(\.rawValue).joined(separator: ", ") + ", deinit"
        case .newCell, .callsWithDequeue: return "the cell that showed row 9999"
        case .reusedCell: return "a new one"
        case .rows: return "9990-9999"
        case .number(let n): return String(n + 1000)
        case .image(let shown): return shown == .placeholder ? "image 9999" : "placeholder"
        case .yesNo(let flag): return flag ? "no" : "yes"
        case .trace(let mine): return mine ? wording.otherTrace : wording.thisTrace
        }
    }
}

/// A project folder of its own with traces/ (holding a copy of a bundled
/// trace) and lessons/, removed when the tests end.
func lessonProject(copying trace: String = "seed004-slow-scroll") throws -> URL {
    let root = try temporaryFolder()
    for name in ["traces", "lessons"] {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(at: projectRoot.appendingPathComponent("traces/\(trace).trace.json"),
                                     to: root.appendingPathComponent("traces/\(trace).trace.json"))
    return root
}

/// A fresh folder for this test, removed when the tests end.
func temporaryFolder() throws -> URL {
    try ScratchFolders.make(prefix: "reuselab-lessons")
}
