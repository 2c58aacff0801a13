import TraceModel
import ToolSupport
import TraceCoding
import Diff
import Lessons

/// The pages `reuselab html` and `reuselab lesson --html` write: one
/// self-contained HTML file each, opened from disk in any modern browser.
public enum HTMLPages {
    /// The most events a page draws unless told otherwise (`html --max-steps`).
    /// A page costs its changes (`StateDeltas`), at most about 350 bytes a step
    /// on the bundled traces, and writing it takes time in proportion to steps
    /// times rows on screen: this keeps a page under about 10 MB, and its writing
    /// to about ten seconds even with a thousand rows on screen.
    public static let maximumSteps = 25_000

    /// The page of one trace: the table view at every step, the step list, the timeline.
    public static func trace(path: String, generator: String, maximumSteps: Int = maximumSteps) throws(ReuseLabError) -> String {
        let file = InputFile.displayName(path)
        let trace = try CheckedTraceReader.read(path: path)
        var notes = PageNotes()
        let view = try TraceView(trace: trace, file: file, notes: &notes, maximumSteps: maximumSteps)
        let title = VisibleText.escape(trace.header.title)
        return PageDocument.html(title: title, data: .object([
            ("schema", .int(1)),
            ("page", .string("trace")),
            ("title", .string(title)),
            ("generator", .string(generator)),
            ("groups", TraceView.groups(trace.header.list)),
            ("traces", .array([view.value])),
            ("notes", notes.value),
            ("glossary", glossary),
        ]))
    }

    /// The page of two traces compared: A and B side by side, stepping in
    /// lockstep through the alignment `reuselab diff` computes.
    public static func diff(pathA: String, pathB: String, generator: String, maximumSteps: Int = maximumSteps) throws(ReuseLabError) -> String {
        // Each file is read once (either may be standard input): A, then B.
        let fileA = InputFile.displayName(pathA), fileB = InputFile.displayName(pathB)
        var notes = PageNotes()
        let sideA = try PageSide(path: pathA, file: fileA, notes: &notes, maximumSteps: maximumSteps)
        let sideB = try PageSide(path: pathB, file: fileB, notes: &notes, maximumSteps: maximumSteps)
        let traceA = sideA.trace, viewA = sideA.view, viewB = sideB.view
        let diff = try TraceDiff.compare(bytesA: sideA.bytes, fileA: fileA, bytesB: sideB.bytes, fileB: fileB, keepingPositions: true)
        let comparison = DiffView(diff, notes: &notes)
        let title = "\(DiffView.label(diff.a)) and \(DiffView.label(diff.b)), side by side"
        return PageDocument.html(title: title, data: .object([
            ("schema", .int(1)),
            ("page", .string("diff")),
            ("title", .string(title)),
            ("generator", .string(generator)),
            ("groups", TraceView.groups(traceA.header.list)),
            ("traces", .array([viewA.value, viewB.value])),
            ("diff", comparison.value),
            ("notes", notes.value),
            ("glossary", glossary),
        ]))
    }

    /// The page of a lesson: narration, the picture at each pause, questions
    /// answered by choosing, hints, reveals, the takeaway and the fix.
    public static func lesson(_ run: LessonRun, number: Int?, next: NextLesson?, generator: String) throws(ReuseLabError) -> String {
        let walk = try LessonWalkthrough(run)
        let loaded = run.loaded
        var notes = PageNotes()
        let view = try TraceView(trace: loaded.trace, file: InputFile.displayName(loaded.lesson.tracePath), notes: &notes)
        let lesson = LessonView(walk, number: number, next: next, notes: &notes)
        let title = VisibleText.escape(walk.title)
        return PageDocument.html(title: title, data: .object([
            ("schema", .int(1)),
            ("page", .string("lesson")),
            ("title", .string(title)),
            ("generator", .string(generator)),
            ("groups", TraceView.groups(loaded.trace.header.list)),
            ("traces", .array([view.value])),
            ("lesson", lesson.value),
            ("notes", notes.value),
            ("glossary", glossary),
        ]))
    }

    /// The words lessons and explanations use, each explained (`Glossary`, the
    /// list `lesson --glossary` and `define` read): `[[term, meaning], …]`, for
    /// the page's glossary panel.
    static var glossary: PageValue {
        .array(Glossary.entries.map { .array([.string(VisibleText.escape($0.term)), .string(VisibleText.escape($0.meaning))]) })
    }

    /// Why the file at `path` is not a page ReuseLab wrote (so it is not ours to
    /// replace without --force), or nil when it is one.
    public static func whyNotAPage(path: String) -> String? {
        // Only its head: a page of any size (--max-steps) is recognised.
        guard let bytes = try? InputFile.readPrefix(path, count: 600) else { return "it cannot be read" }
        let head = String(decoding: bytes, as: UTF8.self)
        return head.contains("<meta name=\"generator\" content=\"reuselab\">") ? nil : "it is not a page written by reuselab"
    }
}

/// One trace of a page comparing two: its bytes (compared afterwards), the
/// trace read and checked from them, and its view.
private struct PageSide {
    let bytes: [UInt8]
    let trace: Trace
    let view: TraceView

    init(path: String, file: String, notes: inout PageNotes, maximumSteps: Int) throws(ReuseLabError) {
        bytes = try InputFile.read(path, limit: TraceReader.maximumBytes)
        trace = try CheckedTraceReader.read(bytes: bytes, file: file)
        view = try TraceView(trace: trace, file: file, notes: &notes, maximumSteps: maximumSteps)
    }
}
