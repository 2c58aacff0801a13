import TraceModel
import ToolSupport

/// What an imported device trace says about the recording that could reproduce
/// it: how many rows the launch screen showed, how far the drag went, whether the
/// app had a prefetch data source, how long the drag took (when the log had
/// timestamps), and how many rows the table has. The search space is built from
/// these; none of them reads a cell id, since a device log's ids are guesses,
/// and none reads a call the import reconstructed (`PrintedCalls`): each is
/// read from what the log prints, with a stand-in where it prints little.
struct DeviceLog: Sendable {
    /// The log's name, for the calibrated scenario's title.
    var name: String
    /// What the log prints, and so what is compared.
    var printed: PrintedCalls
    /// The calls the log shows, as compared with each recording's.
    var calls: CallSequence
    var naming: RowNaming
    /// The instructor's guess of the profile (the header's `profile`): tried first.
    var profile: TableProfile
    /// Rows the launch screen showed: each `init` → `cellForRowAt` → `willDisplay`
    /// before the first drag (counted by `PrintedCalls.shownKind`). With a gap
    /// in the launch, the highest row shown + 1.
    var launchRows: Int
    /// True when the launch is known to end where it was taken to: at a prefetch
    /// call (the classic profile's after the first layout, the modern one's at the
    /// first touch). Otherwise the first rows the drag showed may have been
    /// counted in, and up to three fewer launch rows are tried too.
    var launchIsCertain: Bool
    /// True when the log shows no launch screen at all (it starts mid-scroll).
    var launchMissing: Bool
    /// The highest row the log shows appearing (`willDisplay`, or `cellForRowAt`
    /// in a log that never prints `willDisplay`), -1 if none.
    var lastShownRow: Int
    /// False when `lastShownRow` is read from `cellForRowAt`: the modern profile
    /// configures a row before it appears, so the row before it may be the last
    /// that appeared, and the drag is tried ending after either.
    var lastShownIsCertain: Bool
    /// The highest row the log shows leaving (`didEndDisplaying`) before any row
    /// appears again, -1 if none.
    var lastEndedRow: Int
    /// The highest row the log names anywhere (prefetch lists too), -1 if none.
    var highestRow: Int
    /// The app set a prefetch data source: the log has prefetch or cancel calls.
    var prefetches: Bool
    /// The drag's duration from the log's own timestamps, when it has real ones.
    var dragMilliseconds: Int?
    /// The log ends with cells deallocated (`deinit`) and nothing after: the
    /// screen went away, so the script ends with `disappear`.
    var endsWithTeardown: Bool
    /// The first call showing a row again after the log showed it or its end
    /// (`didEndDisplaying`): the log scrolls back, or the app reloads — neither
    /// of which one drag down makes.
    var reappearing: ComparedCall?
    /// The table's row count: the import's `rows`, else comfortably past every row the log names.
    var rows: Int
    /// True when the row count is a guess: the import gave neither rows nor sections.
    var rowsGuessed: Bool
    /// Rows per section, when the log names sections other than 0.
    var sections: [Int]?

    /// The most rows a calibrated table may have (a scenario's own limit).
    static let maximumRows = 1_000_000
    /// The highest row a log may reach for the search to stay quick: each
    /// candidate drags that far, and some thirty to eighty are recorded.
    static let maximumShownRow = 20_000
    /// The most rows a launch screen may show (a scenario shows at most 1,000 at once).
    static let maximumLaunchRows = 900

