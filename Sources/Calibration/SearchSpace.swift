import TraceModel

/// The scenarios calibration may record, and the order that breaks ties (earlier
/// wins): the launch row count the log shows (and, when the launch's end is
/// uncertain, up to three fewer), the profile the header guesses then the other,
/// the table view's `isPrefetchingEnabled` (off too, for a modern log without
/// prefetch calls), a screen (insets of real iPhones, their real heights first,
/// then heights derived to show the launch rows), where the drag ends, and its
/// speed. A log that ends with its cells' `deinit` ends the script with
/// `disappear` (the screen went away).
///
/// Rows are 44 pt throughout: the lifecycle sequence depends only on the ratios
/// of the screen, the insets, the drag and the speed to the row height, and those
/// are searched already. For the same reason many screens behave alike: in a
/// slow drag, row j enters before row k leaves exactly when j − k − 1 is less
/// than viewport ÷ row height, so the launch rows and `⌈viewport ÷ 44⌉` (the
/// screen's *class*) decide the order of every call. Only a fast drag, which
/// crosses several edges in one frame, tells screens of one class apart.
struct SearchSpace: Sendable {
    /// A table view's frame and insets: `viewportHeight`, `contentInset.top`, `.bottom`.
    struct Screen: Sendable, Equatable {
        var top: Double
        var bottom: Double
        var viewport: Double

        /// Rows entering and leaving interleave the same way on screens of one class.
        var interleaving: Int { SearchSpace.ceilingRows(viewport) }
    }

    /// One point of the search space, with its place in the tie-breaking order.
    struct Candidate: Sendable {
        var launchRows: Int
        /// The table's row count: the log's (or a guess past every row it names),
        /// or — tried for the best candidate — exactly the rows the log names, in
        /// case the drag reached the end of the list.
        var rows: Int
        var profile: TableProfile
        var prefetchingEnabled: Bool
        var screen: Screen
        var distance: Double
        var milliseconds: Int
        var order: Order

        /// True when `self` comes before `other` in the search order.
        func precedes(_ other: Candidate) -> Bool { order.precedes(other.order) }
    }

    /// A candidate's place in each option list, compared outermost first.
    struct Order: Sendable, Equatable {
        var launch = 0, profile = 0, setting = 0, screen = 0, end = 0, speed = 0, rows = 0

        func precedes(_ other: Order) -> Bool {
            [launch, profile, setting, screen, end, speed, rows]
                .lexicographicallyPrecedes([other.launch, other.profile, other.setting, other.screen, other.end, other.speed, other.rows])
        }
    }

    static let rowHeight = 44.0

    /// Status bar (and navigation bar) over home indicator, the iPhones' own:
    /// 47/34 (iPhone 12–14), 59/34 (14 Pro and later), 44/34 (X, XS, 11 Pro),
    /// 20/0 (iPhone 8 and SE), 64/0 (iPhone 8 with a navigation bar), 0/0.
    static let insets: [(top: Double, bottom: Double)] = [(47, 34), (59, 34), (44, 34), (20, 0), (64, 0), (0, 0)]

    /// Real screen heights for each top inset: tried first when they show the launch rows.
    static let deviceHeights: [Double: [Double]] = [
        47: [844, 926], 59: [852, 932], 44: [812, 896], 20: [667, 736, 568], 64: [667, 736, 568],
    ]

    /// Where the viewport's bottom edge falls inside the last launch row, as a
    /// fraction of a row, for the derived heights.
    static let derivedFractions = [0.25, 0.75]

    /// Drag speeds in points per second when the log has no timestamps, after the
    /// screen's own slow speed (`slowSpeed`): faster drags, which cross several
    /// edges a frame, up to 1,760 pt/s (40 rows a second).
    static let syntheticSpeeds = [220.0, 440, 880, 1760]

    /// The slowest speed tried: seed 004's 440 pt in 3 s.
    static let slowestSpeed = 440.0 / 3

    /// A slow drag for `screen`: fast enough to record quickly, slow enough that
    /// no frame crosses two edges. Rows enter at offsets R × 44 − viewport and
    /// leave at (K + 1) × 44, so the edges are `viewport mod 44` and `44 − that`
    /// apart; below that distance per frame, every slower drag makes the same calls.
    static func slowSpeed(_ screen: Screen, fps: Double = 60) -> Double {
        let phase = screen.viewport.truncatingRemainder(dividingBy: rowHeight)
        let closest = min(phase, rowHeight - phase)
        return min(max(slowestSpeed, 0.8 * closest * fps), 440)
    }

    /// Scales applied to a duration read from the log's timestamps (the first is the reading itself).
    static let timedScales = [1.0, 2.0 / 3.0, 1.5]

    var log: DeviceLog

    /// The launch row counts to try.
    var launchRowOptions: [Int] {
        let count = log.launchMissing ? 19 : log.launchRows
        if log.launchIsCertain || log.launchMissing { return [count] }
        return (0...3).map { count - $0 }.filter { $0 >= 1 }
    }

