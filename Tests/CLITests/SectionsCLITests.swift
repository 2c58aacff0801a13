import ReuseLabTestSupport
import Foundation
import XCTest

/// The bundled table with sections, through every command a user would run on it.
final class SectionsCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var trace: String { Self.root.appendingPathComponent("traces/sections.trace.json").path }

    func testEveryReaderNamesRowsBySection() {
        let validate = reuselab(["validate", trace])
        XCTAssertEqual(validate.status, 0, validate.err)
        let replay = reuselab(["replay", trace])
        XCTAssertEqual(replay.status, 0, replay.err)
        XCTAssertTrue(replay.out.flattened.contains("Inside cellForRowAt for section 1 row 10, dequeueReusableCell takes cell #1, which showed section 0 row 0, from the pool and calls its prepareForReuse."), replay.out)
        XCTAssertTrue(replay.out.flattened.contains("reconfigureRows: the data source configures section 2 row 6's own cell"), replay.out)
        let picture = reuselab(["replay", trace, "--to", "130", "--picture"])
        XCTAssertTrue(picture.out.contains("| row 1:9 "), picture.out)
        let stats = reuselab(["stats", trace])
        XCTAssertEqual(stats.status, 0, stats.err)
        XCTAssertTrue(stats.out.contains("cells created"), stats.out)
        let diff = reuselab(["diff", trace, trace])
        XCTAssertEqual(diff.status, 0, diff.err)
        XCTAssertTrue(diff.out.flattened.contains("Equivalent"), diff.out)
    }

    func testADiffKeysRowsBySection() throws {
        // The same table without its headers: the rows move, so the traces part, and the keys say where.
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let other = try folder.write("flat.trace.json", text.replacingOccurrences(of: "\"header\":28", with: "\"header\":0"))
        let scenario = try folder.write("flat.scenario.json", try String(contentsOfFile: Self.root.appendingPathComponent("traces/sections.scenario.json").path, encoding: .utf8)
            .replacingOccurrences(of: "\"header\": 28", with: "\"header\": 0"))
        XCTAssertEqual(reuselab(["record", scenario, "-o", other, "--force"]).status, 0)
        let diff = reuselab(["diff", trace, other])
        XCTAssertEqual(diff.status, 1, "the traces differ: " + diff.err)
        XCTAssertTrue(diff.out.contains("section 1 row "), diff.out)
    }

    func testALessonNamingARowOutsideTheTableIsRefusedWhereItSaysSo() throws {
        let lesson = """
        {
          "id": "bad-section",
          "title": "A row that is not there",
          "trace": "\(trace)",
          "introduction": "x",
          "steps": [
            { "narration": "n", "pause": { "event": 10 },
              "question": { "ask": "q", "query": "cellForRow", "section": 1, "row": 30 } }
          ],
          "takeaway": "t"
        }
        """
        let path = try folder.write("bad.json", lesson)
        let check = reuselab(["lesson", "check", path])
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.err.contains("steps[0].questions[0]"), check.err)
        XCTAssertTrue(check.err.contains("section 1 has 30 rows (0–29), found row 30"), check.err)
    }
}
