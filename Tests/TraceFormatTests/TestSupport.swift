import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

// Shared helpers for the TraceFormat tests: building inputs, catching the typed
// errors the parser and decoders throw, and asserting on the parts of a message a
// user relies on (file, line:column, event number, path, what was expected).

func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A scenario decoded from text, a syntax error turned into the error a reader gives.
func decodeScenario(_ text: String, knownStrategies: [String]? = nil, strategiesChangingData: [String]? = nil) throws(ReuseLabError) -> Scenario {
    let root: JSONField
    do {
        root = try parseField(text)
    } catch {
        throw ReuseLabError(.badInput, location: InputLocation(position: error.position), error.message)
    }
    return try Scenario.decode(root, knownStrategies: knownStrategies, strategiesChangingData: strategiesChangingData)
}

/// The syntax error `text` gives, or nil when it parses.
func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(bytes: utf8(text))
}

func syntaxError(bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try parseTape(bytes)
        return nil
    } catch {
        return error
    }
}

/// Parses a document that must be valid JSON.
func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONNode? {
    do {
        return try parseTree(utf8(text))
    } catch {
        Issue.record("expected valid JSON, got \(error.position): \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Where `needle` starts in `text` (its `occurrence`-th appearance), counted as the
/// parser documents it: lines from 1, columns in Unicode scalars from 1.
/// `offset` moves the result that many columns right (to point past a key).
/// Computed independently of the parser, so position assertions are not circular.
func locate(_ needle: String, in text: String, occurrence: Int = 1, offset: Int = 0,
            sourceLocation: SourceLocation = #_sourceLocation) -> SourcePosition {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else {
            Issue.record("\"\(needle)\" does not occur \(occurrence) time(s) in the test input", sourceLocation: sourceLocation)
            return SourcePosition(line: 0, column: 0)
        }
        found = range
        searchStart = range.upperBound
    }
    var lineNumber = 1, column = 1
    for scalar in text[..<found!.lowerBound].unicodeScalars {
        if scalar == "\n" { lineNumber += 1; column = 1 } else { column += 1 }
    }
    return SourcePosition(line: lineNumber, column: column + offset)
}

/// Runs a throwing piece of code that must fail with a `ReuseLabError`.
func expectError(sourceLocation: SourceLocation = #_sourceLocation,
                 _ body: () throws(ReuseLabError) -> Void) -> ReuseLabError? {
    do {
        try body()
        Issue.record("expected an error, but the input was accepted", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Checks an error the way a user reads it: its exit status, and that its printed
/// form names the file, the line:column, the event, the path, and what was expected.
func assertError(_ error: ReuseLabError?, status: Int32 = 65,
                 file expectedFile: String? = nil, at position: SourcePosition? = nil,
                 event: Int? = nil, path: String? = nil, contains parts: [String] = [],
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error else {
        Issue.record("no error", sourceLocation: sourceLocation)
        return
    }
    let text = error.description
    #expect(error.kind.exitStatus == status, "wrong exit status for: \(text)", sourceLocation: sourceLocation)
    var prefix = ""
    if let expectedFile { prefix = expectedFile }
    if let position { prefix += (prefix.isEmpty ? "" : ":") + "\(position.line):\(position.column)" }
    if !prefix.isEmpty {
        #expect(text.hasPrefix(prefix + ":"), "expected the message to start with \"\(prefix):\", got: \(text)", sourceLocation: sourceLocation)
    }
    if let position {
        #expect(error.location.position == position, "wrong position in: \(text)", sourceLocation: sourceLocation)
    }
    if let event {
        #expect(error.location.eventIndex == event, "wrong event in: \(text)", sourceLocation: sourceLocation)
        #expect(text.contains("event \(event)"), "expected \"event \(event)\" in: \(text)", sourceLocation: sourceLocation)
    }
    if let path {
        #expect(text.contains("at \(path):"), "expected \"at \(path):\" in: \(text)", sourceLocation: sourceLocation)
    }
    for part in parts {
        #expect(text.contains(part), "expected \"\(part)\" in: \(text)", sourceLocation: sourceLocation)
    }
}

/// A hand-written trace, laid out like a recorded one: one header member per line,
/// then one event per line, so event `i` starts at line `firstEventLine + i`, column 5.
struct TraceText {
    var format = "\"reuselab-trace\""
    var version = "1"
    var title = "\"hand-written\""
    var profile = "\"modern\""
    /// Compact JSON for the `scenario` member, or nil for a trace without one.
    var scenario: String?
    var events: [String]

    init(scenario: String? = nil, events: [String]) {
        self.scenario = scenario
        self.events = events
    }

    /// Events numbered 0, 1, 2, … with `t` rising by one millisecond each.
    init(scenario: String? = nil, numbered bodies: [String]) {
        self.init(scenario: scenario, events: TraceText.numbered(bodies))
    }

    static func numbered(_ bodies: [String]) -> [String] {
        bodies.enumerated().map { "{\"seq\":\($0.offset),\"t\":\($0.offset),\($0.element)}" }
    }

    var firstEventLine: Int { scenario == nil ? 7 : 8 }

    func position(ofEvent index: Int) -> SourcePosition {
        SourcePosition(line: firstEventLine + index, column: 5)
    }

    var text: String {
        var out = "{\n"
        out += "  \"format\": \(format),\n"
        out += "  \"version\": \(version),\n"
        out += "  \"title\": \(title),\n"
        out += "  \"profile\": \(profile),\n"
        if let scenario { out += "  \"scenario\": \(scenario),\n" }
        out += "  \"events\": [\n"
        out += events.map { "    " + $0 }.joined(separator: ",\n")
        out += events.isEmpty ? "  ]\n}\n" : "\n  ]\n}\n"
        return out
    }

    var bytes: [UInt8] { utf8(text) }
}

/// Event bodies (everything after `seq` and `t`) for hand-written traces.
enum Ev {
    static func initCell(_ cell: Int, _ identifier: String = "Cell") -> String { "\"kind\":\"init\",\"cell\":\(cell),\"identifier\":\"\(identifier)\"" }
    static func cellForRowAt(_ row: Int, _ cell: Int) -> String { "\"kind\":\"cellForRowAt\",\"row\":\(row),\"cell\":\(cell)" }
    static func willDisplay(_ row: Int, _ cell: Int) -> String { "\"kind\":\"willDisplay\",\"row\":\(row),\"cell\":\(cell)" }
    static func didEndDisplaying(_ row: Int, _ cell: Int) -> String { "\"kind\":\"didEndDisplaying\",\"row\":\(row),\"cell\":\(cell)" }
    static func prepareForReuse(_ cell: Int, previousRow: Int, _ identifier: String = "Cell") -> String {
        "\"kind\":\"prepareForReuse\",\"cell\":\(cell),\"identifier\":\"\(identifier)\",\"previousRow\":\(previousRow)"
    }
    static func enqueue(_ cell: Int, _ identifier: String = "Cell") -> String { "\"kind\":\"enqueue\",\"cell\":\(cell),\"identifier\":\"\(identifier)\"" }
    static func deinitCell(_ cell: Int) -> String { "\"kind\":\"deinit\",\"cell\":\(cell)" }
    static func prefetch(_ rows: [Int]) -> String { "\"kind\":\"prefetchRowsAt\",\"rows\":[\(rows.map(String.init).joined(separator: ","))]" }
    static func cancelPrefetch(_ rows: [Int]) -> String { "\"kind\":\"cancelPrefetchingForRowsAt\",\"rows\":[\(rows.map(String.init).joined(separator: ","))]" }
    static func frame(_ number: Int, offset: Double = 0, _ cells: [(row: Int, cell: Int)]) -> String {
        let list = cells.map { "{\"row\":\($0.row),\"cell\":\($0.cell)}" }.joined(separator: ",")
        return "\"kind\":\"frame\",\"frame\":\(number),\"offset\":\(NumberText.of(offset)),\"cells\":[\(list)]"
    }

    /// A cell created, configured and shown in `row`: three events.
    static func show(row: Int, cell: Int) -> [String] {
        [initCell(cell), cellForRowAt(row, cell), willDisplay(row, cell)]
    }
}

/// A small scenario for trace headers: 5 rows of 44 points.
let fiveRowScenario = #"{"title":"five rows","profile":"modern","table":{"rows":5,"rowHeight":44,"viewportHeight":200},"strategy":"plain","script":[{"wait":{"ms":100}}]}"#

/// Validates a trace that must fail, returning its error.
func validationError(_ trace: TraceText, file: String = "hand.trace.json",
                     sourceLocation: SourceLocation = #_sourceLocation) -> ReuseLabError? {
    validationError(bytes: trace.bytes, file: file, sourceLocation: sourceLocation)
}

func validationError(bytes: [UInt8], file: String = "hand.trace.json",
                     sourceLocation: SourceLocation = #_sourceLocation) -> ReuseLabError? {
    do {
        let summary = try TraceValidator.validate(bytes: bytes, file: file)
        Issue.record("expected the trace to be rejected; it validated with \(summary.eventCount) events", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