    var profiles: [TableProfile] {
        [log.profile] + TableProfile.allCases.filter { $0 != log.profile }
    }

    func prefetchingEnabledOptions(_ profile: TableProfile) -> [Bool] {
        profile == .modern && !log.prefetches ? [true, false] : [true]
    }

    /// ⌈points ÷ 44⌉, or 0 for a value out of any screen's range.
    static func ceilingRows(_ points: Double) -> Int {
        let rows = (points / rowHeight).rounded(.up)
        return rows.isFinite && rows > 0 && rows < 1e6 ? Int(rows) : 0
    }

    /// The rows a viewport shows at launch under a `top` inset: those whose top
    /// edge is above the viewport's bottom edge.
    static func launchRows(viewport: Double, top: Double) -> Int {
        ceilingRows(viewport - top)
    }

    /// Screens that show exactly `rows` rows at launch, real heights first.
    static func screens(showing rows: Int) -> [Screen] {
        var screens: [Screen] = []
        for inset in insets {
            var heights = (deviceHeights[inset.top] ?? []).filter { launchRows(viewport: $0, top: inset.top) == rows }
            for fraction in derivedFractions {
                heights.append((inset.top + (Double(rows - 1) + fraction) * rowHeight).rounded())
            }
            for height in heights where Scenario.Limits.viewportHeights.contains(height) && launchRows(viewport: height, top: inset.top) == rows {
                let screen = Screen(top: inset.top, bottom: inset.bottom, viewport: height)
                if !screens.contains(screen) { screens.append(screen) }
            }
        }
        return screens
    }

    /// Drag distances at which the screen ends as the log does: past the edge at
    /// which its last shown row enters (offset R × 44 − viewport, from −top) and
    /// the last row it saw leave (offset (K + 1) × 44), before the next row enters.
    /// Inside that window another row may leave; one distance on each side of it.
    /// When the last row shown is read from `cellForRowAt` (a log without
    /// `willDisplay`), the window of the row before it is tried after it.
    func distances(_ screen: Screen, launchRows: Int) -> [Double] {
        let last = log.lastShownRow
        var result: [Double] = []
        for row in log.lastShownIsCertain || last < 1 ? [last] : [last, last - 1] {
            for distance in distances(screen, launchRows: launchRows, lastShown: row) where !result.contains(distance) {
                result.append(distance)
            }
        }
        return result
    }

    /// `distances(_:launchRows:)` for one last row shown.
    private func distances(_ screen: Screen, launchRows: Int, lastShown last: Int) -> [Double] {
        let h = SearchSpace.rowHeight
        let entering = { (row: Int) in Double(row) * h - screen.viewport + screen.top }
        let leaving = { (row: Int) in Double(row + 1) * h + screen.top }
        var low = last >= launchRows ? entering(last) : 0
        let high = last >= launchRows ? entering(last + 1) : entering(launchRows)
        if log.lastEndedRow >= 0, leaving(log.lastEndedRow) < high { low = max(low, leaving(log.lastEndedRow)) }
        guard high > low else { return [max(1, min(high.rounded(.down), Scenario.Limits.maximumDragDistance))] }
        // The leave edges strictly inside the window split it.
        var edges = [low]
        let firstLeaving = Int(max(0, ((low - screen.top) / h - 1).rounded(.down)))
        for row in firstLeaving...(firstLeaving + 2) where leaving(row) > low && leaving(row) < high { edges.append(leaving(row)) }
        edges.append(high)
        var distances: [Double] = []
        for index in 0..<(edges.count - 1) {
            let middle = (edges[index] + edges[index + 1]) / 2
            // Whole points when that stays inside the stretch, else hundredths.
            var distance = middle.rounded()
            if distance <= edges[index] || distance >= edges[index + 1] { distance = (middle * 100).rounded() / 100 }
            distance = min(max(distance, 1), Scenario.Limits.maximumDragDistance)
            if !distances.contains(distance) { distances.append(distance) }
        }
        return distances
    }

    /// The drag's durations for `distance` on `screen`, the first tried with every
    /// shape: the log's own duration and two around it when it has timestamps,
    /// else a slow drag and faster ones, in round figures.
    func durations(for distance: Double, on screen: Screen) -> [Int] {
        var seconds: [Double]
        if let measured = log.dragMilliseconds {
            seconds = SearchSpace.timedScales.map { Double(measured) * $0 / 1000 }
        } else {
            let slow = SearchSpace.slowSpeed(screen)
            seconds = ([slow] + SearchSpace.syntheticSpeeds.filter { $0 > slow * 1.1 }).map { distance / $0 }
        }
        var unique: [Int] = []
        for value in seconds {
            // Guessed speeds in round figures (tenths of a second from a second up).
            let step = log.dragMilliseconds == nil ? (value >= 1 ? 100.0 : 10) : 1
            let ms = Int(min(max((value * 1000 / step).rounded() * step, 1), Double(Scenario.Limits.maximumScriptMilliseconds)))
            if !unique.contains(ms) { unique.append(ms) }
        }
        return unique
    }

