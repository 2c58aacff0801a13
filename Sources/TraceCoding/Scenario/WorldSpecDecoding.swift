import TraceModel
import ToolSupport

extension WorldSpec {
    /// Reads `images`, `network`, `cache`, `mainThread` and `paging` from a scenario object.
    static func decode(_ scenario: JSONFieldObject, rows: Int) throws(ReuseLabError) -> WorldSpec {
        var world = WorldSpec()
        if let field = scenario.optional("images") {
            let object = try field.object()
            try object.rejectUnknown(allowed: ["width", "height", "bytes", "distinct"])
            world.images.width = try object.optional("width")?.positiveInt(max: 10_000) ?? world.images.width
            world.images.height = try object.optional("height")?.positiveInt(max: 10_000) ?? world.images.height
            world.images.bytes = try object.optional("bytes")?.positiveInt(max: 100_000_000) ?? world.images.bytes
            world.images.distinct = try object.optional("distinct")?.positiveInt(max: rows)
        }
        if let field = scenario.optional("network") {
            let object = try field.object()
            try object.rejectUnknown(allowed: ["latency", "bandwidth", "failureRate", "connectionsPerHost", "slowRows"])
            if let latency = object.optional("latency") { world.network.latency = try LatencySpec.decode(latency) }
            world.network.bandwidth = try object.optional("bandwidth")?.positiveInt(max: 10_000_000_000) ?? world.network.bandwidth
            if let rate = object.optional("failureRate") {
                let value = try rate.double()
                guard value >= 0, value <= 1 else { throw rate.error("\"failureRate\" must be a probability from 0 to 1, found \(NumberText.of(value))") }
                world.network.failureRate = value
            }
            world.network.connectionsPerHost = try object.optional("connectionsPerHost")?.int(in: 1...64) ?? world.network.connectionsPerHost
            if let slow = object.optional("slowRows") {
                for entry in try slow.array() {
                    let item = try entry.object()
                    try item.rejectUnknown(allowed: ["row", "ms"])
                    let row = try item.required("row").int(in: 0...(rows - 1))
                    world.network.slowRows[row] = try item.required("ms", "the latency of that row's image").int(in: 0...Scenario.Limits.maximumLatencyMilliseconds)
                }
            }
        }
        if let field = scenario.optional("cache") {
            let object = try field.object()
            try object.rejectUnknown(allowed: ["countLimit", "totalCostLimit", "urlCacheMemory", "urlCacheDisk", "memoryBudget"])
            let bytes = Scenario.Limits.maximumCacheBytes
            world.cache.countLimit = try object.optional("countLimit")?.nonNegativeInt(max: Scenario.Limits.maximumCacheCount) ?? 0
            world.cache.totalCostLimit = try object.optional("totalCostLimit")?.nonNegativeInt(max: bytes) ?? 0
            world.cache.urlCacheMemory = try object.optional("urlCacheMemory")?.nonNegativeInt(max: bytes) ?? world.cache.urlCacheMemory
            world.cache.urlCacheDisk = try object.optional("urlCacheDisk")?.nonNegativeInt(max: bytes) ?? world.cache.urlCacheDisk
            world.cache.memoryBudget = try object.optional("memoryBudget")?.nonNegativeInt(max: bytes) ?? world.cache.memoryBudget
        }
        if let field = scenario.optional("mainThread") {
            let object = try field.object()
            try object.rejectUnknown(allowed: ["decodeMsPerMegapixel", "cellForRowAtMs", "jitter"])
            let cost = Scenario.Limits.maximumMainThreadMilliseconds
            world.mainThread.decodeMsPerMegapixel = try object.optional("decodeMsPerMegapixel")?.nonNegativeDouble(max: cost) ?? world.mainThread.decodeMsPerMegapixel
            world.mainThread.cellForRowAtMs = try object.optional("cellForRowAtMs")?.nonNegativeDouble(max: cost) ?? world.mainThread.cellForRowAtMs
            if let jitterField = object.optional("jitter") {
                let value = try jitterField.double()
                let most = MainThreadSpec.maximumJitter
                guard value >= 0, value <= most else {
                    throw jitterField.error("\"jitter\" must be a fraction from 0 to \(NumberText.of(most)) (0.15: each piece of work takes 85% to 115% of its cost), found \(NumberText.of(value))")
                }
                world.mainThread.jitter = value
            }
        }
        if let field = scenario.optional("paging") {
            let object = try field.object()
            try object.rejectUnknown(allowed: ["pageSize", "pageBytes"])
            world.paging.pageSize = try object.optional("pageSize")?.positiveInt(max: 10_000) ?? world.paging.pageSize
            world.paging.pageBytes = try object.optional("pageBytes")?.positiveInt(max: 100_000_000) ?? world.paging.pageBytes
        }
        return world
    }

