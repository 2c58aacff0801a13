import TraceModel
import ToolSupport
import TraceCoding
import Calibration

/// `reuselab calibrate TRACE [-o SCENARIO]`: for a trace imported from a device's
/// console log, the scenario whose recording best reproduces the device's
/// lifecycle calls, how well it does, and where the two still differ.
enum CalibrateCommand: Subcommand {
    enum Options: CommandOptions {
        static let output = ValueOption.path("--output", short: "-o", valueName: "SCENARIO",
                                             meaning: "write the scenario to SCENARIO, atomically (- prints only the scenario)")
        static let force = FlagOption("--force", meaning: "replace SCENARIO if it exists (a folder, FIFO or device is never replaced)")
        static let json = FlagOption("--json",
                                     meaning: "print one JSON object: scenario, score, matched, deviceEvents, recordedEvents, candidatesTried, unprinted, reconstructed, notCompared, differences, matches")
        static let all: [any OptionKey] = [output, force, json]
    }

    static let declaration = CommandDeclaration(
        name: "calibrate",
        summary: "find the scenario whose recording best matches a device's log",
        description: """
        For a trace imported from a real device's console log ('reuselab import'),
        searches for the scenario whose recording reproduces the device's lifecycle
        calls best: the profile, the screen and its insets, the table's rows, and
        one drag down (how far and how fast). The screen is sized so that the rows
        the log shows at launch are on screen; the drag ends where the log's last
        rows appear and leave. Each candidate is recorded in memory and its calls
        are aligned with the device's (longest common subsequence) by kind and
        rows, never by cell id, which a log only lets the importer guess (so the
        ids need not pass 'reuselab validate'). Only what the log prints is
        compared: a call the import reconstructed (marked inferred) is not the
        device's, and a kind of call the log never prints (init and
        prepareForReuse, say) is left out of the recordings too; the report says
        what was left out. Where the log was abridged (a gap), whatever the
        recording does is not held against it.

        Prints the match, the scenario as JSON ready to save (or writes it to
        SCENARIO with -o), and where the log and the recording still part ways.
        Then 'reuselab record SCENARIO -o calibrated.trace.json' and 'reuselab diff
        TRACE calibrated.trace.json' show every step where they differ.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "a trace imported from a device's log", standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "What is searched", text: """
            The profile (the header's first, then the other), iPhone insets (status
            bar 0, 20, 44, 47, 59 or 64 pt, home indicator 34 or 0), screen heights
            that show the launch rows, 44 pt rows, prefetching as the log shows it,
            and one drag: where it ends, and its speed (from the log's timestamps,
            or a few speeds when the log has none). The same trace always gives the
            same scenario.
            """),
            HelpSection(title: "Exit status", text: """
            0 when a scenario matches at least half of the lifecycle calls the log
            prints (those compared) in order; 1 when none does: the best is not a match, so it is neither
            printed nor written, and where it parts ways with the log is said
            instead. 64, 65, 66, 67 or 73 for errors (see reuselab --help). A
            recorded trace (one whose header has a scenario) is refused with 65:
            compare recordings with 'reuselab diff'.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab calibrate device.trace.json",
                           meaning: "print the match, the scenario and where they still differ"),
            CommandExample(command: "reuselab calibrate device.trace.json -o device.scenario.json",
                           meaning: "save the scenario; record it and diff its trace with device.trace.json to see every step"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let path = line.positionals[0]
        let output = line[Options.output]
        let json = line[Options.json], force = line[Options.force]
        let file = InputFile.displayName(path)
        if let output, OutputFile.isStandardOutput(output), json {
            throw ReuseLabError(.usage, "calibrate: -o - prints the scenario alone; it cannot go with --json, which prints it inside one object")
        }
        if let output {
            // Refuse before the search rather than after it.
            try checkSafeToWrite(output, trace: path, force: force)
        }
        // Read, not validated: calibration never reads a cell id, and a device
        // log's ids are guesses, so a trace whose guesses do not add up is still
        // worth calibrating against.
        let trace = try TraceReader.read(path: path)
        let result = try Calibrator.calibrate(trace, file: file)
        guard Self.percent(result) >= Self.minimumMatch else {
            // Not a match: nothing is presented as one, nothing is written.
            if json {
                io.out(JSONWriter.compact(jsonReport(result)) + "\n")
            } else if let output, OutputFile.isStandardOutput(output) {
                io.err(TextWrap.paragraph("reuselab: " + noMatchLine(result) + " Nothing is written.", width: io.width))
            } else {
                io.out(noMatchText(result, trace: path, width: io.width))
            }
            return FailureKind.checkFailed.exitStatus
        }
        let scenarioFile = JSONWriter.pretty(scenarioJSON(result.scenario))

        var written: String?
        if let output {
            try OutputFile.write(scenarioFile.utf8, to: output, permission: permission(force: force), standardOutput: io.out)
            if OutputFile.isStandardOutput(output) { return 0 }
            written = output
        }
        if json {
            io.out(JSONWriter.compact(jsonReport(result)) + "\n")
        } else {
            // On the terminal the JSON is laid out for its width; the file for 80 columns.
            let shown = JSONWriter.pretty(scenarioJSON(result.scenario), width: max(40, io.width))
            io.out(text(result, trace: path, written: written, scenarioText: shown, width: io.width))
        }
        return 0
    }

