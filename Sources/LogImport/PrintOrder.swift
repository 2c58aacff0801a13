/// Where an app prints its `cellForRowAt` line, read from the log's own order.
///
/// UIKit calls `init` or `prepareForReuse` inside `dequeueReusableCell`, which
/// the data source calls inside `cellForRowAt`. An app that prints after
/// dequeuing (seed 004 prints in the cell's own methods, then configures) shows
/// each `init` or `prepareForReuse` line before the `cellForRowAt` line of its
/// row. An app that prints at the top of `cellForRowAt`, before it dequeues,
/// shows it after: `cellForRowAt: 3`, `init`, `willDisplay: 3`. Read in the
/// printed order, that log makes each row's cell the next row's, and one cell
/// too many.
///
/// The evidence, counted over the lifecycle lines (a gap marker breaks it):
/// - a dequeue line between a row's `cellForRowAt` and the same row's
///   `willDisplay` was printed after its `cellForRowAt`;
/// - a dequeue line just before a `cellForRowAt`, with no `cellForRowAt` just
///   before it, was printed before;
/// - without `willDisplay` lines, only the ends tell: a log that starts with a
///   `cellForRowAt` followed by a dequeue, or ends with a dequeue after a
///   `cellForRowAt`, prints after dequeuing neither at its start nor its end.
/// The order with more evidence wins; with none, or a tie, UIKit's is assumed.
struct PrintOrder: Sendable {
    /// True when the app prints `cellForRowAt` before it dequeues.
    let callbackFirst: Bool
    /// The places that say the app prints `cellForRowAt` first, and those that say it dequeues first.
    let callbackFirstEvidence: Int
    let dequeueFirstEvidence: Int

    init(_ lines: [LogLine]) {
        var first = 0, dequeue = 0
        func callback(_ index: Int) -> LogLine.Callback? {
            guard lines.indices.contains(index), case .callback(let callback) = lines[index].content else { return nil }
            return callback
        }
        func row(_ index: Int) -> LogIndexPath? { lines[index].indexPaths.first }
        for index in lines.indices {
            guard let here = callback(index), here == .initCell || here == .prepareForReuse else { continue }
            let before = callback(index - 1), after = callback(index + 1)
            if before == .cellForRowAt, after == .willDisplay, row(index - 1) != nil, row(index - 1) == row(index + 1) {
                first += 1
            } else if after == .cellForRowAt, before != .cellForRowAt {
                // The very first line of a log can only be a dequeue printed first
                // when the cells it configures were made before the log begins.
                dequeue += 1
            } else if before == .cellForRowAt, index - 1 == lines.startIndex || index + 1 == lines.endIndex {
                first += 1
            }
        }
        callbackFirstEvidence = first
        dequeueFirstEvidence = dequeue
        callbackFirst = first > dequeue
    }

    /// The lines in the order UIKit made the calls: when the app prints
    /// `cellForRowAt` first, each dequeue line right after a `cellForRowAt` line
    /// is moved before it (its line number stays the log's).
    func placed(_ lines: [LogLine]) -> [LogLine] {
        guard callbackFirst else { return lines }
        var placed = lines
        var index = placed.startIndex + 1
        while index < placed.endIndex {
            if case .callback(let here) = placed[index].content, here == .initCell || here == .prepareForReuse,
               case .callback(.cellForRowAt) = placed[index - 1].content {
                placed.swapAt(index - 1, index)
            }
            index += 1
        }
        return placed
    }

    /// The sentence the import's summary says of it.
    var sentence: String {
        if callbackFirst {
            return "The app prints cellForRowAt before it dequeues (\(Self.places(callbackFirstEvidence)) an init or prepareForReuse line comes after the row's cellForRowAt line), so each was placed inside the cellForRowAt it follows."
        }
        if dequeueFirstEvidence > 0 {
            return "The app prints init and prepareForReuse before the cellForRowAt they belong to (\(Self.places(dequeueFirstEvidence))), in the order UIKit calls them."
        }
        return "The log does not show whether the app prints cellForRowAt before or after it dequeues; the order UIKit calls them (the dequeue first) was assumed."
    }

    static func places(_ count: Int) -> String { count == 1 ? "in 1 place" : "in \(count) places" }
}
