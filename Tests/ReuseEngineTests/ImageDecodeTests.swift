import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// Where `UIImage(data:)` is decoded: not where it is made, but on the main thread
/// by the commit of the first frame that shows it; and what preparing it first changes.
@Suite
final class ImageDecodeTests {
    func makeWorld(_ configure: (inout WorldSpec) -> Void = { _ in }) -> (World, EventLog) {
        var spec = WorldSpec()
        spec.images = ImageSpec(width: 1000, height: 1000, bytes: 50_000)
        configure(&spec)
        let log = EventLog()
        return (World(spec: spec, seed: 1, log: log), log)
    }

    func data(_ image: Int) -> SimData { SimData(image: image, bytes: 50_000) }

    /// A scenario whose images are made on a background queue (URLSession's
    /// completion handler), large enough that decoding one costs a frame.
    func photoFeed(strategy: String) -> Scenario {
        var world = WorldSpec()
        world.images = ImageSpec(width: 2000, height: 1500, bytes: 400_000)
        world.network.latency = .fixed(ms: 100)
        return Scenario(title: "photos", table: TableSpec(rows: 40, rowHeight: 300, viewportHeight: 844), strategy: strategy,
                        prefetching: false, script: [.wait(ms: 500), .drag(by: 1500, ms: 1500), .wait(ms: 500)], world: world)
    }

    @Test func testAnImageMadeFromDataIsNotDecodedAndCostsNothing() {
        let (world, log) = makeWorld()
        let image = world.imageMemory.image(from: data(3))
        #expect(image?.isDecoded == false)
        #expect(log.events.isEmpty, "making the image takes no main-thread time and holds nothing yet")
        world.imageMemory.retain(image)
        #expect(world.imageMemory.bytes == 50_000, "held, it counts its data only")
    }