    /// An existing file is replaced only with --force, and never the trace being read.
    static func permission(force: Bool) -> OutputFile.Permission {
        OutputFile.Permission(force: force) { _ in "may be a scenario of your own" }
    }

    static func checkSafeToWrite(_ output: String, trace: String, force: Bool) throws(ReuseLabError) {
        try InputOverwriteCheck.check(output, input: trace,
                                      refusal: "the trace being calibrated; refusing to write the scenario over it (name it NAME.scenario.json)",
                                      permission: permission(force: force))
    }

    // MARK: Text

    /// The match, the scenario (or where it was written), the differences, what to do next.
    static func text(_ result: CalibrationResult, trace: String, written: String?, scenarioText: String, width: Int) -> String {
        func paragraph(_ text: String) -> String { TextWrap.paragraph(text, width: width) }
        var out = paragraph(matchLine(result))
        let kinds = result.unprinted.isEmpty ? "" : " of the kinds the log prints"
        out += paragraph(describe(result.scenario) + " Its recording makes \(plural(result.recordedEvents, "lifecycle call"))\(kinds).")
        let scenarioName: String
        if let written {
            scenarioName = VisibleText.escape(written)
            out += "\n" + paragraph("The scenario is written to \(scenarioName).")
        } else {
            scenarioName = "calibrated.scenario.json"
            out += "\n" + paragraph("The scenario (save it as \(scenarioName), or use -o):") + scenarioText
        }
        out += "\n"
        if result.differences.isEmpty {
            out += paragraph("Where they still differ: nowhere. Every lifecycle call the log shows comes in the same order in the recording.")
        } else {
            out += paragraph("Where they still differ:")
            for sentence in result.differences { out += TextWrap.row("  - ", VisibleText.escape(sentence), width: width) }
        }
        let traceName = VisibleText.escape(trace == "-" ? "TRACE" : trace)
        out += "\n" + paragraph("To see every step, record the scenario and compare it with the device:")
        out += TextWrap.row("  ", "reuselab record \(scenarioName) -o calibrated.trace.json", width: width)
        out += TextWrap.row("  ", "reuselab diff \(traceName) calibrated.trace.json", width: width)
        return out
    }

    /// "Best match: 97% of the 112 lifecycle calls the log prints, in order (109
    /// matched; tried 24 scenarios)." and, when some were not compared, why.
    static func matchLine(_ result: CalibrationResult) -> String {
        "Best match: \(percent(result))% of the \(plural(result.deviceEvents, "lifecycle call")) the log prints, in order (\(result.matched) matched; tried \(plural(result.candidatesTried, "scenario")))." + notComparedNote(result)
    }

    /// " The log never prints init or prepareForReuse, so …", or nothing.
    static func notComparedNote(_ result: CalibrationResult) -> String {
        result.notCompared.map { " " + $0 } ?? ""
    }

    /// Below this share of the device's calls in order, the best scenario does not
    /// reproduce the log, and calibrate says so instead of offering it.
    static let minimumMatch = 50

    /// The share of the device's calls the recording makes in order, rounded down
    /// (so 100% means every call); 0 for a log without calls.
    static func percent(_ result: CalibrationResult) -> Int {
        result.deviceEvents > 0 ? result.matched * 100 / result.deviceEvents : 0
    }

