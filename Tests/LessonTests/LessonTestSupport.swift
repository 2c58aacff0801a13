import XCTest
import Foundation
import TraceFormat
@testable import Lessons

let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let lessonsFolder = projectRoot.appendingPathComponent("lessons")

func bundledLessons() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        .map { lessonsFolder.appendingPathComponent($0).path }
}

/// A console that answers from a list and records what was said.
final class RecordingConsole: LessonConsole {
    var answers: [String]
    var transcript = ""
    let isScripted: Bool
    init(_ answers: [String], scripted: Bool = true) {
        self.answers = answers
        self.isScripted = scripted
    }
    func say(_ text: String) { transcript += text }
    func ask(_ prompt: String) -> String? {
        guard !answers.isEmpty else { return nil }
        return answers.removeFirst()
    }
}

/// The trace's answer to every step, in words a learner could type back.
func rightAnswers(_ loaded: LoadedLesson) throws -> [String] {
    try loaded.lesson.steps.indices.map { index in
        let truth = try loaded.resolve(step: index).answer
        return loaded.wording(for: loaded.lesson.steps[index].question).describe(truth)
    }
}

/// A readable answer that is wrong for every step.
func wrongAnswers(_ loaded: LoadedLesson) throws -> [String] {
    try loaded.lesson.steps.indices.map { index in
        let wording = loaded.wording(for: loaded.lesson.steps[index].question)
        switch try loaded.resolve(step: index).answer {
        case .call(let kind): return kind == .initCell ? "prepareForReuse" : "init"
        case .calls(let kinds): return kinds.reversed().map(\.rawValue).joined(separator: ", ") + ", deinit"
        case .newCell: return "the cell that showed row 9999"
        case .reusedCell: return "a new one"
        case .rows: return "9990-9999"
        case .number(let n): return String(n + 1000)
        case .image(let shown): return shown == .placeholder ? "image 9999" : "placeholder"
        case .yesNo(let flag): return flag ? "no" : "yes"
        case .trace(let mine): return mine ? wording.otherTrace : wording.thisTrace
        }
    }
}

extension XCTestCase {
    /// A fresh folder for this test, removed when the test ends.
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-lessons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
