import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
import TraceCoding
import ToolSupport
import Replay
@testable import LogImport

/// Without --profile, the profile is read from what the log shows, and the
/// summary says why; where the log cannot tell, modern is assumed, saying so.
@Suite
final class ProfileEvidenceTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    func imported(_ lines: [String], profile: TableProfile? = nil) throws -> ImportReport {
        try folder.importLog(lines.joined(separator: "\n") + "\n", options: ImportOptions(logName: "test.log", profile: profile))
    }

    /// A first screen of rows 0–4, then `scroll` rows scrolled in one at a time, the top one leaving first.
    static func classicScroll(_ scroll: Int) -> [String] {
        (0..<5).flatMap { ["init", "cellForRowAt: \($0)", "willDisplay: \($0)"] }
            + (0..<scroll).flatMap { ["didEndDisplaying: \($0)", "prepareForReuse", "cellForRowAt: \($0 + 5)", "willDisplay: \($0 + 5)"] }
    }

    @Test func testRowsConfiguredAsTheyAppearWhileScrollingAreClassic() throws {
        let report = try imported(Self.classicScroll(4))
        #expect(report.trace.header.profile == .classic)
        #expect(report.profile.hasPrefix("The profile is classic: while the list scrolls, each entering row's cellForRowAt comes right before its willDisplay (4 times)"), Comment(rawValue: report.profile))
        // Fewer than three such rows tell nothing (without the dequeues, which tell more: below).
        let short = try imported(Self.classicScroll(2).filter { $0 != "init" && $0 != "prepareForReuse" })
        #expect(short.trace.header.profile == .modern)
        #expect(short.profile.hasPrefix("The profile is modern, assumed: the log shows nothing that tells the profiles apart"), Comment(rawValue: short.profile))
    }

    @Test func testACellConfiguredAheadOrShownAgainIsModern() throws {
        // Row 5's cell is configured while row 0 is still leaving; row 0 comes back without cellForRowAt.
        let lines = (0..<5).flatMap { ["init", "cellForRowAt: \($0)", "willDisplay: \($0)"] }
            + ["init", "cellForRowAt: 5", "didEndDisplaying: 0", "willDisplay: 5", "didEndDisplaying: 5", "willDisplay: 0"]
        let report = try imported(lines)
        #expect(report.trace.header.profile == .modern)
        #expect(report.profile == "The profile is modern: once a row's cell is configured ahead of its willDisplay, and once a row that left comes back without cellForRowAt, which only the modern table view does.", Comment(rawValue: report.profile))
    }

    /// Without willDisplay, the first row to leave tells: its cell reused by the
    /// next row is classic; a new cell for the next row is modern (kept aside).
    /// A log that starts with cells already made (no launch) tells nothing.
    @Test func testTheDequeueAfterTheFirstRowLeavesTellsWithoutWillDisplay() throws {
        let launch = (0..<5).flatMap { ["init", "cellForRowAt: \($0)"] }
        let classic = try imported(launch + ["didEndDisplaying: 0", "prepareForReuse", "cellForRowAt: 5"])
        #expect(classic.trace.header.profile == .classic)
        #expect(classic.profile.hasPrefix("The profile is classic: the cell of the first row to leave is reused by the next row"), Comment(rawValue: classic.profile))
        let modern = try imported(launch + ["didEndDisplaying: 0", "init", "cellForRowAt: 5", "didEndDisplaying: 1", "prepareForReuse", "cellForRowAt: 6"])
        #expect(modern.trace.header.profile == .modern)
        #expect(modern.profile == "The profile is modern: after the first row leaves, the next row still gets a new cell (the one that left is kept aside), which only the modern table view does.", Comment(rawValue: modern.profile))
        // What the app says of its cells counts as its dequeues do.
        let stated = try imported((0..<5).flatMap { ["oldIndexPath: nil", "cellForRowAt: \($0)"] } + ["didEndDisplaying: 0", "oldIndexPath: [0, 0]", "cellForRowAt: 5"])
        #expect(stated.trace.header.profile == .classic, Comment(rawValue: stated.profile))
        let midScroll = try imported(["cellForRowAt: 7", "didEndDisplaying: 3", "prepareForReuse", "cellForRowAt: 8"])
        #expect(midScroll.profile.hasPrefix("The profile is modern, assumed"), Comment(rawValue: midScroll.profile))
    }

    @Test func testAGivenProfileWinsAndAContradictionIsSaid() throws {
        let report = try imported(Self.classicScroll(4), profile: .modern)
        #expect(report.trace.header.profile == .modern)
        #expect(report.profile.hasPrefix("The profile is modern, as --profile says, though the log looks classic: "), Comment(rawValue: report.profile))
        let agreed = try imported(Self.classicScroll(4), profile: .classic)
        #expect(agreed.profile == "The profile is classic, as --profile says.")
    }
}

/// A log that never prints a call says so in the trace (`import.unprinted`), and
/// the explanations say the log is silent instead of telling a story it cannot know.
@Suite
final class UnprintedCallTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    @Test func testALogWithoutWillDisplaySaysItDoesNotPrintIt() throws {
        let report = try folder.importLog((0..<3).map { "init\ncellForRowAt: \($0)" }.joined(separator: "\n") + "\n")
        #expect(report.trace.header.source?.unprinted == [.prepareForReuse, .willDisplay, .didEndDisplaying])
        var annotator = Annotator(trace: report.trace)
        var sentences: [String] = []
        while let annotation = try annotator.step(file: "test.log") { sentences.append(annotation.text) }
        #expect(sentences[1] == "The data source configures cell #1 for row 0. This log does not print willDisplay, so when row 0 comes on screen is not known.")
        #expect(!sentences.joined().contains("while scrolling"))
        // Written and read back the same; a call that is not a lifecycle call is refused.
        let text = String(decoding: TraceWriter.bytes(report.trace, upTo: 1 << 20) ?? [], as: UTF8.self)
        #expect(text.contains(#""unprinted":["prepareForReuse","willDisplay","didEndDisplaying"]"#))
        #expect(try TraceReader.read(bytes: Array(text.utf8), file: "t.json").header.source?.unprinted == [.prepareForReuse, .willDisplay, .didEndDisplaying])
        let bad = text.replacingOccurrences(of: #""unprinted":["prepareForReuse""#, with: #""unprinted":["frame""#)
        #expect(throws: ReuseLabError.self) { _ = try TraceReader.read(bytes: Array(bad.utf8), file: "t.json") }
    }

    /// A row configured and then leaving was shown, though the log never prints
    /// willDisplay: its willDisplay is reconstructed (marked), not the line refused.
    @Test func testARowLeavingThatWasOnlyConfiguredWasShown() throws {
        var lines = (0..<3).flatMap { ["init", "cellForRowAt: \($0)"] }
        lines += ["didEndDisplaying: 0", "prepareForReuse", "cellForRowAt: 3"]
        let report = try folder.importLog(lines.joined(separator: "\n") + "\n")
        assertValid(report.trace)
        #expect(report.leftOut.isEmpty && report.gaps == 0, "\(report.leftOut)")
        let shown = try #require(report.trace.events.firstIndex { $0.kind == .willDisplay })
        #expect(report.trace.events[shown].body == .willDisplay(row: 0, cell: 1) && report.trace.events[shown].inferred == .call)
        #expect(report.trace.events[shown + 1].body == .didEndDisplaying(row: 0, cell: 1) && report.trace.events[shown + 1].inferred == nil)
        #expect(report.trace.events.contains { $0.body == .cellForRowAt(row: 3, cell: 1) }, "the cell that left is reused")
    }
}
