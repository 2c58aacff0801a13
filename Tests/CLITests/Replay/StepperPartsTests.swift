import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
@testable import ReuseLabCLI

/// The stepper's line commands, as `replay --step` reads them from a line of input.
@Suite
final class StepperCommandTests {
    @Test func testStepperLineCommands() {
        let cases: [(String, ReplayStepper.Command)] = [
            ("", .next), ("n", .next), ("  next ", .next), ("b", .back), ("back", .back),
            ("g 120", .go("120")), ("g120", .go("120")), ("go  7", .go("7")), ("g", .go("")), ("g x", .go("x")),
            ("k prepareForReuse", .kind("prepareForReuse")), ("kind reuse", .kind("reuse")), ("k", .kind("")),
            ("s", .stale), ("p", .picture), ("h", .help), ("?", .help), ("q", .quit), ("quit", .quit),
            ("Q", .quit), ("gibberish", .unknown("gibberish")), ("kx", .unknown("kx")), ("q\r", .quit),
        ]
        for (line, command) in cases {
            #expect(ReplayStepper.parse(line) == command, "\"\(line)\"")
        }
    }
}

/// https://no-color.org: only a non-empty `NO_COLOR` turns colour off, and never
/// is there colour off a terminal.
@Suite
final class TerminalStyleTests {
    @Test func testOnlyANonEmptyNoColorTurnsColourOff() {
        #expect(TerminalStyle.detect(environment: [:], isTerminal: true).enabled)
        #expect(TerminalStyle.detect(environment: ["NO_COLOR": ""], isTerminal: true).enabled)
        #expect(!(TerminalStyle.detect(environment: ["NO_COLOR": "1"], isTerminal: true).enabled))
        #expect(!(TerminalStyle.detect(environment: [:], isTerminal: false).enabled))
    }

    /// The status line under a step never reaches the terminal's last column, however
    /// long the step numbers: the hints that do not fit are left off.
    @Test func testStatusLineFitsTheWidth() throws {
        let timeline = try ReplayTimeline(source: .file(bundledTrace("images-async-no-reset")))
        for width in [80, 60, 40, 20] {
            let layout = StepLayout(header: timeline.header, steps: timeline.count, widestTime: timeline.widestTime, style: .plain, width: width)
            let stepper = ReplayStepper(timeline: timeline, layout: layout, start: timeline.count - 1)
            let status = StepperTerminal.status(stepper)
            #expect(status.count < width, Comment(rawValue: status))
            #expect(status.hasPrefix("\(timeline.count - 1)/\(timeline.count - 1)"), Comment(rawValue: status))
        }
        let wide = StepLayout(header: timeline.header, steps: timeline.count, widestTime: timeline.widestTime, style: .plain, width: 80)
        #expect(StepperTerminal.status(ReplayStepper(timeline: timeline, layout: wide, start: 0)).hasSuffix("q quit"))
    }

    /// A frame's short line, in the listing and under a frame header: its rows (by
    /// section where there are sections), or none, and the annotation's sentences
    /// after its first.
    @Test func testAFramesShortTextKeepsOnlyWhatItsFirstLineDoesNotSay() {
        let cells = [VisibleCell(row: 3, cell: 1), VisibleCell(row: 4, cell: 2), VisibleCell(row: 5, cell: 3)]
        let frame = FrameSnapshot(frame: 60, offset: 173.33, cells: cells)
        let said = "Frame 60: offset 173.3 pt, rows 3–5 on screen (3 cells). Cell #2 no longer shows image 9."
        #expect(StepLayout.frameText(frame, annotation: said, inFrameGroup: false) == "Frame 60: offset 173.3 pt, rows 3–5. Cell #2 no longer shows image 9.")
        #expect(StepLayout.frameText(frame, annotation: said, inFrameGroup: true) == "Rows 3–5 on screen. Cell #2 no longer shows image 9.")
        #expect(StepLayout.frameText(FrameSnapshot(frame: 2, offset: -4, cells: []), annotation: "Frame 2: nothing.", inFrameGroup: true) == "No rows on screen.")
        #expect(StepLayout.frameText(FrameSnapshot(frame: 2, offset: 0, cells: [VisibleCell(row: 7, cell: 1)]), annotation: "One sentence only",
                                            inFrameGroup: false, naming: RowNaming(sectionRowCounts: [5, 5])) == "Frame 2: offset 0 pt, section 1 row 2.")
        #expect(StepLayout.frameText(frame, annotation: "Ends here. ", inFrameGroup: true) == "Rows 3–5 on screen. ", "a sentence break at the very end leaves the space it had")
    }
}
