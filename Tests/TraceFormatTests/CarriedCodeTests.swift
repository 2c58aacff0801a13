import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A trace may carry the app's code in its header and point each event at a line
/// of it; a reader checks every line it is given against the code carried.
@Suite
final class CarriedCodeTests {
    static let code = CarriedCode(files: [
        CarriedCode.File(name: "AsyncNoResetStrategy.swift", lines: [
            "class ProfileCell: UITableViewCell {",
            "    override func prepareForReuse() {",
            "        // profileImageView.image = nil",
            "    }",
            "}",
        ]),
        CarriedCode.File(name: "Model.swift", lines: ["struct Model {}", "// \"quoted\" and \\ escaped\tend"]),
    ])

    static func trace(lines: [CodeLine?]) -> Trace {
        let header = TraceHeader(title: "code", profile: .modern, code: code)
        let bodies: [EventBody] = [.initCell(cell: 1, identifier: "MyCell"), .cellForRowAt(row: 0, cell: 1), .willDisplay(row: 0, cell: 1)]
        let events = bodies.enumerated().map { index, body in
            TraceEvent(seq: index, time: .zero, body: body, code: index < lines.count ? lines[index] : nil)
        }
        return Trace(header: header, events: events)
    }

    @Test func testCodeAndLinesSurviveWritingAndReading() throws {
        let trace = Self.trace(lines: [CodeLine(line: 2), nil, CodeLine(file: 1, line: 2)])
        let text = TraceWriter.text(trace)
        #expect(text.contains(#""line":2,"file":1}"#), Comment(rawValue: text))
        #expect(text.contains(#""kind":"init","cell":1,"identifier":"MyCell","line":2}"#), Comment(rawValue: text))
        #expect(text.contains("\n      \"    override func prepareForReuse() {\",\n"), "one source line per trace line")
        let read = try TraceReader.read(bytes: Array(text.utf8), file: "code.trace.json")
        #expect(read == trace)
        #expect(read.header.code?.text(at: CodeLine(line: 2)) == "    override func prepareForReuse() {")
        #expect(read.header.code?.fingerprint == CarriedCode.fingerprint(of: Self.code.files))
        #expect(read.header.code?.fingerprint.hasPrefix("fnv1a64:") ?? false)
        _ = try TraceValidator.validate(bytes: Array(text.utf8), file: "code.trace.json")
    }

    @Test func testTheFingerprintFollowsTheText() {
        var changed = Self.code.files
        changed[0].lines[2] = "        profileImageView.image = nil"
        #expect(CarriedCode.fingerprint(of: changed) != Self.code.fingerprint)
        var renamed = Self.code.files
        renamed[1].name = "Other.swift"
        #expect(CarriedCode.fingerprint(of: renamed) != Self.code.fingerprint)
        #expect(CarriedCode.fingerprint(of: Self.code.files) == Self.code.fingerprint, "the same on every run")
    }

    /// Validates `text` and returns its error.
    func refusal(_ text: String) -> ReuseLabError? {
        do {
            _ = try TraceValidator.validate(bytes: Array(text.utf8), file: "code.trace.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func testLinesOutsideTheCarriedCodeAreRefused() throws {
        let text = TraceWriter.text(Self.trace(lines: [CodeLine(line: 2)]))
        let pastTheEnd = text.replacingOccurrences(of: #""identifier":"MyCell","line":2}"#, with: #""identifier":"MyCell","line":6}"#)
        assertError(refusal(pastTheEnd), event: 0, path: "events[0].line",
                    contains: ["\"line\" 6 is past the end of AsyncNoResetStrategy.swift, which has 5 lines"])
        let noSuchFile = text.replacingOccurrences(of: #""line":2}"#, with: #""line":2,"file":2}"#)
        assertError(refusal(noSuchFile), event: 0, path: "events[0].file", contains: ["\"file\" is 2, but the trace carries 2 source files"])
        let zero = text.replacingOccurrences(of: #""line":2}"#, with: #""line":0}"#)
        assertError(refusal(zero), event: 0, path: "events[0].line", contains: ["greater than zero"])
        let fileAlone = text.replacingOccurrences(of: #""line":2}"#, with: #""file":1}"#)
        assertError(refusal(fileAlone), event: 0, path: "events[0].file", contains: ["this event has no \"line\""])
    }

    @Test func testALineWithoutCarriedCodeIsRefused() {
        var trace = Self.trace(lines: [])
        trace.header.code = nil
        let text = TraceWriter.text(trace).replacingOccurrences(of: #""identifier":"MyCell"}"#, with: #""identifier":"MyCell","line":3}"#)
        assertError(refusal(text), event: 0, path: "events[0].line", contains: ["this trace's header has no \"code\""])
    }

    @Test func testCodeChangedAfterRecordingIsRefused() {
        let text = TraceWriter.text(Self.trace(lines: [CodeLine(line: 2)]))
        let edited = text.replacingOccurrences(of: "// profileImageView.image = nil", with: "profileImageView.image = nil")
        #expect(edited != text)
        assertError(refusal(edited), path: "code.fingerprint", contains: ["the code was changed after it was recorded"])
    }

    @Test func testATraceWithoutCodeReadsAsBefore() throws {
        var trace = Self.trace(lines: [])
        trace.header.code = nil
        let text = TraceWriter.text(trace)
        #expect(!(text.contains("\"code\": {")))
        #expect((try TraceReader.read(bytes: Array(text.utf8), file: "old.trace.json")) == trace)
    }
}
