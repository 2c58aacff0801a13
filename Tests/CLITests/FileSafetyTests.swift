import ReuseLabTestSupport
import Foundation
import Testing

/// The promises about files a user owns, through the binary: only regular files
/// are replaced, a non-trace needs --force, permissions and links survive, an
/// interrupted write leaves nothing behind, `-o -` and `-o /dev/stdout` never read
/// their output — and only regular files are read.
@Suite
final class OutputFileSafetyTests: FolderTestCase {
    let scenario: String

    override init() throws {
        let folder = try TemporaryFolder()
        scenario = try folder.write("s.scenario.json", Fixtures.scenario)
        try super.init(folder: folder)
    }

    func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 60) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, stdin: stdin, in: folder, timeout: timeout)
        #expect(!result.timedOut, "reuselab \(arguments.joined(separator: " ")) hung")
        #expect(result.exited, "reuselab \(arguments.joined(separator: " ")) was ended by a signal")
        return result
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains(".reuselab-") }
    }

    @Test func testAFileThatOnlyMentionsTheFormatIsNotATrace() throws {
        let readme = "# Notes\n\nA trace starts with `\"format\": \"reuselab-trace\"`.\n"
        let path = try folder.write("README.md", readme)
        let result = try run(["record", scenario, "-o", path])
        assertFailure(result, status: 64, file: path, contains: ["is not a ReuseLab trace", "--force"])
        #expect((try folder.read("README.md")) == Array(readme.utf8), "the README is untouched")
        // A JSON object with another format is not a trace either.
        let other = try folder.write("other.json", #"{"format": "something-else", "version": 1}"#)
        assertFailure(try run(["record", scenario, "-o", other]), status: 64, file: other, contains: ["is not a ReuseLab trace"])
        // --force replaces it.
        #expect((try run(["record", scenario, "-o", path, "--force"]).status) == 0)
        #expect(String(decoding: try folder.read("README.md"), as: UTF8.self).hasPrefix("{\n  \"format\": \"reuselab-trace\""))
    }

    @Test func testAnOlderTraceIsReplacedWithoutForce() throws {
        let path = folder.path("t.trace.json")
        #expect((try run(["record", scenario, "-o", path]).status) == 0)
        try folder.write("t.trace.json", Fixtures.lifecycleOnly)
        #expect((try run(["record", scenario, "-o", path]).status) == 0)
        #expect((try folder.read("t.trace.json")) != Array(Fixtures.lifecycleOnly.utf8))
    }

    @Test func testDevicesFIFOsAndFoldersAreNeverReplacedEvenWithForce() throws {
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        for target in [fifo, "/dev/null", folder.url.path] {
            let result = try run(["record", scenario, "-o", target, "--force"])
            assertFailure(result, status: 73, file: target, contains: ["only regular files are written or replaced, even with --force"])
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        #expect(lstat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
        #expect((try leftovers()) == [])
    }

    @Test func testAReplacedTraceKeepsItsPermissions() throws {
        let path = folder.path("t.trace.json")
        #expect((try run(["record", scenario, "-o", path]).status) == 0)
        #expect(chmod(path, 0o600) == 0)
        #expect((try run(["record", scenario, "-o", path]).status) == 0)
        #expect((try mode(path)) == 0o600)
    }

    @Test func testAReadOnlyTraceNeedsForceAndStaysReadOnly() throws {
        let path = folder.path("t.trace.json")
        #expect((try run(["record", scenario, "-o", path]).status) == 0)
        try folder.write("t.trace.json", Fixtures.lifecycleOnly)
        #expect(chmod(path, 0o444) == 0)
        assertFailure(try run(["record", scenario, "-o", path]), status: 64, file: path, contains: ["is read-only", "--force"])
        #expect((try folder.read("t.trace.json")) == Array(Fixtures.lifecycleOnly.utf8))
        #expect((try run(["record", scenario, "-o", path, "--force"]).status) == 0)
        #expect((try folder.read("t.trace.json")) != Array(Fixtures.lifecycleOnly.utf8))
        #expect((try mode(path)) == 0o444)
    }

    @Test func testALinkIsFollowedAndItsTargetReplaced() throws {
        let target = folder.path("real.trace.json")
        try folder.write("real.trace.json", Fixtures.lifecycleOnly)
        let link = folder.path("link.trace.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.trace.json")
        #expect((try run(["record", scenario, "-o", link]).status) == 0)
        #expect((try FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.trace.json", "the link is still a link")
        let fresh = try run(["record", scenario])
        #expect((try folder.read("real.trace.json")) == fresh.outBytes, "the link's target holds the new trace")
        _ = target
    }

    @Test func testStandardOutputIsWrittenNeverRead() throws {
        let plain = try run(["record", scenario])
        #expect(!plain.outBytes.isEmpty)
        for name in ["-", "/dev/stdout"] {
            let result = try run(["record", scenario, "-o", name])
            #expect(result.status == 0, Comment(rawValue: result.err))
            #expect(result.outBytes == plain.outBytes, "-o \(name) writes the trace to standard output")
        }
        assertFailure(try run(["record", scenario, "--check", "-o", "/dev/stdout"]), status: 64, contains: ["--check needs the trace file"])
    }

    @Test func testAnEmptyFileNameIsAUsageError() throws {
        assertFailure(try run(["record", scenario, "-o", ""]), status: 64, contains: ["record: --output needs a file name, not an empty one"])
        assertFailure(try run(["validate", ""]), status: 64, contains: ["a file name is empty"])
    }

    @Test func testAMissingFolderAndTheScenarioItselfAreRefused() throws {
        let missing = folder.path("no/such/folder/t.trace.json")
        assertFailure(try run(["record", scenario, "-o", missing]), status: 73, file: missing, contains: ["does not exist"])
        assertFailure(try run(["record", scenario, "-o", scenario, "--force"]), status: 64, file: scenario, contains: ["is the scenario being recorded"])
    }

    /// A recording long enough that its write can be caught in the act.
    func largeScenario() throws -> String {
        try folder.write("large.scenario.json", """
        {"title": "large", "table": {"rows": 100000, "rowHeight": 44, "viewportHeight": 844},
         "script": [{"drag": {"by": 400000, "ms": 600000}}]}
        """)
    }

    /// SIGKILL leaves a write's temporary file behind; the next write to that file
    /// removes it, since its writer's process is gone, but never one whose writer
    /// still runs, nor a file that only looks like one.
    @Test func testTheNextWriteRemovesWhatAKilledWriteLeft() throws {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier
        let running = ProcessInfo.processInfo.processIdentifier
        let left = try folder.write(".out.trace.json.reuselab-\(gone)-a1B2c3", "half a trace")
        let stillWriting = try folder.write(".out.trace.json.reuselab-\(running)-d4E5f6", "being written")
        let other = try folder.write(".notes.txt.reuselab-\(gone)-a1B2c3", "another file's")
        let result = try run(["record", scenario, "-o", "out.trace.json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(!FileManager.default.fileExists(atPath: left), "the killed writer's file is removed")
        #expect(FileManager.default.fileExists(atPath: stillWriting), "a running writer's file stays")
        #expect(FileManager.default.fileExists(atPath: other), "another target's files are not this write's business")
    }

    /// Output names of 239 to 255 bytes could not be written: the temporary
    /// name around them passed a file name's 255 bytes. The name is cut in the
    /// temporary one only, and a killed writer's file of such a name is still
    /// cleaned up by the next write.
    @Test func testAnOutputNameOfTheLongestLengthIsWritten() throws {
        for name in [String(repeating: "a", count: 245) + ".json", String(repeating: "é", count: 125) + ".json"] {
            #expect(name.utf8.count > 238 && name.utf8.count <= 255)
            let result = try run(["record", scenario, "-o", name])
            #expect(result.status == 0, Comment(rawValue: result.err))
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path))
        }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let long = String(repeating: "b", count: 250)
        let left = try folder.write("." + String(repeating: "b", count: 227) + ".reuselab-\(ended.processIdentifier)-a1B2c3", "half a trace")
        #expect(try run(["record", scenario, "-o", long]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: left), "the killed writer's file of a long name is removed")
    }

    @Test func testAnInterruptedWriteLeavesNoTemporaryFile() throws {
        let executable = try Executable.require()
        let large = try largeScenario()
        var lost: [String] = []
        for (signal, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            // The kernel says when the temporary file is created: the signal is sent
            // then, while the recording (a few seconds of it) is being written.
            let watch = try FolderWatch(folder.url)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["record", large, "-o", folder.path("large.trace.json")]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            guard watch.nextCreated(seconds: 120, matching: { $0.contains(".reuselab-") }) != nil else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                Issue.record("record -o never created its temporary file"); return
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus == 0 {
                // The write finished before the signal arrived: nothing was interrupted.
                lost.append(name)
                try? FileManager.default.removeItem(atPath: folder.path("large.trace.json"))
                continue
            }
            #expect(process.terminationReason == .uncaughtSignal, "\(name) ends the process")
            #expect((try leftovers()) == [], "no temporary file is left after \(name)")
            #expect(!(FileManager.default.fileExists(atPath: folder.path("large.trace.json"))), "no half-written trace")
        }
        if !lost.isEmpty {
            try Test.cancel("lost the race: the recording was written whole before \(lost.joined(separator: " and ")) reached it, so that signal's cleanup went unchecked")
        }
    }
}

/// Reading: only regular files (and standard input for `-`), checked before the first read.
@Suite
final class InputFileSafetyTests: FolderTestCase {
    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, environment: environment, in: folder, timeout: 30)
        #expect(!result.timedOut, "reuselab \(arguments.joined(separator: " ")) hung")
        return result
    }

    @Test func testFIFOsAndDevicesAreRefusedWithoutBlocking() throws {
        let fifo = folder.path("pipe.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        for arguments in [["record", fifo], ["validate", fifo], ["stats", fifo], ["replay", fifo], ["diff", fifo, fifo],
                          ["lesson", fifo], ["lesson", "check", fifo], ["validate", "/dev/zero"], ["record", "/dev/urandom"]] {
            let result = try run(arguments)
            let file = arguments.last ?? ""
            assertFailure(result, status: 66, file: file, contains: ["not a regular file; only regular files are read"])
        }
    }

    @Test func testAFIFOInTheListedFoldersDoesNotBlock() throws {
        try FileManager.default.createDirectory(atPath: folder.path("traces"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("lessons"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("traces/pipe.scenario.json"), 0o644) == 0)
        #expect(mkfifo(folder.path("lessons/pipe.json"), 0o644) == 0)
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(list.err.contains("not a regular file"), Comment(rawValue: list.err))
        let lessons = try run(["lesson"], environment: ["REUSELAB_PROGRESS_DIR": folder.path("progress")])
        #expect(lessons.status == 0)
        #expect(lessons.err.contains("not a regular file"), Comment(rawValue: lessons.err))
    }

    @Test func testStandardInputOfBinaryDataIsRefusedAtOnce() throws {
        let result = try Executable.run(try Executable.require(), ["validate", "-"], stdin: "/dev/zero", in: folder, timeout: 30)
        #expect(!result.timedOut)
        assertFailure(result, status: 65, file: "<stdin>", contains: ["NUL byte"])
    }

    @Test func testStandardInputIsReadOnlyOnce() throws {
        assertFailure(try run(["diff", "-", "-"]), status: 64, contains: ["standard input can be read only once"])
    }
}
