import ToolSupport
import Recorder

/// The search itself: records candidates from `SearchSpace` in memory, several at
/// once, aligns each with the calls the device's log shows (leaving out of the
/// recording the kinds the log never prints), and keeps them ranked.
///
/// Four rounds, each narrowing on the best so far: every shape (launch rows,
/// profile, setting, class of screen, where the drag ends) at one slow speed; the
/// other speeds for the best few shapes; the other screens of the winner's class
/// and, when the log gives no row count, a table that ends at its last row (taken
/// only if it matches more of the device's calls); last,
/// the winner restated at seed 004's slow speed when that matches as well.
struct CandidateSearch {
    /// A candidate that was recorded, and how it matched.
    struct Tried: Sendable {
        var candidate: SearchSpace.Candidate
        var match: CandidateMatch
        /// Ranked after every candidate that is not: recorded, but not to be chosen.
        var demoted = false

        /// More of the device's calls matched first; then fewer of the recording's
        /// left over (a drag that goes further than the log, or calls the device
        /// never made); then the earlier candidate in the search order, so the
        /// result never depends on which thread finished first.
        func isBetter(than other: Tried) -> Bool {
            if demoted != other.demoted { return other.demoted }
            if match.matched != other.match.matched { return match.matched > other.match.matched }
            if match.unmatchedRecorded != other.match.unmatchedRecorded { return match.unmatchedRecorded < other.match.unmatchedRecorded }
            return candidate.precedes(other.candidate)
        }
    }

    /// The most events plus frame cells one candidate may record before it is given up.
    static let recordingCapacity = 4_000_000

    /// How many of round 1's best shapes are tried at every speed.
    static let shapesTriedAtEverySpeed = 3

    let space: SearchSpace
    let title: String
    let deviceKeys: [UInt64]
    /// Every candidate recorded so far, best first.
    private(set) var tried: [Tried] = []

    init(space: SearchSpace, title: String) {
        self.space = space
        self.title = title
        deviceKeys = space.log.calls.keys
    }

    /// Runs the four rounds; `tried.first` is then the best candidate, if any could be recorded.
    mutating func run() {
        tried += record(space.shapes())
        rank()
        tried += record(tried.prefix(CandidateSearch.shapesTriedAtEverySpeed).flatMap { space.speeds(of: $0.candidate) })
        rank()
        if let best = tried.first {
            tried += record(space.screens(like: best.candidate))
            if let shorter = space.endOfList(best.candidate), let ended = record([shorter]).first {
                // Only on more of the device's calls: see `SearchSpace.endOfList`.
                tried.append(ended)
                if ended.match.matched <= best.match.matched { tried[tried.count - 1].demoted = true }
            }
            rank()
        }
        if let winner = tried.first, let slow = space.slowest(winner.candidate), let restated = record([slow]).first {
            let asGood = restated.match.matched == winner.match.matched
                && restated.match.unmatchedRecorded == winner.match.unmatchedRecorded
            tried.insert(restated, at: asGood ? 0 : tried.count)
        }
    }

    private mutating func rank() {
        tried.sort { $0.isBetter(than: $1) }
    }

    /// Records and aligns `candidates` in parallel; one that cannot be recorded
    /// (past the capacity, say) is left out.
    func record(_ candidates: [SearchSpace.Candidate]) -> [Tried] {
        let space = space, title = title, deviceKeys = deviceKeys, printed = space.log.printed
        let matches = ParallelMap.map(candidates.count) { index -> CandidateMatch? in
            let scenario = space.scenario(candidates[index], title: title)
            guard let trace = try? Recorder.record(scenario, capacity: CandidateSearch.recordingCapacity) else { return nil }
            return CandidateMatch(device: deviceKeys, recorded: CallSequence(trace.events, printed: printed).calls)
        }
        return zip(candidates, matches).compactMap { candidate, match in match.map { Tried(candidate: candidate, match: $0) } }
    }
}