    @Test func testTheBitmapCountsFromTheDecodeOn() {
        let (world, log) = makeWorld()
        guard let image = world.imageMemory.image(from: data(3)) else { Issue.record("no image"); return }
        world.imageMemory.retain(image)
        world.imageMemory.decodeForDisplay([image])
        #expect(image.isDecoded)
        #expect(world.imageMemory.bytes == 50_000 + 4_000_000, "the data and the 1000 × 1000 × 4 bitmap")
        #expect(log.events.map(\.body) == [.imageMemory(bytes: 50_000),
                                            .mainThreadBlocked(ms: 10, cause: "decoding image 3 for the first frame that shows it"),
                                            .imageMemory(bytes: 4_050_000)])
        world.imageMemory.release(image)
        #expect(world.imageMemory.bytes == 0)
    }

    @Test func testOneCommitDecodesItsImagesAsOnePieceOfWork() {
        let (world, log) = makeWorld()
        let images = [1, 2, 5].compactMap { world.imageMemory.image(from: data($0)) }
        world.imageMemory.decodeForDisplay(images)
        #expect(log.events.map(\.body) == [.mainThreadBlocked(ms: 30, cause: "decoding images 1, 2 and 5 for the first frame that shows them")])
        #expect(FirstFrameDecode.isCause(FirstFrameDecode.cause(images: [1, 2, 5])))
        #expect(!FirstFrameDecode.isCause("decoding image 3 (preparingForDisplay)"))
    }

    @Test func testPreparingOffTheMainThreadCostsTheMainThreadNothing() {
        let (world, log) = makeWorld()
        var prepared: SimImage?
        var onMain: Bool?
        guard let image = world.imageMemory.image(from: data(4)) else { Issue.record("no image"); return }
        world.imageMemory.prepareForDisplay(image) { result in
            prepared = result
            onMain = world.isMainThread
            world.enqueueOnMain {}
        }
        world.idle(until: .milliseconds(100))
        #expect(onMain == false, "the handler runs on a background thread")
        #expect(prepared?.isDecoded == true)
        #expect(prepared !== image, "a new image, ready for display")
        #expect(image.isDecoded == false, "the original is left as it was")
        #expect(world.nextMainBlockTime == .milliseconds(10), "the decode took the background thread 10 ms")
        #expect(!log.events.contains { $0.kind == .mainThreadBlocked })
        world.imageMemory.retain(prepared)
        #expect(world.imageMemory.bytes == 4_000_000, "a prepared image holds its bitmap only, from the start")
    }

    @Test func testPreparingOnTheMainThreadBlocksIt() {
        let (world, log) = makeWorld()
        guard let image = world.imageMemory.image(from: data(4)) else { Issue.record("no image"); return }
        let prepared = world.imageMemory.preparingForDisplay(image)
        #expect(prepared.isDecoded)
        #expect(log.events.map(\.body) == [.mainThreadBlocked(ms: 10, cause: "decoding image 4 (preparingForDisplay)")])
        #expect(world.imageMemory.preparingForDisplay(prepared) === prepared, "a decoded image is ready already")
    }

    /// cache-coalesce makes each image in URLSession's handler, on a background
    /// thread: its decode still lands on the main thread, inside the commit of the
    /// first frame that shows the image (just before that frame's event, which
    /// comes once the decode is done), and not before.
    @Test func testTheDecodeLandsAtTheFirstFrameThatShowsTheImage() throws {
        let events = record(photoFeed(strategy: "cache-coalesce"))
        let decodes = events.enumerated().filter { if case .mainThreadBlocked(_, let cause) = $0.element.body { return FirstFrameDecode.isCause(cause) }; return false }
        #expect(decodes.count >= 5)
        for (index, decode) in decodes {
            guard case .mainThreadBlocked(let ms, let cause) = decode.body else { continue }
            #expect(ms == 30 || ms.truncatingRemainder(dividingBy: 30) == 0, "30 ms an image: 3 megapixels at 10 ms each")
            // The first frame after the decode, once it is done, shows the image for the first time.
            let frame = events[(index + 1)...].first { $0.kind == .frame }
            guard let frame, case .frame(let snapshot) = frame.body else { Issue.record("no frame after \(cause)"); continue }
            #expect(frame.time == decode.time + VirtualTime(microseconds: Int64((ms * 1000).rounded())), "the frame shows once its commit's decode is done")
            let shown = Set(snapshot.cells.compactMap { if case .image(let number)? = $0.image { return number }; return nil })
            let earlier = events[..<index].filter { $0.kind == .frame }
            for number in Self.images(in: cause) {
                #expect(shown.contains(number), "\(cause): the frame shows image \(number)")
                let shownBefore = earlier.contains { if case .frame(let earlier) = $0.body { return earlier.cells.contains { $0.image == .image(number) } }; return false }
                #expect(!shownBefore, "\(cause): no earlier frame showed image \(number)")
            }
            // Its bitmap counts from the decode: the next event adds it to memory.
            if index + 1 < events.count, case .imageMemory = events[index + 1].body {} else { Issue.record("no imageMemory after \(cause)") }
        }
        #expect(!events.contains { if case .mainThreadBlocked(_, let cause) = $0.body { return !FirstFrameDecode.isCause(cause) }; return false },
                "making the image in the download's handler blocks the main thread nowhere else")
        #expect(events.contains { if case .hitch(_, _, _, let cause) = $0.body { return FirstFrameDecode.isCause(cause) }; return false },
                "a 30 ms decode misses a frame, and the hitch names it")
    }

    @Test func testAPreparedImageIsNeverDecodedOnTheMainThread() {
        let events = record(photoFeed(strategy: "cache-coalesce-prepare"))
        #expect(events.contains { $0.kind == .frame })
        #expect(!events.contains { $0.kind == .mainThreadBlocked || $0.kind == .hitch })
    }

    /// The image numbers a display decode's cause names.
    static func images(in cause: String) -> [Int] {
        cause.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }
}
