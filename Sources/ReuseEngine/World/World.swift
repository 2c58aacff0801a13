import TraceModel

/// Everything around the table view that takes time: the main thread and its
/// queue, background threads, the network, caches and image memory — all on one
/// virtual clock, so the same scenario always unfolds the same way.
///
/// The main thread is modelled honestly: work done on it (a synchronous
/// download, decoding an image) moves its clock forward, and while it is busy no
/// frame can be drawn. Other threads' work happens at its own times in between.
public final class World {
    public let spec: WorldSpec
    let log: EventLog
    var random: RandomSource
    /// The draws of `spec.mainThread.jitter`: a stream of its own from the same
    /// seed, so that turning jitter on leaves every network draw as it was.
    private var jitterRandom: RandomSource
    /// The main thread's clock.
    public private(set) var now: VirtualTime = .zero
    var scheduler = Scheduler()
    /// Blocks passed to `DispatchQueue.main.async`, in the order they become runnable.
    var mainQueue: [(due: VirtualTime, order: Int, block: () -> Void)] = []
    private var mainQueueCounter = 0
    /// Set while a background closure runs: when it started. Its events are
    /// recorded at that time, so the trace never goes back in time.
    var backgroundTime: VirtualTime?
    /// Work the running background closure has done so far: it delays what the
    /// closure schedules next (main-queue blocks, requests), not its records.
    var backgroundDelay = VirtualTime.zero
    /// Why work started now would load an image: set while the table view calls
    /// `cellForRowAt` or `prefetchRowsAt`, while `viewDidLoad` runs (preload), and
    /// carried into closures queued from there.
    public var cause: RequestCause = .cellForRowAt
    /// Where in the app's code the world is (see `CodeSite`): set while UIKit calls
    /// the app and while the app calls UIKit, and carried into closures queued from there.
    public var site: CodeSite?
    /// Turns a site into a line of the code the recording carries (set by the
    /// recorder); events are recorded without lines when it is nil or says nil.
    public var codeLine: ((CodeSite, EventKind) -> CodeLine?)?
    /// Set whenever what the screen shows may have changed since the last frame commit.
    var screenChanged = true
    /// True while the list asks the app for a cell (`cellForRowAt` / `cellForItemAt`).
    public internal(set) var isRequestingACell = false
    /// Which item each row shows, as row updates move them: the table view's,
    /// kept here because the world names rows in the events it records.
    var rowItems = RowItems(rowCount: 0)

    /// The row showing `item` now, for an event about the item's image. An image's
    /// URL names the item; before any update item r is row r. An item an update
    /// deleted is recorded at the nearest row still there (none of the strategies
    /// asks for a deleted item's image).
    public func row(ofItem item: Int) -> Int {
        guard rowItems.updateCount > 0 else { return item }
        return rowItems.row(ofItem: item) ?? max(0, min(item, rowItems.count - 1))
    }
    /// The longest piece of main-thread work since the last frame: the cause of a hitch.
    var longestBusy: (ms: Double, cause: String)?
    /// All main-thread work since the last frame began: what decides whether the next frame is late.
    var workSinceFrame = VirtualTime.zero
    /// The furthest the main thread's clock may go: 240 hours (ten days). Only
    /// main-thread work (synchronous downloads, decoding, `cellForRowAtMs`) takes the
    /// clock past the script's hour; work that would take it past this limit stops
    /// the recording with an error. Every time, `ms` and frame number a recording
    /// writes therefore stays well inside what a trace reader accepts.
    public static let maximumTime = VirtualTime.milliseconds(864_000_000)
    /// Set when main-thread work would run past `maximumTime`; the simulation then stops.
    public private(set) var pastTimeLimit = false
    public private(set) lazy var network = SimulatedNetwork(world: self)
    public private(set) lazy var imageMemory = ImageMemory(world: self)

    init(spec: WorldSpec, seed: Int, log: EventLog) {
        self.spec = spec
        self.random = RandomSource(seed: seed)
        self.jitterRandom = RandomSource(seed: ~seed)
        self.log = log
    }

    /// True unless a background closure is running.
    public var isMainThread: Bool { backgroundTime == nil }

    /// The time the current thread's events are recorded at.
    public var currentTime: VirtualTime { backgroundTime ?? now }

    /// The current thread's own clock: on a background thread, its start plus the
    /// work it has done.
    public var threadClock: VirtualTime { backgroundTime.map { $0 + backgroundDelay } ?? now }

    /// Records an event at the current thread's time.
    func record(_ body: EventBody) {
        log.now = currentTime
        var code: CodeLine?
        if let site, let codeLine { code = codeLine(site, body.kind) }
        log.record(body, code: code)
        if isMainThread { log.now = now }
    }

    // MARK: The main thread

