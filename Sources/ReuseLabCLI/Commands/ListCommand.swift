import Foundation
import ToolSupport
import TraceCoding
import Recorder

/// `reuselab list [DIR]`: the bundled scenarios and whether each has its trace.
enum ListCommand: Subcommand {
    enum Options: CommandOptions {
        static let json = FlagOption("--json", meaning: "a JSON list: scenario, trace, title, profile, strategy")
        static let all: [any OptionKey] = [json]
    }

    static let declaration = CommandDeclaration(
        name: "list",
        summary: "list the bundled scenarios and traces",
        description: """
        Lists the scenarios in DIR with their titles, profile and strategy, and the
        trace recorded from each (NAME.trace.json beside NAME.scenario.json).
        """,
        positionals: [PositionalDeclaration(name: "DIR", meaning: "the folder of scenarios (default: traces)", count: .optional)],
        options: Options.all)

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let folder = line.positionals.first ?? "traces"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".scenario.json") }.sorted()
        } catch {
            throw ReuseLabError(.missingFile, file: folder, "no such folder (run reuselab from the project's top folder, or name the folder)")
        }
        var rows: [JSONValue] = []
        var lines: [(name: String, profile: String, strategy: String, title: String)] = []
        for name in names {
            let path = folder + "/" + name
            let base = String(name.dropLast(".scenario.json".count))
            let tracePath = folder + "/" + base + ".trace.json"
            let hasTrace = FileManager.default.fileExists(atPath: tracePath)
            do {
                let scenario = try Recorder.loadScenario(path: path)
                if line[Options.json] {
                    var out = JSONObjectBuilder()
                    out.add("scenario", path)
                    out.add("trace", hasTrace ? .string(tracePath) : .null)
                    out.add("title", scenario.title)
                    out.add("profile", scenario.profile.rawValue)
                    out.add("strategy", scenario.strategy)
                    rows.append(out.value)
                } else {
                    lines.append((VisibleText.escape(base), scenario.profile.rawValue, scenario.strategy,
                                  VisibleText.title(scenario.title) + (hasTrace ? "" : "  (no trace yet)")))
                }
            } catch {
                io.err("reuselab: warning: " + VisibleText.escape(error.description) + "\n")
            }
        }
        if line[Options.json] { io.out(JSONWriter.compact(.list(rows)) + "\n") }
        // Columns as wide as their longest entry (padding(toLength:) would cut longer names).
        let nameWidth = (lines.map { TextWrap.columns($0.name) }.max() ?? 0) + 2
        let strategyWidth = (lines.map { TextWrap.columns($0.strategy) }.max() ?? 0) + 2
        for line in lines {
            io.out(TextWrap.row(TextWrap.pad(line.name, nameWidth) + TextWrap.pad(line.profile, 9) + TextWrap.pad(line.strategy, strategyWidth),
                                line.title, width: io.width))
        }
        return 0
    }
}
