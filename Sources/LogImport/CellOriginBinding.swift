/// Gives each line that says whether a cell is new or reused (an `.origin`
/// line, such as `oldIndexPath: nil`) to the `cellForRowAt` line it was printed
/// beside, so the builder reads it where the cell is dequeued.
///
/// Such a line is printed inside `cellForRowAt`, after the dequeue, so it sits
/// just before the row's `cellForRowAt` line or just after it, depending on
/// where the app prints that one (with at most the dequeue's own `init` or
/// `prepareForReuse` lines between). Which, is read from the log in the
/// import's first pass (`Reading`): the side with more `cellForRowAt` lines
/// next to origin lines wins (before, on a tie). The second pass (`Binder`)
/// then gives each its line, holding back a few lines at most. A line that
/// names its row (`reused cell for row 5`) goes only to that row's
/// `cellForRowAt`, and where the log prints none it is that row's
/// `cellForRowAt` itself. Any other line with no `cellForRowAt` beside it is
/// left out of the trace, and the import says why. A bare `prepareForReuse`
/// line of the same dequeue takes the previous row the statement prints.
enum CellOriginBinding {
    /// The most dequeue lines held between an origin line and its `cellForRowAt`:
    /// a real one has one or two; a log of nothing else is not held whole.
    static let heldDequeues = 64

    /// What the first pass reads of the origin lines: how many, the first, and
    /// on which side of their `cellForRowAt` they are printed.
    struct Reading: Sendable {
        private(set) var count = 0
        private(set) var first: LogLine?
        /// Origin lines that name their row: each may be its row's only `cellForRowAt`.
        private(set) var namingRows = 0
        private var before = 0, after = 0
        /// Whether the last line that was not a dequeue's was an origin line, and whether it was a `cellForRowAt`.
        private var statementWaits = false
        private var configureLast = false

        mutating func take(_ line: LogLine) {
            guard !line.isDequeue else { return }
            let configure = line.content == .callback(.cellForRowAt)
            if statementWaits, configure { before += 1 }
            if line.content == .origin {
                count += 1
                if first == nil { first = line }
                if !line.indexPaths.isEmpty { namingRows += 1 }
                if configureLast { after += 1 }
            }
            statementWaits = line.content == .origin
            configureLast = configure
        }

        /// True when origin lines are printed before their `cellForRowAt` line.
        var printedBefore: Bool { before >= after }

        /// The sentence the import's summary says of the origin lines, `leftOut`
        /// of them with no `cellForRowAt` to go to, or "".
        func sentence(_ reword: (String) -> String, leftOut: Int) -> String {
            guard let first else { return "" }
            guard leftOut < count else {
                return reword("No line saying whether a cell is new or reused (line \(first.lineNumber)\(count == 1 ? "" : " first")) is printed next to a cellForRowAt line it could be said of, so the trace does not follow \(count == 1 ? "it" : "them").")
            }
            let those = count == 1 ? "The line" : "The lines"
            let side = printedBefore ? "before" : "after"
            return reword("\(those) saying whether a cell is new or reused (line \(first.lineNumber)\(count == 1 ? "" : " first")) \(count == 1 ? "comes" : "come") \(side) the cellForRowAt line \(count == 1 ? "it belongs" : "they belong") to; the trace follows what \(count == 1 ? "it says" : "they say"), not a rule.")
        }
    }

    /// The second pass: takes the lines in log order and hands them on with
    /// each origin line given to its `cellForRowAt` (or made one, or left out).
    struct Binder: Sendable {
        let printedBefore: Bool
        /// Before: the origin line waiting for its `cellForRowAt`. After: the last
        /// `cellForRowAt`, waiting for an origin line. With the dequeue lines since.
        private var waiting: LogLine?
        private var dequeues: [LogLine] = []

        init(printedBefore: Bool) { self.printedBefore = printedBefore }

        /// Takes the next line; `body` gets the lines to place, `leftOut` the
        /// origin lines that said nothing the trace could hold, with why.
        mutating func take<E: Error>(_ line: LogLine, _ body: (LogLine) throws(E) -> Void,
                                     leftOut: (Int, String) -> Void) throws(E) {
            var line = line
            if line.isDequeue, waiting != nil, dequeues.count < CellOriginBinding.heldDequeues {
                dequeues.append(line)
                return
            }
            if printedBefore {
                if let statement = waiting, !line.isDequeue, Self.fits(statement, line) {
                    line.origin = statement.origin
                    line.originLine = statement.lineNumber
                    waiting = nil
                    Self.lend(statement, to: &dequeues)
                    try flush(body)
                    return try body(line)
                }
                if let statement = waiting {
                    waiting = nil
                    try flush(body)
                    try alone(statement, body, leftOut: leftOut)
                }
                if line.content == .origin {
                    waiting = line
                } else {
                    try body(line)
                }
                return
            }
            if line.content == .origin {
                if var configure = waiting, Self.fits(line, configure) {
                    configure.origin = line.origin
                    configure.originLine = line.lineNumber
                    waiting = configure
                    Self.lend(line, to: &dequeues)
                    return try flush(body)
                }
                try flush(body)
                return try alone(line, body, leftOut: leftOut)
            }
            try flush(body)
            if line.content == .callback(.cellForRowAt) {
                waiting = line
            } else {
                try body(line)
            }
        }

        /// Hands on what is still held, at the end of the log.
        mutating func finish<E: Error>(_ body: (LogLine) throws(E) -> Void, leftOut: (Int, String) -> Void) throws(E) {
            if printedBefore, let statement = waiting {
                waiting = nil
                try flush(body)
                return try alone(statement, body, leftOut: leftOut)
            }
            try flush(body)
        }

        /// Hands on the line held (a `cellForRowAt` when printed after) and the dequeue lines since.
        private mutating func flush<E: Error>(_ body: (LogLine) throws(E) -> Void) throws(E) {
            if !printedBefore, let configure = waiting {
                waiting = nil
                try body(configure)
            }
            let held = dequeues
            dequeues.removeAll(keepingCapacity: true)
            for line in held { try body(line) }
        }

        /// An origin line with no `cellForRowAt` to go to: its row's `cellForRowAt` if it names one, else left out.
        private mutating func alone<E: Error>(_ statement: LogLine, _ body: (LogLine) throws(E) -> Void,
                                              leftOut: (Int, String) -> Void) throws(E) {
            guard !statement.indexPaths.isEmpty else {
                let what = statement.origin.map { $0.describe { "row \($0.row)" } } ?? "new or reused"
                return leftOut(statement.lineNumber, "it says a cell is \(what), but no cellForRowAt line is printed next to it to say it of")
            }
            var configure = statement
            configure.content = .callback(.cellForRowAt)
            configure.originLine = statement.lineNumber
            try body(configure)
        }

        static func fits(_ statement: LogLine, _ line: LogLine) -> Bool {
            line.content == .callback(.cellForRowAt) && line.origin == nil
                && (statement.indexPaths.isEmpty || statement.indexPaths.first == line.indexPaths.first)
        }

        /// A bare `prepareForReuse` line of the same dequeue takes the previous row the statement prints.
        static func lend(_ statement: LogLine, to dequeues: inout [LogLine]) {
            guard case .reused(let previous?)? = statement.origin else { return }
            for index in dequeues.indices where dequeues[index].content == .callback(.prepareForReuse)
                && dequeues[index].indexPaths.isEmpty && !dequeues[index].rowIsNil {
                dequeues[index].indexPaths = [previous]
            }
        }
    }
}
