import ToolSupport
import TraceCoding
import Strategies

/// `reuselab strategies`.
enum StrategiesCommand: Subcommand {
    enum Options: CommandOptions {
        static let json = FlagOption("--json", meaning: "a JSON list: name, summary, seeds, tableView, collectionView")
        static let all: [any OptionKey] = [json]
    }

    static let declaration = CommandDeclaration(
        name: "strategies",
        summary: "list the app strategies a scenario can use",
        description: """
        Lists the app strategies a scenario can name in "strategy", with what each
        teaches, the seed article its code follows, and whether it runs on a
        collection view (a scenario with "collection" instead of "table").
        """,
        options: Options.all,
        examples: [CommandExample(command: "reuselab strategies", meaning: "one line per strategy")])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        if line[Options.json] {
            let list = StrategyCatalog.all.map { entry -> JSONValue in
                var out = JSONObjectBuilder()
                out.add("name", entry.name)
                out.add("summary", entry.summary)
                out.add("seeds", .list(entry.seeds.map { .string($0) }))
                out.add("tableView", entry.runsOnTableView)
                out.add("collectionView", entry.runsOnCollectionView)
                return out.value
            }
            io.out(JSONWriter.compact(.list(list)) + "\n")
            return 0
        }
        let width = (StrategyCatalog.all.map(\.name.count).max() ?? 0) + 2
        for entry in StrategyCatalog.all {
            let lists = entry.runsOnTableView ? (entry.runsOnCollectionView ? "; also on a collection view" : "") : "; on a collection view only"
            io.out(TextWrap.row(entry.name.padding(toLength: width, withPad: " ", startingAt: 0),
                                entry.summary + " (seed " + entry.seeds.joined(separator: ", ") + ")" + lists, width: io.width))
        }
        io.out("\n" + TextWrap.paragraph("On a collection view (a scenario with \"collection\"): " + StrategyCatalog.collectionNames.joined(separator: ", ") + ".", width: io.width))
        return 0
    }
}
