import TraceModel

/// The image server and `URLSession`: requests wait for one of the host's
/// connections (6, URLSession's default), take a latency drawn from the scenario's
/// seed plus their size over the bandwidth, may fail, can be cancelled, and —
/// for `URLSession` tasks — go through `URLCache` first.
public final class SimulatedNetwork {
    unowned let world: World
    private var requestCount = 0
    private var connectionsInUse = 0
    private var waiting: [DataTask] = []
    /// Every task made, so the end of a recording can release their handlers.
    private var tasks: [DataTask] = []
    /// `URLCache.shared`, sized by the scenario's `cache`.
    public lazy var urlCache = HTTPCache(memoryCapacity: world.spec.cache.urlCacheMemory,
                                        diskCapacity: world.spec.cache.urlCacheDisk)
    /// How long answering from `URLCache` takes.
    static let memoryCacheMs = 1.0
    static let diskCacheMs = 4.0

    init(world: World) { self.world = world }

    public enum Failure: Error, Equatable {
        case cancelled
        case failed(String)
    }

    /// What is being fetched.
    public enum Resource: Equatable {
        case image(number: Int, row: Int)
        case page(firstRow: Int, count: Int)
    }

    /// A `URLSessionDataTask`: created suspended, started by `resume()`,
    /// stopped by `cancel()`. Its completion runs on a background thread.
    public final class DataTask {
        public enum State { case suspended, waiting, running, completed, cancelled }

        public let id: Int
        public let resource: Resource
        let cause: RequestCause
        let usesURLCache: Bool
        /// Dropped once called, so the task no longer keeps its caller alive
        /// (an app that keeps its tasks would otherwise hold itself in a cycle).
        private var completion: ((SimData?, Failure?) -> Void)?
        unowned let network: SimulatedNetwork
        /// Where the app wrote the completion handler (the `dataTask(with:)` call):
        /// the answer, and what the handler does without a site of its own, happen there.
        let handlerSite: CodeSite?
        public internal(set) var state: State = .suspended
        /// True while it occupies one of the host's connections.
        var holdsConnection = false

        init(id: Int, resource: Resource, cause: RequestCause, usesURLCache: Bool, network: SimulatedNetwork,
             handlerSite: CodeSite?, completion: @escaping (SimData?, Failure?) -> Void) {
            self.id = id
            self.handlerSite = handlerSite
            self.resource = resource
            self.cause = cause
            self.usesURLCache = usesURLCache
            self.network = network
            self.completion = completion
        }

        /// Calls the completion handler once, then lets go of it.
        func complete(_ data: SimData?, _ failure: Failure?) {
            let handler = completion
            completion = nil
            answering { handler?(data, failure) }
        }

        /// Runs `work` at the handler's site, as the answer's events happen there.
        func answering(_ work: () -> Void) {
            if let handlerSite { network.world.with(site: handlerSite, work) } else { work() }
        }

        /// Lets go of the completion handler without calling it (the recording is over).
        func abandon() { completion = nil }

        public func resume(file: StaticString = #fileID, line: UInt = #line) {
            network.world.with(site: .call(file: file, line: line)) { network.resume(self) }
        }
        public func cancel(file: StaticString = #fileID, line: UInt = #line) {
            network.world.with(site: .call(file: file, line: line)) { network.cancel(self) }
        }

        /// Another row waits for this same download instead of starting its own
        /// (request coalescing, seed 003).
        public func join(row: Int) {
            guard state == .waiting || state == .running else { return }
            network.world.record(.requestCoalesced(request: id, row: network.world.row(ofItem: row)))
        }
    }

    /// `URLSession.shared.dataTask(with:completionHandler:)` for row `row`'s image.
    public func dataTask(image: Int, row: Int, cause: RequestCause? = nil, usesURLCache: Bool = true,
                         completion: @escaping (SimData?, Failure?) -> Void) -> DataTask {
        let cause = cause ?? world.cause
        requestCount += 1
        let task = DataTask(id: requestCount, resource: .image(number: image, row: row), cause: cause,
                            usesURLCache: usesURLCache, network: self, handlerSite: world.site, completion: completion)
        tasks.append(task)
        return task
    }

    /// A request for a page of rows (batch paging), its handler written at `file`:`line`.
    public func pageTask(firstRow: Int, count: Int, file: StaticString = #fileID, line: UInt = #line,
                         completion: @escaping (SimData?, Failure?) -> Void) -> DataTask {
        requestCount += 1
        let task = DataTask(id: requestCount, resource: .page(firstRow: firstRow, count: count), cause: .cellForRowAt,
                            usesURLCache: false, network: self, handlerSite: .call(file: file, line: line), completion: completion)
        tasks.append(task)
        return task
    }

    // MARK: Asynchronous tasks

    func resume(_ task: DataTask) {
        guard task.state == .suspended else { return }
        switch task.resource {
        case .image(let number, let row):
            world.record(.imageRequest(request: task.id, row: world.row(ofItem: row), image: number, cause: task.cause, sync: false))
            if task.usesURLCache, let cached = urlCache.cachedResponse(for: number) {
                task.state = .running
                world.record(.cacheHit(row: world.row(ofItem: row), image: number, layer: cached.hit == .memory ? .urlCacheMemory : .urlCacheDisk))
                let ms = cached.hit == .memory ? Self.memoryCacheMs : Self.diskCacheMs
                world.onBackground(at: world.threadClock + milliseconds(ms)) { [self] in
                    guard task.state == .running else { return }
                    task.state = .completed
                    task.answering { world.record(.response(request: task.id, bytes: cached.bytes, fromCache: true)) }
                    task.complete(SimData(image: number, bytes: cached.bytes), nil)
                }
                return
            }
        case .page(let firstRow, let count):
            world.record(.pageRequest(request: task.id, firstRow: firstRow, count: count))
        }
        if connectionsInUse < world.spec.network.connectionsPerHost {
            start(task)
        } else {
            task.state = .waiting
            waiting.append(task)
        }
    }

