import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import LogImport

/// `reuselab import LOG`: a device's console log in, an ordinary trace out.
enum ImportCommand: Subcommand {
    enum Options: CommandOptions {
        static let output = ValueOption.path("--output", short: "-o", valueName: "TRACE", defaultText: "standard output",
                                             meaning: "write the trace to TRACE, atomically")
        static let profile = ValueOption.choice("--profile", of: TableProfile.self, defaultText: "read from the log, else modern",
                                                meaning: "the table view the log came from: modern (iOS 15 SDK and later) or classic")
        static let rows = ValueOption.integer("--rows", in: 1...1_000_000, valueName: "N",
                                              meaning: "how many rows the table has, or items the collection view has (more are refused)")
        static let columns = ValueOption.integer("--columns", in: 1...CollectionSpec.maximumColumns, valueName: "N",
                                                 defaultText: "read from the log, else 1",
                                                 meaning: "for a collection view's log: how many items a row of the grid has")
        static let title = ValueOption.text("--title", valueName: "T", defaultText: "Imported from LOG", meaning: "the trace's title")
        static let pattern = ValueOption.text("--pattern", valueName: "KIND=REGEX",
                                              meaning: "recognise lines matching REGEX as KIND (repeatable); named groups row (or item), section, cell, t")
        static let verbose = FlagOption("--verbose", meaning: "list the skipped lines with their numbers, and the lifecycle lines not in the trace with why")
        static let force = FlagOption("--force", meaning: "replace TRACE even if it is not a ReuseLab trace or is read-only")
        static let snippet = FlagOption("--snippet", meaning: "print UIKit code that logs every callback in a form that imports exactly")
        static let all: [any OptionKey] = [output, profile, rows, columns, title, pattern, verbose, force, snippet]
    }

