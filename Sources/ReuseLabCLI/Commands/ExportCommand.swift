import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport

/// `reuselab export TRACE --format perfetto`: the trace as a timeline to open in
/// Perfetto or chrome://tracing. The work is `TimelineExport`'s; this reads the
/// command line and decides where the file goes.
enum ExportCommand: Subcommand {
    static let formats = ["perfetto"]

    enum Options: CommandOptions {
        static let format = ValueOption.choice("--format", formats, valueName: "FORMAT", defaultText: "perfetto",
                                               meaning: "the file's format: perfetto (Chrome's trace-event JSON)")
        static let output = ValueOption.path("--output", short: "-o", valueName: "FILE", defaultText: "NAME.perfetto.json here",
                                             meaning: "write to FILE (- for standard output), atomically")
        static let force = FlagOption("--force", meaning: "replace FILE even if it is not an export reuselab wrote, or is read-only")
        static let all: [any OptionKey] = [format, output, force]
    }

    static let declaration = CommandDeclaration(
        name: "export",
        summary: "write a trace as a timeline for Perfetto or chrome://tracing",
        usage: ["TRACE [--format perfetto] [-o FILE] [--force]"],
        description: """
        Writes TRACE as a timeline in Chrome's trace-event JSON, which Perfetto
        (https://ui.perfetto.dev) and chrome://tracing open: the main thread's work
        named by its cause, hitches, each frame (STALE ones marked), scrolling, a
        track per connection with each request as a slice, a track per cell with
        the rows it displayed and where it waited in between, every call as an
        instant with its fields, and counters for image memory, cells alive and
        requests. Arrows (flows) follow each image request from its slice to its
        response and on to the cell its image was set in, so a late response points
        into a cell showing another row. Times are the trace's virtual time, so a
        trace always gives the same file.

        The trace is checked as 'validate' checks it and streamed into the file as
        it is read; the file is written atomically.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "the trace to export", standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "Opening the file", text: """
            Drag the file onto https://ui.perfetto.dev (or use its Open trace file), or
            open chrome://tracing in Chrome and press Load. Nothing is uploaded: the
            Perfetto UI reads the file in the browser.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab export traces/images-sync-download.trace.json",
                           meaning: "write images-sync-download.perfetto.json here"),
            CommandExample(command: "reuselab record drag.scenario.json | reuselab export - -o drag.perfetto.json",
                           meaning: "record a scenario and export its trace in one go"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        guard let path = line.positionals.first else {
            throw ReuseLabError(.usage, "export: expected TRACE (the trace file); see 'reuselab export --help'")
        }
        // The parser has checked --format against `formats`; there is one so far.
        let output: String
        if let named = line[Options.output] { output = named } else { output = try defaultOutput(for: path) }
        let force = line[Options.force]
        let permission = OutputFile.Permission(force: force) { file in PerfettoTrace.whyNotAnExport(path: file) }
        try InputOverwriteCheck.check(output, input: path, refusal: "the trace being exported; refusing to write the timeline over it",
                                      permission: permission)
        let source = try TraceSource.open(path)
        if OutputFile.isStandardOutput(output) {
            // Standard output cannot take a half-written file back: the trace is
            // checked first, then streamed out block by block.
            _ = try source.fold(ReplayState.self)
            try PerfettoTrace.export(source, generator: ReuseLab.version) { (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in
                io.out(String(decoding: chunk, as: UTF8.self))
            }
            return 0
        }
        var summary: PerfettoTrace.Summary?
        try OutputFile.stream(to: output, permission: permission, standardOutput: io.out) { (sink: OutputFile.Sink) throws(ReuseLabError) in
            summary = try PerfettoTrace.export(source, generator: ReuseLab.version, to: sink)
        }
        if let summary {
            let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
            io.out(TextWrap.paragraph("Wrote \(VisibleText.escape(output)) (\(InputFile.describeSize(summary.bytes)): "
                                      + "\(summary.traceEvents) trace events on \(summary.tracks) tracks, from \(summary.events) events). "
                                      + "Open it at https://ui.perfetto.dev or in chrome://tracing: "
                                      + "file://\(VisibleText.escape(absolute))", width: io.width))
        }
        return 0
    }

    /// "images-sync-download.perfetto.json" for traces/images-sync-download.trace.json,
    /// in the current folder; a trace from standard input needs -o.
    static func defaultOutput(for path: String) throws(ReuseLabError) -> String {
        guard path != "-" else {
            throw ReuseLabError(.usage, "export: a trace from standard input has no name to call the timeline after; give -o FILE (or -o - for standard output)")
        }
        return HtmlCommand.pageName(path) + ".perfetto.json"
    }
}