    private func start(_ task: DataTask) {
        task.state = .running
        task.holdsConnection = true
        connectionsInUse += 1
        world.record(.requestStarted(request: task.id))
        let (duration, failed, bytes) = draw(task.resource)
        world.onBackground(at: world.threadClock + duration) { [self] in
            guard task.state == .running else { return } // cancelled meanwhile
            task.state = .completed
            task.holdsConnection = false
            connectionsInUse -= 1
            if failed {
                task.answering { world.record(.requestFailed(request: task.id, reason: "the server did not answer")) }
                task.complete(nil, .failed("the server did not answer"))
            } else {
                task.answering { world.record(.response(request: task.id, bytes: bytes, fromCache: false)) }
                var data = SimData(image: -1, bytes: bytes)
                if case .image(let number, _) = task.resource {
                    data = SimData(image: number, bytes: bytes)
                    if task.usesURLCache { urlCache.storeCachedResponse(key: number, bytes: bytes) }
                }
                task.complete(data, nil)
            }
            startWaiting()
        }
    }

    func cancel(_ task: DataTask) {
        switch task.state {
        case .waiting:
            waiting.removeAll { $0 === task }
        case .running:
            // A task answered from URLCache holds no connection.
            if task.holdsConnection {
                task.holdsConnection = false
                connectionsInUse -= 1
            }
        default:
            return
        }
        task.state = .cancelled
        world.record(.requestCancelled(request: task.id))
        // URLSession calls the completion handler with NSURLErrorCancelled.
        world.onBackground(at: world.threadClock) { task.complete(nil, .cancelled) }
        startWaiting()
    }

    private func startWaiting() {
        while connectionsInUse < world.spec.network.connectionsPerHost, !waiting.isEmpty {
            start(waiting.removeFirst())
        }
    }

    /// The recording is over: drop every handler still waiting and forget the tasks.
    func abandonAll() {
        for task in tasks { task.abandon() }
        tasks = []
        waiting = []
    }

    // MARK: Synchronous loading

    /// `Data(contentsOf:)`: the calling thread waits for the whole download. It
    /// bypasses URLSession's connection limit and URLCache (so seed 000's
    /// synchronous code downloads again every time a row comes back).
    public func contentsOf(image number: Int, row: Int, cause: RequestCause? = nil) -> SimData? {
        let cause = cause ?? world.cause
        requestCount += 1
        let id = requestCount
        world.record(.imageRequest(request: id, row: world.row(ofItem: row), image: number, cause: cause, sync: true))
        world.record(.requestStarted(request: id))
        let (duration, failed, bytes) = draw(.image(number: number, row: row))
        let ms = Double(duration.microseconds) / 1000
        if world.isMainThread {
            world.spend(ms: ms, cause: "synchronous download of image \(number) (Data(contentsOf:))", varies: false)
            world.record(failed ? .requestFailed(request: id, reason: "the server did not answer")
                                : .response(request: id, bytes: bytes, fromCache: false))
        } else {
            // A background thread just waits; the answer is recorded when it arrives.
            let arrival = world.threadClock + duration
            world.onBackground(at: arrival) { [world] in
                world.record(failed ? .requestFailed(request: id, reason: "the server did not answer")
                                    : .response(request: id, bytes: bytes, fromCache: false))
            }
            world.spend(ms: ms, cause: "waiting for image \(number)", varies: false)
        }
        return failed ? nil : SimData(image: number, bytes: bytes)
    }

    // MARK: Timing

    /// Latency (from the scenario's distribution, its seed, or a slow-row
    /// override) plus transfer time; whether it fails; how many bytes.
    private func draw(_ resource: Resource) -> (VirtualTime, Bool, Int) {
        let spec = world.spec.network
        let bytes: Int
        var latencyMs: Int
        switch resource {
        case .image(_, let row):
            bytes = world.spec.images.bytes
            latencyMs = drawLatency(spec.latency)
            if let slow = spec.slowRows[row] { latencyMs = slow }
        case .page:
            bytes = world.spec.paging.pageBytes
            latencyMs = drawLatency(spec.latency)
        }
        let failed = spec.failureRate > 0 && world.random.chance(spec.failureRate)
        let transferMicros = Int64(bytes) * 1_000_000 / Int64(max(1, spec.bandwidth))
        return (VirtualTime(microseconds: Int64(latencyMs) * 1000 + transferMicros), failed, bytes)
    }

    private func drawLatency(_ latency: LatencySpec) -> Int {
        switch latency {
        case .fixed(let ms):
            return ms
        case .uniform(let low, let high):
            return world.random.int(in: low...high)
        case .longTail(let low, let high, let tailLow, let tailHigh, let probability):
            return world.random.chance(probability) ? world.random.int(in: tailLow...tailHigh) : world.random.int(in: low...high)
        }
    }

    private func milliseconds(_ ms: Double) -> VirtualTime {
        VirtualTime(microseconds: Int64((ms * 1000).rounded()))
    }
}
