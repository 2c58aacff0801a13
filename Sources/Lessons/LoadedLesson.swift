import Foundation
import TraceModel
import ToolSupport
import TraceCoding

/// A lesson read from its file together with its trace, ready to check or run.
public struct LoadedLesson {
    public let path: String
    public let lesson: Lesson
    public let trace: Trace
    public let queries: TraceQueries
    /// Answers already worked out, and traces already read, so each is done once.
    private let cache: Cache

    final class Cache {
        var steps: [Int: ResolvedStep] = [:]
        var traces: [String: Trace] = [:]
    }

    /// Lesson files larger than this are refused.
    public static let maximumBytes = 4 << 20

    /// Reads only the lesson file at `path`, not its trace: enough to list it.
    public static func readLesson(path: String) throws(ReuseLabError) -> Lesson {
        let bytes = try InputFile.read(path, limit: maximumBytes)
        let root = try JSONDocument.parse(bytes, file: path)
        do {
            return try Lesson.decode(root)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Reads the lesson at `path`, then the trace it names (which must lie inside
    /// the project's traces/ or lessons/ folder).
    /// `shelf` keeps the traces read, so lessons checked together read each trace once.
    public static func load(path: String, shelf: TraceShelf = TraceShelf()) throws(ReuseLabError) -> LoadedLesson {
        var lesson = try readLesson(path: path)
        let tracePath = try LessonTrace.resolve(lesson.tracePath, lessonPath: path, position: lesson.positions["trace"], path: "trace")
        let trace: Trace
        do {
            trace = try shelf.trace(at: tracePath)
        } catch {
            throw ReuseLabError(error.kind, file: path, location: InputLocation(position: lesson.positions["trace"], path: "trace"),
                                "the lesson's trace cannot be used: \(error.description)")
        }
        lesson = try lesson.resolvingSections(trace.header.rowNaming, file: path)
        let cache = Cache()
        let queries = TraceQueries(trace: trace) { relative throws(ReuseLabError) in
            if let known = cache.traces[relative] { return known }
            let other = try shelf.trace(at: try LessonTrace.resolve(relative, lessonPath: path, position: nil, path: "with"))
            cache.traces[relative] = other
            return other
        }
        return LoadedLesson(path: path, lesson: lesson, trace: trace, queries: queries, cache: cache)
    }

    /// How answers name the two traces of a comparison: by strategy, or by file
    /// name when both use the same strategy (prefetching on and off, say).
    public func wording(for question: Question) -> AnswerWording {
        guard case .compare(_, let otherPath) = question.query, let other = try? queries.loadOther(otherPath) else {
            return AnswerWording(thisTrace: Self.strategy(of: trace) ?? Self.fileName(lesson.tracePath), otherTrace: "", naming: trace.header.rowNaming)
        }
        let mine = Self.strategy(of: trace), theirs = Self.strategy(of: other)
        if let mine, let theirs, mine != theirs {
            return AnswerWording(thisTrace: mine, otherTrace: theirs)
        }
        return AnswerWording(thisTrace: Self.fileName(lesson.tracePath), otherTrace: Self.fileName(otherPath))
    }

    static func strategy(of trace: Trace) -> String? { trace.header.scenario?.strategy }

    /// "prefetch-on" for "../traces/prefetch-on.trace.json".
    static func fileName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".trace.json") ? String(last.dropLast(".trace.json".count)) : last
    }

    /// Where step `index` pauses, and the answers the trace gives to its questions.
    public func resolve(step index: Int) throws(ReuseLabError) -> ResolvedStep {
        if let known = cache.steps[index] { return known }
        let resolved = try resolveAfresh(step: index)
        cache.steps[index] = resolved
        return resolved
    }

    private func resolveAfresh(step index: Int) throws(ReuseLabError) -> ResolvedStep {
        let step = lesson.steps[index]
        let code = try code(of: step, index: index)
        var resolved: ResolvedStep
        do throws(TraceQueries.Unanswerable) {
            var pause = try queries.index(of: step.pause)
            // Asked which call gives row R its cell, the learner must not already see
            // it: a pause just before cellForRowAt R moves back before its dequeue.
            for question in step.questions {
                switch question.query {
                case .nextCall(let row), .cellForRow(let row):
                    if pause > 0, pause < trace.events.count, case .cellForRowAt(row, let cell) = trace.events[pause].body,
                       [.initCell, .prepareForReuse].contains(trace.events[pause - 1].kind), trace.events[pause - 1].body.cellField == cell {
                        pause -= 1
                    }
                default:
                    break
                }
            }
            var answers: [LessonAnswer] = []
            for question in step.questions { answers.append(try queries.answer(question.query, pausedAt: pause)) }
            resolved = ResolvedStep(pause: pause, answers: answers, code: code)
        } catch {
            throw ReuseLabError(.badInput, file: path, location: InputLocation(path: "steps[\(index)]"),
                                "step \(index + 1): \(error.message)")
        }
        for (number, question) in step.questions.enumerated() {
            resolved.mistakes.append(try mistakes(of: question, truth: resolved.answers[number], step: index, number: number))
        }
        return resolved
    }

    /// A question's `wrongAnswers`, read as a learner's answers are. One the reader
    /// cannot take, or that the trace says is right, is an error in the lesson.
    private func mistakes(of question: Question, truth: LessonAnswer, step index: Int, number: Int) throws(ReuseLabError) -> [KnownMistake] {
        let wording = wording(for: question)
        let place = lesson.steps[index].questions.count == 1 ? "steps[\(index)].question" : "steps[\(index)].questions[\(number)]"
        return try question.wrongAnswers.enumerated().map { offset, wrong throws(ReuseLabError) in
            let location = InputLocation(position: wrong.position, path: place + ".wrongAnswers[\(offset)].answer")
            guard let read = AnswerReader.read(wrong.answer, for: question.query, wording: wording) else {
                throw ReuseLabError(.badInput, file: path, location: location,
                                    "step \(index + 1): the wrong answer \"\(VisibleText.shortened(wrong.answer))\" cannot be read as an answer to a \(question.query.name) question; "
                                    + LessonRun.example(for: question.query, list: trace.header.list))
            }
            guard !truth.accepts(read) else {
                throw ReuseLabError(.checkFailed, file: path, location: location,
                                    "step \(index + 1): \"\(VisibleText.shortened(wrong.answer))\" is listed as a wrong answer, but the trace says it is right (\(wording.describe(truth)))")
            }
            return KnownMistake(answer: read, feedback: wrong.feedback)
        }
    }

    /// The functions step `index` names in `"code"`, found in the code its trace carries.
    private func code(of step: LessonStep, index: Int) throws(ReuseLabError) -> [CodeFunction] {
        guard !step.code.isEmpty else { return [] }
        let location = InputLocation(path: "steps[\(index)].code")
        guard let carried = trace.header.code else {
            throw ReuseLabError(.badInput, file: path, location: location,
                                "step \(index + 1) shows code, but its trace carries none (a device log or a hand-written trace has no source); record the trace from a scenario, or leave \"code\" out")
        }
        let known = carried.functions
        return try step.code.map { name throws(ReuseLabError) in
            guard let found = known.first(where: { $0.name == name }) else {
                let names = known.map(\.name).prefix(12).joined(separator: ", ")
                throw ReuseLabError(.badInput, file: path, location: location,
                                    "step \(index + 1): the trace's code has no function \(VisibleText.shortened(name)); it has \(names)")
            }
            return found.function
        }
    }

    /// How many questions the lesson asks in all.
    public var questionCount: Int { lesson.questionCount }

    /// The number (1-based, over the whole lesson) of question `question` of step `step`.
    public func questionNumber(step: Int, question: Int) -> Int { lesson.questionNumber(step: step, question: question) }
}

/// Traces read for lessons, by their real path, so that checking the whole
/// curriculum reads each trace once however many lessons compare with it.
/// A failed read is not kept: it is reported for every lesson that names it.
/// Safe to share between threads (`lesson check` reads traces in parallel).
public final class TraceShelf: @unchecked Sendable {
    private var traces: [String: Trace] = [:]
    private let lock = NSLock()

