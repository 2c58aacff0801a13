// reuselab-bench: times a built reuselab binary's commands as whole processes, beside
// python3, jq and GNU diff, and says which of the project's performance targets a run met.
// See BenchOptions.usage, and docs/performance.md in the project.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

do {
    guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.usage)
        exit(0)
    }
    let listening = Interruption.install()
    let results = try Benchmark.run(options)
    for source in listening { source.cancel() }
    print(options.json ? Report.json(results) : Report.text(results), terminator: "")
    exit(0)
} catch {
    FileText.writeToStandardError("reuselab-bench: \(error.message)\n")
    exit(error.kind.status)
}
