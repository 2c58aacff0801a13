/// What one run of the benchmark was asked for on its command line.
struct BenchOptions {
    /// The `reuselab` binary to measure.
    var reuselab: String
    /// The folder of bundled traces, each replayed against the 50 ms target; the largest is drawn with `html`.
    var traces: String
    /// The lessons folder, for the time to a lesson's first question.
    var lessons: String
    var rows = 66_000
    var runs = 3
    var json = false

    static let usage = """
    usage: reuselab-bench [--reuselab PATH] [--rows N] [--runs K] [--traces DIR] [--lessons DIR] [--json]

    Times a built reuselab binary's commands, each as a whole process, beside python3's
    json.load, jq and GNU diff on the same files, and says which of the project's
    performance targets the run met. It writes two benchmark scenarios of N rows
    (strategies async-no-reset and async-reset) to a temporary folder, records them with
    'reuselab record', and runs every command K times in rounds: the fastest time, the
    most memory. Tools that are not on the PATH are skipped, with a note.

      --reuselab PATH  the binary to measure (default: the project's .build/release/reuselab;
                       build it with 'swift build -c release' first)
      --rows N         rows in each scenario, 100 to 1000000 (default 66000: about a
                       million events a trace; the speed targets are set for that size)
      --runs K         runs of each command, 1 to 20 (default 3)
      --traces DIR     the bundled traces, each replayed (default: the project's traces/)
      --lessons DIR    the lessons, for the time to lesson 1's first question
                       (default: the project's lessons/)
      --json           print one JSON object instead of the table
      --help           print this

    Run from the project's folder:
      swift build -c release
      swift run -c release --package-path Benchmarks reuselab-bench
    """

    /// The options of `arguments` (the program's name left out); nil for --help.
    static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions? {
        var options = BenchOptions(reuselab: ProjectFolder.path(".build/release/reuselab"),
                                   traces: ProjectFolder.path("traces"), lessons: ProjectFolder.path("lessons"))
        var remaining = arguments[...]
        func value(of option: String) throws(BenchError) -> String {
            guard let value = remaining.popFirst() else { throw BenchError(.usage, "\(option) needs a value; see --help") }
            return value
        }
        func number(of option: String, in range: ClosedRange<Int>) throws(BenchError) -> Int {
            let text = try value(of: option)
            guard let number = Int(text), range.contains(number) else {
                throw BenchError(.usage, "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \"\(text)\"")
            }
            return number
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--help", "-h": return nil
            case "--reuselab": options.reuselab = try value(of: option)
            case "--traces": options.traces = try value(of: option)
            case "--lessons": options.lessons = try value(of: option)
            case "--rows": options.rows = try number(of: option, in: 100...1_000_000)
            case "--runs": options.runs = try number(of: option, in: 1...20)
            case "--json": options.json = true
            default: throw BenchError(.usage, "unknown option \"\(option)\"; see --help")
            }
        }
        // The commands run with their own paths; make relative ones whole.
        for keyPath in [\BenchOptions.reuselab, \.traces, \.lessons] {
            options[keyPath: keyPath] = FileText.absolute(options[keyPath: keyPath])
        }
        return options
    }
}

/// The project's folder, found from this source file's place in it
/// (Benchmarks/Sources/reuselab-bench/), so that the defaults work from anywhere.
enum ProjectFolder {
    static func path(_ relative: String) -> String {
        // This file, then reuselab-bench, Sources and Benchmarks: four steps up.
        let parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(4)
        return parts.joined(separator: "/") + "/" + relative
    }
}