    func addMembers(to out: inout JSONObjectBuilder) {
        var images = JSONObjectBuilder()
        images.add("width", self.images.width)
        images.add("height", self.images.height)
        images.add("bytes", self.images.bytes)
        if let distinct = self.images.distinct { images.add("distinct", distinct) }
        out.add("images", images.value)

        var network = JSONObjectBuilder()
        network.add("latency", self.network.latency.jsonValue)
        network.add("bandwidth", self.network.bandwidth)
        network.add("failureRate", self.network.failureRate)
        network.add("connectionsPerHost", self.network.connectionsPerHost)
        if !self.network.slowRows.isEmpty {
            network.add("slowRows", .list(self.network.slowRows.keys.sorted().map { row in
                var entry = JSONObjectBuilder()
                entry.add("row", row)
                entry.add("ms", self.network.slowRows[row] ?? 0)
                return entry.value
            }))
        }
        out.add("network", network.value)

        var cache = JSONObjectBuilder()
        cache.add("countLimit", self.cache.countLimit)
        cache.add("totalCostLimit", self.cache.totalCostLimit)
        cache.add("urlCacheMemory", self.cache.urlCacheMemory)
        cache.add("urlCacheDisk", self.cache.urlCacheDisk)
        // Written only when it is not the default, so traces recorded before it existed keep their bytes.
        if self.cache.memoryBudget != CacheSpec.defaultMemoryBudget { cache.add("memoryBudget", self.cache.memoryBudget) }
        out.add("cache", cache.value)

        var main = JSONObjectBuilder()
        main.add("decodeMsPerMegapixel", mainThread.decodeMsPerMegapixel)
        main.add("cellForRowAtMs", mainThread.cellForRowAtMs)
        // Written only when set, so traces recorded before it existed keep their bytes.
        if mainThread.jitter > 0 { main.add("jitter", mainThread.jitter) }
        out.add("mainThread", main.value)

        var paging = JSONObjectBuilder()
        paging.add("pageSize", self.paging.pageSize)
        paging.add("pageBytes", self.paging.pageBytes)
        out.add("paging", paging.value)
    }
}

extension LatencySpec {
    /// `{"fixed": 120}`, `{"uniform": [80, 200]}` or
    /// `{"longTail": {"typical": [80, 200], "tail": [800, 3000], "probability": 0.1}}`.
    static func decode(_ field: JSONField) throws(ReuseLabError) -> LatencySpec {
        let object = try field.object()
        guard object.keys.count == 1, let name = object.keys.first else {
            throw field.error("\"latency\" must have one member: \"fixed\", \"uniform\" or \"longTail\"")
        }
        try object.rejectUnknown(allowed: ["fixed", "uniform", "longTail"])
        let body = try object.required(name)
        func range(_ field: JSONField) throws(ReuseLabError) -> (Int, Int) {
            let values = try field.array()
            guard values.count == 2 else { throw field.error("a latency range is [min, max] in milliseconds") }
            let low = try values[0].int(in: 0...Scenario.Limits.maximumLatencyMilliseconds)
            let high = try values[1].int(in: 0...Scenario.Limits.maximumLatencyMilliseconds)
            guard low <= high else { throw field.error("a latency range is [min, max]; \(low) is more than \(high)") }
            return (low, high)
        }
        switch name {
        case "fixed":
            return .fixed(ms: try body.int(in: 0...Scenario.Limits.maximumLatencyMilliseconds))
        case "uniform":
            let (low, high) = try range(body)
            return .uniform(min: low, max: high)
        default:
            let tail = try body.object()
            try tail.rejectUnknown(allowed: ["typical", "tail", "probability"])
            let (low, high) = try range(try tail.required("typical", "[min, max] of most requests"))
            let (tailLow, tailHigh) = try range(try tail.required("tail", "[min, max] of the slow requests"))
            let probabilityField = try tail.required("probability", "how often a request is slow")
            let probability = try probabilityField.double()
            guard probability >= 0, probability <= 1 else { throw probabilityField.error("\"probability\" must be from 0 to 1") }
            return .longTail(min: low, max: high, tailMin: tailLow, tailMax: tailHigh, tailProbability: probability)
        }
    }

    var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        switch self {
        case .fixed(let ms):
            out.add("fixed", ms)
        case .uniform(let low, let high):
            out.add("uniform", [low, high])
        case .longTail(let low, let high, let tailLow, let tailHigh, let probability):
            var tail = JSONObjectBuilder()
            tail.add("typical", [low, high])
            tail.add("tail", [tailLow, tailHigh])
            tail.add("probability", probability)
            out.add("longTail", tail.value)
        }
        return out.value
    }
}