    static let declaration = CommandDeclaration(
        name: "import",
        summary: "turn a device's console log into a trace",
        description: """
        Reads LOG, a console log printed by a real app's table view or collection
        view callbacks (print, NSLog, os_log or 'log show' lines, in the spellings
        people use), and writes a trace that replay, lesson, stats and diff read
        like any other. A log of item calls (cellForItemAt, forItemAt,
        prefetchItemsAt) becomes a collection view's trace; give its grid's
        columns with --columns (else they are read from rows of items leaving
        together, or 1 is assumed). A log mixing row and item calls is refused.
        Lines that are not lifecycle calls are skipped and counted (blank lines
        as blank); a lifecycle line that does not become an event is counted as
        not in the trace, and --verbose says why. Which cell
        each line is about is inferred where the log does not say, and marked;
        an abridged log (a "..." line, or its Korean marker) gets a gap event there. Without
        --profile, the profile is read from the log (cells configured ahead or
        kept aside are the modern table view's) and the summary says why; where
        the log cannot tell, modern is assumed.
        """,
        positionals: [
            PositionalDeclaration(name: "LOG", meaning: "the console log; not with --snippet",
                                  count: .optional, standardInput: true),
        ],
        options: Options.all,
        examples: [
            CommandExample(command: "reuselab import traces/device-seed004.log -o device.trace.json",
                           meaning: "import seed 004's device log"),
            CommandExample(command: "pbpaste | reuselab import - --rows 100 | reuselab replay -",
                           meaning: "import a log from the clipboard and replay it"),
            CommandExample(command: "reuselab import app.log --pattern 'willDisplay=^showing (?<row>[0-9]+)$'",
                           meaning: "also read lines of a form of your own"),
            CommandExample(command: "reuselab import --snippet",
                           meaning: "the code to paste into an app for a lossless log"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        if line[Options.snippet] {
            guard line.positionals.isEmpty else {
                throw ReuseLabError(.usage, "import: --snippet prints code and reads no log; leave LOG out")
            }
            io.out(InstrumentationSnippet.text)
            return 0
        }
        guard let path = line.positionals.first else {
            throw ReuseLabError(.usage, "import: give the console log to read (LOG, or - for standard input); see 'reuselab import --help'")
        }
        let output = line[Options.output] ?? "-"
        let force = line[Options.force]
        try InputOverwriteCheck.check(output, input: path,
                                      refusal: "the log being imported; refusing to write the trace over it (name it NAME.trace.json)",
                                      permission: RecordCommand.permission(force: force))
        var patterns: [CustomPattern] = []
        for argument in line.all(Options.pattern) {
            do {
                patterns.append(try CustomPattern(argument: argument))
            } catch {
                throw ReuseLabError(.usage, "import: --pattern \(VisibleText.shortened(argument)): \(error.message)")
            }
        }
        let options = ImportOptions(logName: InputFile.displayName(path),
                                    profile: line[Options.profile],
                                    rows: line[Options.rows], title: line[Options.title], patterns: patterns,
                                    columns: line[Options.columns])
        // The trace may go to standard output: then everything said about it goes to standard error.
        let say: (String) -> Void = OutputFile.isStandardOutput(output) ? io.err : io.out
        let verbose = line[Options.verbose]
        // The log is read through once, and refused if it must be, before anything is written.
        let log = try LogImporter.read(path: path, options: options) { number, text in
            if verbose { say(TextWrap.hanging("line \(number): \(VisibleText.escape(text))", width: io.width)) }
        }
        // Then read again, each event written as it is made.
        var written: ImportReport?
        try OutputFile.stream(to: output, permission: RecordCommand.permission(force: force), standardOutput: io.out) { (sink: OutputFile.Sink) throws(ReuseLabError) in
            written = try log.write(to: sink)
        }
        guard let report = written else { throw ReuseLabError(.cannotWrite, file: output, "the trace was not written") }
        if verbose {
            for left in report.leftOut {
                say(TextWrap.hanging("line \(left.line): not in the trace: \(VisibleText.escape(left.reason))", width: io.width))
            }
            for contradiction in report.contradictions {
                say(TextWrap.hanging("line \(contradiction.line): contradicts the import: \(VisibleText.escape(contradiction.reason))", width: io.width))
            }
        }
        // Paragraphs: what was read, what the log states, how it was read, what next.
        let paragraphs = summary(report, log: options.logName, output: output, verbose: verbose)
        say(paragraphs.map { TextWrap.paragraph($0, width: io.width) }.joined(separator: "\n"))
        return 0
    }

    static func summary(_ report: ImportReport, log: String, output: String, verbose: Bool) -> [String] {
        var parts = ["Imported \(VisibleText.escape(log)): \(report.recognised) of \(report.lines) lines are lifecycle calls"]
        let markers = report.lines - report.recognised - report.skipped - report.blank - report.statements
        if markers > 0 { parts[0] += ", \(markers) mark\(markers == 1 ? "" : "s") where it was abridged" }
        if report.statements > 0 {
            parts[0] += ", \(report.statements) say\(report.statements == 1 ? "s" : "") whether a cell is new or reused"
        }
        if report.blank > 0 { parts[0] += ", \(report.blank) blank" }
        if report.skipped > 0 { parts[0] += " (\(report.skipped) skipped; " + (verbose ? "listed above)" : "--verbose lists them)") }
        var notes: [String] = ["\(report.eventCount) events"]
        if report.gaps > 0 { notes.append("\(report.gaps) gap\(report.gaps == 1 ? "" : "s") where the log leaves lines out") }
        if report.inferred > 0 { notes.append("\(report.inferred) event\(report.inferred == 1 ? "" : "s") inferred (marked in the trace; replay says so)") }
        if report.unplaced > 0 { notes.append("\(report.unplaced) line\(report.unplaced == 1 ? "" : "s") that could not be placed") }
        if !report.leftOut.isEmpty {
            let count = report.leftOut.count
            notes.append("\(count) lifecycle line\(count == 1 ? "" : "s") not in it (" + (verbose ? "listed above, with why)" : "--verbose lists why)"))
        }
        let counts = parts[0] + ". The trace has " + notes.joined(separator: ", ") + "."
        var states: [String] = []
        if !report.contradictions.isEmpty {
            let count = report.contradictions.count
            let first = report.contradictions[0]
            states.append("\(count) line\(count == 1 ? "" : "s") contradict\(count == 1 ? "s" : "") what the import had inferred before"
                + " (line \(first.line): \(VisibleText.escape(first.reason)); " + (verbose ? "all listed above" : "--verbose lists them")
                + "), each marked by a note in the trace: the log leaves something out, or the import's rules were wrong there.")
        }
        if !report.origins.isEmpty { states.append(report.origins) }
        if let unreadable = report.firstUnreadableOrigin {
            let count = report.unreadableOrigins
            states.append("\(count == 1 ? "Line \(unreadable.line)" : "\(count) lines, such as line \(unreadable.line),") (\"\(VisibleText.shortened(unreadable.text, limit: 40))\")"
                + " seem\(count == 1 ? "s" : "") to say whether a cell is new or reused, in a form reuselab cannot read: if so, describe it with --pattern, for example --pattern 'init=^oldIndexPath: nil$' for a line printed only for new cells.")
        }
        var read: [String] = []
        if !report.profile.isEmpty { read.append(report.profile) }
        if !report.columns.isEmpty { read.append(report.columns) }
        if !report.printOrder.isEmpty { read.append(report.printOrder) }
        if report.syntheticTimes { read.append("The log has no timestamps, so times are synthetic: one millisecond per line.") }
        var next = ""
        if !OutputFile.isStandardOutput(output) {
            next = "Wrote \(VisibleText.escape(output)); next: reuselab replay \(VisibleText.escape(output)), or reuselab calibrate \(VisibleText.escape(output))."
        }
        return [counts, states.joined(separator: " "), read.joined(separator: " "), next].filter { !$0.isEmpty }
    }
}
