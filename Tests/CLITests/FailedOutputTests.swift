import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import ReuseLabTestSupport

/// Output that cannot be written (a full disk) is the one error reported, with its
/// own exit status: here a short listing, held back whole and then written.
@Suite
final class FailedOutputTests {
    @Test func testAFullDiskIsReportedAsTheWriteError() throws {
        for options in [[], ["--json"], ["--frames"], ["--summary"]] {
            let said = try FailedOutput.replayToFullDisk(["replay", BundledFiles.tracePath("first-screen")] + options,
                                                        in: Golden.packageRoot, options: options)
            #expect(said == "reuselab: error: <stdout>: cannot write to standard output: No space left on device\n", "\(options)")
        }
    }
}

/// A long replay whose output fails (a full disk) stops there: the write error
/// is the one error reported, with its own exit status, and the rest of the
/// trace is not read — so an error further on in it is never met.
@Suite(SecondTier.enabled("a 40,000-event replay onto a full disk"))
final class FailedOutputSecondTierTests {

    @Test func testAFullDiskEndsAStreamedReplayWithTheWriteErrorAlone() throws {
        let executable = try Executable.require()
        let folder = try TemporaryFolder(prefix: "reuselab-full-disk", removeWhenReleased: true)
        // About 40,000 events: a listing far past the 8 MB held back before anything is written.
        _ = try folder.write("long.scenario.json", LongScroll.scenarioJSON(rows: 2500, strategy: "async-no-reset"))
        let recorded = try Executable.run(executable, ["record", "long.scenario.json", "-o", "long.trace.json"], in: folder)
        #expect(recorded.status == 0, Comment(rawValue: recorded.err))
        // An event near the end broken (not the last: the listing reads that first,
        // to size its columns): a reading that went on to the end would report it.
        var text = try String(contentsOfFile: folder.path("long.trace.json"), encoding: .utf8)
        var broken = try #require(text.range(of: "{\"seq\":", options: .backwards))
        for _ in 0..<100 { broken = try #require(text.range(of: "{\"seq\":", options: .backwards, range: text.startIndex..<broken.lowerBound)) }
        text.replaceSubrange(broken, with: "{\"seq\" ")
        _ = try folder.write("long.trace.json", text)

        for options in [[], ["--json"], ["--frames"]] {
            let said = try FailedOutput.replayToFullDisk(["replay", "long.trace.json"] + options, in: folder.url, options: options)
            #expect(said == "reuselab: error: <stdout>: cannot write to standard output: No space left on device\n", "\(options)")
        }
    }
}

enum FailedOutput {
    /// Runs the binary with /dev/full as its standard output; what it said on
    /// standard error. Its exit status must be 73 (output could not be written).
    static func replayToFullDisk(_ arguments: [String], in folder: URL, options: [String],
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let executable = try Executable.require()
        guard FileManager.default.fileExists(atPath: "/dev/full") else { try Test.cancel("no /dev/full here") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try full.close()
        #expect(process.terminationStatus == 73, "\(options): \(said)", sourceLocation: sourceLocation)
        return said
    }
}
