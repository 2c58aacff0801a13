import ReuseLabTestSupport
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The parts under `replay`: the timeline's checkpoints, the --only filter, word
/// wrapping in columns. (The stepper's and the terminal's parts belong to the
/// command line: `Tests/CLITests/Replay/StepperPartsTests.swift`.)
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
