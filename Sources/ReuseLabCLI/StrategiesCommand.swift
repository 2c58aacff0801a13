import TraceFormat
import Strategies

/// `reuselab strategies`.
enum StrategiesCommand: Subcommand {
    static let declaration = CommandDeclaration(
        name: "strategies",
        summary: "list the app strategies a scenario can use",
        description: """
        Lists the app strategies a scenario can name in "strategy", with what each
        teaches and the seed article its code follows.
        """,
        options: [
            OptionDeclaration(long: "--json", kind: .flag, meaning: "a JSON list: name, summary, seeds"),
        ],
        examples: [CommandExample(command: "reuselab strategies", meaning: "one line per strategy")])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        if line.flag("--json") {
            let list = StrategyCatalog.all.map { entry -> JSONValue in
                var out = JSONObjectBuilder()
                out.add("name", entry.name)
                out.add("summary", entry.summary)
                out.add("seeds", .list(entry.seeds.map { .string($0) }))
                return out.value
            }
            io.out(JSONWriter.compact(.list(list)) + "\n")
            return 0
        }
        let width = (StrategyCatalog.names.map(\.count).max() ?? 0) + 2
        for entry in StrategyCatalog.all {
            io.out(TextWrap.row(entry.name.padding(toLength: width, withPad: " ", startingAt: 0),
                                entry.summary + " (seed " + entry.seeds.joined(separator: ", ") + ")", width: io.width))
        }
        return 0
    }
}
