import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Wording the replay review caught, kept right.
@Suite
final class AnnotationWordingTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    func annotations(_ name: String) throws -> [Annotation] {
        let path = Self.traces.appendingPathComponent(name + ".trace.json").path
        return try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    func text(_ annotations: [Annotation], _ seq: Int) -> String { annotations.first { $0.seq == seq }?.text ?? "" }

    /// A cellForRowAt that blocks the main thread (a synchronous download) moves
    /// the clock on inside one layout pass: its row is shown in that pass, not
    /// prepared ahead, and nothing says "while scrolling" before any scroll.
    @Test func testACellConfiguredAndShownInOnePassIsNotPreparedAhead() throws {
        let steps = try annotations("images-sync-download")
        #expect(!(text(steps, 1).contains("prepares the next row")), Comment(rawValue: text(steps, 1)))
        #expect(text(steps, 8) == "Row 0 appears with cell #1 (willDisplay).")
        // A cell really prepared ahead is still called so.
        let drag = try annotations("seed004-slow-scroll")
        #expect(text(drag, 103).contains("prepares the next row's cell ahead of time"), Comment(rawValue: text(drag, 103)))
        #expect(text(drag, 124) == "Row 21 appears with cell #22, prepared ahead at 566.7 ms.")
    }

    @Test func testOneRowIsSingularAndTheKindIsNotRepeated() throws {
        let seed = try annotations("seed004-slow-scroll")
        #expect(seed.contains { $0.kind == .prefetchRowsAt && $0.text.contains("row 29 (1 row)") && $0.text.contains("It is not needed yet") })
        #expect(!(seed.contains { $0.kind == .cellForRowAt && $0.text.hasPrefix("cellForRowAt") }))
    }

    @Test func testWithIsPrefetchingEnabledOffNothingIsSaidToBePreparedAhead() throws {
        let off = try annotations("prefetching-disabled")
        let configured = off.filter { $0.kind == .cellForRowAt }
        #expect(configured.count > 20)
        #expect(configured.allSatisfy { $0.text.contains("isPrefetchingEnabled is false, so the table view asks for a row's cell only when the row is about to appear, never ahead of time.") }, Comment(rawValue: configured.map(\.text).joined(separator: "\n")))
        #expect(!(off.contains { $0.text.contains("prepares the next row's cell ahead") || $0.text.contains("prepared ahead") }))
        #expect(!(off.contains { $0.kind == .prefetchRowsAt }))
        // The same drag with the property on (seed 004) is explained with cells prepared ahead.
        #expect(try annotations("seed004-slow-scroll").contains { $0.text.contains("prepared ahead at") })
        let summary = replayCommand(["replay", Self.traces.appendingPathComponent("prefetching-disabled.trace.json").path, "--summary"])
        #expect(summary.status == 0, Comment(rawValue: summary.err))
        #expect(summary.out.flattened.contains("No prefetching: isPrefetchingEnabled is false, so the table view requests each cell only when its row is about to appear, never ahead, and never calls the prefetch data source the app set."), Comment(rawValue: summary.out))
    }

    @Test func testAReloadReplacesCellsWithoutTheRowLeavingTheScreen() throws {
        let reload = try annotations("reload-data")
        let ends = reload.drop { $0.kind != .reloadData }.prefix { $0.kind != .frame }.filter { $0.kind == .didEndDisplaying }
        #expect(!ends.isEmpty)
        #expect(ends.allSatisfy { $0.text.contains("the reload replaces it, while the row itself stays on screen") }, Comment(rawValue: ends.map(\.text).joined(separator: "\n")))
    }

    @Test func testWhichThreadWaitsForASynchronousDownload() throws {
        #expect(try annotations("images-sync-download").contains { $0.kind == .imageRequest && $0.text.contains("on the main thread: nothing else can happen there") })
        #expect(try annotations("images-async-no-reset").contains { $0.kind == .imageRequest && $0.text.contains("A background thread waits") })
    }

    @Test func testAResetInPrepareForReuseNamesTheRowTheCellIsGoingTo() throws {
        let late = try annotations("late-response-async-reset")
        #expect(late.contains { $0.text.hasPrefix("prepareForReuse clears cell #22's image view (nothing) before it is configured for row 44") })
    }

    @Test func testAReuseIdentifierFromTheTraceIsEscaped() throws {
        let text = """
        {"format": "reuselab-trace", "version": 1, "title": "t", "profile": "classic", "events": [
        {"seq":0,"t":0,"kind":"init","cell":1,"identifier":"C\\u001b]0;x\\u0007"},
        {"seq":1,"t":0,"kind":"cellForRowAt","row":0,"cell":1}
        ]}
        """
        let trace = try TraceReader.read(bytes: Array(text.utf8), file: "hand.json")
        let result = try Annotator.annotate(trace, file: "hand.json")
        #expect(!(result[0].text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }), Comment(rawValue: result[0].text))
        #expect(result[0].text.contains("C\\e]0;x\\u{7}"), Comment(rawValue: result[0].text))
    }
}
