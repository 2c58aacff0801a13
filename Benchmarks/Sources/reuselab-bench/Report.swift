/// The benchmark's answer: a table and the targets for a person, or one JSON object.
enum Report {
    /// A line of the table. Every bundled trace's replay is one line: the slowest.
    struct Row {
        var name: String
        var seconds: Double
        var peakBytes: Int?
        var remark: String
    }

    static func rows(_ results: BenchResults) -> [Row] {
        var rows: [Row] = []
        for measurement in results.measurements {
            let command = measurement.command
            if command.bundledTrace != nil {
                // The first of them stands for all: the slowest, and the largest beside it.
                guard command.name == results.bundledReplays.first?.command.name,
                      let slowest = results.slowestBundled, let slowestTrace = slowest.command.bundledTrace else { continue }
                let replays = results.bundledReplays
                var remark = "slowest: " + FileName.base(slowestTrace)
                if let largest = results.largestBundled, largest != slowestTrace,
                   let theirs = replays.first(where: { $0.command.bundledTrace == largest }) {
                    remark += "; largest, \(FileName.base(largest)): " + Format.time(theirs.seconds)
                }
                rows.append(Row(name: "replay, each of \(replays.count) bundled traces", seconds: slowest.seconds,
                                peakBytes: replays.compactMap(\.peakBytes).max(), remark: remark))
                continue
            }
            var remark = command.note ?? ""
            if let (text, _) = results.comparison(measurement) {
                remark = text
            } else if let events = results.events(recordedBy: command) {
                remark = Format.rate(Double(events) / measurement.seconds)
            } else if command.arguments.dropFirst().first == "html", let bytes = results.pageBytes {
                remark = "page " + Format.memory(bytes)
            }
            rows.append(Row(name: command.name, seconds: measurement.seconds, peakBytes: measurement.peakBytes, remark: remark))
        }
        return rows
    }

    static func text(_ results: BenchResults) -> String {
        let options = results.options
        let a = results.traceA, b = results.traceB
        func describe(_ trace: BenchResults.RecordedTrace) -> String {
            "\(trace.strategy) \(Format.count(trace.events)) events" + (trace.bytes.map { " (" + Format.memory($0) + ")" } ?? "")
        }
        var out = "reuselab-bench: \(options.reuselab)" + (results.version.map { " (\($0))" } ?? "") + "\n"
        out += "machine: \(results.machine.sentence)\n"
        out += "scenario: \(Format.count(options.rows)) rows; A \(describe(a)), B \(describe(b))\n"
        out += "Each command ran \(options.runs) time\(options.runs == 1 ? "" : "s"), in rounds, as its own process: its fastest time, the most memory any run took.\n\n"

        let rows = rows(results)
        let table = [["command", "time", "peak memory", "compared"]]
            + rows.map { [$0.name, Format.time($0.seconds), $0.peakBytes.map(Format.memory) ?? "–", $0.remark] }
        out += columns(table)

        for reason in results.skipped { out += "skipped: \(reason)\n" }
        if let floor = results.floorBytes {
            out += "\nPeak memory is what wait4 reports for each process. None is reported below this benchmark's own "
                + "high-water mark, \(Format.memory(floor)) (as for 'true'): a figure there means at most that much.\n"
        }
        if let load = results.load {
            out += "While the commands ran, " + load.sentence
                + (load.isBusy ? ": a busy machine, which slows the replays and diff (several threads) more than validate (one)." : ".") + "\n"
        } else {
            out += "How busy the machine was is not known here (no /proc/stat).\n"
        }

        let targets = Target.all(results)
        out += "\nTargets (issue 30). The speed targets are set for about a million events a trace (66,000 rows)"
        out += options.rows < 66_000 ? "; this run had \(Format.count(a.events)), where starting a process weighs more, so its ratios are only indicative.\n"
                                     : ".\n"
        out += columns(targets.map { target in
            var verdict = target.verdict.word
            if case .notJudged(let why) = target.verdict { verdict += ": " + why }
            return [target.subject, target.goal, target.measured ?? "–", verdict]
        }, header: false)
        let met = targets.filter { $0.verdict == .met }.count, missed = targets.filter { $0.verdict == .missed }.count
        out += "\(met) of \(targets.count) targets met, \(missed) missed, \(targets.count - met - missed) not judged.\n"
        return out
    }

    static func json(_ results: BenchResults) -> String {
        func trace(_ trace: BenchResults.RecordedTrace) -> JSONText {
            .object([("strategy", .string(trace.strategy)), ("events", .integer(trace.events)), ("bytes", trace.bytes.json)])
        }
        let commands: [JSONText] = results.measurements.map { measurement in
            var members: [(String, JSONText)] = [
                ("name", .string(measurement.command.name)),
                ("seconds", .number(measurement.seconds)),
                ("peakResidentBytes", measurement.peakBytes.json),
            ]
            if let (_, ratio) = results.comparison(measurement) {
                switch measurement.command.comparison {
                case .fasterThan(let other)?: members += [("fasterThan", .string(other)), ("speedRatio", .number(ratio))]
                case .timeOf(let other)?: members += [("timeOf", .string(other)), ("timeRatio", .number(ratio))]
                case nil: break
                }
            }
            if let trace = measurement.command.bundledTrace { members.append(("bundledTrace", .string(trace))) }
            return .object(members)
        }
        let targets: [JSONText] = Target.all(results).map { target in
            var members: [(String, JSONText)] = [
                ("subject", .string(target.subject)),
                ("goal", .string(target.goal)),
                ("measured", target.measured.map(JSONText.string) ?? .null),
                ("verdict", .string(target.verdict == .met ? "met" : target.verdict == .missed ? "missed" : "notJudged")),
            ]
            if case .notJudged(let why) = target.verdict { members.append(("why", .string(why))) }
            return .object(members)
        }
        let machine = results.machine
        return JSONText.object([
            ("reuselab", .string(results.options.reuselab)),
            ("version", results.version.map(JSONText.string) ?? .null),
            ("machine", .object([
                ("processor", machine.processor.map(JSONText.string) ?? .null),
                ("cores", .integer(machine.cores)),
                ("memoryBytes", .number(Double(machine.memoryBytes))),
                ("system", .string(machine.system)),
            ])),
            ("rows", .integer(results.options.rows)),
            ("runs", .integer(results.options.runs)),
            ("traceA", trace(results.traceA)),
            ("traceB", trace(results.traceB)),
            ("pageBytes", results.pageBytes.json),
            ("floorPeakResidentBytes", results.floorBytes.json),
            ("commands", .array(commands)),
            ("skipped", .array(results.skipped.map(JSONText.string))),
            ("machineLoad", results.load.map { load in
                .object([("stealShare", .number(load.steal)), ("otherProcessesShare", .number(load.others)), ("busy", .bool(load.isBusy))])
            } ?? .null),
            ("targets", .array(targets)),
        ]).compact + "\n"
    }

    /// `cells` as left-aligned columns two spaces apart, indented by two; the first line
    /// a header when `header` is true. The last column is not padded.
    private static func columns(_ cells: [[String]], header: Bool = true) -> String {
        guard let count = cells.first?.count else { return "" }
        let widths = (0..<count).map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { line in
            let text = "  " + line.enumerated().map { column, text in
                column == count - 1 ? text : Format.pad(text, widths[column])
            }.joined(separator: "  ")
            return String(text.reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
    }
}
