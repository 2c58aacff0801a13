import TraceModel
import ToolSupport

/// Turns a device's console log into a trace: `reuselab import`.
///
/// Two passes. The first streams the log (in bounded memory, whatever its size)
/// through the `LineRecogniser`, keeping only the lifecycle lines and the gap
/// markers and counting the rest. The second (`TraceBuilder`) turns those lines
/// into trace events, inferring which cell each is about, and folds every event
/// through `ReplayState.apply` as it goes, so the trace it writes is one every
/// reader accepts.
public enum LogImporter {
    /// The first lines of a log shown when none of it is recognised.
    static let shownWhenUnrecognised = 5

    /// Reads the log at `path` (`-` for standard input). `skipped` is called for
    /// each line that is not a lifecycle call, with its number (for `--verbose`).
    public static func importLog(path: String, options: ImportOptions,
                                 skipped: (Int, String) -> Void = { _, _ in }) throws(ReuseLabError) -> ImportReport {
        let recogniser = LineRecogniser(patterns: options.patterns)
        var lines = LogLines()
        var kept: [LogLine] = []
        var firstLines: [String] = []
        var skippedCount = 0
        var gapTexts: [Int: String] = [:]
        var blank = 0
        var unreadableOrigins = 0
        var firstUnreadableOrigin: (line: Int, text: String)?
        let name = InputFile.displayName(path)
        func take(_ text: String, _ number: Int) {
            // An empty line is no call and nothing skipped: it is only counted.
            guard !text.allSatisfy(\.isWhitespace) else { blank += 1; return }
            if firstLines.count < shownWhenUnrecognised { firstLines.append(text) }
            let line = recogniser.recognise(text, number: number)
            if line.content == .other {
                skippedCount += 1
                skipped(number, text)
                if line.unreadableOrigin {
                    unreadableOrigins += 1
                    if firstUnreadableOrigin == nil { firstUnreadableOrigin = (number, String(text.prefix(200))) }
                }
            } else {
                if line.content == .gap { gapTexts[number] = String(text.prefix(200)) }
                kept.append(line)
            }
        }
        try InputFile.stream(path, what: "a console log") { (chunk: ArraySlice<UInt8>) throws(ReuseLabError) in
            try lines.feed(chunk) { (text: String, number: Int) throws(ReuseLabError) in take(text, number) }
        }
        try lines.finish { (text: String, number: Int) throws(ReuseLabError) in take(text, number) }
        // A line saying a cell is new or reused for a row is that row's cellForRowAt when none is printed.
        guard kept.contains(where: { line in
            if case .callback = line.content { return true }
            return line.content == .origin && !line.indexPaths.isEmpty
        }) else {
            throw unrecognised(name, lineCount: lines.lineCount, firstLines: firstLines)
        }
        var report = try build(kept, lineCount: lines.lineCount, skipped: skippedCount, options: options, file: name, gapTexts: gapTexts)
        report.blank = blank
        report.unreadableOrigins = unreadableOrigins
        report.firstUnreadableOrigin = firstUnreadableOrigin
        return report
    }

    /// Builds the trace from lines already recognised (`lineCount` lines in all;
    /// `gapTexts` what the log printed at each gap marker, by line number).
    public static func build(_ lines: [LogLine], lineCount: Int, skipped: Int, options: ImportOptions, file: String,
                             gapTexts: [Int: String] = [:]) throws(ReuseLabError) -> ImportReport {
        var builder = try TraceBuilder(lines: lines, lineCount: lineCount, skipped: skipped, options: options, file: file, gapTexts: gapTexts)
        return try builder.run()
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
