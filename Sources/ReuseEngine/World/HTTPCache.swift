/// A `URLCache`: responses kept by URL in memory and on disk, each store trimmed
/// to its capacity, least recently used first. A response is stored only if it
/// is no larger than about 5% of the store, as Apple's documentation describes.
public final class HTTPCache {
    public let memoryCapacity: Int
    public let diskCapacity: Int
    private var memory: [(key: Int, bytes: Int)] = []
    private var disk: [(key: Int, bytes: Int)] = []

    public enum Hit { case memory, disk }

    public init(memoryCapacity: Int, diskCapacity: Int) {
        self.memoryCapacity = memoryCapacity
        self.diskCapacity = diskCapacity
    }

    /// Looks up image `key`; a disk hit is brought back into memory.
    func cachedResponse(for key: Int) -> (bytes: Int, hit: Hit)? {
        if let index = memory.firstIndex(where: { $0.key == key }) {
            let entry = memory.remove(at: index)
            memory.append(entry)
            return (entry.bytes, .memory)
        }
        if let index = disk.firstIndex(where: { $0.key == key }) {
            let entry = disk.remove(at: index)
            disk.append(entry)
            insert(key: key, bytes: entry.bytes, into: &memory, capacity: memoryCapacity)
            return (entry.bytes, .disk)
        }
        return nil
    }

    func storeCachedResponse(key: Int, bytes: Int) {
        insert(key: key, bytes: bytes, into: &memory, capacity: memoryCapacity)
        insert(key: key, bytes: bytes, into: &disk, capacity: diskCapacity)
    }

    private func insert(key: Int, bytes: Int, into store: inout [(key: Int, bytes: Int)], capacity: Int) {
        guard capacity > 0, bytes * 20 <= capacity else { return }
        store.removeAll { $0.key == key }
        store.append((key, bytes))
        var total = store.reduce(0) { $0 + $1.bytes }
        while total > capacity, !store.isEmpty {
            total -= store.removeFirst().bytes
        }
    }
}
