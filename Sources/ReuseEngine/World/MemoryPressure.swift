/// Memory pressure: NSCache "incorporates various auto-eviction policies, which
/// ensure that a cache doesn't use too much of the system's memory" (Apple's
/// `NSCache` page), with no figure. The engine's stand-in, an inferred rule: when
/// the images the app holds grow past the device's budget (`cache.memoryBudget`
/// in the scenario, 512 MB by default), every NSCache gives up its least recently
/// used images (a `cacheEvict` each) until the app is back within the budget or
/// the caches are empty. Images an image view or a model object still holds stay
/// in memory: evicting them from the cache frees nothing.
extension ImageMemory {
    /// A cache the world knows without keeping it alive.
    struct WeakCache {
        weak var cache: ImageMemoryCache?
    }

    /// Lets `cache` give up images when memory is tight.
    func register(_ cache: ImageMemoryCache) {
        caches.removeAll { $0.cache == nil }
        caches.append(WeakCache(cache: cache))
    }

    /// Whether the images held now are past the device's budget (0: no budget).
    var isPastBudget: Bool {
        let budget = world.spec.cache.memoryBudget
        return budget > 0 && bytes > budget
    }

    /// Called after image memory grew: past the budget, the caches evict, oldest
    /// use first, until memory is back within it or they hold nothing.
    func relieveMemoryPressure() {
        guard isPastBudget, !isRelieving else { return }
        isRelieving = true
        defer { isRelieving = false }
        for entry in caches {
            guard let cache = entry.cache else { continue }
            while isPastBudget, cache.evictLeastRecentlyUsed() {}
            if !isPastBudget { return }
        }
    }
}
