import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A reader that has all it needs throws `TraceReader.stopReading`, and the
/// reading ends there: the rest of the file is not read, so an error further on
/// is not met. Any other error thrown for an event is kept while the rest is
/// checked, as `validate` puts a syntax error further on first.
@Suite
final class StopReadingTests {
    /// Folders kept until the test ends (each test has its own instance).
    private var keptAlive: [TemporaryFolder] = []

    /// A bundled trace whose last event has a syntax error, read from memory and from a file.
    private func brokenAtTheEnd() throws -> (bytes: [UInt8], path: String, folder: TemporaryFolder) {
        let trace = Golden.packageRoot.appendingPathComponent("traces/images-async-no-reset.trace.json").path
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "{\"seq\":1260,", with: "{\"seq\" 1260,")
        #expect(broken != text)
        let folder = try TemporaryFolder(prefix: "reuselab-stop", removeWhenReleased: true)
        keptAlive.append(folder)
        let path = try folder.write("broken.trace.json", broken)
        return (Array(broken.utf8), path, folder)
    }

    @Test func testStoppingEndsTheReadingBeforeALaterSyntaxError() throws {
        let (bytes, path, _) = try brokenAtTheEnd()
        for (name, read) in [("memory", { (onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) in
                                 try TraceReader.stream(bytes: bytes, file: "t.json", onHeader: { _ in }, onEvent: onEvent) }),
                             ("file", { (onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) in
                                 _ = try TraceReader.streamReporting(path: path, chunkSize: 4096, capacity: 0, onHeader: { _ in }, onEvent: onEvent) })] {
            var seen = 0
            do {
                try read { _, _ throws(ReuseLabError) in
                    seen += 1
                    if seen == 10 { throw TraceReader.stopReading }
                }
                Issue.record("\(name): the stop comes back to the caller")
            } catch {
                #expect(error == TraceReader.stopReading, "\(name): the syntax error further on is never reached")
            }
            #expect(seen == 10, Comment(rawValue: name))
        }
    }

    @Test func testAnyOtherErrorStillWaitsForTheRestToBeChecked() throws {
        let (bytes, _, _) = try brokenAtTheEnd()
        let mine = ReuseLabError(.badInput, "an event I refuse")
        var seen = 0
        do {
            try TraceReader.stream(bytes: bytes, file: "t.json", onHeader: { _ in }) { _, _ throws(ReuseLabError) in
                seen += 1
                if seen == 10 { throw mine }
            }
            Issue.record("an error is thrown")
        } catch {
            #expect(error != mine, "a syntax error further on comes first, as validate has it")
            #expect(error.description.contains("events[1260]"), Comment(rawValue: error.description))
        }
        #expect(seen == 10, "no event is handed on after the error")
    }
}
