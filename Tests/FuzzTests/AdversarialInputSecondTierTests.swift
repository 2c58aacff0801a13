import Foundation
import Testing
import ReuseLabTestSupport

/// One adversarial input for each class of cost the project bounds (docs/limits.md),
/// run as a user runs the program but under a memory limit (`BoundedRun`): each
/// must finish inside its bound or be refused with its status, and leave nothing
/// behind. Built the way a careless user or an attacker would build them: a screen
/// of rows that never leave, strings of megabytes, a diff of traces with nothing
/// in common between their anchors, a huge scenario for `compare`, files that
/// block, an answer line of megabytes.
@Suite(SecondTier.enabled("adversarial inputs under memory limits"))
final class AdversarialInputSecondTierTests {
    let folder: TemporaryFolder
    let binary: URL

    init() throws {
        folder = try TemporaryFolder(removeWhenReleased: true)
        binary = try ReuselabExecutable.require()
    }

    /// Runs `arguments`; the run must end by itself (no kill, no signal) with
    /// `status`, and leave no file in the folder but `keeping`.
    @discardableResult
    func expect(_ arguments: [String], status: Int32, memoryMB: Int, seconds: Double = 120, input: URL? = nil,
                keeping: Set<String> = [], saying: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> FuzzOutcome {
        let before = Set(try files())
        let outcome = try BoundedRun.run(binary, arguments, limits: .init(memoryMB: memoryMB, seconds: seconds),
                                         directory: folder.url, standardInput: input)
        let what = arguments.prefix(4).joined(separator: " ")
        let err = String(decoding: outcome.stderr, as: UTF8.self)
        #expect(!outcome.timedOut, "\(what): not done in \(seconds) s", sourceLocation: sourceLocation)
        #expect(outcome.signal == nil, "\(what): ended by signal \(outcome.signal ?? 0) under \(memoryMB) MB: \(err.suffix(400))", sourceLocation: sourceLocation)
        #expect(outcome.status == status, "\(what): status \(outcome.status): \(err.suffix(400))", sourceLocation: sourceLocation)
        if let saying { #expect(err.contains(saying), "\(what): \(err.suffix(400))", sourceLocation: sourceLocation) }
        let left = Set(try files()).subtracting(before).subtracting(keeping)
        #expect(left.sorted() == [], "\(what) left files behind", sourceLocation: sourceLocation)
        return outcome
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0 != ".capture" }
    }

    func write(_ name: String, _ text: String) throws -> String {
        try folder.write(name, text)
    }

    static func trace(title: String = "t", _ events: [String]) -> String {
        var numbered: [String] = []
        numbered.reserveCapacity(events.count)
        for (seq, body) in events.enumerated() { numbered.append(#"{"seq":\#(seq),"t":\#(seq),"#  + body + "}") }
        return #"{"format":"reuselab-trace","version":1,"title":"\#(title)","profile":"modern","events":["# + numbered.joined(separator: ",\n") + "]}"
    }

    /// Case 1: rows that come on screen and never leave. The page costs what
    /// changes, so 800 rows on screen make a page of a few hundred bytes a step.
    @Test func testAScreenOfRowsThatNeverLeaveMakesASmallPage() throws {
        let rows = 800
        let events = (0..<rows).flatMap { row in
            [#""kind":"init","cell":\#(row + 1),"identifier":"C""#,
             #""kind":"cellForRowAt","row":\#(row),"cell":\#(row + 1)"#,
             #""kind":"willDisplay","row":\#(row),"cell":\#(row + 1)"#]
        }
        let trace = try write("screen.trace.json", Self.trace(events))
        try expect(["html", trace, "-o", "screen.html"], status: 0, memoryMB: 512, keeping: ["screen.html"])
        let size = try FileManager.default.attributesOfItem(atPath: folder.path("screen.html"))[.size] as? Int ?? .max
        // About 150 KB of script and style, and at most a few hundred bytes a step.
        #expect(size < 150_000 + rows * 3 * 400, "a page of \(size) bytes for \(rows * 3) steps")
        // More steps than a page draws: refused before any work, unless asked for.
        let long = try write("long.trace.json", Self.trace(Array(repeating: #""kind":"note","text":"n""#, count: 25_001)))
        try expect(["html", long, "-o", "long.html"], status: 67, memoryMB: 256, seconds: 30, saying: "--max-steps")
    }

    /// Case 2: two traces whose gaps between shared events have nothing in common.
    /// Each gap is just within Myers' exact search, so without the alignment's
    /// work budget every gap cost millions of steps (82 MB a side: 39 s, 1.1 GB
    /// with --json, release); with it, the time stays in proportion to the events.
    /// Debug build, 96 gaps: 37.5 s a run without the budget, about 7 s with it.
    @Test func testADiffOfTracesWithNothingInCommonBetweenAnchorsIsBounded() throws {
        func side(_ offset: Int) -> String {
            var events: [String] = []
            for gap in 0..<192 {
                for event in 0..<1_990 { events.append(#""kind":"prefetchRowsAt","rows":[\#(gap * 100_000 + offset + event)]"#) }
                events.append(#""kind":"prefetchRowsAt","rows":[\#(90_000_000 + gap)]"#)
            }
            return Self.trace(events)
        }
        let a = try write("a.trace.json", side(0)), b = try write("b.trace.json", side(50_000))
        try expect(["diff", a, b], status: 1, memoryMB: 400, seconds: 45)
        try expect(["diff", a, b, "--json"], status: 1, memoryMB: 400, seconds: 45)
    }

    /// Case 3: a string of megabytes in every input that has strings.
    @Test func testStringsOfMegabytesAreRefusedWhereTheyStand() throws {
        let huge = String(repeating: "x", count: 4 << 20)
        let trace = try write("title.trace.json", Self.trace(title: huge, [#""kind":"note","text":"n""#]))
        for command in [["validate"], ["stats"], ["replay"], ["replay", "--summary"], ["html", "-o", "t.html"], ["export", "-o", "t.json"]] {
            try expect([command[0], trace] + command.dropFirst(), status: 67, memoryMB: 200, seconds: 30, saying: "longer than 65536 bytes")
        }
        let scenario = try write("title.scenario.json", #"{"title":"\#(huge)","table":{"rows":10,"viewportHeight":400},"strategy":"plain","script":[]}"#)
        try expect(["record", scenario, "-o", "s.trace.json"], status: 67, memoryMB: 200, seconds: 30, saying: "longer than 65536 bytes")
        // A lesson file is at most 4 MB: its string is one.
        let lesson = try write("title.lesson.json", #"{"title":"\#(String(repeating: "x", count: 1 << 20))"}"#)
        try expect(["lesson", "check", lesson], status: 67, memoryMB: 200, seconds: 30, saying: "longer than 65536 bytes")
    }

    /// Case 5: a FIFO named as a lesson, a scenario and a trace is refused at once, not waited on.
    @Test func testAFileThatWouldBlockIsRefusedAtOnce() throws {
        let fifo = folder.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.path("link.trace.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        for arguments in [["validate", link], ["replay", fifo], ["lesson", "check", fifo], ["record", fifo, "-o", "x.trace.json"], ["html", link, "-o", "x.html"]] {
            try expect(arguments, status: 66, memoryMB: 200, seconds: 20, saying: "not a regular file")
        }
    }

    /// Case 11: a long console log imports in memory that does not grow with it,
    /// from a file and from standard input, and in time in proportion to it. A
    /// scrolling log of 45 MB (640,000 lifecycle lines with NSLog prefixes, a gap
    /// marker every 2,000 rows): the importer once kept every line and event
    /// (this log, release build: killed under this bound, which it passes in 150
    /// MB), and once walked every cell for every line (quadratic: a 10,000-line
    /// log took two minutes in a debug build). The address space is mostly the
    /// program and its threads' stacks (hence the allowance a core); each import
    /// takes some 40 s in a debug build.
    @Test func testALongConsoleLogImportsInBoundedMemory() throws {
        var text = ""
        var lineCount = 0
        func say(_ message: String) {
            let micros = lineCount * 137
            let time = String(format: "%02d:%02d.%06d", micros / 60_000_000 % 60, micros / 1_000_000 % 60, micros % 1_000_000)
            text += "2026-11-29 10:\(time)+0000 App[123:4567] \(message)\n"
            lineCount += 1
        }
        // Written a quarter at a time: the test holds a quarter of the log at most.
        let log = folder.path("long.log")
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        for row in 0..<20 { say("init"); say("cellForRowAt: \(row)"); say("willDisplay: \(row)") }
        var row = 20
        for quarter in 1...4 {
            while lineCount < quarter * 160_000 {
                if row % 2_000 == 0 { text += "...\n" }
                say("didEndDisplaying: \(row - 20)")
                say("prepareForReuse: Optional(\(row - 20))")
                say("cellForRowAt: \(row)")
                say("willDisplay: \(row)")
                row += 1
            }
            handle.write(Data(text.utf8))
            text = ""
        }
        try handle.close()
        let memoryMB = 200 + 16 * ProcessInfo.processInfo.activeProcessorCount
        let fromFile = try expect(["import", log, "-o", "long.trace.json"], status: 0, memoryMB: memoryMB, seconds: 300,
                                  keeping: ["long.log", "long.trace.json"])
        let summary = String(decoding: fromFile.stdout, as: UTF8.self)
        #expect(summary.contains("of 640") && !summary.contains("could not be placed"), "\(summary.prefix(300))")
        try FileManager.default.removeItem(atPath: folder.path("long.trace.json"))
        try expect(["import", "-", "-o", "piped.trace.json"], status: 0, memoryMB: memoryMB, seconds: 300,
                   input: URL(fileURLWithPath: log), keeping: ["long.log", "piped.trace.json"])
    }

    /// Case 10: an answer line of megabytes typed (piped) into a lesson is cut and
    /// said so, never echoed whole, and the lesson goes on.
    @Test func testAnAnswerLineOfMegabytesIsCut() throws {
        let input = try write("answers.txt", String(repeating: "reuse ", count: 4 << 20) + "\nq\n")
        let lessons = Golden.packageRoot.appendingPathComponent("lessons").path
        let outcome = try expect(["lesson", "1", "--lessons", lessons], status: 0, memoryMB: 300, seconds: 60, input: URL(fileURLWithPath: input),
                                 keeping: [".reuselab"])
        #expect(outcome.stdout.count < 200_000, "the lesson printed \(outcome.stdout.count) bytes")
    }
}
