import Foundation
import Testing
import TraceModel
@testable import ReuseEngine

/// NSCache gives images up once the app's images pass the device's memory budget.
@Suite
final class MemoryPressureTests {
    func makeWorld(budget: Int) -> (World, EventLog) {
        var spec = WorldSpec()
        spec.cache.memoryBudget = budget
        let log = EventLog()
        return (World(spec: spec, seed: 1, log: log), log)
    }

    func picture(_ number: Int) -> SimImage { SimImage(id: number + 1, content: .picture(number: number), bytes: 400) }

    func evicted(_ log: EventLog) -> [Int] {
        log.events.compactMap { if case .cacheEvict(let image, .memory) = $0.body { return image }; return nil }
    }

    @Test func testAnNSCacheWithoutLimitsEvictsPastTheBudget() {
        let (world, log) = makeWorld(budget: 1_000)
        let cache = ImageMemoryCache(world: world, countLimit: 0, totalCostLimit: 0)
        cache.setObject(picture(0), forKey: 0, cost: 1)
        cache.setObject(picture(1), forKey: 1, cost: 1)
        _ = cache.object(forKey: 0, row: 0)
        #expect(evicted(log).isEmpty, "800 bytes are within the budget")
        cache.setObject(picture(2), forKey: 2, cost: 1)
        #expect(evicted(log) == [1], "past 1,000 bytes, the image used least recently goes")
        #expect(world.imageMemory.bytes == 800)
        #expect(cache.count == 2)
    }

    /// Evicting an image an image view still shows frees nothing: the cache goes
    /// on giving images up, oldest use first, until memory is within the budget.
    @Test func testEvictingAnImageHeldElsewhereFreesNothing() {
        let (world, log) = makeWorld(budget: 1_000)
        let cache = ImageMemoryCache(world: world, countLimit: 0, totalCostLimit: 0)
        let views = (0..<2).map { _ in ImageView(cellID: 1) }
        CurrentWorld.with(world) {
            for number in 0..<2 {
                cache.setObject(picture(number), forKey: number, cost: 1)
                views[number].image = cache.object(forKey: number, row: number)
            }
        }
        cache.setObject(picture(2), forKey: 2, cost: 1)
        #expect(evicted(log) == [0, 1, 2], "images 0 and 1 stay on screen, so the cache gives up image 2 as well")
        #expect(world.imageMemory.bytes == 800, "the image views' pictures stay in memory")
        #expect(cache.count == 0)
        #expect(views.allSatisfy { $0.image != nil })
    }

    @Test func testLimitsStillApplyAndAZeroBudgetNeverEvicts() {
        let (world, log) = makeWorld(budget: 0)
        let cache = ImageMemoryCache(world: world, countLimit: 0, totalCostLimit: 0)
        for number in 0..<50 { cache.setObject(picture(number), forKey: number, cost: 1) }
        #expect(evicted(log).isEmpty)
        #expect(world.imageMemory.bytes == 20_000)
        let limited = ImageMemoryCache(world: world, countLimit: 1, totalCostLimit: 0)
        limited.setObject(picture(60), forKey: 60, cost: 1)
        limited.setObject(picture(61), forKey: 61, cost: 1)
        #expect(evicted(log) == [60])
    }

    @Test func testTheDefaultBudgetIs512MB() {
        #expect(CacheSpec().memoryBudget == 512 * 1024 * 1024)
    }
}
