import TraceModel

/// An `NSCache` of images keyed by image number, with `countLimit` and
/// `totalCostLimit`. When over a limit it evicts the least recently used image
/// (NSCache's own order is unspecified; least recently used is a fair stand-in).
/// With limits or without, it also gives images up when memory is tight
/// (`MemoryPressure`), so a cache never holds more than the device can.
public final class ImageMemoryCache {
    unowned let world: World
    public var countLimit: Int
    public var totalCostLimit: Int
    private var entries: [(key: Int, image: SimImage, cost: Int)] = []

    public init(world: World, countLimit: Int, totalCostLimit: Int) {
        self.world = world
        self.countLimit = countLimit
        self.totalCostLimit = totalCostLimit
        world.imageMemory.register(self)
    }

    /// `object(forKey:)`: marks the image as recently used; a hit for row `row`
    /// is recorded (`cacheHit`, layer `memory`).
    public func object(forKey key: Int, row: Int, file: StaticString = #fileID, line: UInt = #line) -> SimImage? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        world.with(site: .call(file: file, line: line)) { world.record(.cacheHit(row: world.row(ofItem: row), image: key, layer: .memory)) }
        return entry.image
    }

    /// `setObject(_:forKey:cost:)`.
    public func setObject(_ image: SimImage, forKey key: Int, cost: Int) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            world.imageMemory.release(entries.remove(at: index).image)
        }
        entries.append((key, image, cost))
        world.imageMemory.retain(image)
        while (countLimit > 0 && entries.count > countLimit) || (totalCostLimit > 0 && totalCost > totalCostLimit && entries.count > 1) {
            evictLeastRecentlyUsed()
        }
    }

    /// Evicts the image used least recently (a `cacheEvict`); false when empty.
    @discardableResult
    func evictLeastRecentlyUsed() -> Bool {
        guard !entries.isEmpty else { return false }
        let evicted = entries.removeFirst()
        world.record(.cacheEvict(image: evicted.key, layer: .memory))
        world.imageMemory.release(evicted.image)
        return true
    }

    public var totalCost: Int { entries.reduce(0) { $0 + $1.cost } }

    /// How many images the cache holds.
    public var count: Int { entries.count }
}
