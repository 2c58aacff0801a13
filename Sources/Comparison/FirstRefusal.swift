import Foundation

/// The first recording of a comparison, in its order (network, strategy, seed),
/// that `record`'s limits refused, while the recordings run side by side.
///
/// That one refusal is what the comparison reports, so once it is known no
/// later recording needs to start: a recording is skipped only when one before
/// it was refused, so the earliest refused recording always runs, and the
/// outcome never depends on `--jobs` or on which recording finished first.
final class FirstRefusal: @unchecked Sendable {
    // `first` is read and written only under `lock`.
    private let lock = NSLock()
    private var first: Int?

    /// Whether recording `index` still has to run: false once one before it was refused.
    func isNeeded(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return first.map { index < $0 } ?? true
    }

    /// Recording `index` was refused.
    func note(_ index: Int) {
        lock.lock()
        defer { lock.unlock() }
        first = min(first ?? index, index)
    }
}
