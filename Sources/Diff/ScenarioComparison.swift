import TraceModel
import TraceCoding
import Replay

/// What differs between the scenarios behind two traces. A strategy comparison is
/// fair only when everything but the strategy (and perhaps the profile) is the same.
public enum ScenarioComparison {
    /// What the comparison is about: the app's strategy, the table view's profile,
    /// whether the app prefetches, whether the table view may prefetch at all
    /// (`isPrefetchingEnabled`) ("strategy async-reset → task-identity-cancel").
    public static func setup(_ a: TraceHeader, _ b: TraceHeader) -> [String] {
        var found: [String] = []
        let left = a.scenario?.strategy, right = b.scenario?.strategy
        if let left, let right, left != right { found.append("strategy \(left) → \(right)") }
        // A collection view has no profile (its header's is a placeholder); a table against one is a scenario difference.
        if a.profile != b.profile, !a.list.isCollection, !b.list.isCollection {
            found.append("\(a.profile.rawValue) → \(b.profile.rawValue) profile")
        }
        if let l = a.scenario?.prefetching, let r = b.scenario?.prefetching, l != r {
            found.append("prefetching \(l ? "on" : "off") → \(r ? "on" : "off")")
        }
        if let l = a.scenario?.isPrefetchingEnabled, let r = b.scenario?.isPrefetchingEnabled, l != r {
            found.append("isPrefetchingEnabled \(l) → \(r)")
        }
        return found
    }

    /// Differences in everything else — the table, the gestures, the network, the
    /// images, caches and seed. Empty when only the setup differs: a fair comparison.
    public static func differences(_ a: TraceHeader, _ b: TraceHeader) -> [String] {
        // What kind of list each is comes from the header, which every trace has.
        var lists: [String] = []
        if a.list != b.list { lists.append("\(describe(list: a.list)) against \(describe(list: b.list))") }
        guard let left = a.scenario, let right = b.scenario else {
            return lists + (a.scenario == nil && b.scenario == nil ? [] : ["only one trace says which scenario produced it (the other was written by hand or imported)"])
        }
        var found = lists
        if a.list == b.list, left.table != right.table || left.collection != right.collection {
            found.append(a.list.isCollection ? "the collection views differ (items, sizes, spacing or screen size)" : "the tables differ (rows, heights or screen size)")
        }
        // Instructor notes are commentary, not gestures.
        func gestures(_ scenario: Scenario) -> String {
            JSONWriter.compact(.list(scenario.script.filter { if case .note = $0 { return false }; return true }.map { $0.jsonValue(naming: scenario.rowNaming) }))
        }
        if gestures(left) != gestures(right) {
            found.append("the scripts differ (different gestures or timing)")
        }
        if left.world.network != right.world.network { found.append("the networks differ (latency, bandwidth, failures or slow rows)") }
        if left.world.images != right.world.images { found.append("the images differ (size or how many distinct)") }
        if left.world.cache != right.world.cache || left.world.mainThread != right.world.mainThread || left.world.paging != right.world.paging {
            found.append("the cache, main-thread or paging settings differ")
        }
        if left.fps != right.fps { found.append("the refresh rates differ (\(left.fps) and \(right.fps) fps)") }
        if left.seed != right.seed { found.append("the random seeds differ (\(left.seed) and \(right.seed)), so latencies differ") }
        return found
    }

    /// "strategy async-reset, modern profile" for one side ("strategy plain,
    /// collection view, 2 columns" for a collection view, which has no profile).
    public static func describe(_ header: TraceHeader) -> String {
        var parts: [String] = []
        if let scenario = header.scenario { parts.append("strategy \(scenario.strategy)") }
        parts.append(ListWords(header: header).setup(profile: header.profile))
        return parts.joined(separator: ", ")
    }

    /// "a table view", "a collection view of 2 columns".
    static func describe(list: ListStyle) -> String {
        list.isCollection ? "a collection view of \(ListWords.columns(list.columns))" : "a table view"
    }
}
