/// Gives each line that says whether a cell is new or reused (an `.origin`
/// line, such as `oldIndexPath: nil`) to the `cellForRowAt` line it was printed
/// beside, so the builder reads it where the cell is dequeued.
///
/// Such a line is printed inside `cellForRowAt`, after the dequeue, so it sits
/// just before the row's `cellForRowAt` line or just after it, depending on
/// where the app prints that one (with at most the dequeue's own `init` or
/// `prepareForReuse` lines between). Which, is read from the log: the side with
/// more `cellForRowAt` lines next to origin lines wins (before, on a tie). A
/// line that names its row (`reused cell for row 5`) goes only to that row's
/// `cellForRowAt`, and where the log prints none it is that row's
/// `cellForRowAt` itself. Any other line with no `cellForRowAt` beside it is
/// left out of the trace, and the import says why. A bare `prepareForReuse`
/// line of the same dequeue takes the previous row the statement prints.
struct CellOriginBinding {
    /// The lines with every origin line given to its `cellForRowAt` (or made one).
    let lines: [LogLine]
    /// True when origin lines are printed before their `cellForRowAt` line.
    let printedBefore: Bool
    /// How many origin lines were read, and the first of them (for the summary).
    let count: Int
    let first: LogLine?
    /// Origin lines that said nothing the trace could hold, with why.
    let leftOut: [LeftOutLine]

    /// Whether a line is a dequeue's own (`init`, `prepareForReuse`): an origin
    /// line and its `cellForRowAt` may have these between them.
    static func isDequeue(_ line: LogLine) -> Bool {
        line.content == .callback(.initCell) || line.content == .callback(.prepareForReuse)
    }

    init(_ lines: [LogLine]) {
        /// The first line from `index` on (stepping by `step`) that is not a dequeue's.
        func neighbour(_ index: Int, _ step: Int) -> LogLine? {
            var at = index + step
            while lines.indices.contains(at), Self.isDequeue(lines[at]) { at += step }
            return lines.indices.contains(at) ? lines[at] : nil
        }
        var before = 0, after = 0, count = 0
        var first: LogLine?
        for index in lines.indices where lines[index].content == .origin {
            count += 1
            if first == nil { first = lines[index] }
            if neighbour(index, 1)?.content == .callback(.cellForRowAt) { before += 1 }
            if neighbour(index, -1)?.content == .callback(.cellForRowAt) { after += 1 }
        }
        self.count = count
        self.first = first
        printedBefore = before >= after
        guard count > 0 else {
            self.lines = lines
            leftOut = []
            return
        }
        var placed: [LogLine] = []
        placed.reserveCapacity(lines.count)
        var leftOut: [LeftOutLine] = []
        var waiting: LogLine?
        /// An origin line with no `cellForRowAt` to go to: its row's `cellForRowAt` if it names one, else left out.
        func alone(_ statement: LogLine) {
            guard !statement.indexPaths.isEmpty else {
                let what = statement.origin.map { $0.describe { "row \($0.row)" } } ?? "new or reused"
                leftOut.append(LeftOutLine(line: statement.lineNumber,
                                           reason: "it says a cell is \(what), but no cellForRowAt line is printed next to it to say it of"))
                return
            }
            var configure = statement
            configure.content = .callback(.cellForRowAt)
            configure.originLine = statement.lineNumber
            placed.append(configure)
        }
        /// A bare `prepareForReuse` line of the same dequeue takes the previous row the statement prints.
        func lend(_ statement: LogLine, from lower: Int) {
            guard case .reused(let previous?)? = statement.origin else { return }
            for index in lower..<placed.endIndex where placed[index].content == .callback(.prepareForReuse)
                && placed[index].indexPaths.isEmpty && !placed[index].rowIsNil {
                placed[index].indexPaths = [previous]
            }
        }
        func fits(_ statement: LogLine, _ line: LogLine) -> Bool {
            line.content == .callback(.cellForRowAt) && line.origin == nil
                && (statement.indexPaths.isEmpty || statement.indexPaths.first == line.indexPaths.first)
        }
        for var line in lines {
            if line.content == .origin {
                var last = placed.index(before: placed.endIndex)
                while last >= placed.startIndex, Self.isDequeue(placed[last]) { last -= 1 }
                if printedBefore {
                    if let earlier = waiting { alone(earlier) }
                    waiting = line
                } else if last >= placed.startIndex, fits(line, placed[last]) {
                    placed[last].origin = line.origin
                    placed[last].originLine = line.lineNumber
                    lend(line, from: last + 1)
                } else {
                    alone(line)
                }
                continue
            }
            if waiting != nil, Self.isDequeue(line) {
                placed.append(line)
                continue
            }
            if let statement = waiting {
                waiting = nil
                if fits(statement, line) {
                    line.origin = statement.origin
                    line.originLine = statement.lineNumber
                    var first = placed.endIndex
                    while first > placed.startIndex, Self.isDequeue(placed[first - 1]) { first -= 1 }
                    lend(statement, from: first)
                } else {
                    alone(statement)
                }
            }
            placed.append(line)
        }
        if let statement = waiting { alone(statement) }
        self.lines = placed
        self.leftOut = leftOut
    }

    /// The sentence the import's summary says of the origin lines, or "".
    func sentence(_ reword: (String) -> String) -> String {
        guard let first else { return "" }
        let those = count == 1 ? "The line" : "The lines"
        let side = printedBefore ? "before" : "after"
        return reword("\(those) saying whether a cell is new or reused (line \(first.lineNumber)\(count == 1 ? "" : " first")) \(count == 1 ? "comes" : "come") \(side) the cellForRowAt line \(count == 1 ? "it belongs" : "they belong") to; the trace follows what \(count == 1 ? "it says" : "they say"), not a rule.")
    }
}
