import Diff

/// How one candidate's recording lines up with the device's calls: the longest
/// common subsequence of their keys (the `Diff` module's alignment, Myers'
/// algorithm after setting the shared ends aside), counted from the device's side.
struct CandidateMatch: Sendable {
    /// The device's calls matched in order.
    var matched: Int
    var recordedCount: Int
    var operations: [Alignment.Operation]
    /// The recording's calls, for the sentences that describe the differences.
    var recorded: [ComparedCall]

    var unmatchedRecorded: Int { recordedCount - matched }

    init(device: [UInt64], recorded: [ComparedCall]) {
        self.recorded = recorded
        recordedCount = recorded.count
        operations = Alignment.align(device, recorded.map(\.key)).operations
        matched = operations.reduce(0) { count, operation in
            if case .same = operation { return count + 1 }
            return count
        }
    }
}
