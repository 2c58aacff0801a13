import ReuseLabTestSupport
import Foundation
import Testing
import ReuseLabCLI
import TraceModel
import ToolSupport
import TraceCoding

/// What one run of the command printed and the status it returned.
struct CommandResult {
    var status: Int32
    var out: String
    var err: String
    var outBytes: [UInt8] = []
    /// False when a separate process ended by a signal (a crash) instead of exiting.
    var exited = true
    /// True when a separate process ran past its time limit and was killed.
    var timedOut = false
}

extension String {
    /// The text with every run of spaces and line breaks made one space: a message
    /// wrapped to the terminal's width, read as one line again.
    var flattened: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}

/// The package's top folder.
let packageRoot = Golden.packageRoot

/// A bundled trace's path, `traces/NAME.trace.json` under the package.
func bundledTrace(_ name: String) -> String { BundledFiles.tracePath(name) }

/// Collects what a command writes, in place of the real standard output and error.
final class CapturedOutput {
    var out = ""
    var err = ""
}

/// Runs `reuselab ARGUMENTS` in-process with captured output.
func reuselab(_ arguments: [String]) -> CommandResult {
    let captured = CapturedOutput()
    let io = CommandIO(out: { captured.out += $0 }, err: { captured.err += $0 })
    let status = ReuseLab.run(arguments, io: io)
    return CommandResult(status: status, out: captured.out, err: captured.err, outBytes: Array(captured.out.utf8))
}

/// Checks a failed command the way a user reads it: the exit status, one
/// `reuselab: error:` line on standard error naming the file, the line:column or event,
/// and what was expected; nothing on standard output.
func assertFailure(_ result: CommandResult, status: Int32, file expectedFile: String? = nil,
                   line expectedLine: Int? = nil, column expectedColumn: Int? = nil, event: Int? = nil,
                   contains parts: [String] = [], allowOutput: Bool = false,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "exit status; stderr: \(result.err)", sourceLocation: sourceLocation)
    #expect(result.err.hasPrefix("reuselab: error: "), "stderr: \(result.err)", sourceLocation: sourceLocation)
    #expect(result.err.hasSuffix("\n"), "stderr must end with a line break: \(result.err)", sourceLocation: sourceLocation)
    if !allowOutput {
        #expect(result.out == "", "nothing on stdout for a failure", sourceLocation: sourceLocation)
    }
    var prefix = "reuselab: error: "
    if let expectedFile {
        prefix += expectedFile
        if let expectedLine {
            prefix += ":\(expectedLine)"
            if let expectedColumn { prefix += ":\(expectedColumn)" }
        }
        #expect(result.err.hasPrefix(prefix + (expectedLine != nil && expectedColumn == nil ? ":" : "")), "expected stderr to start with \"\(prefix)\", got: \(result.err)", sourceLocation: sourceLocation)
    }
    if let event {
        #expect(result.err.contains(": event \(event), at events[\(event)]"), "expected event \(event) in: \(result.err)", sourceLocation: sourceLocation)
    }
    for part in parts {
        #expect(result.err.contains(part), "expected \"\(part)\" in: \(result.err)", sourceLocation: sourceLocation)
    }
}

/// Test cases that get a temporary folder, removed afterwards.
class FolderTestCase {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Takes a folder a subclass made before it could call `init()`.
    init(folder: TemporaryFolder) throws {
        self.folder = folder
    }

    deinit {
        folder.remove()
    }
}

enum Fixtures {
    /// A small scenario (30 rows, a short drag) laid out one member per line; records in milliseconds.
    static let scenario = """
    {
      "title": "CLI test: a short drag",
      "profile": "modern",
      "table": { "rows": 30, "rowHeight": 44, "viewportHeight": 300, "contentInset": { "top": 20, "bottom": 10 } },
      "strategy": "plain",
      "prefetching": true,
      "script": [
        { "note": { "text": "seven rows fit" } },
        { "drag": { "by": 200, "ms": 500 } },
        { "disappear": {} }
      ]
    }
    """

    /// The same scenario under the classic profile, without prefetching.
    static let classicScenario = scenario
        .replacingOccurrences(of: "\"modern\"", with: "\"classic\"")
        .replacingOccurrences(of: "\"prefetching\": true", with: "\"prefetching\": false")

    static func scenario(replacing old: String, with new: String) -> String {
        precondition(scenario.contains(old), "the fixture scenario has no \(old)")
        return scenario.replacingOccurrences(of: old, with: new)
    }

    /// Where `needle` starts in `text`: 1-based line and column (Unicode scalars).
    static func locate(_ needle: String, in text: String, offset: Int = 0) -> (line: Int, column: Int) {
        guard let range = text.range(of: needle) else { return (0, 0) }
        var line = 1, column = 1
        for scalar in text[..<range.lowerBound].unicodeScalars {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column + offset)
    }

    /// A hand-written trace without a scenario: one header member per line, events from line 7.
    static func trace(events bodies: [String]) -> String {
        let events = bodies.enumerated().map { "    {\"seq\":\($0.offset),\"t\":\($0.offset),\($0.element)}" }
        return "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"hand-written\",\n  \"profile\": \"modern\",\n  \"events\": [\n"
            + events.joined(separator: ",\n") + "\n  ]\n}\n"
    }
    static let firstEventLine = 7

    static let lifecycleOnly = trace(events: [
        #""kind":"init","cell":1,"identifier":"Cell""#,
        #""kind":"cellForRowAt","row":0,"cell":1"#,
        #""kind":"willDisplay","row":0,"cell":1"#,
        #""kind":"didEndDisplaying","row":0,"cell":1"#,
        #""kind":"prepareForReuse","cell":1,"identifier":"Cell","previousRow":0"#,
    ])
}

/// The built `reuselab` executable and a way to run it as a separate process.
enum Executable {
    static var url: URL? { ReuselabExecutable.url }

    static func require() throws -> URL { try ReuselabExecutable.require() }

    /// Runs `executable arguments` in `folder`, feeding `stdin` (a file path) if given.
    static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String]? = nil, in folder: TemporaryFolder, timeout: TimeInterval = 120) throws -> CommandResult {
        let outcome = try ReuselabExecutable.run(executable, arguments, stdinPath: stdin, environment: environment,
                                                 directory: folder.url, timeout: timeout)
        return CommandResult(status: outcome.status, out: outcome.out, err: outcome.err, outBytes: outcome.outBytes,
                             exited: outcome.exited, timedOut: outcome.timedOut)
    }
}
