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
/// with no such evidence, the log is the classic table view's. Otherwise it
/// tells nothing, and the modern profile is assumed, saying so.
struct ProfileEvidence: Sendable {
    let profile: TableProfile
    /// Rows configured ahead, cells shown again from aside, and rows configured just as they appear while scrolling.
    let configuredAhead: Int
    let shownAgain: Int
    let configuredAsShown: Int
    /// What the summary says of the profile: which, and why.
    let sentence: String

    /// Rows configured as they appear while scrolling that make a log classic.
    static let classicEvidence = 3

    init(_ lines: [LogLine], given: TableProfile?) {
        var ahead = 0, again = 0, asShown = 0
        // For each row: where its last cellForRowAt and didEndDisplaying were (line positions), while no gap intervenes.
        var configuredAt: [LogIndexPath: Int] = [:]
        var endedAt: [LogIndexPath: Int] = [:]
        var scrolled = false
        for (index, line) in lines.enumerated() {
            guard case .callback(let callback) = line.content else {
                if line.content == .gap { configuredAt = [:]; endedAt = [:] }
                continue
            }
            guard let path = line.indexPaths.first else { continue }
            switch callback {
            case .cellForRowAt:
                configuredAt[path] = index
            case .willDisplay:
                if let at = configuredAt.removeValue(forKey: path) {
                    let between = lines[(at + 1)..<index].contains { if case .callback = $0.content { return true } else { return false } }
                    if between { ahead += 1 } else if scrolled { asShown += 1 }
                } else if endedAt[path] != nil {
                    again += 1
                }
                endedAt[path] = nil
            case .didEndDisplaying:
                endedAt[path] = index
                scrolled = true
            default:
                break
            }
        }
        configuredAhead = ahead
        shownAgain = again
        configuredAsShown = asShown
        let modernWhy = [ahead > 0 ? "\(Self.times(ahead)) a row's cell is configured ahead of its willDisplay" : nil,
                         again > 0 ? "\(Self.times(again)) a row that left comes back without cellForRowAt" : nil]
            .compactMap { $0 }.joined(separator: ", and ")
        let inferred: TableProfile?
        let why: String
        if !modernWhy.isEmpty {
            inferred = .modern
            why = modernWhy + ", which only the modern table view does"
        } else if asShown >= Self.classicEvidence {
            inferred = .classic
            why = "while the list scrolls, each entering row's cellForRowAt comes right before its willDisplay (\(Self.times(asShown))) and no cell is configured ahead or kept aside, as in older table views"
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