    /// The table: the log's row count, in its sections when it names them (the
    /// last section grown to hold every row the log names).
    func table(_ screen: Screen, rows: Int) -> TableSpec {
        var sections: [SectionSpec]?
        if var counts = log.sections, !counts.isEmpty {
            let total = counts.reduce(0, +)
            if total < rows { counts[counts.count - 1] += rows - total }
            sections = counts.map { SectionSpec(rows: $0) }
        }
        return TableSpec(rows: rows, rowHeight: SearchSpace.rowHeight, viewportHeight: screen.viewport,
                         contentInsetTop: screen.top, contentInsetBottom: screen.bottom, sections: sections)
    }

    func scenario(_ candidate: Candidate, title: String) -> Scenario {
        Scenario(title: title, profile: candidate.profile, table: table(candidate.screen, rows: candidate.rows), strategy: "plain",
                 prefetching: log.prefetches, isPrefetchingEnabled: candidate.prefetchingEnabled,
                 script: [.drag(by: candidate.distance, ms: candidate.milliseconds)] + (log.endsWithTeardown ? [.disappear] : []))
    }

    // MARK: The rounds (`CandidateSearch` runs them)

    /// Round 1, the shapes: every launch count, profile and setting, on the first
    /// screen of each class, ending on each side of the last window's edge, at
    /// the first speed.
    func shapes() -> [Candidate] {
        var result: [Candidate] = []
        for (launchIndex, launch) in launchRowOptions.enumerated() {
            let screens = SearchSpace.screens(showing: launch)
            var classes = Set<Int>()
            for (profileIndex, profile) in profiles.enumerated() {
                for (enabledIndex, enabled) in prefetchingEnabledOptions(profile).enumerated() {
                    classes = []
                    for (screenIndex, screen) in screens.enumerated() where classes.insert(screen.interleaving).inserted {
                        for (endIndex, distance) in distances(screen, launchRows: launch).enumerated() {
                            guard let ms = durations(for: distance, on: screen).first else { continue }
                            result.append(Candidate(launchRows: launch, rows: log.rows, profile: profile, prefetchingEnabled: enabled, screen: screen,
                                                    distance: distance, milliseconds: ms,
                                                    order: Order(launch: launchIndex, profile: profileIndex, setting: enabledIndex,
                                                                 screen: screenIndex, end: endIndex)))
                        }
                    }
                }
            }
        }
        return result
    }

    /// Round 2, the speeds: the other durations for one shape.
    func speeds(of shape: Candidate) -> [Candidate] {
        durations(for: shape.distance, on: shape.screen).enumerated().dropFirst().map { index, ms in
            var candidate = shape
            candidate.milliseconds = ms
            candidate.order.speed = index
            return candidate
        }
    }

    /// Round 3, the end of the list: when the log does not give the row count,
    /// the best candidate with a table that ends at the last row the log names.
    /// (`CandidateSearch` takes it only if it matches more of the device's calls:
    /// fewer calls of the recording left over is not evidence enough, since logs
    /// often leave calls out.)
    func endOfList(_ best: Candidate) -> Candidate? {
        guard log.rowsGuessed, log.highestRow + 1 > best.launchRows, log.highestRow + 1 < best.rows else { return nil }
        var candidate = best
        candidate.rows = log.highestRow + 1
        candidate.order.rows = 1
        return candidate
    }

    /// Round 3, the phase: the other screens of the best candidate's class,
    /// ending on the same side of the window's edge, at the same speed.
    func screens(like best: Candidate) -> [Candidate] {
        var result: [Candidate] = []
        let screens = SearchSpace.screens(showing: best.launchRows)
        let endIndex = best.order.end, durationIndex = best.order.speed
        for (screenIndex, screen) in screens.enumerated() where screen != best.screen && screen.interleaving == best.screen.interleaving {
            let distances = distances(screen, launchRows: best.launchRows)
            guard endIndex < distances.count else { continue }
            let durations = durations(for: distances[endIndex], on: screen)
            guard durationIndex < durations.count else { continue }
            var candidate = best
            candidate.screen = screen
            candidate.distance = distances[endIndex]
            candidate.milliseconds = durations[durationIndex]
            candidate.order.screen = screenIndex
            result.append(candidate)
        }
        return result
    }

    /// Round 4, the wording: when the winner drags at a screen's own slow speed
    /// (no timestamps to say how fast), the same drag at seed 004's speed, which
    /// makes the same calls by `slowSpeed`'s argument and reads as the slow drag
    /// it stands for. It replaces the winner only if it matches as well.
    func slowest(_ best: Candidate) -> Candidate? {
        guard log.dragMilliseconds == nil, best.order.speed == 0,
              SearchSpace.slowSpeed(best.screen) > SearchSpace.slowestSpeed * 1.05 else { return nil }
        let ms = (best.distance / SearchSpace.slowestSpeed * 10).rounded() * 100
        guard ms >= 1, ms <= Double(Scenario.Limits.maximumScriptMilliseconds) else { return nil }
        var candidate = best
        candidate.milliseconds = Int(ms)
        return candidate
    }
}
