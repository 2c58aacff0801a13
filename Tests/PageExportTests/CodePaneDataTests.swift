import Foundation
import Testing
@testable import PageExport
import ReuseLabTestSupport
import TraceModel
import TraceCoding

/// What the page's code pane and request arrows are drawn from: the carried code
/// once, each step's line with its function, the lines that explain it, and
/// where each request in flight will land.
@Suite
final class CodePaneDataTests {
    static func trace(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("traces/\(name).trace.json").path
    }

    static func view(_ name: String) throws -> [String: Any] {
        let html = try HTMLPages.trace(path: trace(name), generator: "test")
        return try #require((try PageData.embedded(html)["traces"] as? [[String: Any]])?.first)
    }

    @Test func testTheFirstStaleFramePointsAtTheClosureAndThePrepareForReuse() throws {
        let view = try Self.view("images-async-no-reset")
        let code = try #require(view["code"] as? [String: Any])
        let files = try #require(code["files"] as? [[String: Any]])
        #expect(files.map { $0["name"] as? String } == ["AsyncNoResetStrategy.swift"])
        let lines = try #require(files[0]["lines"] as? [String])
        let steps = try #require(view["steps"] as? [[String: Any]])
        let stale = steps[265]
        #expect((stale["m"] as? [String]) == ["STALE"])
        // [file, line, first and last line of its function]
        let place = try #require(stale["c"] as? [Int])
        #expect(place.count == 4)
        #expect(lines[place[1] - 1].trimmingCharacters(in: .whitespaces) == "cell.profileImageView.image = UIImage(data: imageData)")
        #expect(lines[place[2] - 1].contains("func tableView(_ tableView: TableView, cellForRowAt"), Comment(rawValue: lines[place[2] - 1]))
        #expect(lines[place[3] - 1].trimmingCharacters(in: .whitespaces) == "}")
        let related = try #require(stale["r"] as? [[Int]])
        #expect(related.map { lines[$0[1] - 1].trimmingCharacters(in: .whitespaces) } == ["override func prepareForReuse() {", "// profileImageView.image = nil   ← commented out in the app", "}"])
        // A step of UIKit's own (willDisplay) has no line.
        let willDisplay = try #require(steps.first { $0["k"] as? String == "willDisplay" })
        #expect(willDisplay["c"] == nil)
    }

    @Test func testALateAnswerIsDrawnWithTheCellItWillLandIn() throws {
        let view = try Self.view("late-response-async-reset")
        let states = PageData.states(view)
        // At step 400, row 2's request is in flight; cell #3, which it will write
        // into, shows row 26 by then.
        let requests = try #require(states[400]["requests"] as? [[Any]])
        let rowTwo = try #require(requests.first { $0.first as? String == "row 2" })
        let landing = try #require(rowTwo.last as? [Any])
        #expect((landing[0] as? Int) == 3)
        #expect((landing[1] as? String) == "row 26")
        #expect((landing[2] as? Int) == 1, "late: the cell shows another row")
    }

    @Test func testAnImportedLogCarriesNoCodeAndSaysItIsImported() throws {
        let view = try Self.view("device-seed004")
        #expect(view["code"] == nil)
        #expect((view["imported"] as? Bool) == true)
        #expect((view["steps"] as? [[String: Any]] ?? []).allSatisfy { $0["c"] == nil })
    }

    /// Code is text from the trace like any other: a control character shows as an
    /// escape, and markup stays text inside the page's JSON.
    @Test func testHostileCodeIsMadeVisibleAndStaysData() throws {
        let code = CarriedCode(files: [CarriedCode.File(name: "Evil</script>.swift", lines: [
            "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "        let x = \"</script><img src=x onerror=alert(1)>\" // \u{1B}[2J \u{202E}",
            "    }",
        ])])
        let trace = Trace(header: TraceHeader(title: "hostile code", profile: .modern, code: code), events: [
            TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell"), code: CodeLine(line: 2)),
            TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1), code: CodeLine(line: 1)),
        ])
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: TraceWriter.text(trace), in: folder)
        #expect(!(html.contains("\u{1B}")), "no raw escape character in the page")
        #expect((html.components(separatedBy: "<script").count - 1) == 2, "only the data and the page's script")
        let view = try #require((try PageData.embedded(html)["traces"] as? [[String: Any]])?.first)
        let files = try #require((view["code"] as? [String: Any])?["files"] as? [[String: Any]])
        #expect((files.first?["name"] as? String) == "Evil</script>.swift")
        let lines = try #require(files.first?["lines"] as? [String])
        #expect(lines[1].contains(#"\e[2J"#), Comment(rawValue: lines[1]))
        #expect(lines[1].contains("</script><img src=x onerror=alert(1)>"), "markup stays text in the data")
        let steps = try #require(view["steps"] as? [[String: Any]])
        #expect((steps[0]["c"] as? [Int]) == [0, 2, 1, 3])
    }
}
