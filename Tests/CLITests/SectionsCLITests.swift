import ReuseLabTestSupport
import Foundation
import Testing

/// The bundled table with sections, through every command a user would run on it.
@Suite
final class SectionsCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var trace: String { Self.root.appendingPathComponent("traces/sections.trace.json").path }

    @Test func testEveryReaderNamesRowsBySection() {
        let validate = reuselab(["validate", trace])
        #expect(validate.status == 0, Comment(rawValue: validate.err))
        let replay = reuselab(["replay", trace])
        #expect(replay.status == 0, Comment(rawValue: replay.err))
        #expect(replay.out.flattened.contains("Inside cellForRowAt for section 1 row 10, dequeueReusableCell takes cell #1, which showed section 0 row 0, from the pool and calls its prepareForReuse."), Comment(rawValue: replay.out))
        #expect(replay.out.flattened.contains("reconfigureRows: the data source configures section 2 row 6's own cell"), Comment(rawValue: replay.out))
        let picture = reuselab(["replay", trace, "--to", "130", "--picture"])
        #expect(picture.out.contains("| row 1:9 "), Comment(rawValue: picture.out))
        let stats = reuselab(["stats", trace])
        #expect(stats.status == 0, Comment(rawValue: stats.err))
        #expect(stats.out.contains("cells created"), Comment(rawValue: stats.out))
        let diff = reuselab(["diff", trace, trace])
        #expect(diff.status == 0, Comment(rawValue: diff.err))
        #expect(diff.out.flattened.contains("Equivalent"), Comment(rawValue: diff.out))
    }

    @Test func testADiffKeysRowsBySection() throws {
        // The same table without its headers: the rows move, so the traces part, and the keys say where.
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let other = try folder.write("flat.trace.json", text.replacingOccurrences(of: "\"header\":28", with: "\"header\":0"))
        let scenario = try folder.write("flat.scenario.json", try String(contentsOfFile: Self.root.appendingPathComponent("traces/sections.scenario.json").path, encoding: .utf8)
            .replacingOccurrences(of: "\"header\": 28", with: "\"header\": 0"))
        #expect(reuselab(["record", scenario, "-o", other, "--force"]).status == 0)
        let diff = reuselab(["diff", trace, other])
        #expect(diff.status == 1, Comment(rawValue: "the traces differ: " + diff.err))
        #expect(diff.out.contains("section 1 row "), Comment(rawValue: diff.out))
    }

    @Test func testALessonNamingARowOutsideTheTableIsRefusedWhereItSaysSo() throws {
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
        #expect(check.status != 0)
        #expect(check.err.contains("steps[0].questions[0]"), Comment(rawValue: check.err))
        #expect(check.err.contains("section 1 has 30 rows (0–29), found row 30"), Comment(rawValue: check.err))
    }
}
