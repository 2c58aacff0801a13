import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// The rules of the simulated world: the network, caches, the main thread and its queue.
@Suite
final class WorldRuleTests {
    func makeWorld(_ configure: (inout WorldSpec) -> Void = { _ in }) -> (World, EventLog) {
        var spec = WorldSpec()
        spec.network.latency = .fixed(ms: 100)
        configure(&spec)
        let log = EventLog()
        return (World(spec: spec, seed: 1, log: log), log)
    }

    func kinds(_ log: EventLog) -> [EventKind] { log.events.map(\.kind) }

    @Test func testSeededRandomnessRepeatsExactly() {
        var a = RandomSource(seed: 42), b = RandomSource(seed: 42), c = RandomSource(seed: 43)
        let first = (0..<20).map { _ in a.int(in: 80...250) }
        #expect(first == (0..<20).map { _ in b.int(in: 80...250) })
        #expect(first != (0..<20).map { _ in c.int(in: 80...250) })
        #expect(first.allSatisfy { (80...250).contains($0) })
    }

    @Test func testAtMostSixConnectionsPerHostTheRestWait() {
        let (world, log) = makeWorld()
        var done: [Int] = []
        let tasks = (0..<8).map { row in world.network.dataTask(image: row, row: row, cause: .cellForRowAt) { _, _ in done.append(row) } }
        tasks.forEach { $0.resume() }
        #expect(kinds(log).filter { $0 == .requestStarted }.count == 6, "two requests wait for a connection")
        #expect(tasks.map(\.state).filter { $0 == .waiting }.count == 2)
        world.idle(until: .milliseconds(1_000))
        #expect(done.sorted() == Array(0..<8))
        #expect(kinds(log).filter { $0 == .requestStarted }.count == 8, "the waiting ones start as connections free up")
    }

    @Test func testCancellingARunningRequestFreesItsConnection() {
        let (world, log) = makeWorld { $0.network.connectionsPerHost = 1 }
        var failures: [SimulatedNetwork.Failure?] = []
        let first = world.network.dataTask(image: 0, row: 0, cause: .prefetch) { _, failure in failures.append(failure) }
        let second = world.network.dataTask(image: 1, row: 1, cause: .prefetch) { _, failure in failures.append(failure) }
        first.resume()
        second.resume()
        #expect(second.state == .waiting)
        first.cancel()
        #expect(second.state == .running, "the freed connection goes to the waiting request")
        world.idle(until: .milliseconds(1_000))
        #expect(failures == [.cancelled, nil], "a cancelled task's handler gets the cancellation; the other finishes")
        #expect(kinds(log).filter { $0 == .requestCancelled }.count == 1)
    }

    @Test func testURLCacheAnswersARepeatedRequestAndStoresOnlySmallResponses() {
        let (world, log) = makeWorld()
        world.network.dataTask(image: 3, row: 3) { _, _ in }.resume()
        world.idle(until: .milliseconds(500))
        world.network.dataTask(image: 3, row: 3) { _, _ in }.resume()
        world.idle(until: .milliseconds(1_000))
        #expect(log.events.contains { $0.body == .cacheHit(row: 3, image: 3, layer: .urlCacheMemory) })
        #expect(log.events.contains { if case .response(2, _, true) = $0.body { return true }; return false })
        let cache = HTTPCache(memoryCapacity: 100_000, diskCapacity: 1_000_000)
        cache.storeCachedResponse(key: 1, bytes: 6_000)
        #expect(cache.cachedResponse(for: 1)?.hit == .disk, "over 5% of the memory store: kept on disk only")
        cache.storeCachedResponse(key: 2, bytes: 60_000)
        #expect(cache.cachedResponse(for: 2) == nil, "over 5% of the disk store: not kept at all")
    }

