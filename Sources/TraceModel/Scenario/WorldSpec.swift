/// The simulated world around the table view: the images rows show, the network
/// that serves them, the app's caches and the cost of work on the main thread.
/// Every member has a default, so a text-only scenario need not mention any of it.
public struct WorldSpec: Sendable, Equatable {
    public var images: ImageSpec
    public var network: NetworkSpec
    public var cache: CacheSpec
    public var mainThread: MainThreadSpec
    public var paging: PagingSpec

    public init(images: ImageSpec = ImageSpec(), network: NetworkSpec = NetworkSpec(), cache: CacheSpec = CacheSpec(),
                mainThread: MainThreadSpec = MainThreadSpec(), paging: PagingSpec = PagingSpec()) {
        self.images = images
        self.network = network
        self.cache = cache
        self.mainThread = mainThread
        self.paging = paging
    }
}

/// The image each row shows: its pixel size (decoded memory is width × height × 4
/// bytes), its size on the wire, and how many distinct images there are (row r
/// shows image r mod `distinct`, so rows can share a URL).
public struct ImageSpec: Sendable, Equatable {
    public var width: Int = 300
    public var height: Int = 300
    public var bytes: Int = 30_000
    /// Number of distinct image URLs; nil means one per row.
    public var distinct: Int?

    public init(width: Int = 300, height: Int = 300, bytes: Int = 30_000, distinct: Int? = nil) {
        self.width = width
        self.height = height
        self.bytes = bytes
        self.distinct = distinct
    }

    /// Decoded size in memory: 4 bytes per pixel.
    public var decodedBytes: Int { width * height * 4 }

    /// The image number row `row` shows.
    public func image(forRow row: Int) -> Int {
        guard let distinct, distinct > 0 else { return row }
        return row % distinct
    }
}

/// How long a request takes: a fixed latency, a uniform range, or a long tail
/// (usually in the typical range, sometimes much slower). Drawn from the scenario's seed.
public enum LatencySpec: Sendable, Equatable {
    case fixed(ms: Int)
    case uniform(min: Int, max: Int)
    case longTail(min: Int, max: Int, tailMin: Int, tailMax: Int, tailProbability: Double)
}

/// The image server and the connection to it.
public struct NetworkSpec: Sendable, Equatable {
    public var latency: LatencySpec = .uniform(min: 80, max: 200)
    /// Transfer speed in bytes per second.
    public var bandwidth: Int = 2_000_000
    /// Probability that a request fails.
    public var failureRate: Double = 0
    /// URLSession's default `httpMaximumConnectionsPerHost`.
    public var connectionsPerHost: Int = 6
    /// Fixed latencies for particular rows' images (for example one slow response).
    public var slowRows: [Int: Int] = [:]

    public init() {}
}

/// The sizes of the caches strategies use.
public struct CacheSpec: Sendable, Equatable {
    /// `NSCache.countLimit` (0: no limit).
    public var countLimit: Int = 0
    /// `NSCache.totalCostLimit` in bytes (0: no limit).
    public var totalCostLimit: Int = 0
    /// `URLCache` memory and disk capacities; 4 MB and 20 MB are `URLCache.shared`'s defaults.
    public var urlCacheMemory: Int = 4 * 1024 * 1024
    public var urlCacheDisk: Int = 20 * 1024 * 1024
    /// The image memory past which the device is short of memory and every
    /// `NSCache` gives images up (0: never). Apple gives no figure; 512 MB is ours.
    public var memoryBudget: Int = CacheSpec.defaultMemoryBudget

    public static let defaultMemoryBudget = 512 * 1024 * 1024

    public init() {}
}

/// What work on the main thread costs, in virtual milliseconds.
public struct MainThreadSpec: Sendable, Equatable {
    /// Decoding an image for display, per million pixels.
    public var decodeMsPerMegapixel: Double = 10
    /// Configuring a cell's labels in `cellForRowAt`.
    public var cellForRowAtMs: Double = 0
    /// How much each piece of timed work varies from one to the next, as a
    /// fraction: with 0.15, decoding an image or `cellForRowAtMs` takes 85% to
    /// 115% of its cost, drawn uniformly from the scenario's seed (a device's
    /// timings wander with clock speed, caches and other processes). 0, the
    /// default, keeps every cost exact and draws nothing, so a recording without
    /// it is what it always was. At most `maximumJitter`.
    public var jitter: Double = 0

    /// The largest `jitter`: work never takes less than a tenth of its cost.
    public static let maximumJitter = 0.9

    public init() {}
}

/// Batch paging (seed 002): how many rows one page request loads.
public struct PagingSpec: Sendable, Equatable {
    public var pageSize: Int = 15
    /// Bytes of one page response.
    public var pageBytes: Int = 4_000

    public init() {}
}