    public init() {}

    /// The trace at `path` (resolved by `LessonTrace`), read and checked once.
    func trace(at path: String) throws(ReuseLabError) -> Trace {
        if let known = lock.withLock({ traces[path] }) { return known }
        let trace = try CheckedTraceReader.read(path: path)
        lock.withLock { traces[path] = trace }
        return trace
    }

    /// Reads, in parallel, every trace the lessons at `paths` name (their own and
    /// the ones they compare with). Nothing is reported here: a lesson whose trace
    /// cannot be read reports it when it is checked.
    public func stock(forLessons paths: [String]) {
        var wanted: Set<String> = []
        for path in paths {
            guard let lesson = try? LoadedLesson.readLesson(path: path) else { continue }
            var names = [lesson.tracePath]
            for question in lesson.steps.flatMap(\.questions) {
                if case .compare(_, let other) = question.query { names.append(other) }
            }
            for name in names {
                if let resolved = try? LessonTrace.resolve(name, lessonPath: path, position: nil, path: "trace") { wanted.insert(resolved) }
            }
        }
        let list = wanted.sorted()
        DispatchQueue.concurrentPerform(iterations: list.count) { index in
            _ = try? trace(at: list[index])
        }
    }
}

/// A step worked out against its trace: the event it pauses before, and the
/// answer to each of its questions.
public struct ResolvedStep: Sendable, Equatable {
    public var pause: Int
    public var answers: [LessonAnswer]
    /// The functions of the trace's code the step shows at its pause.
    public var code: [CodeFunction] = []
    /// Per question, the wrong answers its author explained.
    public var mistakes: [[KnownMistake]] = []
}

/// A wrong answer read against the trace, with the author's feedback for it.
public struct KnownMistake: Sendable, Equatable {
    public var answer: LessonAnswer
    public var feedback: String

    /// Whether a learner's `guess` is this mistake (in any spelling the reader takes).
    public func matches(_ guess: LessonAnswer) -> Bool { answer == guess || answer.accepts(guess) }
}
