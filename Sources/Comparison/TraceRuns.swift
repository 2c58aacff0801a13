import ToolSupport
import Replay

/// Two or more trace files, each measured as `stats` measures it (streamed from
/// its file through `TraceMetrics`), side by side: one recording per column.
public enum TraceRuns {
    /// Measures every trace (on up to `jobs` threads) and builds the one block.
    /// The first trace, in the order given, that cannot be read or is invalid
    /// gives its error, exactly as `stats` would report it. Every trace is set
    /// against `baseline` (a column's name or a path as given), by default the first.
    public static func compare(paths: [String], jobs: Int? = nil, baseline: String? = nil) throws(ReuseLabError) -> Comparison {
        let results = ParallelMap.map(paths.count, jobs: jobs ?? ParallelMap.defaultJobs) { index -> Result<MetricsReport, ReuseLabError> in
            do throws(ReuseLabError) {
                return .success(try TraceMetrics.measure(path: paths[index]))
            } catch {
                return .failure(error)
            }
        }
        var reports: [MetricsReport] = []
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let report): reports.append(report)
            case .failure(let error): throw ComparisonInput.explain(error, path: paths[index])
            }
        }
        let names = columnNames(paths: paths, strategies: reports.map(\.strategy))
        let columns = reports.indices.map { index in
            ComparisonColumn(name: names[index], strategy: reports[index].strategy, file: InputFile.displayName(paths[index]),
                             // A collection view has no profile to show.
                             title: reports[index].title, profile: reports[index].list.isCollection ? nil : reports[index].profile)
        }
        var reference = 0
        if let baseline {
            guard let index = columns.firstIndex(where: { $0.name == baseline }) ?? paths.firstIndex(of: baseline) else {
                throw ReuseLabError(.usage, "compare: --baseline \(VisibleText.shortened(baseline)) names none of the traces; give a column's name (\(names.map { VisibleText.shortened($0) }.joined(separator: ", "))) or one of the paths")
            }
            reference = index
        }
        let block = ComparisonBlock(network: nil, networkDescription: nil, columns: columns, skipped: [],
                                    runs: reports.map { [$0.entries] }, baseline: reference)
        return Comparison(source: .traces, blocks: [block], baseline: columns.indices.contains(reference) ? columns[reference].name : nil)
    }

    /// A short, distinct heading per trace: the strategies, when every trace names
    /// a different one; else the file names without their folder and
    /// `.trace.json`, when those differ; else "trace 1", "trace 2", ….
    static func columnNames(paths: [String], strategies: [String?]) -> [String] {
        let byStrategy = strategies.compactMap { $0 }
        if byStrategy.count == paths.count, Set(byStrategy).count == paths.count { return byStrategy }
        let byFile = paths.map(fileStem)
        if Set(byFile).count == paths.count, !byFile.contains("") { return byFile }
        return paths.indices.map { "trace \($0 + 1)" }
    }

    /// "images-plain" for "traces/images-plain.trace.json"; "stdin" for "-".
    static func fileStem(_ path: String) -> String {
        guard path != "-" else { return "stdin" }
        var name = String(path.split(separator: "/").last ?? "")
        for suffix in [".trace.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name
    }
}
