import TraceModel

/// Plays a scenario: builds the world, the table view (or the collection view,
/// for a scenario with a `collection`) and the app's view controller, runs
/// `viewDidLoad` and the first layout, then every script step on the virtual clock.
///
/// Time moves through one loop. Background work (responses, `global().async`)
/// happens at its own times; main-queue blocks run as soon as the main thread is
/// free; at each display frame (every 1/fps s) the main thread applies the scroll
/// input, lays out, runs due main-queue work and commits what the screen shows (a
/// `frame` event whenever it changed). If the main thread is still busy when a
/// frame is due, that frame is missed: the trace records a `hitch` and its cause.
public final class Simulation {
    public let scenario: Scenario
    public let log: EventLog
    public let world: World
    /// The table view, or the machinery of the collection view: script steps act on it.
    public let tableView: TableView
    /// The collection view, for a scenario with a `collection`.
    public let collectionView: CollectionView?
    let screen: AppScreen
    /// The app's view controller.
    var app: AnyObject { screen.viewController }
    let clock: FrameClock
    /// The last display frame drawn (-1 before the first layout).
    var lastFrame = -1
    var lastFrameTime = VirtualTime.zero
    var gesture: ScrollGesture?
    /// What the app was told of the world in `viewDidLoad`, and is told again when its data changes.
    lazy var environment = AppEnvironment(rowCount: scenario.table.rows, usesPrefetching: scenario.prefetching, world: world)
    var lastSnapshot: FrameSnapshot?

    public convenience init(scenario: Scenario, app: TableViewController, showsImages: Bool = false, logCapacity: Int = 20_000_000) {
        self.init(scenario: scenario, screen: .table(app), showsImages: showsImages, logCapacity: logCapacity)
    }

    /// A scenario with a `collection` runs on a `CollectionView` whose machinery
    /// lays out its grid; a collection view's view controller then gets the
    /// collection view, a table view's the machinery itself.
    public init(scenario: Scenario, screen: AppScreen, showsImages: Bool = false, logCapacity: Int = 20_000_000) {
        self.scenario = scenario
        self.screen = screen
        log = EventLog(capacity: logCapacity)
        world = World(spec: scenario.world, seed: scenario.seed, log: log)
        clock = FrameClock(fps: scenario.fps)
        let geometry = scenario.collection.map { TableGeometry(collection: $0) } ?? TableGeometry(scenario.table)
        tableView = TableView(profile: scenario.profile, geometry: geometry, world: world, list: scenario.list,
                              collection: scenario.collection)
        tableView.showsImages = showsImages
        tableView.isPrefetchingEnabled = scenario.isPrefetchingEnabled
        tableView.baseSpec = scenario.table
        tableView.naming = scenario.table.rowNaming
        if scenario.collection == nil { tableView.rowHeights = RowHeightEstimates(scenario.table) }
        if case .collection = screen {
            collectionView = CollectionView(machinery: tableView)
        } else {
            collectionView = scenario.collection == nil ? nil : CollectionView(machinery: tableView)
        }
    }

    /// The recording grew past the log's capacity, or its virtual time past
    /// `World.maximumTime` (`pastTimeLimit`), or a step could not be played
    /// (`impossibleStep` says why), and was stopped at the step named.
    public struct TooManyEvents: Error {
        public var stepIndex: Int
        public var eventCount: Int
        public var pastTimeLimit = false
        public var impossibleStep: String?
    }

    /// Why the step being played cannot be (UIKit would raise an exception); the recording stops.
    var impossibleStep: String?

    /// True once the recording must stop: the log is full or the clock ran past its limit.
    var mustStop: Bool { log.isFull || world.pastTimeLimit || impossibleStep != nil || tableView.raisedException != nil }

    /// The app changes its data as a scenario's update step says, and tells the
    /// table view; what UIKit would refuse stops the recording at this step.
    func changeData(_ update: RowUpdate, batched: Bool) {
        guard let app = app as? TableViewDataChanging else {
            impossibleStep = "the strategy's app code never changes its data, so it cannot play \"\(batched ? "performBatchUpdates" : "a row update")\""
            return
        }
        let first = tableView.rowItems.nextItem
        app.tableView(tableView, changeData: update, newItems: Array(first..<(first + update.inserted.count)), environment: environment, batched: batched)
        if let raised = tableView.raisedException { impossibleStep = raised }
        commitFrame()
    }

