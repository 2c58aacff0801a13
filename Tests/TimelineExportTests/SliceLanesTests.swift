import Foundation
import Testing
@testable import TimelineExport
import ReuseLabTestSupport

/// The lanes that keep slices on a track from overlapping.
@Suite
final class SliceLanesTests {
    func newLanes() -> SliceLanes {
        SliceLanes(process: .network, firstSortIndex: 10) { "lane \($0 + 1)" }
    }

    @Test func testEachHeldSliceTakesTheLowestFreeLane() {
        let writer = TraceEventWriter(title: "t", details: [])
        var lanes = newLanes()
        #expect(lanes.acquire(at: 0, writer: writer) == 0)
        #expect(lanes.acquire(at: 0, writer: writer) == 1)
        #expect(lanes.acquire(at: 5, writer: writer) == 2)
        lanes.release(1, at: 10)
        #expect(lanes.acquire(at: 10, writer: writer) == 1, "free again from when it was let go")
        lanes.release(0, at: 12)
        lanes.release(2, at: 12)
        #expect(lanes.acquire(at: 20, writer: writer) == 0)
        #expect(lanes.count == 3)
        #expect((0..<3).map { lanes.track($0).name } == ["lane 1", "lane 2", "lane 3"])
        #expect(Set((0..<3).map { lanes.track($0).tid }).count == 3, "each lane its own tid")
    }

    @Test func testPlacedSlicesNeverOverlapOnALaneWhateverTheirOrder() {
        var generator = SeededGenerator(seed: 2024)
        let writer = TraceEventWriter(title: "t", details: [])
        for _ in 0..<50 {
            var lanes = newLanes()
            var placed: [Int: [(Int64, Int64)]] = [:]
            for _ in 0..<200 {
                let start = Int64(generator.within(0...1000))
                let end = start + Int64(generator.within(0...100))
                let lane = lanes.place(from: start, to: end, writer: writer)
                for (otherStart, otherEnd) in placed[lane] ?? [] {
                    #expect(end <= otherStart || otherEnd <= start, "[\(start), \(end)] overlaps [\(otherStart), \(otherEnd)] on lane \(lane)")
                }
                placed[lane, default: []].append((start, end))
            }
        }
    }

    @Test func testTheMainThreadIsLaneOne() {
        let writer = TraceEventWriter(title: "t", details: [])
        var lanes = SliceLanes(process: .app, firstSortIndex: 0, firstTrack: .mainThread) { "overlap \($0 + 1)" }
        #expect(lanes.place(from: 0, to: 10, writer: writer) == 0)
        #expect(lanes.track(0) == .mainThread)
        #expect(lanes.place(from: 10, to: 20, writer: writer) == 0)
        #expect(lanes.place(from: 15, to: 16, writer: writer) == 1)
        #expect(lanes.track(1).name == "overlap 2")
    }

    @Test func testLaneTidsStayClearOfTheOtherTracks() {
        let fixed = [TimelineTrack.mainThread, .hitches, .frames, .scrolling, .tableView, .requests].map(\.tid)
        #expect(TimelineTrack.laneTid(0) > fixed.max()!)
        #expect(TimelineTrack.laneTid(899) < TimelineTrack.cell(1).tid)
        #expect(TimelineTrack.laneTid(900) > TimelineTrack.cell(1_000_000_000).tid)
        #expect(TimelineTrack.laneTid(1_000_000_000) <= Int(UInt32.max))
    }
}