    /// The current thread does `ms` of work. On the main thread that blocks it:
    /// the block is recorded, other threads' events that fall inside it happen at
    /// their own times, and the main thread's clock moves on. Work `varies` by
    /// the scenario's `mainThread.jitter`; waiting for the network does not (its
    /// time is the network's own draw).
    public func spend(ms: Double, cause: String, varies: Bool = true) {
        // Once past the limit the recording is stopping: nothing takes time any more.
        guard ms > 0, !pastTimeLimit else { return }
        let ms = varies ? jittered(ms) : ms
        guard ms > 0 else { return }
        // A single piece of work is at most about 1e11 ms (a 100 MB download at 1 byte
        // per second); the cap only keeps the conversion safe whatever the inputs become.
        let duration = VirtualTime(microseconds: Int64((min(ms, 1e12) * 1000).rounded()))
        if backgroundTime != nil {
            backgroundDelay = backgroundDelay + duration
            return
        }
        guard duration <= Self.maximumTime - now else {
            pastTimeLimit = true
            return
        }
        record(.mainThreadBlocked(ms: ms, cause: cause))
        if ms > (longestBusy?.ms ?? 0) { longestBusy = (ms, cause) }
        workSinceFrame = workSinceFrame + duration // at most `now`, which the guard keeps below the limit
        runBackground(upTo: now + duration)
        now = now + duration
        log.now = now
    }

    /// `ms` times a factor from 1 − jitter to 1 + jitter (drawn in millionths,
    /// the same on every machine), to the microsecond; `ms` itself, with no draw,
    /// when the scenario has no jitter.
    private func jittered(_ ms: Double) -> Double {
        let jitter = spec.mainThread.jitter
        guard jitter > 0 else { return ms }
        let offset = Double(jitterRandom.int(in: -1_000_000...1_000_000)) / 1_000_000
        return (ms * (1 + jitter * offset) * 1000).rounded() / 1000
    }

    /// `DispatchQueue.main.async`: the block runs on the main thread after the
    /// current work, never inside it.
    public func enqueueOnMain(_ block: @escaping () -> Void) {
        mainQueueCounter += 1
        let entry = (due: threadClock, order: mainQueueCounter, block: carryingCause(block))
        let index = mainQueue.firstIndex { ($0.due, $0.order) > (entry.due, entry.order) } ?? mainQueue.count
        mainQueue.insert(entry, at: index)
    }

    /// When the first queued main-thread block may run.
    var nextMainBlockTime: VirtualTime? { mainQueue.first?.due }

    /// Runs queued main-thread blocks that are due now, in order; blocks they
    /// queue wait for the next turn of the run loop.
    func runMainBlocks() {
        let due = mainQueue.prefix { $0.due <= now }
        guard !due.isEmpty else { return }
        mainQueue.removeFirst(due.count)
        for entry in due {
            entry.block()
        }
    }

    // MARK: Other threads

    /// `DispatchQueue.global().async` and network callbacks: `block` runs on a
    /// background thread at `time`.
    public func onBackground(at time: VirtualTime, _ block: @escaping () -> Void) {
        scheduler.schedule(at: time, carryingCause(block))
    }

    /// Runs `block` with the cause and the site that were current when it was queued.
    private func carryingCause(_ block: @escaping () -> Void) -> () -> Void {
        let captured = (cause, site)
        return { [unowned self] in
            let outer = (cause, site)
            (cause, site) = captured
            block()
            (cause, site) = outer
        }
    }

    /// Runs `work` at `site` in the app's code (see `CodeSite`).
    public func with<T>(site: CodeSite, _ work: () -> T) -> T {
        let outer = self.site
        self.site = site
        defer { self.site = outer }
        return work()
    }

    /// Runs `work` with `cause` as the reason for any image it requests.
    public func with<T>(cause: RequestCause, _ work: () -> T) -> T {
        let outer = self.cause
        self.cause = cause
        defer { self.cause = outer }
        return work()
    }

    /// Runs background work due by `time`, each at its own time.
    func runBackground(upTo time: VirtualTime) {
        while let item = scheduler.popDue(by: time) {
            let outer = (backgroundTime, backgroundDelay)
            backgroundTime = item.time
            backgroundDelay = .zero
            log.now = item.time
            item.action()
            (backgroundTime, backgroundDelay) = outer
            log.now = backgroundTime ?? now
        }
    }

    /// The recording is over: work still queued will never run. Dropping it (and
    /// the network's pending handlers) releases what those closures hold — cells,
    /// the app's view controller — instead of keeping them alive in a cycle.
    func abandonPendingWork() {
        scheduler = Scheduler()
        mainQueue = []
        network.abandonAll()
    }

    /// Moves the idle main thread's clock to `time` (between frames).
    func idle(until time: VirtualTime) {
        runBackground(upTo: time)
        if time > now { now = time }
        log.now = now
    }
}
