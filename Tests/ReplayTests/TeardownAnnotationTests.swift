import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The teardown explained as UIKit does it: the screen goes away, the table view is
/// deallocated with every cell it holds, and no row gets didEndDisplaying.
@Suite
final class TeardownAnnotationTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    func annotations(_ name: String) throws -> [Annotation] {
        let path = Self.traces.appendingPathComponent(name + ".trace.json").path
        return try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    @Test func testEachCellIsExplainedByWhereItWasWhenTheTableViewWent() throws {
        let leave = try annotations("leave-screen")
        let gone = try #require(leave.firstIndex { $0.kind == .viewDidDisappear })
        #expect(leave[gone].text.hasPrefix("The screen goes away (viewDidDisappear); then the table view is deallocated with every cell it holds"), Comment(rawValue: leave[gone].text))
        #expect(leave[gone].text.contains("The rows still on screen get no didEndDisplaying"), Comment(rawValue: leave[gone].text))
        let after = leave[(gone + 1)...]
        #expect(!(after.contains { $0.kind == .didEndDisplaying }))
        let texts = after.filter { $0.kind == .deinitCell }.map(\.text)
        #expect(texts.count == 23)
        #expect(texts.contains("Cell #9, still showing row 8, is deallocated (deinit) with the table view, without didEndDisplaying: UIKit sends none when the screen goes away."), Comment(rawValue: texts.joined(separator: "\n")))
        #expect(texts.contains("Cell #7, prepared ahead for row 29, is deallocated (deinit) with the table view; row 29 never appeared."), Comment(rawValue: texts.joined(separator: "\n")))
        #expect(texts.contains("Cell #8, kept aside since row 7 left, is deallocated (deinit) with the table view."), Comment(rawValue: texts.joined(separator: "\n")))
        #expect(!(texts.contains { $0.contains("memory warning") }))
        #expect(after.last?.text == "The recording ends; the screen has gone away with its table view and cells.")

        let pooled = try annotations("images-async-no-reset").filter { $0.kind == .deinitCell }.map(\.text)
        #expect(pooled.contains("Cell #2, waiting in the reuse pool, is deallocated (deinit) with the table view."), Comment(rawValue: pooled.joined(separator: "\n")))
    }

    @Test func testAMemoryWarningIsStillExplainedAsOne() throws {
        let warning = try annotations("memory-warning").filter { $0.kind == .deinitCell }
        #expect(!warning.isEmpty)
        #expect(warning.allSatisfy { $0.text.contains("the pool was emptied (memory warning)") }, Comment(rawValue: warning.map(\.text).joined(separator: "\n")))
    }
}