    init(_ trace: Trace, file: String) throws(ReuseLabError) {
        name = trace.header.source?.log ?? file
        printed = PrintedCalls(trace.header.source)
        calls = CallSequence(trace.events, printed: printed)
        naming = trace.header.rowNaming
        profile = trace.header.profile
        prefetches = calls.calls.contains { $0.kind == .prefetchRowsAt || $0.kind == .cancelPrefetchingForRowsAt }
        endsWithTeardown = calls.calls.last?.kind == .deinitCell
        let shown = printed.shownKind
        // A row cannot appear twice without leaving in between, printed or not.
        var seen = Set<Int>()
        reappearing = calls.calls.first { call in
            guard let row = call.rows.first else { return false }
            if call.kind == .didEndDisplaying { seen.insert(row) }
            return call.kind == shown && !seen.insert(row).inserted
        }
        // The rows that left at the top: read before a row appears again (rows
        // leave at the bottom when the log scrolls back, and all of them at a reload).
        let all = calls.calls
        let down = reappearing.map { again in all.prefix { $0.seq < again.seq } } ?? all[...]
        lastShownRow = all.filter { $0.kind == shown }.compactMap(\.rows.first).max() ?? -1
        lastShownIsCertain = shown != .cellForRowAt
        lastEndedRow = down.filter { $0.kind == .didEndDisplaying }.compactMap(\.rows.first).max() ?? -1
        highestRow = calls.calls.flatMap(\.rows).max() ?? -1
        guard lastShownRow <= DeviceLog.maximumShownRow else {
            throw ReuseLabError(.tooLarge, file: file, "the log shows rows as far as row \(lastShownRow); calibrate searches drags of up to \(DeviceLog.maximumShownRow) rows (cut the log shorter, or write the scenario by hand)")
        }
        let launch = DeviceLog.launch(trace.events, printed: printed)
        launchRows = launch.rows
        launchIsCertain = launch.certain
        launchMissing = launch.rows == 0
        let source = trace.header.source
        sections = source?.sections
        let named = highestRow >= 0 ? highestRow + 1 : 0
        rowsGuessed = source?.sections == nil && source?.rows == nil
        if let sections {
            rows = max(sections.reduce(0, +), named)
        } else if let given = source?.rows {
            rows = max(given, named)
        } else {
            rows = max(50, named + 30)
        }
        guard rows <= DeviceLog.maximumRows else {
            throw ReuseLabError(.tooLarge, file: file, "the log names row \(highestRow); a scenario's table has at most \(DeviceLog.maximumRows) rows")
        }
        if source?.syntheticTimes == false {
            dragMilliseconds = DeviceLog.dragMilliseconds(trace.events, launchEnd: launch.end, printed: printed)
        }
    }

    /// The launch screen: rows shown before the first sign of a drag. It ends at
    /// the first prefetch or cancel call (certain), or at the first call only a
    /// scroll makes — `didEndDisplaying`, `prepareForReuse`, `deinit`, or a
    /// `cellForRowAt` not followed by its `willDisplay` (the modern profile's
    /// prepared cell) — which may come a row or two into the drag. Only calls the
    /// log shows count: a reconstructed `prepareForReuse` ends nothing. In a log
    /// that never prints `willDisplay`, each `cellForRowAt` counts as a row shown.
    static func launch(_ events: [TraceEvent], printed: PrintedCalls) -> (rows: Int, certain: Bool, end: Int) {
        var shown = Set<Int>()
        var end = events.count
        var certain = false
        let configuredIsShown = printed.shownKind == .cellForRowAt
        let lifecycle = events.indices.filter { (events[$0].kind.isLifecycle && printed.shows(events[$0])) || events[$0].kind == .gap }
        scan: for (position, index) in lifecycle.enumerated() {
            switch events[index].body {
            case .gap:
                break
            case .willDisplay(let row, _):
                shown.insert(row)
            case .initCell:
                break
            case .cellForRowAt(let row, _) where configuredIsShown:
                shown.insert(row)
            case .cellForRowAt(let row, _):
                let next = position + 1 < lifecycle.count ? events[lifecycle[position + 1]].body : nil
                switch next {
                case .willDisplay(let nextRow, _)? where nextRow == row: break
                case .gap?, nil: break
                default:
                    end = index
                    break scan
                }
            case .prefetchRowsAt, .cancelPrefetchingForRowsAt:
                end = index
                certain = true
                break scan
            default:
                end = index
                break scan
            }
        }
        // A gap within the launch hides rows: the highest row shown counts them.
        let rows = max(shown.count, shown.max().map { $0 + 1 } ?? 0)
        return (rows, certain, end)
    }

    /// From the first call after the launch to the last call the log shows, in
    /// whole milliseconds; nil when the log's times say nothing (all equal, or going back).
    static func dragMilliseconds(_ events: [TraceEvent], launchEnd: Int, printed: PrintedCalls) -> Int? {
        guard launchEnd < events.count else { return nil }
        let start = events[launchEnd].time
        guard let last = events.last(where: { $0.kind.isLifecycle && printed.shows($0) })?.time, last > start else { return nil }
        let ms = (last - start).milliseconds.rounded()
        guard ms >= 1, ms <= 600_000 else { return nil }
        return Int(ms)
    }
}
