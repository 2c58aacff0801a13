import TraceFormat

/// Plays a scenario: builds the table view and the app's view controller, runs the
/// first layout, then every script step frame by frame on the virtual clock.
///
/// Each frame applies the scroll input, runs one layout pass, and commits what the
/// screen shows (a `frame` event whenever it changed). Everything is deterministic:
/// the same scenario gives the same events on every run and every machine.
public final class Simulation {
    public let scenario: Scenario
    public let log: EventLog
    public let tableView: TableView
    let app: TableViewController
    var clock: FrameClock
    var lastSnapshot: FrameSnapshot?

    /// `makeApp` builds the strategy's view controller (the Strategies module knows them by name).
    public init(scenario: Scenario, app: TableViewController, logCapacity: Int = 20_000_000) {
        self.scenario = scenario
        self.app = app
        log = EventLog(capacity: logCapacity)
        clock = FrameClock(fps: scenario.fps)
        tableView = TableView(profile: scenario.profile, geometry: TableGeometry(scenario.table), log: log)
    }

    /// The recording grew past the log's capacity and was stopped at the step named.
    public struct TooManyEvents: Error {
        public var stepIndex: Int
        public var eventCount: Int
    }

    /// Runs the whole scenario and returns the recorded events, or stops with
    /// `TooManyEvents` when a scenario would record more than the log can hold.
    public func run() throws(TooManyEvents) -> [TraceEvent] {
        log.now = clock.now
        app.viewDidLoad(tableView, environment: AppEnvironment(rowCount: scenario.table.rows, usesPrefetching: scenario.prefetching))
        // The first layout, before any touch. Classic prefetches right after it.
        if scenario.profile == .classic { tableView.prefetchingStarted = true }
        tableView.layoutPass()
        commitFrame()
        for (index, step) in scenario.script.enumerated() {
            play(step)
            if log.isFull { throw TooManyEvents(stepIndex: index, eventCount: log.events.count) }
        }
        return log.events
    }

    func play(_ step: ScriptStep) {
        switch step {
        case .drag(let distance, let ms):
            drag(by: distance, over: .milliseconds(ms))
        case .wait(let ms):
            let end = clock.now + .milliseconds(ms)
            while clock.now < end && !log.isFull { advanceFrame(to: nil) }
        case .fling(let velocity, let rate):
            fling(velocity: velocity, rate: rate)
        case .scrollTo(let row, let position, let animated):
            scroll(toRow: row, position: position, animated: animated)
        case .reloadData:
            tableView.reloadData()
            commitFrame()
        case .reloadRows(let rows):
            tableView.reloadRows(rows)
            commitFrame()
        case .memoryWarning:
            tableView.didReceiveMemoryWarning()
        case .disappear:
            tableView.tearDown()
        case .note(let text):
            log.record(.note(text: text))
        }
    }

    // MARK: Gestures

    func beginDragging(direction: Int) {
        log.record(.scrollViewWillBeginDragging(offset: tableView.contentOffset))
        tableView.isScrolling = true
        tableView.scrollDirection = direction
        tableView.prefetchingStarted = true
        // Touch-down lays out once: the modern profile starts prefetching and prepares the next row here.
        tableView.layoutPass()
    }

    func drag(by distance: Double, over duration: VirtualTime) {
        beginDragging(direction: distance >= 0 ? 1 : -1)
        let start = tableView.contentOffset
        let startTime = clock.now
        while clock.now - startTime < duration && !log.isFull {
            let time = clock.time(ofFrame: clock.frame + 1)
            let offset = ScrollMotion.dragOffset(start: start, distance: distance, elapsed: time - startTime, duration: duration)
            advanceFrame(to: offset)
        }
        tableView.isScrolling = false
        log.record(.scrollViewDidEndDragging(offset: tableView.contentOffset, willDecelerate: false))
    }

    func fling(velocity: Double, rate: Double) {
        beginDragging(direction: velocity >= 0 ? 1 : -1)
        log.record(.scrollViewDidEndDragging(offset: tableView.contentOffset, willDecelerate: true))
        var motion = ScrollMotion.Deceleration(offset: tableView.contentOffset, velocity: velocity, rate: rate)
        let range = tableView.geometry.minimumOffset...tableView.geometry.maximumOffset
        let startTime = clock.now
        var stopped = false
        while !stopped && !log.isFull {
            let time = clock.time(ofFrame: clock.frame + 1)
            let hitEdge = motion.advance(to: Int((time - startTime).microseconds / 1000), within: range)
            stopped = hitEdge || motion.isResting
            advanceFrame(to: ScrollMotion.rounded(motion.offset))
        }
        tableView.isScrolling = false
        log.record(.scrollViewDidEndDecelerating(offset: tableView.contentOffset))
    }

    func scroll(toRow row: Int, position: ScrollPosition, animated: Bool) {
        log.record(.scrollToRow(row: row, position: position.rawValue, animated: animated))
        let start = tableView.contentOffset
        let target = tableView.geometry.offset(toShow: row, at: position)
        guard target != start else { return }
        tableView.scrollDirection = target > start ? 1 : -1
        guard animated else {
            clock.tick()
            log.now = clock.now
            tableView.contentOffset = ScrollMotion.rounded(target)
            tableView.layoutPass()
            commitFrame()
            return
        }
        tableView.isScrolling = true
        let startTime = clock.now
        let duration = ScrollMotion.scrollAnimation
        while clock.now - startTime < duration && !log.isFull {
            let time = clock.time(ofFrame: clock.frame + 1)
            let fraction = Double((time - startTime).microseconds) / Double(duration.microseconds)
            advanceFrame(to: ScrollMotion.rounded(start + (target - start) * ScrollMotion.easeInOut(fraction)))
        }
        tableView.isScrolling = false
    }

    // MARK: Frames

    /// One display frame: apply the scroll input, lay out if the offset moved, commit.
    func advanceFrame(to offset: Double?) {
        clock.tick()
        log.now = clock.now
        if let offset {
            let clamped = tableView.geometry.clamp(offset)
            if clamped != tableView.contentOffset {
                tableView.contentOffset = clamped
                tableView.layoutPass()
            }
        }
        commitFrame()
    }

    /// Records what the screen shows, if it differs from the last recorded frame.
    func commitFrame() {
        // Nothing moved and no cell changed: skip building a snapshot (a long wait stays cheap).
        guard !tableView.isTornDown, tableView.screenChanged else { return }
        tableView.screenChanged = false
        var snapshot = tableView.snapshot(frame: clock.frame)
        if let last = lastSnapshot, last.offset == snapshot.offset, last.cells == snapshot.cells { return }
        lastSnapshot = snapshot
        snapshot.offset = ScrollMotion.rounded(snapshot.offset)
        log.record(.frame(snapshot))
    }
}
