import TraceModel
import ToolSupport
import TraceCoding

/// Turns a device's console log into a trace: `reuselab import`.
///
/// Two passes. The first (`read`) streams the log (in bounded memory, whatever
/// its size) through the `LineRecogniser`, its lines recognised side by side on
/// every core (`RecognisedLines`); it counts the lines, gathers what the trace's
/// header and the placing of lines need to know of the whole log (`LogFacts`),
/// refuses a log it cannot import, and keeps the lifecycle lines and gap markers
/// on disk (`LineSpool`). The second (`ScannedLog.build`) reads them back and
/// turns them into trace events (`TraceBuilder`), folding each through
/// `ReplayState.apply` as it goes, so the trace it writes is one every reader
/// accepts, and hands each event on as it is made: neither the lines nor the
/// events are held in memory.
public enum LogImporter {
    /// The first lines of a log shown when none of it is recognised.
    static let shownWhenUnrecognised = 5

    /// Imports the log at `path` (`-` for standard input) with its events
    /// collected in `report.trace`. `skipped` is called for each line that is not
    /// a lifecycle call, with its number (for `--verbose`).
    public static func importLog(path: String, options: ImportOptions,
                                 skipped: (Int, String) -> Void = { _, _ in }) throws(ReuseLabError) -> ImportReport {
        let log = try read(path: path, options: options, skipped: skipped)
        var events: [TraceEvent] = []
        var report = try log.build { (event: TraceEvent) throws(ReuseLabError) in events.append(event) }
        report.trace.events = events
        return report
    }

    /// The first pass: reads the log at `path` (`-` for standard input) through,
    /// and refuses it here if it cannot be imported, before anything is written.
    /// `skipped` is called for each line that is not a lifecycle call.
    public static func read(path: String, options: ImportOptions,
                            skipped: (Int, String) -> Void = { _, _ in }) throws(ReuseLabError) -> ScannedLog {
        var facts = LogFacts(rows: options.rows)
        var firstLines: [String] = []
        var skippedCount = 0
        var blank = 0
        var unreadableOrigins = 0
        var firstUnreadableOrigin: (line: Int, text: String)?
        let name = InputFile.displayName(path)
        let spool = LineSpool(of: name)
        func take(_ text: String, _ number: Int, _ line: LogLine?) throws(ReuseLabError) {
            // An empty line is no call and nothing skipped: it is only counted.
            guard let line else { blank += 1; return }
            if firstLines.count < shownWhenUnrecognised { firstLines.append(text) }
            if line.content == .other {
                skippedCount += 1
                skipped(number, text)
                if line.unreadableOrigin {
                    unreadableOrigins += 1
                    if firstUnreadableOrigin == nil { firstUnreadableOrigin = (number, String(text.prefix(200))) }
                }
            } else {
                facts.take(line)
                try spool.append(line, gapText: line.content == .gap ? String(text.prefix(200)) : nil)
            }
        }
        let lineCount = try RecognisedLines.read(path, recogniser: LineRecogniser(patterns: options.patterns), take)
        try spool.finish()
        // A line saying a cell is new or reused for a row is that row's cellForRowAt when none is printed.
        guard facts.recognised > 0 || facts.origins.namingRows > 0 else {
            throw unrecognised(name, lineCount: lineCount, firstLines: firstLines)
        }
        let builder = try TraceBuilder(facts: facts, lineCount: lineCount, skipped: skippedCount, options: options, file: name)
        let log = ScannedLog(spool: spool, builder: builder, blank: blank)
        log.factsHeldItems = facts.heldItems
        log.unreadableOrigins = (unreadableOrigins, firstUnreadableOrigin)
        return log
    }

