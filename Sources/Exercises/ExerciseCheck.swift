import TraceModel
import Replay

/// A property an exercise's recordings must have, measured from the trace by the
/// same fold `stats` uses (`TraceMetrics`), never from the code. Each is paired
/// with what keeps it from being cheated: "no stale frame" alone would pass code
/// that never shows an image, so every exercise about images also asks that every
/// row on screen gets its own image.
public enum ExerciseCheck: Sendable, Equatable {
    /// No frame shows a cell with another row's image (stale frames 0): the reset
    /// in `prepareForReuse`, and no late response written into a reused cell.
    case noStaleImage
    /// Every row that stays on screen ends with its own image, and images are
    /// shown at all (rows still waiting at the end 0, image waits above 0).
    case everyRowGetsItsImage
    /// At most this many image downloads (a cache; one download per image).
    case downloadsAtMost(Int)
    /// The main thread is blocked at most this many milliseconds.
    case mainThreadBlockedAtMost(Int)
    /// At most this many downloads whose picture no frame ever shows (work for
    /// rows that left before it finished: cancel it).
    case wastedDownloadsAtMost(Int)
    /// Rows wait for their picture at most this many milliseconds on average
    /// (from `willDisplay` to the first frame that shows it: start work early).
    case imageWaitAverageAtMost(Int)
    /// No image view is set off the main thread (UIKit is main-thread only; the
    /// engine notes each violation, `MainThreadRule`).
    case viewsOnMainThread

    /// The name in exercise.json.
    public var name: String {
        switch self {
        case .noStaleImage: return "no-stale-image"
        case .everyRowGetsItsImage: return "every-row-gets-its-image"
        case .downloadsAtMost: return "downloads-at-most"
        case .mainThreadBlockedAtMost: return "main-thread-blocked-at-most"
        case .wastedDownloadsAtMost: return "wasted-downloads-at-most"
        case .imageWaitAverageAtMost: return "image-wait-average-at-most"
        case .viewsOnMainThread: return "views-on-main-thread"
        }
    }

    /// What it asks, in a line.
    public var sentence: String {
        switch self {
        case .noStaleImage: return "no frame shows a row with another row's image"
        case .everyRowGetsItsImage: return "every row on screen gets its own image"
        case .downloadsAtMost(let most): return "at most \(most) image downloads"
        case .mainThreadBlockedAtMost(let ms): return "the main thread blocked at most \(ms) ms"
        case .wastedDownloadsAtMost(let most): return "at most \(most) downloads no frame ever shows"
        case .imageWaitAverageAtMost(let ms): return "rows wait for their picture \(ms) ms at most on average"
        case .viewsOnMainThread: return "image views are set on the main thread only"
        }
    }

    /// The figure it looks at in `report` (and, for the main-thread rule, how many
    /// times the trace notes an image view set off the main thread), as a learner
    /// reads it, and whether it passes.
    public func measure(_ report: MetricsReport, offMainThread: Int) -> (figure: String, passes: Bool) {
        switch self {
        case .viewsOnMainThread:
            return ("image views set off the main thread \(offMainThread)", offMainThread == 0)
        case .noStaleImage:
            let frames = report.staleFrames.value ?? 0
            return ("stale frames \(frames)", report.staleFrames.value == 0)
        case .everyRowGetsItsImage:
            let waiting = report.imageWaitsOpenAtEnd.value ?? 0, shown = report.imageWaits.value ?? 0
            return ("rows left without their image \(waiting), images shown \(shown)", waiting == 0 && shown > 0)
        case .downloadsAtMost(let most):
            let downloads = report.downloads.value ?? 0
            return ("downloads \(downloads)", report.downloads.value.map { $0 <= most } ?? false)
        case .mainThreadBlockedAtMost(let ms):
            let blocked = report.mainThreadBlocked.value?.milliseconds ?? 0
            return ("main thread blocked \(Int(blocked.rounded())) ms", report.mainThreadBlocked.value.map { $0.milliseconds <= Double(ms) } ?? false)
        case .wastedDownloadsAtMost(let most):
            let wasted = report.downloadsNeverShown.value ?? 0
            return ("downloads never shown \(wasted)", report.downloadsNeverShown.value.map { $0 <= most } ?? false)
        case .imageWaitAverageAtMost(let ms):
            guard let average = report.imageWaitAverage.value else { return ("no picture was shown", false) }
            return ("average wait \(Int(average.milliseconds.rounded())) ms", average.milliseconds <= Double(ms))
        }
    }
}
