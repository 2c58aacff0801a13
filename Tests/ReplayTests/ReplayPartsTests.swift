import ReuseLabTestSupport
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay
@testable import ReuseLabCLI

/// The parts under `replay`: the timeline's checkpoints, the --only filter, the
/// stepper's line commands, word wrapping in columns.
final class ReplayPartsTests: XCTestCase {
    /// Marks are hashed and compared by their place among the cases, and the
    /// timeline keeps a step's marks as the bits of one byte.
    func testEveryMarkHasABitOfItsOwn() {
        XCTAssertLessThanOrEqual(Annotation.Mark.allCases.count, 8)
        for (index, mark) in Annotation.Mark.allCases.enumerated() { XCTAssertEqual(mark.ordinal, index, "\(mark)") }
        XCTAssertEqual(Set(Annotation.Mark.allCases).count, Annotation.Mark.allCases.count)
    }

    func timeline(_ name: String) throws -> ReplayTimeline {
        try ReplayTimeline(source: .file(bundledTrace(name)))
    }

    /// The state after step N, rebuilt from a checkpoint, is the state folded from
    /// the start — on both sides of a checkpoint, at the ends and beyond them.
    func testStateAfterAStepMatchesAFoldFromTheStart() throws {
        let timeline = try timeline("images-async-no-reset")
        XCTAssertGreaterThan(timeline.count, ReplayTimeline.interval + 200)
        let trace = try TraceReader.read(path: bundledTrace("images-async-no-reset"))
        var state = ReplayState(header: trace.header)
        var expected: [Int: ReplayState] = [-1: state]
        let probes: Set<Int> = [0, 1, 254, 255, 256, 257, 511, 512, 700, 1022, 1023, 1024, 1025, timeline.count - 1]
        for event in trace.events {
            try state.apply(event)
            if probes.contains(event.seq) { expected[event.seq] = state }
        }
        for seq in probes.sorted() + [-1] {
            let rebuilt = try timeline.state(after: seq)
            let reference = try XCTUnwrap(expected[seq])
            XCTAssertEqual(rebuilt.eventCount, reference.eventCount, "after \(seq)")
            XCTAssertEqual(rebuilt.cells, reference.cells, "after \(seq)")
            XCTAssertEqual(rebuilt.pools, reference.pools, "after \(seq)")
            XCTAssertEqual(StatePicture.draw(rebuilt), StatePicture.draw(reference), "after \(seq)")
        }
        XCTAssertEqual(try timeline.state(after: 99_999).eventCount, timeline.count)
        XCTAssertEqual(try timeline.next(after: 248, matching: .staleOrLate)?.seq, 265)
        XCTAssertNil(try timeline.next(after: timeline.count - 1, matching: .staleOrLate))
    }

    /// Explanations are annotated again from a checkpoint when asked for: in any
    /// order, each is the one a single pass over the whole trace gives.
    func testAnnotationsRebuiltFromCheckpointsAreTheOnesOnePassGives() throws {
        let timeline = try timeline("images-async-no-reset")
        let trace = try TraceReader.read(path: bundledTrace("images-async-no-reset"))
        let once = try Annotator.annotate(trace, file: "images-async-no-reset")
        XCTAssertEqual(once.count, timeline.count)
        for seq in [1265, 0, 1024, 1023, 5, 1100, 1023] + Array(0..<timeline.count) {
            XCTAssertEqual(try timeline.annotation(seq), once[seq], "step \(seq)")
            XCTAssertEqual(try timeline.event(seq), trace.events[seq], "step \(seq)")
        }
        XCTAssertEqual(try timeline.next(after: 0, matching: EventFilter(kinds: [.prepareForReuse]))?.seq,
                       once.first { $0.kind == .prepareForReuse }?.seq)
    }

    func testEventFilterNames() throws {
        let filter = try EventFilter.parse("init, prepareForReuse,,stale,PREFETCH")
        XCTAssertEqual(filter.kinds, [.initCell, .prepareForReuse])
        XCTAssertEqual(filter.groups, [.stale, .prefetch])
        XCTAssertTrue(try EventFilter.parse("").isEmpty)
        XCTAssertEqual(try EventFilter.parse("main").groups, [.mainThread])
        XCTAssertThrowsError(try EventFilter.parse("init,willDisplya")) { error in
            XCTAssertEqual((error as? EventFilter.UnknownName)?.name, "willDisplya")
            XCTAssertEqual((error as? EventFilter.UnknownName)?.suggestion, "willDisplay")
        }
        XCTAssertThrowsError(try EventFilter.parse("xyzzy")) { error in
            XCTAssertNil((error as? EventFilter.UnknownName)?.suggestion)
        }
    }

    func testStepperLineCommands() {
        let cases: [(String, ReplayStepper.Command)] = [
            ("", .next), ("n", .next), ("  next ", .next), ("b", .back), ("back", .back),
            ("g 120", .go("120")), ("g120", .go("120")), ("go  7", .go("7")), ("g", .go("")), ("g x", .go("x")),
            ("k prepareForReuse", .kind("prepareForReuse")), ("kind reuse", .kind("reuse")), ("k", .kind("")),
            ("s", .stale), ("p", .picture), ("h", .help), ("?", .help), ("q", .quit), ("quit", .quit),
            ("Q", .quit), ("gibberish", .unknown("gibberish")), ("kx", .unknown("kx")), ("q\r", .quit),
        ]
        for (line, command) in cases {
            XCTAssertEqual(ReplayStepper.parse(line), command, "\"\(line)\"")
        }
    }

