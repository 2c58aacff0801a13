import Foundation
import Testing
import TraceModel
import Replay
import ReuseLabTestSupport

/// The image wait is defined from what the screen shows; these tests hold `stats`
/// to that definition: the rules on hand-made traces, and a recount of bundled
/// traces from their frame events alone, read with Foundation's JSON parser
/// instead of the project's reader.
@Suite
final class ImageWaitRecountTests {
    /// A reload gives row 0 a new cell, still without its image: the wait goes on in
    /// the new cell until the image shows (150 ms), and no wait ended early.
    @Test func testAReloadDoesNotEndAWait() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageSet(1, .placeholder))
        trace.at(0, Ev.frame(0, [(0, 1, .placeholder)]))
        trace.at(50, #""kind":"reloadRows","rows":[0]"#, Ev.initCell(2), Ev.cellForRowAt(0, 2), Ev.imageSet(2, .placeholder), Ev.willDisplay(0, 2),
                 Ev.didEndDisplaying(0, 1))
        trace.at(50, Ev.frame(3, [(0, 2, .placeholder)]))
        trace.at(150, Ev.imageSet(2, .image(0)))
        trace.at(150, Ev.frame(9, [(0, 2, .image(0))]))
        let report = try metrics(of: trace)
        #expect(report.imageWaits == .value(1))
        #expect(report.imageWaitTotal == .value(ms(150)))
        #expect(report.imageWaitsEndedEarly == .value(0))
        #expect(report.imageWaitsOpenAtEnd == .value(0))
    }

    /// Row 0 shows its image in its first frame (a wait of 0 ms, counted); row 1
    /// leaves before its image (gone, not averaged), comes back and waits anew, 30 ms.
    @Test func testARowThatComesBackWaitsAnew() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.imageSet(1, .image(0)))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0)), (1, 2, .nothing)]))
        trace.at(40, Ev.didEndDisplaying(1, 2))
        trace.at(40, Ev.frame(2, [(0, 1, .image(0))]))
        trace.at(100, Ev.willDisplay(1, 2))
        trace.at(100, Ev.frame(6, [(0, 1, .image(0)), (1, 2, .nothing)]))
        trace.at(130, Ev.imageSet(2, .image(1)))
        trace.at(130, Ev.frame(8, [(0, 1, .image(0)), (1, 2, .image(1))]))
        let report = try metrics(of: trace)
        #expect(report.imageWaits == .value(2))
        #expect(report.imageWaitTotal == .value(ms(30)))
        #expect(report.imageWaitAverage == .value(ms(15)))
        #expect(report.imageWaitsEndedEarly == .value(1))
    }

    /// The sample traces with images, and the one that reloads rows: `stats` agrees with the recount.
    @Test(arguments: ["late-response-async-reset", "images-prefetch-reload", "grid-stale-images"])
    func testStatsMatchesTheRecount(name: String) throws {
        try Self.checkRecount(BundledFiles.tracePath(name))
    }

    /// Recounts the waits of the trace at `path` from its frame events and compares them with `stats`.
    static func checkRecount(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recount = try FrameRecount(path: path)
        let report = try TraceMetrics.measure(path: path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        // A trace whose frames show no images (an imported log) has no waits to give: none to recount either.
        #expect((report.imageWaits.value ?? 0) == recount.finished.count, "\(name): waits", sourceLocation: sourceLocation)
        #expect((report.imageWaitTotal.value?.microseconds ?? 0) == recount.finished.reduce(0, +),
                "\(name): total wait", sourceLocation: sourceLocation)
        #expect((report.imageWaitsEndedEarly.value ?? 0) == recount.gone, "\(name): gone before the image", sourceLocation: sourceLocation)
        #expect((report.imageWaitsOpenAtEnd.value ?? 0) == recount.open, "\(name): still waiting", sourceLocation: sourceLocation)
    }
}

@Suite(SecondTier.enabled("the image-wait recount of every bundled trace"))
final class ImageWaitRecountSecondTierTests {
    @Test func testEveryBundledTraceMatchesTheRecount() throws {
        for name in try BundledFiles.allTraces() {
            try ImageWaitRecountTests.checkRecount(BundledFiles.tracePath(name))
        }
    }
}

/// Image waits recounted from a trace file's frame events, with the definition
/// written out plainly: for each stay of a row on screen (consecutive frames that
/// list it), the time from its first frame to its first frame with its own image.
private struct FrameRecount {
    var finished: [Int64] = []
    var gone = 0
    var open = 0

    init(path: String) throws {
        let trace = try RawTrace(path: path)
        let events = trace.events
        let images = trace.scenario?["images"] as? [String: Any]
        let distinct = images?["distinct"] as? Int ?? 0
        func ownImage(_ item: Int) -> Int { distinct > 0 ? item % distinct : item }
        // Row updates move items between rows; waits are the items'.
        let table = trace.scenario?["table"] as? [String: Any]
        var items = RowItems(rowCount: table?["rows"] as? Int ?? 0)
        var batch: RowUpdate?
        func listed(_ event: [String: Any]) -> [Int] { event["rows"] as? [Int] ?? [] }

        // Per row: when its current stay began, and when it first showed its image in that stay.
        var stayStart: [Int: Int64] = [:]
        var shownAt: [Int: Int64] = [:]
        var framesShowImages = false
        for event in events {
            var call: RowUpdate?
            switch event["kind"] as? String {
            case "performBatchUpdates": batch = RowUpdate()
            case "endUpdates": call = batch; batch = nil
            case "deleteRows": call = RowUpdate(deleted: listed(event))
            case "insertRows": call = RowUpdate(inserted: listed(event))
            case "moveRow": call = RowUpdate(moved: [RowMove(from: event["row"] as? Int ?? 0, to: event["toRow"] as? Int ?? 0)])
            case "reloadRows" where batch != nil: call = RowUpdate(reloaded: listed(event))
            default: break
            }
            if let call {
                if batch != nil, event["kind"] as? String != "endUpdates" { batch?.add(call) } else { items.apply(call) }
            }
            guard event["kind"] as? String == "frame" else { continue }
            guard let ms = event["t"] as? Double, let cells = event["cells"] as? [[String: Any]] else { continue }
            let time = Int64((ms * 1000).rounded())
            var rows: Set<Int> = []
            for cell in cells {
                // A grid's frames name items, a table's rows.
                guard let row = (cell["row"] ?? cell["item"]) as? Int else { continue }
                let item = items.item(atRow: row)
                rows.insert(item)
                if cell["image"] != nil { framesShowImages = true }
                if stayStart[item] == nil { stayStart[item] = time }
                if shownAt[item] == nil, cell["image"] as? Int == ownImage(item), let start = stayStart[item] {
                    shownAt[item] = time
                    finished.append(time - start)
                }
            }
            for row in stayStart.keys where !rows.contains(row) {
                if shownAt[row] == nil { gone += 1 }
                stayStart[row] = nil
                shownAt[row] = nil
            }
        }
        open = stayStart.keys.filter { shownAt[$0] == nil }.count
        if !framesShowImages { (finished, gone, open) = ([], 0, 0) }
    }
}
