import Foundation
import ToolSupport
import TraceCoding
import PageExport

/// `reuselab html TRACE` and `reuselab html A B`: the visual side, one
/// self-contained page that works offline from disk.
enum HtmlCommand: Subcommand {
    enum Options: CommandOptions {
        static let output = ValueOption.path("--output", short: "-o", valueName: "FILE", defaultText: "NAME.html here",
                                             meaning: "write the page to FILE (- for standard output), atomically")
        static let force = FlagOption("--force", meaning: "replace FILE even if it is not a page reuselab wrote, or is read-only")
        static let maximumSteps = ValueOption.integer("--max-steps", in: 1...1_000_000, valueName: "N", defaultText: "\(HTMLPages.maximumSteps)",
                                                      meaning: "draw a trace of up to N events (a page grows by up to about 350 bytes a step, and takes longer to write and open)")
        static let all: [any OptionKey] = [output, force, maximumSteps]
    }

    static let declaration = CommandDeclaration(
        name: "html",
        summary: "write a page that animates a trace, or two side by side",
        usage: [
            "TRACE [-o FILE] [--force] [--max-steps N]",
            "A B [-o FILE] [--force] [--max-steps N]",
        ],
        description: """
        Writes one self-contained HTML file that opens from disk in any modern
        browser, offline: the table view drawn at every step of TRACE, or a
        collection view as its grid (cells sliding as the list scrolls, each cell's
        colour and number, what its image view shows, STALE cells outlined, the
        prepared and kept-aside cells, the reuse pools, prefetching, requests in
        flight, the main thread's work), the
        step's explanation as 'replay' gives it, the list of steps with a filter,
        and a timeline. With two traces, A and B step side by side in lockstep
        through the alignment 'reuselab diff' computes, the first divergence
        marked. For a lesson as a page, see 'reuselab lesson N --html'.

        Every state and sentence on the page is computed here from the trace; the
        page's script only draws. Text from the trace is escaped, and the page's
        Content-Security-Policy lets no other script run and nothing load.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "the trace to draw (two traces: A and B, compared)",
                                  count: .many(minimum: 1), standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "Keys on the page", text: """
            As in 'replay --step': the right arrow, n, Enter or Space: next step; the left
            arrow or b: back; Home, End: first, last; g: go to a step; k: next step of a
            kind or group; s: next step where a STALE row comes on screen (Shift-S:
            previous); x: next HITCH; Shift-P: play or pause; + and -: faster, slower;
            c: hide or show the code (click a line of it, or pick one with the up and
            down arrows and press Enter, for the next step that ran it); w: the
            glossary; p: presenter mode (large, one step per slide; #present in the URL
            opens in it); h or ?: help. On a page of two traces, d: the first
            divergence; c, Shift-C: the next, previous change. On a lesson's page, 1 to
            9 choose an answer, h shows the hint, Enter goes on, g: the glossary, p:
            presenter mode, ?: help.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab html traces/images-async-no-reset.trace.json",
                           meaning: "write images-async-no-reset.html here, then open it"),
            CommandExample(command: "reuselab html traces/images-async-no-reset.trace.json traces/images-async-reset.trace.json -o compare.html",
                           meaning: "the two strategies side by side"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let paths = line.positionals
        guard paths.count <= 2 else {
            throw ReuseLabError(.usage, "html: give one trace, or two to compare (got \(paths.count))")
        }
        if paths.count == 2, paths[0] == "-", paths[1] == "-" {
            throw ReuseLabError(.usage, "html: only one of the traces can come from standard input")
        }
        let output: String
        if let named = line[Options.output] { output = named } else { output = try defaultOutput(for: paths) }
        let force = line[Options.force]
        for path in paths {
            try InputOverwriteCheck.check(output, input: path, refusal: "a trace being drawn; refusing to write the page over it",
                                          permission: permission(force: force))
        }
        let page: String
        let maximumSteps = line[Options.maximumSteps] ?? HTMLPages.maximumSteps
        if paths.count == 2 {
            page = try HTMLPages.diff(pathA: paths[0], pathB: paths[1], generator: ReuseLab.version, maximumSteps: maximumSteps)
        } else {
            page = try HTMLPages.trace(path: paths[0], generator: ReuseLab.version, maximumSteps: maximumSteps)
        }
        try write(page, to: output, force: force, io: io)
        return 0
    }

    /// Pages may replace pages; any other file needs --force.
    static func permission(force: Bool) -> OutputFile.Permission {
        OutputFile.Permission(force: force) { path in HTMLPages.whyNotAPage(path: path) }
    }

    /// Writes the page and says where it went (on standard error when the page
    /// itself goes to standard output).
    static func write(_ page: String, to output: String, force: Bool, io: CommandIO) throws(ReuseLabError) {
        try OutputFile.write(page.utf8, to: output, permission: permission(force: force), standardOutput: io.out)
        guard !OutputFile.isStandardOutput(output) else { return }
        let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
        io.out("Wrote \(VisibleText.escape(output)) (\(InputFile.describeSize(page.utf8.count))); open it in a browser: file://\(VisibleText.escape(absolute))\n")
    }

    /// "images-async-no-reset.html" for one trace, "A-vs-B.html" for two, in the
    /// current folder; a trace from standard input needs -o.
    static func defaultOutput(for paths: [String]) throws(ReuseLabError) -> String {
        guard !paths.contains("-") else {
            throw ReuseLabError(.usage, "html: a trace from standard input has no name to call the page after; give -o FILE (or -o - for standard output)")
        }
        return paths.map(pageName).joined(separator: "-vs-") + ".html"
    }

    /// The trace's file name without its folder and `.trace.json` (or `.json`).
    static func pageName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".trace.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name.isEmpty ? "trace" : name
    }
}