    /// "No scenario matches: the best of 24 tried makes 12% of …"
    static func noMatchLine(_ result: CalibrationResult) -> String {
        "No scenario matches \(result.deviceEvents == 0 ? "this log" : "the \(plural(result.deviceEvents, "lifecycle call")) the log prints"): the best of \(plural(result.candidatesTried, "scenario")) tried makes \(percent(result))% of them in order (\(result.matched) matched), and calibrate accepts \(minimumMatch)% or more."
    }

    /// Why there is no match, where the best try parts ways with the log, and what to check.
    static func noMatchText(_ result: CalibrationResult, trace: String, width: Int) -> String {
        func paragraph(_ text: String) -> String { TextWrap.paragraph(text, width: width) }
        var out = paragraph(noMatchLine(result) + notComparedNote(result) + " No scenario is offered or written.")
        if !result.differences.isEmpty {
            out += "\n" + paragraph("Where the best try parts ways with the log:")
            for sentence in result.differences { out += TextWrap.row("  - ", VisibleText.escape(sentence), width: width) }
        }
        let traceName = VisibleText.escape(trace == "-" ? "TRACE" : trace)
        out += "\n" + paragraph("The search covers one table view scrolled by one drag. If the app did more (scrolled back, reloaded, showed another table), or the log's lines are not all there, the log cannot match: 'reuselab import LOG --verbose' lists the lines left out of the trace, and 'reuselab replay \(traceName)' marks every inferred step.")
        return out
    }

    /// "Modern profile, 844 pt screen with insets 47/34 pt, 19 rows of 44 pt at
    /// launch, 69 rows in all, a prefetch data source; a 439 pt drag over 3000 ms."
    static func describe(_ scenario: Scenario) -> String {
        let table = scenario.table
        let launch = Int(max(0, min(1e6, ((table.viewportHeight - table.contentInsetTop) / table.rowHeight).rounded(.up))))
        var parts = ["\(scenario.profile.rawValue.prefix(1).uppercased() + scenario.profile.rawValue.dropFirst()) profile",
                     "\(NumberText.of(table.viewportHeight)) pt screen with insets \(NumberText.of(table.contentInsetTop))/\(NumberText.of(table.contentInsetBottom)) pt",
                     "\(plural(launch, "row")) of \(NumberText.of(table.rowHeight)) pt at launch",
                     "\(plural(table.rows, "row")) in all"]
        parts.append(scenario.prefetching ? "a prefetch data source" : "no prefetch data source")
        if !scenario.isPrefetchingEnabled { parts.append("isPrefetchingEnabled off") }
        var text = parts.joined(separator: ", ")
        for step in scenario.script {
            switch step {
            case .drag(let by, let ms): text += "; a \(NumberText.of(by)) pt drag over \(ms) ms"
            case .disappear: text += ", then the screen goes away"
            default: break
            }
        }
        return text + "."
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: JSON

    /// The scenario as a file would hold it: without the members that only repeat
    /// their defaults (frame rate, seed, and the images, network, caches, costs and
    /// paging a text-only table never uses), which reading it back fills in again.
    static func scenarioJSON(_ scenario: Scenario) -> JSONValue {
        guard case .object(var object) = scenario.jsonValue else { return scenario.jsonValue }
        var defaults = Set<String>()
        if scenario.fps == 60 { defaults.insert("fps") }
        if scenario.seed == 1 { defaults.insert("seed") }
        if scenario.world == WorldSpec() { defaults.formUnion(["images", "network", "cache", "mainThread", "paging"]) }
        object.members.removeAll { defaults.contains($0.key) }
        return .object(object)
    }

    static func jsonReport(_ result: CalibrationResult) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("scenario", scenarioJSON(result.scenario))
        out.add("score", result.score)
        out.add("matched", result.matched)
        out.add("deviceEvents", result.deviceEvents)
        out.add("recordedEvents", result.recordedEvents)
        out.add("candidatesTried", result.candidatesTried)
        out.add("unprinted", .list(result.unprinted.map { .string($0.rawValue) }))
        out.add("reconstructed", result.reconstructed)
        out.add("notCompared", result.notCompared.map { .string($0) } ?? .null)
        out.add("differences", .list(result.differences.map { .string($0) }))
        // false when the best is below `minimumMatch`: then it is no match (exit status 1).
        out.add("matches", .bool(percent(result) >= minimumMatch))
        return out.value
    }
}