    /// Whether a line holds nothing but white space. Most lines start with a
    /// character that is not, and say so at their first byte.
    static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 {
            // A byte of an ASCII character that is not white space (no character
            // it starts or joins is white space); beyond ASCII, every character is asked.
            guard byte < 0x80 else { return text.allSatisfy(\.isWhitespace) }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
        }
        return true
    }

    static func unrecognised(_ name: String, lineCount: Int, firstLines: [String]) -> ReuseLabError {
        var message = lineCount == 0
            ? "the log is empty; expected lines printed from table view callbacks, such as \"cellForRowAt: 19\""
            : "no line of the log (\(lineCount) line\(lineCount == 1 ? "" : "s")) is a table view callback reuselab recognises"
        if !firstLines.isEmpty {
            // One line, as every error is: the first lines quoted, then how to describe them.
            message += "; it begins " + firstLines.prefix(3).map { "\"" + VisibleText.shortened($0, limit: 40) + "\"" }.joined(separator: ", ")
            message += ". If these lines print callbacks in a form of your own, describe it with --pattern, for example --pattern 'cellForRowAt=^configuring row (?<row>[0-9]+)$'"
        }
        return ReuseLabError(.badInput, file: name, message)
    }
}

/// A console log read once through by `LogImporter.read`: the trace's header is
/// known, and `build` or `write` makes its events from the lines kept. Holds the
/// copy of those lines until it is released.
public final class ScannedLog {
    private let spool: LineSpool
    /// The builder as the first pass left it: the header made, no line placed.
    private let builder: TraceBuilder
    private let blank: Int
    /// How many items the first pass's facts held at its end, and the builder at
    /// the end of the last `build` (`BoundedImportTests` checks that these do
    /// not grow with the log).
    var factsHeldItems = 0
    private(set) var builderHeldItems = 0
    /// Skipped lines that seem to state a cell's origin unreadably: how many, and the first.
    var unreadableOrigins: (count: Int, first: (line: Int, text: String)?) = (0, nil)

    init(spool: LineSpool, builder: TraceBuilder, blank: Int) {
        self.spool = spool
        self.builder = builder
        self.blank = blank
    }

    /// The trace's header, which comes before its events.
    public var header: TraceHeader { builder.header }

    /// The second pass: places the lines kept and hands each event to `each` as
    /// it is made. The report's trace has the header and no events.
    public func build(_ each: (TraceEvent) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> ImportReport {
        var builder = self.builder
        var placer = PrintOrder.Placer(builder.printOrder)
        // What the log printed at each gap marker not yet placed (the placer holds a line at most).
        var gapTexts: [Int: String] = [:]
        func place(_ line: LogLine) throws(ReuseLabError) {
            builder.take(line, gapText: line.content == .gap ? gapTexts.removeValue(forKey: line.lineNumber) : nil)
            try builder.handOver(each)
        }
        // Each line saying a cell is new or reused goes to its cellForRowAt first (CellOriginBinding).
        var binder = CellOriginBinding.Binder(printedBefore: builder.origins.printedBefore)
        func bound(_ line: LogLine) throws(ReuseLabError) { try placer.take(line, place) }
        func leftOut(_ line: Int, _ reason: String) {
            builder.statementsLeftOut += 1
            builder.leaveOut(line: line, reason)
        }
        try spool.stream { (line: LogLine, gapText: String?) throws(ReuseLabError) in
            if let gapText { gapTexts[line.lineNumber] = gapText }
            try binder.take(line, bound, leftOut: leftOut)
        }
        try binder.finish(bound, leftOut: leftOut)
        try placer.finish(place)
        builderHeldItems = builder.heldItems
        var report = builder.report()
        report.blank = blank
        report.unreadableOrigins = unreadableOrigins.count
        report.firstUnreadableOrigin = unreadableOrigins.first
        return report
    }

    /// The second pass writing the trace to `sink` as `TraceWriter` writes one,
    /// each event as it is made: the trace is never held.
    public func write(to sink: (UnsafeRawBufferPointer) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> ImportReport {
        var stream = TraceStream(header: header)
        let report = try build { (event: TraceEvent) throws(ReuseLabError) in try stream.append(event, to: sink) }
        _ = try stream.finish(to: sink)
        return report
    }
}
