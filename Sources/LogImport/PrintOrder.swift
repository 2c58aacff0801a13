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

    init(callbackFirstEvidence: Int, dequeueFirstEvidence: Int) {
        self.callbackFirstEvidence = callbackFirstEvidence
        self.dequeueFirstEvidence = dequeueFirstEvidence
        callbackFirst = callbackFirstEvidence > dequeueFirstEvidence
    }

    /// The order `lines` (lifecycle lines and gap markers, in log order) show.
    init(_ lines: [LogLine]) {
        var reading = Reading()
        for line in lines { reading.take(line) }
        self = reading.order
    }

    /// The evidence, counted as the lines come: each dequeue line is judged once
    /// the line after it (or the end) is known, so only the last two lines are kept.
    struct Reading: Sendable {
        /// What the evidence reads of a line: its callback (nil for a gap) and row.
        private struct Seen: Sendable {
            var callback: LogLine.Callback?
            var row: LogIndexPath?
        }
        private var beforeLast: Seen?
        private var last: Seen?
        /// How many lines have come.
        private var count = 0
        private var first = 0, dequeue = 0

        mutating func take(_ line: LogLine) {
            var callback: LogLine.Callback?
            if case .callback(let named) = line.content { callback = named }
            judgeLast(after: Seen(callback: callback, row: line.indexPaths.first), atEnd: false)
            beforeLast = last
            last = Seen(callback: callback, row: line.indexPaths.first)
            count += 1
        }

        /// The order the lines so far show, as if the log ended here.
        var order: PrintOrder {
            var copy = self
            copy.judgeLast(after: nil, atEnd: true)
            return PrintOrder(callbackFirstEvidence: copy.first, dequeueFirstEvidence: copy.dequeue)
        }

        /// Judges the last line, if it is a dequeue, now that `after` follows it.
        private mutating func judgeLast(after: Seen?, atEnd: Bool) {
            guard last?.callback?.isDequeue == true else { return }
            let before = beforeLast?.callback, next = after?.callback
            // The last line is the `count - 1`th: the first line when `count` is 1.
            let atStart = count == 2
            if before == .cellForRowAt, next == .willDisplay, beforeLast?.row != nil, beforeLast?.row == after?.row {
                first += 1
            } else if next == .cellForRowAt, before != .cellForRowAt {
                // The very first line of a log can only be a dequeue printed first
                // when the cells it configures were made before the log begins.
                dequeue += 1
            } else if before == .cellForRowAt, atStart || atEnd {
                first += 1
            }
        }
    }

    /// The lines in the order UIKit made the calls: when the app prints
    /// `cellForRowAt` first, each dequeue line right after a `cellForRowAt` line
    /// is moved before it (its line number stays the log's).
    func placed(_ lines: [LogLine]) -> [LogLine] {
        var placer = Placer(self)
        var placed: [LogLine] = []
        for line in lines { placer.take(line) { placed.append($0) } }
        placer.finish { placed.append($0) }
        return placed
    }

    /// `placed`, as the lines come: a `cellForRowAt` line is held back while
    /// dequeue lines follow it, so at most one line waits.
    struct Placer: Sendable {
        let callbackFirst: Bool
        private var held: LogLine?

        init(_ order: PrintOrder) { callbackFirst = order.callbackFirst }
        init(callbackFirst: Bool) { self.callbackFirst = callbackFirst }

        /// Takes the next line, handing on to `body` the lines whose place is now known.
        mutating func take<E: Error>(_ line: LogLine, _ body: (LogLine) throws(E) -> Void) throws(E) {
            guard callbackFirst else { return try body(line) }
            if let waiting = held {
                if line.isDequeue {
                    // Moved before the cellForRowAt, which stays held for a dequeue after it.
                    return try body(line)
                }
                held = nil
                try body(waiting)
            }
            if case .callback(.cellForRowAt) = line.content {
                held = line
            } else {
                try body(line)
            }
        }

        /// Hands on the line still held, at the end of the log.
        mutating func finish<E: Error>(_ body: (LogLine) throws(E) -> Void) throws(E) {
            if let waiting = held {
                held = nil
                try body(waiting)
            }
        }
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
