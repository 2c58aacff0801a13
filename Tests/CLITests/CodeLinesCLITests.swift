import Testing
import Foundation
import TraceModel
import TraceCoding
import ReuseLabTestSupport

/// A trace that carries its app's code shows, under each step the code caused,
/// the file, the line and its text; `--json` gives them as `"code"`.
@Suite
final class CodeLinesCLITests {
    /// Folders kept until the test ends (each test has its own instance).
    private var keptAlive: [TemporaryFolder] = []

    static let code = CarriedCode(files: [
        CarriedCode.File(name: "AsyncNoResetStrategy.swift", lines: [
            "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "        let cell = tableView.dequeueReusableCell(withIdentifier: ProfileCell.identifier, for: indexPath)",
            "                cell.profileImageView.image = UIImage(data: imageData) // a long comment that goes on and on past any terminal",
            "        evil \u{1B}[2J here",
        ]),
    ])

    func writeTrace() throws -> String {
        let header = TraceHeader(title: "Code beside the trace", profile: .modern, code: Self.code)
        let events = [
            TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "MyCell"), code: CodeLine(line: 2)),
            TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1), code: CodeLine(line: 1)),
            TraceEvent(seq: 2, time: .zero, body: .willDisplay(row: 0, cell: 1)),
            TraceEvent(seq: 3, time: .zero, body: .note(text: "a note"), code: CodeLine(line: 4)),
            TraceEvent(seq: 4, time: .zero, body: .imageSet(cell: 1, image: .image(0)), code: CodeLine(line: 3)),
        ]
        let folder = try TemporaryFolder(prefix: "reuselab-code", removeWhenReleased: true)
        keptAlive.append(folder)
        return try folder.write("code.trace.json", TraceWriter.text(Trace(header: header, events: events)))
    }

    @Test func testTheListingShowsTheLineUnderTheStep() throws {
        let path = try writeTrace()
        let listing = reuselab(["replay", path])
        #expect(listing.status == 0, Comment(rawValue: listing.err))
        let lines = listing.out.split(separator: "\n").map(String.init)
        let initAt = try #require(lines.firstIndex { $0.contains("  init  ") }, Comment(rawValue: listing.out))
        let codeLine = try #require(lines[initAt...].first { $0.contains("line 2  ") }, Comment(rawValue: listing.out))
        #expect(codeLine == "         line 2  let cell = tableView.dequeueReusableCell(withIdentifier: Profi…")
        #expect(listing.out.contains("line 1  func tableView(_ tableView: UITableView, cellForRowAt"), Comment(rawValue: listing.out))
        #expect(listing.out.contains(#"line 4  evil \e[2J here"#), "a control character in the code is shown, not sent")
        for line in lines { #expect(line.count <= 80, Comment(rawValue: line)) }
        // willDisplay has no line: nothing is printed under it.
        let willDisplayAt = try #require(lines.firstIndex { $0.contains("  willDisplay  ") })
        #expect(!(lines[willDisplayAt + 1].contains("line ")), Comment(rawValue: lines[willDisplayAt + 1]))
    }

    @Test func testJSONCarriesTheLine() throws {
        let path = try writeTrace()
        let result = reuselab(["replay", path, "--json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let objects = try result.out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let code = try #require(objects[4]["code"] as? [String: Any])
        #expect((code["file"] as? String) == "AsyncNoResetStrategy.swift")
        #expect((code["line"] as? Int) == 3)
        #expect((code["text"] as? String) == Self.code.files[0].lines[2])
        #expect((code["function"] as? String) == "tableView(_:cellForRowAt:)", "the function the line is in")
        #expect(objects[2]["code"] == nil, "a step without a line has no code")
    }
}
