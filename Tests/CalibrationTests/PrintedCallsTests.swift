import Foundation
import Testing
import TraceModel
import Calibration

/// Calibration holds the device only to what its log prints: calls the import
/// reconstructed are not the device's, and kinds the log never prints are
/// compared on neither side. Each log here is a recording printed as an app
/// that leaves some calls out would print it, then imported.
@Suite
final class PrintedCallsTests {
    /// The kinds a sentence may never pin on the device when the log does not print them.
    static func blames(_ sentence: String, _ kinds: [EventKind]) -> Bool {
        sentence.contains("device shows") || kinds.contains { sentence.contains($0.rawValue) }
    }

    /// A modern table's slow drag, from an app that prints only cellForRowAt,
    /// willDisplay and didEndDisplaying: the import reconstructs every init and
    /// prepareForReuse, and calibrate once said "the device shows prepareForReuse
    /// where the recording shows init" of calls the device never showed.
    @Test func testASlowDragPrintedWithoutInitOrPrepareForReuseIsReproduced() throws {
        let kinds: Set<EventKind> = [.cellForRowAt, .willDisplay, .didEndDisplaying]
        let log = try printedLog(of: seed004(prefetching: false), printing: kinds)
        let device = try imported(log)
        #expect(device.header.source?.unprinted == [.initCell, .prepareForReuse])
        #expect(device.events.contains { $0.inferred == .call && $0.kind == .prepareForReuse }, "the import reconstructs the dequeues")

        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.deviceEvents == lineCount(log), "the device's calls are the log's lines, not the import's reconstructions")
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.differences == [])
        #expect(result.scenario.profile == .modern)
        #expect(!result.scenario.prefetching)
        #expect(result.unprinted == [.initCell, .prepareForReuse])
        #expect(result.reconstructed == 0, "every reconstruction is of a kind the log never prints")
        #expect(result.notCompared == "The log never prints init or prepareForReuse, so they are not compared.")
        // The recording, printed as this app prints, is the log line for line.
        #expect(try printedLog(of: result.scenario, printing: kinds) == log)
    }

    /// Without willDisplay, a row is known to be on screen by its cellForRowAt:
    /// the launch screen is still found (not taken for missing), and the drag
    /// ends where the last row configured ahead says.
    @Test func testALogWithoutWillDisplayIsReproduced() throws {
        let kinds: Set<EventKind> = [.initCell, .prepareForReuse, .cellForRowAt, .didEndDisplaying, .prefetchRowsAt]
        let log = try printedLog(of: seed004(), printing: kinds)
        let device = try imported(log)
        #expect(device.header.source?.unprinted == [.willDisplay])

        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.score == 1, "\(result.differences)")
        #expect(launchRows(result.scenario.table) == 19, "the rows configured before the first prefetch")
        #expect(result.scenario.profile == .modern)
        #expect(result.scenario.prefetching)
        #expect(try printedLog(of: result.scenario, printing: kinds) == log, "the recording, printed as this app prints, is the log")
        #expect(!result.differences.contains { $0.contains("no launch screen") }, "\(result.differences)")
        #expect(!result.differences.contains { Self.blames($0, [.willDisplay]) }, "\(result.differences)")
        #expect(result.notCompared == "The log never prints willDisplay, so it is not compared.")
    }

    /// A log of cellForRowAt and prefetch lines alone: the last row configured
    /// may be the one the modern table view prepares ahead, so the drag ending
    /// a row earlier is tried too, and found exact.
    @Test func testALogOfOnlyCellForRowAtFindsTheDrag() throws {
        let scenario = seed004()
        let log = try printedLog(of: scenario, printing: [.cellForRowAt, .prefetchRowsAt])
        let result = try Calibrator.calibrate(try imported(log), file: "device.trace.json")
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.differences == [])
        #expect(launchRows(result.scenario.table) == 19)
        #expect(try printedLog(of: result.scenario, printing: [.cellForRowAt, .prefetchRowsAt]) == log)
        #expect(result.notCompared == "The log never prints init, prepareForReuse, willDisplay or didEndDisplaying, so they are not compared.")
    }

    /// A log that prints every kind but drops one cellForRowAt line: the import
    /// reconstructs it (and its dequeue). Those are left out of the device's
    /// calls and counted; the recording's cellForRowAt there is what the log does
    /// not show, never a call the device is said to make.
    @Test func testReconstructedCallsAreLeftOutAndCounted() throws {
        let full = try printedLog(of: seed004(), printing: [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying, .prefetchRowsAt])
        let log = full.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "cellForRowAt: 25" }.joined(separator: "\n")
        #expect(lineCount(log) == lineCount(full) - 1)
        let device = try imported(log)
        let reconstructed = device.events.filter { $0.inferred == .call && $0.kind.isLifecycle }.count
        #expect(reconstructed >= 1)

        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.deviceEvents == lineCount(log))
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.unprinted == [])
        #expect(result.reconstructed == reconstructed)
        let calls = reconstructed == 1 ? "1 call" : "\(reconstructed) calls"
        #expect(result.notCompared == "\(calls) the import reconstructed (marked inferred: the log does not print \(reconstructed == 1 ? "it" : "them")) \(reconstructed == 1 ? "is" : "are") not compared.")
        #expect(result.differences.contains { $0.contains("the recording also makes cellForRowAt row 25, which the log does not show") }, "\(result.differences)")
        #expect(!result.differences.contains { $0.contains("device shows") }, "\(result.differences)")
    }

    /// A prefetch printed with a row still being prefetched is compared with the
    /// rows the import kept, and a sentence about it says the log prints more.
    @Test func testAPrefetchWithRowsLeftOutSaysSo() throws {
        let full = try printedLog(of: seed004(), printing: [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying, .prefetchRowsAt])
        // Row 27 is still being prefetched here (asked for at launch, not yet shown).
        let log = full.replacingOccurrences(of: "prefetchRowsAt: [[0, 31]]\n", with: "prefetchRowsAt: [[0, 31]]\nprefetchRowsAt: [[0, 45], [0, 27]]\n")
        #expect(lineCount(log) == lineCount(full) + 1)
        let device = try imported(log)
        #expect(device.events.contains { $0.inferred == .rows && $0.body == .prefetchRowsAt(rows: [45]) })
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.deviceEvents == lineCount(log), "a call printed with rows left out is the device's own")
        #expect(result.reconstructed == 0)
        #expect(result.notCompared == nil)
        #expect(result.differences.contains { $0.contains("the log shows prefetchRowsAt [45] (as imported: the log prints more rows), which the recording does not make") },
                "\(result.differences)")
    }

    /// Calls the import reconstructed never drive the launch estimate: a
    /// reconstructed didEndDisplaying among the launch's calls once ended the
    /// launch there, as if the drag had begun.
    @Test func testAReconstructedCallDoesNotEndTheLaunch() throws {
        let device = try deviceTrace(of: seed004()) { events in
            var edited = events
            guard let shown = edited.firstIndex(where: { if case .willDisplay(9, _) = $0.body { return true } else { return false } }),
                  case .willDisplay(_, let cell) = edited[shown].body else { return events }
            edited.insert(TraceEvent(seq: 0, time: .zero, body: .didEndDisplaying(row: 9, cell: cell), inferred: .call), at: shown + 1)
            return edited
        }
        #expect(device.events.contains { $0.inferred == .call })
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(launchRows(result.scenario.table) == 19, "\(result.scenario.table)")
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.reconstructed == 1)
        #expect(result.deviceEvents == calls(device.events).count - 1)
    }

    /// However bad the match, no sentence speaks of a kind the log never prints.
    @Test func testABadMatchNeverBlamesTheDeviceForUnprintedCalls() throws {
        let rows = [50, 40, 30, 20, 10, 0, 45, 35, 25, 15, 5]
        let device = try imported(rows.map { "cellForRowAt: \($0)\nwillDisplay: \($0)\n" }.joined(), name: "scrambled.log")
        let result = try Calibrator.calibrate(device, file: "scrambled.trace.json")
        #expect(result.deviceEvents == 2 * rows.count)
        #expect(result.score < 0.5)
        #expect(!result.differences.isEmpty)
        let unprinted: [EventKind] = [.initCell, .prepareForReuse, .didEndDisplaying]
        #expect(result.unprinted == unprinted)
        for sentence in result.differences {
            #expect(!Self.blames(sentence, unprinted), Comment(rawValue: sentence))
        }
    }
}
