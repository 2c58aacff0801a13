import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The parts under `replay`: the timeline's checkpoints, the --only filter, word
/// wrapping in columns. (The stepper's and the terminal's parts belong to the
/// command line: `Tests/CLITests/Replay/StepperPartsTests.swift`.)
@Suite
final class ReplayPartsTests {
    /// Marks are hashed and compared by their place among the cases, and the
    /// timeline keeps a step's marks as the bits of one byte.
    @Test func testEveryMarkHasABitOfItsOwn() {
        #expect(Annotation.Mark.allCases.count <= 8)
        for (index, mark) in Annotation.Mark.allCases.enumerated() { #expect(mark.ordinal == index, "\(mark)") }
        #expect(Set(Annotation.Mark.allCases).count == Annotation.Mark.allCases.count)
    }

    func timeline(_ name: String) throws -> ReplayTimeline {
        try ReplayTimeline(source: .file(bundledTrace(name)))
    }

    /// The state after step N, rebuilt from a checkpoint, is the state folded from
    /// the start — on both sides of a checkpoint, at the ends and beyond them.
    @Test func testStateAfterAStepMatchesAFoldFromTheStart() throws {
        let timeline = try timeline("images-async-no-reset")
        #expect(timeline.count > (ReplayTimeline.interval + 200))
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
            let reference = try #require(expected[seq])
            #expect(rebuilt.eventCount == reference.eventCount, "after \(seq)")
            #expect(rebuilt.cells == reference.cells, "after \(seq)")
            #expect(rebuilt.pools == reference.pools, "after \(seq)")
            #expect(StatePicture.draw(rebuilt) == StatePicture.draw(reference), "after \(seq)")
        }
        #expect((try timeline.state(after: 99_999).eventCount) == timeline.count)
        #expect((try timeline.next(after: 248, matching: .staleOrLate)?.seq) == 265)
        #expect((try timeline.next(after: timeline.count - 1, matching: .staleOrLate)) == nil)
    }

    /// Explanations are annotated again from a checkpoint when asked for: in any
    /// order, each is the one a single pass over the whole trace gives.
    @Test func testAnnotationsRebuiltFromCheckpointsAreTheOnesOnePassGives() throws {
        let timeline = try timeline("images-async-no-reset")
        let trace = try TraceReader.read(path: bundledTrace("images-async-no-reset"))
        let once = try Annotator.annotate(trace, file: "images-async-no-reset")
        #expect(once.count == timeline.count)
        for seq in [1305, 0, 1024, 1023, 5, 1100, 1023] + Array(0..<timeline.count) {
            #expect((try timeline.annotation(seq)) == once[seq], "step \(seq)")
            #expect((try timeline.event(seq)) == trace.events[seq], "step \(seq)")
        }
        #expect((try timeline.next(after: 0, matching: EventFilter(kinds: [.prepareForReuse]))?.seq) == once.first { $0.kind == .prepareForReuse }?.seq)
    }

    @Test func testEventFilterNames() throws {
        let filter = try EventFilter.parse("init, prepareForReuse,,stale,PREFETCH")
        #expect(filter.kinds == [.initCell, .prepareForReuse])
        #expect(filter.groups == [.stale, .prefetch])
        #expect(try EventFilter.parse("").isEmpty)
        #expect((try EventFilter.parse("main").groups) == [.mainThread])
        if let error = #expect(throws: (any Error).self, performing: { try EventFilter.parse("init,willDisplya") }) {
            #expect((error as? EventFilter.UnknownName)?.name == "willDisplya")
            #expect((error as? EventFilter.UnknownName)?.suggestion == "willDisplay")
        }
        if let error = #expect(throws: (any Error).self, performing: { try EventFilter.parse("xyzzy") }) {
            #expect((error as? EventFilter.UnknownName)?.suggestion == nil)
        }
    }

    @Test func testWrappingInColumns() {
        #expect(TextWrap.lines("one two three four", firstWidth: 9, width: 9) == ["one two", "three", "four"])
        #expect(TextWrap.lines("", firstWidth: 10, width: 10) == [""])
        // A word longer than a line is cut.
        #expect(TextWrap.lines("abcdefghij xy", firstWidth: 4, width: 4) == ["abcd", "efgh", "ij", "xy"])
        // Hangul takes two columns a character; the dashes of the annotations one.
        #expect(TextWrap.columns("행 2") == 4)
        #expect(TextWrap.columns("rows 3–23 — ok") == 14)
        #expect(TextWrap.lines("셀 재사용 셀 재사용", firstWidth: 10, width: 10) == ["셀 재사용", "셀 재사용"])
        #expect(TextWrap.pad("행", 4) == "행  ")
    }

    /// No listing line is wider than 80 columns, whatever the trace's text.
    @Test func testLongNotesWrapWithinEightyColumns() throws {
        let note = String(repeating: "가나다라 ", count: 40) + String(repeating: "x", count: 150)
        var trace = HandTrace()
        trace.at(0, #""kind":"note","text":"\#(note)""#)
        let folder = try ScratchFolder()
        let path = try folder.write("note.trace.json", trace.text)
        let result = replayCommand(["replay", path])
        #expect(result.status == 0, Comment(rawValue: result.err))
        for line in result.out.split(separator: "\n").dropFirst() {
            #expect(TextWrap.columns(line) <= 80, Comment(rawValue: String(line)))
        }
    }
}