    /// Runs the whole scenario and returns the recorded events (those not handed
    /// on, when the log hands them on in batches), or stops with `TooManyEvents`
    /// when a scenario would record more than the log can hold.
    public func run() throws(TooManyEvents) -> [TraceEvent] {
        var overflowStep: Int?
        CurrentWorld.with(world) {
            environment.sections = scenario.table.rowNaming
            world.with(cause: .preload) { loadView(environment) }
            tableView.refreshRowCount()
            // The first layout, at the first frame the main thread is free for. Classic prefetches right after
            // it, and so does a collection view (a published 2-column grid asks before any touch).
            if scenario.profile == .classic || scenario.collection != nil { tableView.prefetchingStarted = true }
            runFrames { _ in true }
            // UIKit may refuse what the app does at the first layout already (a registration made for each cell).
            if mustStop { overflowStep = 0; return }
            for (index, step) in scenario.script.enumerated() {
                play(step)
                if mustStop { overflowStep = index; return }
            }
            world.record(.recordingEnded)
        }
        world.abandonPendingWork()
        if let overflowStep {
            throw TooManyEvents(stepIndex: overflowStep, eventCount: log.recordedCount, pastTimeLimit: world.pastTimeLimit,
                                impossibleStep: impossibleStep ?? tableView.raisedException)
        }
        return log.events
    }

    /// The view controller's `viewDidLoad`, with the list it manages.
    func loadView(_ environment: AppEnvironment) {
        switch screen {
        case .table(let controller):
            controller.viewDidLoad(tableView, environment: environment)
        case .collection(let controller):
            if let collectionView { controller.viewDidLoad(collectionView, environment: environment) }
        }
    }

    func play(_ step: ScriptStep) {
        switch step {
        case .drag(let distance, let ms):
            beginDragging(direction: distance >= 0 ? 1 : -1)
            let startTime = lastFrameTime
            gesture = DragGesture(start: tableView.contentOffset, distance: distance, startTime: startTime, duration: .milliseconds(ms))
            runFrames { [unowned self] time in gesture?.isFinished(at: time) ?? true }
            endGesture()
            world.record(.scrollViewDidEndDragging(offset: tableView.contentOffset, willDecelerate: false))
        case .wait(let ms):
            let end = lastFrameTime + .milliseconds(ms)
            runFrames { time in time >= end }
        case .fling(let velocity, let rate):
            beginDragging(direction: velocity >= 0 ? 1 : -1)
            world.record(.scrollViewDidEndDragging(offset: tableView.contentOffset, willDecelerate: true))
            gesture = FlingGesture(motion: ScrollMotion.Deceleration(offset: tableView.contentOffset, velocity: velocity, rate: rate),
                                   startTime: lastFrameTime, range: tableView.geometry.minimumOffset...tableView.geometry.maximumOffset)
            runFrames { [unowned self] time in gesture?.isFinished(at: time) ?? true }
            endGesture()
            world.record(.scrollViewDidEndDecelerating(offset: tableView.contentOffset))
        case .scrollTo(let row, let position, let animated):
            // The scenario checked the row against its table, but the data source may
            // report fewer rows now (batch paging): UIKit raises an exception for an
            // index path past the end, and the geometry has no such row.
            guard row < tableView.geometry.rowCount else {
                let (list, count) = (tableView.list, tableView.geometry.rowCount)
                impossibleStep = "scrollTo \(list.noun) \(row), but the \(list.viewName) has \(count == 1 ? "only 1 \(list.noun)" : "only \(count) \(list.plural)") at this point (the data source reports how many; UIKit raises an exception for \(list.isCollection ? "an item" : "a row") past the end)"
                return
            }
            world.record(.scrollToRow(row: row, position: position.rawValue, animated: animated))
            let start = tableView.contentOffset
            let target = tableView.geometry.offset(toShow: row, at: position)
            guard target != start else { return }
            tableView.scrollDirection = target > start ? 1 : -1
            // The prefetch context follows every change of the visible rows, whatever
            // moved them: a programmatic scroll starts data prefetching as a drag does
            // (inferred; see docs/engine.md, "Programmatic scrolling").
            tableView.prefetchingStarted = true
            if animated {
                tableView.isScrolling = true
                gesture = ScrollAnimation(start: start, target: target, startTime: lastFrameTime)
            } else {
                gesture = ScrollJump(target: target)
            }
            runFrames { [unowned self] time in gesture?.isFinished(at: time) ?? true }
            endGesture()
        case .reloadData:
            tableView.reloadData()
            commitFrame()
        case .reloadRows(let rows):
            tableView.reloadRows(rows)
            commitFrame()
        case .reconfigureRows(let rows):
            tableView.reconfigureRows(rows)
            commitFrame()
        case .deleteRows(let rows):
            changeData(RowUpdate(deleted: rows), batched: false)
        case .insertRows(let rows):
            changeData(RowUpdate(inserted: rows), batched: false)
        case .moveRow(let from, let to):
            changeData(RowUpdate(moved: [RowMove(from: from, to: to)]), batched: false)
        case .performBatchUpdates(let update):
            changeData(update, batched: true)
        case .reloadSections(let sections):
            tableView.reloadSections(sections)
            commitFrame()
        case .memoryWarning:
            tableView.didReceiveMemoryWarning()
        case .disappear:
            // The view controller's viewDidDisappear runs before the table view and its cells go.
            tableView.tearDown { (app as? ViewLifecycle)?.viewDidDisappear() }
        case .note(let text):
            world.record(.note(text: text))
        }
    }

