import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Reading and validating traces: header problems, event structure, and every
/// lifecycle rule of `ReplayState.apply`, each naming the event and its line.
@Suite
final class TraceValidatorTests {
    let file = "hand.trace.json"

    // MARK: Valid traces

    @Test func testLifecycleOnlyTraceWithoutScenarioOrPoolEventsIsValid() throws {
        // No scenario, no enqueue: init → cellForRowAt → willDisplay → didEndDisplaying →
        // prepareForReuse of the cell that just ended, as an imported device log reads.
        let trace = TraceText(numbered: Ev.show(row: 0, cell: 1) + [
            Ev.didEndDisplaying(0, 1),
            Ev.prepareForReuse(1, previousRow: 0),
            Ev.cellForRowAt(7, 1),
            Ev.willDisplay(7, 1),
        ])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: file)
        #expect(summary.eventCount == 7)
        #expect(summary.cellsCreated == 1)
        #expect(summary.duration == VirtualTime.milliseconds(6))
        #expect(summary.header.scenario == nil)
        #expect(summary.header.title == "hand-written")
    }

    @Test func testFullBookkeepingTraceWithScenarioIsValid() throws {
        let trace = TraceText(scenario: fiveRowScenario, numbered: Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2) + [
            Ev.frame(0, [(0, 1), (1, 2)]),
            Ev.prefetch([2, 3, 4]),
            Ev.cancelPrefetch([4]),
            Ev.initCell(3), Ev.cellForRowAt(2, 3), Ev.willDisplay(2, 3),
            Ev.didEndDisplaying(0, 1), Ev.enqueue(1),
            Ev.frame(1, offset: 44, [(1, 2), (2, 3)]),
            Ev.prepareForReuse(1, previousRow: 0), Ev.cellForRowAt(3, 1), Ev.willDisplay(3, 1),
            Ev.didEndDisplaying(1, 2), "\"kind\":\"keepAside\",\"cell\":2,\"row\":1",
            "\"kind\":\"viewDidDisappear\"",
            Ev.didEndDisplaying(2, 3), Ev.didEndDisplaying(3, 1),
            Ev.deinitCell(1), Ev.deinitCell(2), Ev.deinitCell(3),
        ])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: file)
        #expect(summary.cellsCreated == 3)
        #expect(summary.header.rowCount == 5)
    }

    @Test func testEmptyEventsArrayIsValid() throws {
        let summary = try TraceValidator.validate(bytes: TraceText(events: []).bytes, file: file)
        #expect(summary.eventCount == 0)
    }

    @Test func testWrittenTraceReadsBack() throws {
        let trace = TraceText(scenario: fiveRowScenario, numbered: Ev.show(row: 0, cell: 1))
        let read = try TraceReader.read(bytes: trace.bytes, file: file)
        let written = TraceWriter.text(read)
        let again = try TraceReader.read(bytes: utf8(written), file: file)
        #expect(again == read)
        #expect(TraceWriter.text(again) == written)
    }

    // MARK: Header

    @Test func testNotATrace() {
        assertError(validationError(bytes: utf8("[]")), file: file, at: SourcePosition(line: 1, column: 1),
                    contains: ["expected a JSON object ('{'), found '['"])
        let noFormat = #"{"version": 1, "events": []}"#
        assertError(validationError(bytes: utf8(noFormat)), file: file, at: SourcePosition(line: 1, column: 1),
                    contains: ["this is not a ReuseLab trace: it has no \"format\" member", "expected \"format\": \"reuselab-trace\""])
    }

    @Test func testUnknownFormatName() {
        var trace = TraceText(numbered: [])
        trace.format = "\"reuselab-scenario\""
        assertError(validationError(trace), file: file, at: SourcePosition(line: 2, column: 13), path: "format",
                    contains: ["this is not a ReuseLab trace: \"format\" is \"reuselab-scenario\", expected \"reuselab-trace\""])
    }

    @Test func testUnknownVersionSaysWhichVersionIsKnown() {
        var trace = TraceText(numbered: Ev.show(row: 0, cell: 1))
        trace.version = "2"
        assertError(validationError(trace), file: file, at: SourcePosition(line: 3, column: 14), path: "version",
                    contains: ["trace format version 2 is not known to this reuselab, which reads version 1", "newer"])
        trace.version = "0"
        assertError(validationError(trace), file: file, at: SourcePosition(line: 3, column: 14),
                    contains: ["version 0 is not known", "reads version 1"])
        trace.version = "\"1\""
        assertError(validationError(trace), file: file, at: SourcePosition(line: 3, column: 14),
                    contains: ["\"version\" must be a whole number, found the string \"1\""])
    }

    @Test func testVersionIsCheckedBeforeEverythingElse() {
        // A newer trace may have members and kinds this reader does not know:
        // the version, not those, is what the user must hear about.
        var trace = TraceText(events: ["{\"seq\":0,\"t\":0,\"kind\":\"hologram\"}"])
        trace.version = "2"
        trace.profile = "\"foldable\""
        assertError(validationError(trace), file: file, at: SourcePosition(line: 3, column: 14), contains: ["version 2"])
    }

    @Test func testMissingEvents() {
        let text = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"t\",\n  \"profile\": \"modern\"\n}\n"
        assertError(validationError(bytes: utf8(text)), file: file, at: SourcePosition(line: 1, column: 1),
                    contains: ["the trace has no \"events\" array"])
    }

    @Test func testEventsNotAnArray() {
        let text = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"t\",\n  \"profile\": \"modern\",\n  \"events\": {}\n}\n"
        assertError(validationError(bytes: utf8(text)), file: file, at: SourcePosition(line: 6, column: 3), path: "events",
                    contains: ["\"events\" must be an array of event objects"])
        let number = text.replacingOccurrences(of: "{}", with: "7")
        assertError(validationError(bytes: utf8(number)), file: file, at: SourcePosition(line: 6, column: 3),
                    contains: ["\"events\" must be an array"])
    }

    @Test func testHeaderMemberProblems() {
        var trace = TraceText(numbered: [])
        trace.profile = "\"modren\""
        assertError(validationError(trace), file: file, at: SourcePosition(line: 5, column: 14), path: "profile",
                    contains: ["\"profile\" must be one of \"modern\", \"classic\"", "did you mean \"modern\"?"])
        trace = TraceText(numbered: [])
        trace.title = "\"t\",\n  \"titel\": \"x\""
        assertError(validationError(trace), file: file, at: SourcePosition(line: 5, column: 12), path: "titel",
                    contains: ["unknown header member \"titel\" (did you mean \"title\"?)"])
        let duplicate = TraceText(numbered: []).text.replacingOccurrences(of: "  \"events\": [", with: "  \"events\": [],\n  \"events\": [")
        assertError(validationError(bytes: utf8(duplicate)), file: file, at: SourcePosition(line: 7, column: 3),
                    contains: ["the member \"events\" appears twice"])
        // The scenario in a header is checked like a scenario file.
        let badScenario = TraceText(scenario: fiveRowScenario.replacingOccurrences(of: "\"rows\":5", with: "\"rows\":-5"), numbered: [])
        assertError(validationError(badScenario), file: file, path: "scenario.table.rows", contains: ["\"rows\" must be greater than zero, found -5"])
        let mismatch = TraceText(scenario: fiveRowScenario.replacingOccurrences(of: "\"modern\"", with: "\"classic\""), numbered: [])
        assertError(validationError(mismatch), file: file, at: SourcePosition(line: 5, column: 14),
                    contains: ["\"profile\" is \"modern\" but the scenario says \"classic\""])
    }

    // MARK: Event structure

    @Test func testEventWithMissingField() {
        let trace = TraceText(numbered: [Ev.initCell(1), "\"kind\":\"cellForRowAt\",\"row\":0"])
        assertError(validationError(trace), file: file, at: trace.position(ofEvent: 1), event: 1, path: "events[1]",
                    contains: ["\"events[1]\" is missing the member \"cell\" (the cell's id)"])
        let noSeq = TraceText(events: ["{\"t\":0,\"kind\":\"init\",\"cell\":1,\"identifier\":\"C\"}"])
        assertError(validationError(noSeq), file: file, at: noSeq.position(ofEvent: 0), event: 0,
                    contains: ["is missing the member \"seq\""])
    }

    @Test func testEventWithWrongFieldType() {
        let trace = TraceText(numbered: [Ev.initCell(1), "\"kind\":\"cellForRowAt\",\"row\":0,\"cell\":\"1\""])
        let line = trace.text.split(separator: "\n", omittingEmptySubsequences: false)[trace.firstEventLine]
        let column = String(line).distance(of: "\"1\"")
        assertError(validationError(trace), file: file, at: SourcePosition(line: trace.firstEventLine + 1, column: column),
                    event: 1, path: "events[1].cell", contains: ["\"cell\" must be a whole number, found the string \"1\""])
        let negative = TraceText(numbered: [Ev.initCell(1), Ev.cellForRowAt(-1, 1)])
        assertError(validationError(negative), file: file, event: 1, path: "events[1].row", contains: ["\"row\" must not be negative, found -1"])
        let notObject = TraceText(events: ["{\"seq\":0,\"t\":0,\"kind\":\"reloadData\"}", "[1, 2]"])
        assertError(validationError(notObject), file: file, at: notObject.position(ofEvent: 1), event: 1,
                    contains: ["\"events[1]\" must be an object, found an array"])
        let time = TraceText(events: ["{\"seq\":0,\"t\":\"soon\",\"kind\":\"reloadData\"}"])
        assertError(validationError(time), file: file, event: 0, path: "events[0].t", contains: ["\"t\" must be a number, found the string \"soon\""])
    }

    @Test func testUnknownKindWithSuggestion() {
        let trace = TraceText(numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), "\"kind\":\"willDisplayed\",\"row\":0,\"cell\":1"])
        assertError(validationError(trace), file: file, event: 2, path: "events[2].kind",
                    contains: ["unknown event kind \"willDisplayed\" (did you mean \"willDisplay\"?)"])
        #expect(validationError(trace)?.location.position?.line == (trace.firstEventLine + 2))
        let far = TraceText(numbered: ["\"kind\":\"teleport\""])
        assertError(validationError(far), file: file, event: 0, contains: ["unknown event kind \"teleport\"; known kinds: init, prepareForReuse"])
    }

    @Test func testUnknownEventMember() {
        let trace = TraceText(numbered: [Ev.initCell(1) + ",\"identifer\":\"x\""])
        assertError(validationError(trace), file: file, event: 0, path: "events[0].identifer",
                    contains: ["unknown member \"identifer\" in \"events[0]\"", "did you mean \"identifier\"?"])
    }

    @Test func testSeqGap() {
        let trace = TraceText(events: [
            "{\"seq\":0,\"t\":0,\(Ev.initCell(1))}",
            "{\"seq\":1,\"t\":0,\(Ev.cellForRowAt(0, 1))}",
            "{\"seq\":3,\"t\":0,\(Ev.willDisplay(0, 1))}",
        ])
        assertError(validationError(trace), file: file, at: trace.position(ofEvent: 2), event: 2, path: "events[2]",
                    contains: ["willDisplay: \"seq\" is 3 but this is event number 2; seq must count 0, 1, 2, … without gaps"])
        let startsAtOne = TraceText(events: ["{\"seq\":1,\"t\":0,\(Ev.initCell(1))}"])
        assertError(validationError(startsAtOne), file: file, at: startsAtOne.position(ofEvent: 0), event: 0,
                    contains: ["\"seq\" is 1 but this is event number 0"])
    }

    @Test func testTimeGoingBack() {
        let trace = TraceText(events: [
            "{\"seq\":0,\"t\":10,\(Ev.initCell(1))}",
            "{\"seq\":1,\"t\":16.5,\(Ev.cellForRowAt(0, 1))}",
            "{\"seq\":2,\"t\":16.25,\(Ev.willDisplay(0, 1))}",
        ])
        assertError(validationError(trace), file: file, at: trace.position(ofEvent: 2), event: 2,
                    contains: ["time goes backwards: \"t\" is 16.25 ms, after an event at 16.5 ms"])
    }

    // MARK: Lifecycle rules

    /// Validates `bodies` (numbered), expecting a lifecycle violation at event `index`.
    private func assertViolation(_ bodies: [String], scenario: String? = nil, at index: Int, _ parts: [String],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let trace = TraceText(scenario: scenario, numbered: bodies)
        let error = validationError(trace, file: file, sourceLocation: sourceLocation)
        assertError(error, file: file, at: trace.position(ofEvent: index), event: index, path: "events[\(index)]",
                    contains: parts, sourceLocation: sourceLocation)
        // The line in the message is the event's own line.
        #expect(error?.description.hasPrefix("\(file):\(trace.firstEventLine + index):5: event \(index), at events[\(index)]: ") == true, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test func testCellDisplayedInTwoRowsAtOnce() {
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.willDisplay(1, 1)], at: 3,
                        ["willDisplay of cell #1 in row 1, but it is already displayed in row 0; one cell cannot be in two rows at once"])
        // The frame must agree too: a cell cannot be listed in a row it is not displayed in.
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.frame(0, [(0, 1), (1, 1)])], at: 3,
                        ["frame 0 shows cell #1 in row 1, but that cell is displayed in row 0"])
    }

    @Test func testPrepareForReuseOfACellNeverReleased() {
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.prepareForReuse(1, previousRow: 0)], at: 3,
                        ["prepareForReuse of cell #1, which was never released: it is displayed in row 0"])
        assertViolation([Ev.initCell(1), Ev.cellForRowAt(0, 1), Ev.prepareForReuse(1, previousRow: 0)], at: 2,
                        ["which was never released: it is configured for row 0 but not displayed"])
        assertViolation([Ev.initCell(1), Ev.prepareForReuse(1, previousRow: 0)], at: 1,
                        ["which was never released: it is newly created and not yet configured"])
    }

    @Test func testPrepareForReuseDetails() {
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(0, 1), Ev.prepareForReuse(1, previousRow: 0, "Other")], at: 4,
                        ["prepareForReuse of cell #1 with identifier \"Other\", but it was created as \"Cell\""])
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(0, 1), Ev.prepareForReuse(1, previousRow: 3)], at: 4,
                        ["prepareForReuse says cell #1 showed row 3 before, but it last showed row 0"])
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(0, 1), "\"kind\":\"keepAside\",\"cell\":1,\"row\":0",
                                                     Ev.prepareForReuse(1, previousRow: 0)], at: 5,
                        ["prepareForReuse of cell #1, which is kept aside after showing row 0, not in the reuse pool"])
    }

    @Test func testWillDisplayOfARowWhoseCellWasNeverConfigured() {
        assertViolation([Ev.initCell(1), Ev.willDisplay(0, 1)], at: 1,
                        ["row 0 is displayed with cell #1, which cellForRowAt never configured; a row needs its cell from cellForRowAt first"])
        assertViolation([Ev.willDisplay(0, 1)], at: 0,
                        ["willDisplay names cell #1, which was never created (no init for it before this event)"])
        assertViolation([Ev.initCell(1), Ev.cellForRowAt(0, 1), Ev.willDisplay(1, 1)], at: 2,
                        ["willDisplay of cell #1 in row 1, but the cell is configured for row 0 but not displayed"])
    }

    @Test func testAnyEventNamingACellAfterItsDeinit() {
        let gone = Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(0, 1), Ev.deinitCell(1)]
        let after: [(String, String)] = [
            (Ev.cellForRowAt(0, 1), "cellForRowAt"),
            (Ev.willDisplay(0, 1), "willDisplay"),
            (Ev.didEndDisplaying(0, 1), "didEndDisplaying"),
            (Ev.prepareForReuse(1, previousRow: 0), "prepareForReuse"),
            (Ev.enqueue(1), "enqueue"),
            ("\"kind\":\"keepAside\",\"cell\":1,\"row\":0", "keepAside"),
            (Ev.deinitCell(1), "deinit"),
        ]
        for (body, callback) in after {
            assertViolation(gone + [body], at: 5,
                            ["\(callback) names cell #1, which was already deallocated (deinit); nothing can happen to a cell after its deinit"])
        }
        assertViolation(gone + [Ev.frame(3, [(0, 1)])], at: 5, ["frame 3 shows cell #1 in row 0, but that cell is deallocated"])
    }

    @Test func testDeinitOfADisplayedCellIsRefusedWhileTheScreenIsUp() {
        assertViolation(Ev.show(row: 2, cell: 1) + [Ev.deinitCell(1)], at: 3,
                        ["deinit of cell #1 while it is displayed in row 2 and the screen is still up; a cell on screen is in use",
                         "only after viewDidDisappear"])
        // Other events before it do not make it legal: only viewDidDisappear does.
        assertViolation(Ev.show(row: 2, cell: 1) + ["\"kind\":\"didReceiveMemoryWarning\"", Ev.deinitCell(1)], at: 4,
                        ["deinit of cell #1 while it is displayed in row 2 and the screen is still up"])
    }

    @Test func testDeinitOfADisplayedCellIsAcceptedAfterViewDidDisappear() throws {
        // Teardown as UIKit does it: viewDidDisappear, then every cell is deallocated
        // with the table view — on screen, prepared, pooled — without didEndDisplaying.
        let trace = TraceText(scenario: fiveRowScenario, numbered: Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2) + [
            Ev.frame(0, [(0, 1), (1, 2)]),
            Ev.initCell(3), Ev.cellForRowAt(2, 3),
            Ev.initCell(4), Ev.cellForRowAt(3, 4), Ev.enqueue(4),
            "\"kind\":\"viewDidDisappear\"",
            Ev.deinitCell(1), Ev.deinitCell(2), Ev.deinitCell(3), Ev.deinitCell(4),
        ])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: file)
        #expect(summary.cellsCreated == 4)
        // The replay state agrees: nothing is displayed, pooled or alive afterwards.
        let read = try TraceReader.read(bytes: trace.bytes, file: file)
        var state = ReplayState(header: read.header)
        for event in read.events { try state.apply(event) }
        #expect(state.hasDisappeared)
        #expect(state.displayed.isEmpty)
        #expect(state.poolCount("Cell") == 0)
        #expect(state.liveCellCount == 0)
        #expect(state.cell(1)?.phase == .deallocated)
        // A deallocated cell stays gone: a later frame cannot show it.
        assertViolation(Ev.show(row: 0, cell: 1) + ["\"kind\":\"viewDidDisappear\"", Ev.deinitCell(1), Ev.frame(0, [(0, 1)])], at: 5,
                        ["frame 0 shows cell #1 in row 0, but that cell is deallocated"])
    }

    @Test func testCellForRowAtWithADisplayedCell() {
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.cellForRowAt(1, 1)], at: 3,
                        ["cellForRowAt returned cell #1 for row 1, but that cell is displayed in row 0"])
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(0, 1), Ev.enqueue(1), Ev.cellForRowAt(1, 1)], at: 5,
                        ["cellForRowAt returned cell #1 for row 1, but that cell is waiting in the reuse pool"])
    }

    @Test func testReconfigureRowsLetsARowsOwnCellBeConfiguredAgainInPlace() throws {
        // On screen, and prepared off screen: cellForRowAt with the cell the row already has.
        let trace = TraceText(numbered: Ev.show(row: 0, cell: 1) + [Ev.initCell(2), Ev.cellForRowAt(1, 2),
            "\"kind\":\"reconfigureRows\",\"rows\":[0,1,4]", Ev.cellForRowAt(0, 1), Ev.cellForRowAt(1, 2), Ev.willDisplay(1, 2)])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: file)
        #expect(summary.eventCount == 9)
        // Without reconfigureRows it is the rule it always was; and only for a named row.
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.cellForRowAt(0, 1)], at: 3,
                        ["cellForRowAt returned cell #1 for row 0, but that cell is displayed in row 0"])
        assertViolation(Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2) + ["\"kind\":\"reconfigureRows\",\"rows\":[1]", Ev.cellForRowAt(0, 1)], at: 7,
                        ["cellForRowAt returned cell #1 for row 0, but that cell is displayed in row 0"])
        // Another row's cell is not this row's own.
        assertViolation(Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2) + ["\"kind\":\"reconfigureRows\",\"rows\":[1]", Ev.cellForRowAt(1, 1)], at: 7,
                        ["cellForRowAt returned cell #1 for row 1, but that cell is displayed in row 0"])
        assertViolation(["\"kind\":\"reconfigureRows\",\"rows\":[]"], at: 0, ["reconfigureRows with no rows"])
    }

    @Test func testInitMustCreateTheNextCell() {
        assertViolation([Ev.initCell(1), Ev.initCell(1)], at: 1, ["init of cell #1, but cell #1 already exists"])
        assertViolation([Ev.initCell(2)], at: 0, ["init of cell #2, but the next new cell must be #1"])
        assertViolation([Ev.initCell(1, "")], at: 0, ["the reuse identifier is empty"])
    }

    @Test func testDidEndDisplayingOfACellNotDisplayed() {
        assertViolation(Ev.show(row: 0, cell: 1) + [Ev.didEndDisplaying(1, 1)], at: 3,
                        ["didEndDisplaying of cell #1 in row 1, but the cell is displayed in row 0"])
    }

    @Test func testCancelPrefetchingOfARowNeverPrefetched() {
        assertViolation([Ev.prefetch([3, 4]), Ev.cancelPrefetch([5])], at: 1,
                        ["cancelPrefetchingForRowsAt cancels row 5, which is not being prefetched (never asked for, already displayed or already cancelled)"])
        assertViolation([Ev.prefetch([3, 4]), Ev.cancelPrefetch([4]), Ev.cancelPrefetch([4])], at: 2,
                        ["cancels row 4, which is not being prefetched"])
        assertViolation([Ev.prefetch([0])] + Ev.show(row: 0, cell: 1) + [Ev.cancelPrefetch([0])], at: 4,
                        ["cancels row 0, which is not being prefetched"])
        assertViolation([Ev.prefetch([1, 1])], at: 0, ["prefetchRowsAt names a row twice"])
        assertViolation([Ev.prefetch([1]), Ev.prefetch([2, 1])], at: 1, ["prefetchRowsAt asks again for row 1, which is still being prefetched"])
        assertViolation([Ev.prefetch([])], at: 0, ["prefetchRowsAt with no rows"])
    }

    @Test func testFrameSnapshotDisagreeingWithDisplayedCells() {
        let shown = Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2)
        assertViolation(shown + [Ev.frame(0, [(0, 2), (1, 1)])], at: 6, ["frame 0 shows cell #2 in row 0, but that cell is displayed in row 1"])
        assertViolation(shown + [Ev.frame(7, [(0, 1)])], at: 6, ["frame 7 leaves out displayed row(s) 1; a frame lists every visible row"])
        assertViolation(shown + [Ev.frame(0, [(1, 2), (0, 1)])], at: 6, ["frame 0 lists row 0 after row 1; rows go from top to bottom"])
        assertViolation(shown + [Ev.frame(0, [(0, 1), (1, 2), (2, 9)])], at: 6, ["frame 0 shows cell #9 in row 2, but that cell is never created"])
    }

    @Test func testRowOutOfRangeWhenTheHeaderHasAScenario() {
        assertViolation([Ev.initCell(1), Ev.cellForRowAt(5, 1)], scenario: fiveRowScenario, at: 1,
                        ["cellForRowAt: row 5 does not exist; the table has 5 rows (0–4)"])
        assertViolation([Ev.prefetch([3, 4, 5])], scenario: fiveRowScenario, at: 0, ["row 5 does not exist"])
        assertViolation([Ev.initCell(1), Ev.cellForRowAt(4, 1), Ev.willDisplay(40, 1)], scenario: fiveRowScenario, at: 2, ["row 40 does not exist"])
        // Without a scenario the table's size is unknown, so any row is allowed.
        #expect(throws: Never.self) { try TraceValidator.validate(bytes: TraceText(numbered: Ev.show(row: 5000, cell: 1)).bytes, file: file) }
    }

    @Test func testViolationLeavesEarlierEventsApplied() throws {
        // ReplayState.apply: a rejected event does not change the state.
        let trace = try TraceReader.read(bytes: TraceText(numbered: Ev.show(row: 0, cell: 1) + [Ev.willDisplay(1, 1)]).bytes, file: file)
        var state = ReplayState(header: trace.header)
        for event in trace.events.prefix(3) { try state.apply(event) }
        #expect(throws: (any Error).self) { try state.apply(trace.events[3]) }
        #expect(state.eventCount == 3)
        #expect(state.displayed == [0: [1]])
        #expect(state.cell(1)?.phase == .displayed(row: 0))
    }

    // MARK: Syntax inside a trace

    @Test func testSyntaxErrorInsideAnEventNamesItsLine() {
        var trace = TraceText(numbered: Ev.show(row: 0, cell: 1))
        trace.events[2] = "{\"seq\":2,\"t\":2,\"kind\":\"willDisplay\",\"row\":0,\"cell\":1,}"
        let error = validationError(trace)
        assertError(error, file: file, at: SourcePosition(line: trace.firstEventLine + 2, column: 4 + trace.events[2].count),
                    contains: ["expected a member name in double quotes, found '}'", "(the file is not valid JSON)"])
    }

    @Test func testDeeplyNestedEventIsRefused() {
        let trace = TraceText(events: [String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)])
        assertError(validationError(trace), status: 67, file: file, contains: ["nested more than \(JSONParser.maximumDepth) deep"])
    }

    @Test func testTruncatedTrace() {
        let text = TraceText(scenario: fiveRowScenario, numbered: Ev.show(row: 0, cell: 1) + Ev.show(row: 1, cell: 2)).text
        let bytes = utf8(text)
        for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 2] {
            let error = validationError(bytes: Array(bytes[..<cut]))
            assertError(error, file: file, contains: ["(the file is not valid JSON)"])
            #expect(error?.location.position != nil, "cut at \(cut)")
        }
        assertError(validationError(bytes: Array(bytes[..<(bytes.count / 2)])), file: file, contains: ["is the file truncated?"])
    }

    @Test func testEmptyAndBinaryInput() {
        assertError(validationError(bytes: []), file: file, at: SourcePosition(line: 1, column: 1),
                    contains: ["the file is empty; expected a JSON object"])
        let binary = utf8("{\n  \"format\": \"reu") + [0, 1, 2, 0xFF]
        assertError(validationError(bytes: binary), file: file, at: SourcePosition(line: 2, column: 17),
                    contains: ["the file contains a NUL byte; it looks like a binary file, not JSON text"])
    }

    @Test func testNonUTF8BytesInsideAString() {
        var trace = TraceText(numbered: [])
        trace.title = "\"caf\u{E9}\""
        var bytes = trace.bytes
        // Replace the UTF-8 of é (C3 A9) with its Latin-1 byte E9.
        let index = bytes.firstIndex(of: 0xC3)!
        bytes.replaceSubrange(index...(index + 1), with: [0xE9])
        assertError(validationError(bytes: bytes), file: file, at: SourcePosition(line: 4, column: 12),
                    contains: ["the string is not valid UTF-8 text (is this a binary file?)"])
    }

    @Test func testByteOrderMarkTraceIsValid() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + TraceText(numbered: Ev.show(row: 0, cell: 1)).bytes
        #expect((try TraceValidator.validate(bytes: bytes, file: file).eventCount) == 3)
    }
}

private extension String {
    /// The 1-based column (in Unicode scalars) where `needle` starts.
    func distance(of needle: String) -> Int {
        guard let range = range(of: needle) else { return 0 }
        return self[..<range.lowerBound].unicodeScalars.count + 1
    }
}
