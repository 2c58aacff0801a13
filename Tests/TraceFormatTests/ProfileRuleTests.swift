import Testing
import TraceModel

/// `validate` holds a trace to its profile (issue 36): what only the modern
/// table view does — keeping a cell aside, showing a row's old cell again
/// without cellForRowAt, reconfigureRows (iOS 15) — is refused in a classic trace.
@Suite
struct ProfileRuleTests {
    /// Folds `bodies` through a fresh state of `profile`; the message of the first violation, if any.
    static func violation(_ profile: TableProfile, _ bodies: [EventBody]) -> String? {
        var state = ReplayState(header: TraceHeader(title: "t", profile: profile))
        for (index, body) in bodies.enumerated() {
            do { try state.apply(TraceEvent(seq: index, time: .zero, body: body)) } catch { return error.message }
        }
        return nil
    }

    static let shown: [EventBody] = [.initCell(cell: 1, identifier: "C"), .cellForRowAt(row: 0, cell: 1), .willDisplay(row: 0, cell: 1)]

    @Test func testKeepingACellAsideIsModernOnly() {
        let keep = Self.shown + [.didEndDisplaying(row: 0, cell: 1), .keepAside(cell: 1, row: 0)]
        #expect(Self.violation(.modern, keep) == nil)
        #expect(Self.violation(.classic, keep) == "cell #1 is kept aside for row 0, but only the modern profile keeps a cell aside, and this trace's profile is classic")
    }

    @Test func testARowsOldCellShownAgainWithoutCellForRowAtIsModernOnly() {
        let again = Self.shown + [.didEndDisplaying(row: 0, cell: 1), .willDisplay(row: 0, cell: 1)]
        #expect(Self.violation(.modern, again) == nil)
        let message = Self.violation(.classic, again) ?? ""
        #expect(message.hasPrefix("row 0 is shown again with cell #1, which left it, without cellForRowAt; only the modern profile"), Comment(rawValue: message))
        // With cellForRowAt again, as a classic table view asks, it is fine.
        #expect(Self.violation(.classic, Self.shown + [.didEndDisplaying(row: 0, cell: 1), .enqueue(cell: 1, identifier: "C"),
                                                        .prepareForReuse(cell: 1, identifier: "C", previousRow: 0),
                                                        .cellForRowAt(row: 0, cell: 1), .willDisplay(row: 0, cell: 1)]) == nil)
    }

    @Test func testReconfigureRowsIsModernOnly() {
        let reconfigure = Self.shown + [.reconfigureRows(rows: [0]), .cellForRowAt(row: 0, cell: 1)]
        #expect(Self.violation(.modern, reconfigure) == nil)
        #expect(Self.violation(.classic, reconfigure)?.contains("needs the modern profile: UITableView has reconfigureRows since iOS 15") == true)
    }
}