    func beginDragging(direction: Int) {
        world.record(.scrollViewWillBeginDragging(offset: tableView.contentOffset))
        tableView.isScrolling = true
        tableView.scrollDirection = direction
        tableView.prefetchingStarted = true
        // Touch-down lays out once: the modern profile starts prefetching and prepares the next row here
        // (neither when isPrefetchingEnabled is false).
        tableView.layoutPass()
    }

    func endGesture() {
        gesture = nil
        tableView.offsetCorrection = 0
        tableView.isScrolling = false
    }

    // MARK: The loop

    /// Lets time pass — background work, main-queue blocks, display frames — until
    /// a frame for which `isLast(frameTime)` is true has been drawn.
    func runFrames(isLast: (VirtualTime) -> Bool) {
        while !mustStop {
            let nextVsync = nextFrame()
            let frameTime = clock.time(ofFrame: nextVsync)
            // A frame drawn late in its interval is drawn when the main thread is free.
            let drawTime = max(frameTime, world.now)
            // Whatever comes first: background work, then main-queue blocks, then the frame.
            if let due = world.scheduler.nextTime, due <= drawTime, due <= (world.nextMainBlockTime ?? due) {
                world.idle(until: due)
                continue
            }
            if let due = world.nextMainBlockTime, due < drawTime {
                world.idle(until: due)
                world.runMainBlocks()
                tableView.releaseUnreferencedCells()
                continue
            }
            world.idle(until: frameTime)
            drawFrame(nextVsync, at: frameTime)
            if isLast(frameTime) { return }
        }
    }

    /// The frame to draw next. Normally the vsync after the last frame drawn. When
    /// the main thread was still busy at that vsync, the frame is drawn late, as soon
    /// as the thread is free, if its work since the last frame began fits one frame's
    /// budget: on a device the commit would still make the frame. Work beyond the
    /// budget makes it late: it is missed, and the next vsync at which the main thread
    /// is free draws (`drawFrame` records the hitch). The first frame is drawn at the
    /// first vsync the main thread is free for.
    func nextFrame() -> Int {
        let next = lastFrame + 1
        guard lastFrame < 0 || (clock.time(ofFrame: next) < world.now && world.workSinceFrame > clock.time(ofFrame: 1)) else {
            return next
        }
        var vsync = max(next, Int(world.now.microseconds * Int64(clock.fps) / 1_000_000))
        while clock.time(ofFrame: vsync) < world.now { vsync += 1 }
        return vsync
    }

    /// One display frame, for the vsync at `time`: record a hitch if frames were
    /// missed, apply the scroll input, lay out, run due main-queue work, commit.
    ///
    /// Frames are missed only when the main thread's work since the last frame
    /// began (its layout, its commit and every block after it) exceeded one frame's
    /// budget (see `nextFrame`): the frames it kept from being drawn are a hitch,
    /// caused by the longest piece of that work.
    func drawFrame(_ frame: Int, at time: VirtualTime) {
        if lastFrame >= 0, frame > lastFrame + 1 {
            let missed = frame - lastFrame - 1
            let ms = (time - clock.time(ofFrame: lastFrame + 1)).milliseconds
            world.record(.hitch(frame: lastFrame + 1, missedFrames: missed, ms: ms, cause: world.longestBusy?.cause ?? "the main thread was busy"))
        }
        world.longestBusy = nil
        world.workSinceFrame = .zero
        lastFrame = frame
        lastFrameTime = time
        if var current = gesture {
            // Corrections of a self-sizing table's estimates move the content under the gesture.
            if tableView.rowHeights != nil { current.follow(range: tableView.geometry.minimumOffset...tableView.geometry.maximumOffset, shiftedBy: tableView.offsetCorrection) }
            let offset = tableView.geometry.clamp(current.offset(at: time) + tableView.offsetCorrection)
            gesture = current
            if offset != tableView.contentOffset {
                tableView.contentOffset = offset
                tableView.layoutPass()
            }
        } else if tableView.visibleRange == nil && !tableView.isTornDown {
            tableView.layoutPass() // the first layout
        }
        world.runMainBlocks()
        tableView.releaseUnreferencedCells()
        commitFrame()
    }

    /// Records what the screen shows, if it differs from the last recorded frame.
    func commitFrame() {
        // Nothing moved and no cell changed: skip building a snapshot (a long wait stays cheap).
        guard !tableView.isTornDown, tableView.screenChanged else { return }
        tableView.screenChanged = false
        // The commit decodes what it draws for the first time; the frame shows once that is done.
        tableView.decodeImagesFirstDrawn()
        var snapshot = tableView.snapshot(frame: max(lastFrame, 0))
        if let last = lastSnapshot, last.offset == snapshot.offset, last.cells == snapshot.cells { return }
        lastSnapshot = snapshot
        snapshot.offset = ScrollMotion.rounded(snapshot.offset)
        world.record(.frame(snapshot))
    }
}