    func testWrappingInColumns() {
        XCTAssertEqual(TextWrap.lines("one two three four", firstWidth: 9, width: 9), ["one two", "three", "four"])
        XCTAssertEqual(TextWrap.lines("", firstWidth: 10, width: 10), [""])
        // A word longer than a line is cut.
        XCTAssertEqual(TextWrap.lines("abcdefghij xy", firstWidth: 4, width: 4), ["abcd", "efgh", "ij", "xy"])
        // Hangul takes two columns a character; the dashes of the annotations one.
        XCTAssertEqual(TextWrap.columns("행 2"), 4)
        XCTAssertEqual(TextWrap.columns("rows 3–23 — ok"), 14)
        XCTAssertEqual(TextWrap.lines("셀 재사용 셀 재사용", firstWidth: 10, width: 10), ["셀 재사용", "셀 재사용"])
        XCTAssertEqual(TextWrap.pad("행", 4), "행  ")
    }

    /// No listing line is wider than 80 columns, whatever the trace's text.
    func testLongNotesWrapWithinEightyColumns() throws {
        let note = String(repeating: "가나다라 ", count: 40) + String(repeating: "x", count: 150)
        var trace = HandTrace()
        trace.at(0, #""kind":"note","text":"\#(note)""#)
        let folder = try ScratchFolder()
        let path = try folder.write("note.trace.json", trace.text)
        let result = replayCommand(["replay", path])
        XCTAssertEqual(result.status, 0, result.err)
        for line in result.out.split(separator: "\n").dropFirst() {
            XCTAssertLessThanOrEqual(TextWrap.columns(line), 80, String(line))
        }
    }
}

/// https://no-color.org: only a non-empty `NO_COLOR` turns colour off, and never
/// is there colour off a terminal.
final class TerminalStyleTests: XCTestCase {
    func testOnlyANonEmptyNoColorTurnsColourOff() {
        XCTAssertTrue(TerminalStyle.detect(environment: [:], isTerminal: true).enabled)
        XCTAssertTrue(TerminalStyle.detect(environment: ["NO_COLOR": ""], isTerminal: true).enabled)
        XCTAssertFalse(TerminalStyle.detect(environment: ["NO_COLOR": "1"], isTerminal: true).enabled)
        XCTAssertFalse(TerminalStyle.detect(environment: [:], isTerminal: false).enabled)
    }

    /// The status line under a step never reaches the terminal's last column, however
    /// long the step numbers: the hints that do not fit are left off.
    func testStatusLineFitsTheWidth() throws {
        let timeline = try ReplayTimeline(source: .file(bundledTrace("images-async-no-reset")))
        for width in [80, 60, 40, 20] {
            let layout = StepLayout(header: timeline.header, steps: timeline.count, widestTime: timeline.widestTime, style: .plain, width: width)
            let stepper = ReplayStepper(timeline: timeline, layout: layout, start: timeline.count - 1)
            let status = StepperTerminal.status(stepper)
            XCTAssertLessThan(status.count, width, status)
            XCTAssertTrue(status.hasPrefix("1265/1265"), status)
        }
        let wide = StepLayout(header: timeline.header, steps: timeline.count, widestTime: timeline.widestTime, style: .plain, width: 80)
        XCTAssertTrue(StepperTerminal.status(ReplayStepper(timeline: timeline, layout: wide, start: 0)).hasSuffix("q quit"))
    }

    /// A frame's short line, in the listing and under a frame header: its rows (by
    /// section where there are sections), or none, and the annotation's sentences
    /// after its first.
    func testAFramesShortTextKeepsOnlyWhatItsFirstLineDoesNotSay() {
        let cells = [VisibleCell(row: 3, cell: 1), VisibleCell(row: 4, cell: 2), VisibleCell(row: 5, cell: 3)]
        let frame = FrameSnapshot(frame: 60, offset: 173.33, cells: cells)
        let said = "Frame 60: offset 173.3 pt, rows 3–5 on screen (3 cells). Cell #2 no longer shows image 9."
        XCTAssertEqual(StepLayout.frameText(frame, annotation: said, inFrameGroup: false),
                       "Frame 60: offset 173.3 pt, rows 3–5. Cell #2 no longer shows image 9.")
        XCTAssertEqual(StepLayout.frameText(frame, annotation: said, inFrameGroup: true),
                       "Rows 3–5 on screen. Cell #2 no longer shows image 9.")
        XCTAssertEqual(StepLayout.frameText(FrameSnapshot(frame: 2, offset: -4, cells: []), annotation: "Frame 2: nothing.", inFrameGroup: true),
                       "No rows on screen.")
        XCTAssertEqual(StepLayout.frameText(FrameSnapshot(frame: 2, offset: 0, cells: [VisibleCell(row: 7, cell: 1)]), annotation: "One sentence only",
                                            inFrameGroup: false, naming: RowNaming(sectionRowCounts: [5, 5])),
                       "Frame 2: offset 0 pt, section 1 row 2.")
        XCTAssertEqual(StepLayout.frameText(frame, annotation: "Ends here. ", inFrameGroup: true), "Rows 3–5 on screen. ",
                       "a sentence break at the very end leaves the space it had")
    }
}
