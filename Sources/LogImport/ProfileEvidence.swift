import TraceModel

/// Which table view a log comes from, read from what it shows (`import`
/// without `--profile`).
///
/// Only the modern table view (iOS 15 and later) configures a row's cell ahead
/// of the row and keeps a cell aside that comes back without `cellForRowAt`
/// (docs/engine.md, the profiles), so either in a log is evidence for it:
/// - a `cellForRowAt` whose row's `willDisplay` comes later, with other calls
///   between (configured ahead);
/// - a `willDisplay` of a row that left the screen, with no `cellForRowAt` for
///   it since (kept aside, shown again).
/// Where the list scrolls (a row has left the screen) and every entering row's
/// `cellForRowAt` comes right before its `willDisplay`, three times or more,
/// with no such evidence, the log is the classic table view's.
///
/// Logs that print no `willDisplay` show neither, but the first row to leave
/// tells the two apart when the log prints its dequeues: the classic table
/// view puts that row's cell in the pool and the next row reuses it; the
/// modern one keeps it aside, so the next row still gets a new cell. That
/// first dequeue after the first row leaves is evidence either way, when the
/// log shows cells being made before it (a launch, not a log that starts with
/// cells already pooled), counting afresh after a gap. Otherwise the log tells
/// nothing, and the modern profile is assumed, saying so.
struct ProfileEvidence: Sendable {
    let profile: TableProfile
    /// Rows configured ahead, cells shown again from aside, and rows configured just as they appear while scrolling.
    let configuredAhead: Int
    let shownAgain: Int
    let configuredAsShown: Int
    /// After the first row left, how often the next dequeue made a new cell
    /// (modern) or reused the cell (classic).
    let newAfterFirstLeave: Int
    let reusedAfterFirstLeave: Int
    /// What the summary says of the profile: which, and why.
    let sentence: String

    /// Rows configured as they appear while scrolling that make a log classic.
    static let classicEvidence = 3

    /// The evidence of `lines` (lifecycle lines and gap markers, in the order placed).
    init(_ lines: [LogLine], given: TableProfile?) {
        var reading = Reading()
        for line in lines { reading.take(line) }
        self.init(reading, given: given)
    }

    /// The evidence, counted as the lines come, in memory that does not grow with
    /// the log's length: for each row, only whether it was configured and not yet
    /// shown (and after how many callbacks), and whether it left the screen.
    struct Reading: Sendable {
        fileprivate var ahead = 0, again = 0, asShown = 0, newAfter = 0, reusedAfter = 0
        /// For each row: how many callback lines came before its last cellForRowAt,
        /// and whether it left the screen since it was last shown, while no gap intervenes.
        private var configuredAfter: [LogIndexPath: Int] = [:]
        private var ended = RowSet()
        private var callbacks = 0
        private var scrolled = false
        /// Since the launch or the last gap: whether a cell was made, whether a
        /// row has left after that, and whether the dequeue after it was read.
        private var made = false, firstLeft = false, firstDequeueRead = false

        /// How many items it holds in all (`BoundedImportTests` checks that this does not grow with the log).
        var heldItems: Int { configuredAfter.count + ended.heldItems }

        private mutating func dequeue(_ origin: CellOrigin) {
            if origin == .new { made = true }
            guard firstLeft, !firstDequeueRead else { return }
            firstDequeueRead = true
            if origin == .new { newAfter += 1 } else { reusedAfter += 1 }
        }

        mutating func take(_ line: LogLine) {
            // A line saying a cell is new or reused is a dequeue as surely as init or prepareForReuse.
            if line.content == .origin, let origin = line.origin { dequeue(origin) }
            guard case .callback(let callback) = line.content else {
                if line.content == .gap {
                    configuredAfter = [:]
                    ended = RowSet()
                    made = false; firstLeft = false; firstDequeueRead = false
                }
                return
            }
            defer { callbacks += 1 }
            switch callback {
            case .initCell: dequeue(.new)
            case .prepareForReuse: dequeue(.reused(previousRow: nil))
            case .cellForRowAt: if let origin = line.origin { dequeue(origin) }
            case .didEndDisplaying: if made { firstLeft = true }
            default: break
            }
            guard let path = line.indexPaths.first else { return }
            switch callback {
            case .cellForRowAt:
                configuredAfter[path] = callbacks
            case .willDisplay:
                if let at = configuredAfter.removeValue(forKey: path) {
                    // Other callbacks between the cellForRowAt and this line.
                    let between = callbacks - at > 1
                    if between { ahead += 1 } else if scrolled { asShown += 1 }
                } else if ended.contains(path) {
                    again += 1
                }
                ended.remove(path)
            case .didEndDisplaying:
                ended.insert(path)
                scrolled = true
            default:
                break
            }
        }
    }

    /// What `reading` shows, and the profile it makes with the one `given`.
    init(_ reading: Reading, given: TableProfile?) {
        let ahead = reading.ahead, again = reading.again, asShown = reading.asShown
        let newAfter = reading.newAfter, reusedAfter = reading.reusedAfter
        configuredAhead = ahead
        shownAgain = again
        configuredAsShown = asShown
        newAfterFirstLeave = newAfter
        reusedAfterFirstLeave = reusedAfter
        let modernWhy = [ahead > 0 ? "\(Self.times(ahead)) a row's cell is configured ahead of its willDisplay" : nil,
                         again > 0 ? "\(Self.times(again)) a row that left comes back without cellForRowAt" : nil,
                         newAfter > 0 ? "after the first row leaves, the next row still gets a new cell (the one that left is kept aside)" : nil]
            .compactMap { $0 }.joined(separator: ", and ")
        let inferred: TableProfile?
        let why: String
        if !modernWhy.isEmpty {
            inferred = .modern
            why = modernWhy + ", which only the modern table view does"
        } else if asShown >= Self.classicEvidence {
            inferred = .classic
            why = "while the list scrolls, each entering row's cellForRowAt comes right before its willDisplay (\(Self.times(asShown))) and no cell is configured ahead or kept aside, as in older table views"
        } else if reusedAfter > 0 {
            inferred = .classic
            why = "the cell of the first row to leave is reused by the next row (prepareForReuse right after it), where the modern table view would keep it aside and make a new cell, and no cell is configured ahead"
        } else {
            inferred = nil
            why = "the log shows nothing that tells the profiles apart (no row configured ahead or kept aside, and no scrolling with both cellForRowAt and willDisplay printed)"
        }
        switch (given, inferred) {
        case (let given?, let inferred?) where given != inferred:
            profile = given
            sentence = "The profile is \(given.rawValue), as --profile says, though the log looks \(inferred.rawValue): \(why)."
        case (let given?, _):
            profile = given
            sentence = "The profile is \(given.rawValue), as --profile says."
        case (nil, let inferred?):
            profile = inferred
            sentence = "The profile is \(inferred.rawValue): \(why)."
        case (nil, nil):
            profile = .modern
            sentence = "The profile is modern, assumed: \(why); give --profile classic for a table view before iOS 15."
        }
    }

    static func times(_ count: Int) -> String { count == 1 ? "once" : count == 2 ? "twice" : "\(count) times" }
}
