import XCTest
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The teardown explained as UIKit does it: the screen goes away, the table view is
/// deallocated with every cell it holds, and no row gets didEndDisplaying.
final class TeardownAnnotationTests: XCTestCase {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    func annotations(_ name: String) throws -> [Annotation] {
        let path = Self.traces.appendingPathComponent(name + ".trace.json").path
        return try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    func testEachCellIsExplainedByWhereItWasWhenTheTableViewWent() throws {
        let leave = try annotations("leave-screen")
        let gone = try XCTUnwrap(leave.firstIndex { $0.kind == .viewDidDisappear })
        XCTAssertTrue(leave[gone].text.hasPrefix("The screen goes away (viewDidDisappear); then the table view is deallocated with every cell it holds"), leave[gone].text)
        XCTAssertTrue(leave[gone].text.contains("The rows still on screen get no didEndDisplaying"), leave[gone].text)
        let after = leave[(gone + 1)...]
        XCTAssertFalse(after.contains { $0.kind == .didEndDisplaying })
        let texts = after.filter { $0.kind == .deinitCell }.map(\.text)
        XCTAssertEqual(texts.count, 23)
        XCTAssertTrue(texts.contains("Cell #9, still showing row 8, is deallocated (deinit) with the table view, without didEndDisplaying: UIKit sends none when the screen goes away."), texts.joined(separator: "\n"))
        XCTAssertTrue(texts.contains("Cell #7, prepared ahead for row 29, is deallocated (deinit) with the table view; row 29 never appeared."), texts.joined(separator: "\n"))
        XCTAssertTrue(texts.contains("Cell #8, kept aside since row 7 left, is deallocated (deinit) with the table view."), texts.joined(separator: "\n"))
        XCTAssertFalse(texts.contains { $0.contains("memory warning") })
        XCTAssertEqual(after.last?.text, "The recording ends; the screen has gone away with its table view and cells.")

        let pooled = try annotations("images-async-no-reset").filter { $0.kind == .deinitCell }.map(\.text)
        XCTAssertTrue(pooled.contains("Cell #2, waiting in the reuse pool, is deallocated (deinit) with the table view."), pooled.joined(separator: "\n"))
    }

    func testAMemoryWarningIsStillExplainedAsOne() throws {
        let warning = try annotations("memory-warning").filter { $0.kind == .deinitCell }
        XCTAssertFalse(warning.isEmpty)
        XCTAssertTrue(warning.allSatisfy { $0.text.contains("the pool was emptied (memory warning)") }, warning.map(\.text).joined(separator: "\n"))
    }
}
