import Foundation

/// A point in time every wait gives up at, so a hung browser fails its test
/// instead of hanging the suite.
struct Deadline {
    let end: Date

    init(seconds: TimeInterval) {
        end = Date().addingTimeInterval(seconds)
    }

    var hasPassed: Bool { Date() >= end }

    /// Milliseconds left, at least 0, for poll(2).
    var remainingMilliseconds: Int32 {
        let left = end.timeIntervalSinceNow * 1000
        return left <= 0 ? 0 : Int32(min(left, Double(Int32.max)))
    }
}
