import TraceFormat
import Strategies

/// `reuselab strategies`.
enum StrategiesCommand {
    static let help = """
    Usage: reuselab strategies [--json]

    Lists the app strategies a scenario can name in "strategy", with what each
    teaches and the seed article its code follows.

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "strategies", flagNames: ["-h", "--help", "--json"], valueNames: [])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        try args.expectAtMost(0, command: "strategies", what: "it takes no arguments")
        if args.has("--json") {
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