    @Test func testSynchronousLoadsBypassURLCache() {
        let (world, _) = makeWorld()
        _ = world.network.contentsOf(image: 5, row: 5, cause: .cellForRowAt)
        _ = world.network.contentsOf(image: 5, row: 5, cause: .cellForRowAt)
        #expect(world.network.urlCache.cachedResponse(for: 5) == nil, "Data(contentsOf:) downloads every time")
    }

    @Test func testNSCacheEvictsTheLeastRecentlyUsedOverItsLimits() {
        let (world, log) = makeWorld()
        let cache = ImageMemoryCache(world: world, countLimit: 2, totalCostLimit: 0)
        let images = (0..<3).map { SimImage(id: $0 + 1, content: .picture(number: $0), bytes: 100) }
        cache.setObject(images[0], forKey: 0, cost: 10)
        cache.setObject(images[1], forKey: 1, cost: 10)
        _ = cache.object(forKey: 0, row: 0)
        cache.setObject(images[2], forKey: 2, cost: 10)
        #expect(log.events.contains { $0.body == .cacheEvict(image: 1, layer: .memory) }, "image 1 was used least recently")
        #expect(cache.object(forKey: 1, row: 1) == nil)
        #expect(world.imageMemory.bytes == 200, "the evicted image's memory is released")
    }

    @Test func testWorkOnTheMainThreadMovesItsClockAndIsRecorded() {
        let (world, log) = makeWorld()
        world.spend(ms: 150, cause: "synchronous download")
        #expect(world.now == .milliseconds(150))
        #expect(log.events.first?.body == .mainThreadBlocked(ms: 150, cause: "synchronous download"))
    }

    @Test func testBackgroundWorkDelaysWhatItQueuesNotItsRecords() {
        let (world, log) = makeWorld()
        var ranAt: VirtualTime?
        world.onBackground(at: .milliseconds(10)) {
            world.spend(ms: 40, cause: "decoding")
            world.enqueueOnMain { ranAt = world.now }
        }
        world.idle(until: .milliseconds(20))
        #expect(log.events.isEmpty, "background work does not block the main thread")
        #expect(world.nextMainBlockTime == .milliseconds(50), "the block is queued when the background work is done")
        world.idle(until: .milliseconds(50))
        world.runMainBlocks()
        #expect(ranAt == .milliseconds(50))
    }

    /// UIKit is main-thread only: an image set off it is recorded, and a note
    /// saying so follows it; on the main thread no note is written.
    @Test func testAnImageSetOffTheMainThreadIsNoted() {
        let (world, log) = makeWorld()
        let view = ImageView(cellID: 1)
        CurrentWorld.with(world) {
            world.onBackground(at: .milliseconds(10)) { view.image = world.imageMemory.placeholder }
            world.idle(until: .milliseconds(20))
            view.image = nil
        }
        let kinds = log.events.map(\.kind).filter { $0 == .imageSet || $0 == .note }
        #expect(kinds == [.imageSet, .note, .imageSet])
        #expect(log.events.contains { MainThreadRule.isOffMainThreadNote($0.body) })
    }

    @Test func testMainAsyncRunsAfterTheCurrentWorkNotInsideIt() {
        let (world, _) = makeWorld()
        var order: [String] = []
        world.enqueueOnMain { order.append("block") }
        order.append("current work")
        world.runMainBlocks()
        #expect(order == ["current work", "block"])
    }

    @Test func testABlockedMainThreadMissesFramesAndTheHitchNamesTheCause() throws {
        var spec = WorldSpec()
        spec.network.latency = .fixed(ms: 200)
        let scenario = Scenario(title: "hitch", table: seedScreen(), strategy: "sync-download",
                                script: [.drag(by: 200, ms: 1000)], world: spec)
        let events = record(scenario)
        let hitches = events.compactMap { event -> (Int, String)? in
            if case .hitch(_, let missed, _, let cause) = event.body { return (missed, cause) }
            return nil
        }
        #expect(!hitches.isEmpty)
        #expect(hitches.allSatisfy { $0.0 >= 12 && $0.1.contains("synchronous download") }, "\(hitches)")
    }
}
