import Foundation
import ToolSupport
import TraceCoding
import Strategies

/// `reuselab bench --tools`: reuselab's everyday commands, each run as its own
/// process on the same recorded files, beside the tools a user would reach for
/// on those files — python3's json.load and jq for reading, GNU diff for
/// comparing — with times, peak memory and ratios, where those tools are on
/// the PATH. Two traces are recorded (async-no-reset and async-reset: with
/// 66000 rows, about a million events each).
enum ToolBench {
    struct Row {
        var name: String
        var run: MeasuredRun
        /// What it is measured against, and how.
        var against: String?
        var ratio: Double?
        var note: String?
    }

    static func run(rows: Int, json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let folder = try BenchCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let me = MeasuredRun.reuselab

        // Every command, in the order a round runs them and the table shows them.
        let a = path("a.trace.json"), b = path("b.trace.json")
        let commands = path("step-commands.txt")
        var plan: [Planned] = []
        for (name, strategy) in [("a", "async-no-reset"), ("b", "async-reset")] {
            let scenario = BenchCommand.benchmarkScenario(rows: rows, strategy: strategy)
            try OutputFile.write(Array((JSONWriter.compact(scenario.jsonValue) + "\n").utf8), to: path("\(name).scenario.json"),
                                 permission: .ours, standardOutput: { _ in })
            // The whole 'reuselab record -o' process.
            plan.append(Planned(name: "record (\(strategy))", arguments: [me, "record", path("\(name).scenario.json"), "-o", path("\(name).trace.json")],
                                records: true))
        }
        // Reading: validate against python3 and jq on the same file.
        let python = MeasuredRun.find("python3"), gnu = MeasuredRun.find("diff")
        if let python {
            plan.append(Planned(name: "python3 json.load", arguments: [python, "-c", "import json,sys; json.load(open(sys.argv[1]))", a]))
        }
        if let jq = MeasuredRun.find("jq") {
            plan.append(Planned(name: "jq -c '.events[]'", arguments: [jq, "-c", ".events[]", a]))
        }
        plan.append(Planned(name: "validate", arguments: [me, "validate", a], against: python == nil ? nil : "python3 json.load"))
        plan.append(Planned(name: "stats", arguments: [me, "stats", a], against: "validate"))
        for arguments in [["replay", a, "--summary"], ["replay", a, "--json"], ["replay", a]] {
            let name = arguments.enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: " ")
            plan.append(Planned(name: name, arguments: [me] + arguments, against: "validate"))
        }
        // Stepping: to the last step and its picture, back, to the next STALE or LATE, to the first.
        plan.append(Planned(name: "replay --step", arguments: [me, "replay", a, "--step"], input: commands, note: "g last, p, b, s, g 0, q"))
        // Comparing: diff against GNU diff of the same two files.
        if let gnu {
            plan.append(Planned(name: "GNU diff", arguments: [gnu, a, b]))
        }
        plan.append(Planned(name: "diff", arguments: [me, "diff", a, b], against: gnu == nil ? nil : "GNU diff"))

        var events = 0
        let loadBefore = MachineLoad.read()
        let measured = try measuredInRounds(plan) { () throws(ReuseLabError) in
            // After the first recordings: what the stepping session needs to know.
            events = try TraceValidator.validate(path: a).eventCount
            try OutputFile.write(Array("g \(max(0, events - 1))\np\nb\ns\ng 0\nq\n".utf8), to: commands, permission: .ours, standardOutput: { _ in })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: a)[.size] as? Int) ?? 0
        var table = zip(plan, measured).map { command, run in
            Row(name: command.name, run: run, against: command.against, note: command.note)
        }
        table[0].note = "\(BenchCommand.perSecond(events, table[0].run.seconds)) events/s"
        func seconds(_ name: String) -> Double? { table.first { $0.name == name }?.run.seconds }
        for index in table.indices {
            guard let against = table[index].against, let theirs = seconds(against) else { continue }
            table[index].ratio = theirs / table[index].run.seconds
        }
        let targets = Target.all(table, events: events)
        var load: MachineLoad?
        if let loadBefore, let loadAfter = MachineLoad.read() {
            load = MachineLoad(from: loadBefore, to: loadAfter, ticksPerSecond: MachineLoad.ticksPerSecond)
        }

        if json {
            var out = JSONObjectBuilder()
            out.add("rows", rows)
            out.add("events", events)
            out.add("traceBytes", size)
            out.add("runs", .array(table.map { row in
                var entry = JSONObjectBuilder()
                entry.add("name", row.name)
                entry.add("seconds", row.run.seconds)
                entry.add("peakResidentBytes", row.run.peakBytes.map { JSONValue.number(Double($0)) } ?? .null)
                entry.add("against", row.against.map(JSONValue.string) ?? .null)
                entry.add("speedRatio", row.ratio.map(JSONValue.number) ?? .null)
                return JSONNode(entry.value, at: .start)
            }))
            if let load {
                var machine = JSONObjectBuilder()
                machine.add("stealShare", load.steal)
                machine.add("otherProcessesShare", load.others)
                out.add("machine", machine.value)
            }
            out.add("targets", .array(targets.map { target in
                var entry = JSONObjectBuilder()
                entry.add("command", target.command)
                entry.add("target", target.goal)
                entry.add("measured", target.measured)
                entry.add("holds", .bool(target.holds))
                return JSONNode(entry.value, at: .start)
            }))
            io.out(JSONWriter.compact(out.value) + "\n")
            return 0
        }
        var text = TextWrap.paragraph("Each command run \(runs) times, in rounds, as its own process on the same files (the fastest time, the most memory): \(rows) rows, "
            + "\(events) events, trace \(InputFile.describeSize(size)) (async-no-reset; diff against async-reset). "
            + "Ratios: how many times faster than what it is set against (below 1: slower).", width: io.width) + "\n"
        let widths = [2, 28, 11, 11]
        text += TextWrap.cells(["", "command", "time", "peak memory", "against"], widths: widths, width: io.width).map { $0 + "\n" }.joined()
        for row in table {
            var against = row.note ?? ""
            if let name = row.against, let ratio = row.ratio {
                against = String(format: "%.2f× ", ratio) + name
            }
            text += TextWrap.cells(["", row.name, BenchCommand.format(seconds: row.run.seconds).trimmingCharacters(in: .whitespaces),
                                    row.run.peakBytes.map { InputFile.describeSize($0) } ?? "–", against],
                                   widths: widths, width: io.width).map { $0 + "\n" }.joined()
        }
        if let load {
            text += "\n" + TextWrap.paragraph("While the commands ran, " + load.sentence + (load.isBusy
                ? ": a busy machine, which slows the replays (they need both cores at once) more than validate." : "."), width: io.width)
        }
        if !targets.isEmpty {
            text += "\n" + TextWrap.paragraph("Targets, set for a release build on traces of about a million events (66000 rows): "
                + "smaller traces pay more for starting a process, and on a busy machine noise alone can miss one.", width: io.width) + "\n"
            let targetWidths = [2, 18, 36, 18]
            for target in targets {
                text += TextWrap.cells(["", target.command, target.goal, target.measured, target.holds ? "met" : "MISSED"],
                                       widths: targetWidths, width: io.width).map { $0 + "\n" }.joined()
            }
        }
        io.out(text)
        return 0
    }

    /// A speed and memory target for one command, and whether this run met it.
    struct Target {
        var command: String
        var goal: String
        var measured: String
        var holds: Bool

        /// The targets the measured rows can be held to: reading at least 3× faster
        /// than python3's json.load in under 64 MB; replaying in at most twice
        /// validate's time in under 128 MB, and stepping through in under 256 MB;
        /// diff in at most 3× GNU diff's time in under 256 MB; recording at least
        /// a million events a second.
        static func all(_ table: [Row], events: Int) -> [Target] {
            let megabyte = 1 << 20
            var targets: [Target] = []
            func memory(_ row: Row, under limit: Int) -> (text: String, holds: Bool) {
                guard let peak = row.run.peakBytes else { return ("", true) }
                return (", " + InputFile.describeSize(peak), peak < limit * megabyte)
            }
            let validateRow = table.first { $0.name == "validate" }
            for row in table {
                switch row.name {
                case "validate", "stats":
                    // Both against python3's json.load (stats by way of validate).
                    guard let toPython = validateRow?.ratio, let validate = validateRow?.run.seconds else { continue }
                    let faster = toPython * validate / row.run.seconds
                    let peak = memory(row, under: 64)
                    targets.append(Target(command: row.name, goal: "≥3× python3 json.load, <64 MB",
                                          measured: String(format: "%.1f×", faster) + peak.text, holds: faster >= 3 && peak.holds))
                case "replay --step":
                    let peak = memory(row, under: 256)
                    targets.append(Target(command: row.name, goal: "<256 MB", measured: String(peak.text.dropFirst(2)), holds: peak.holds))
                case let name where name.hasPrefix("replay"):
                    guard let ratio = row.ratio, ratio > 0 else { continue }
                    let peak = memory(row, under: 128)
                    targets.append(Target(command: name, goal: "≤2× validate's time, <128 MB",
                                          measured: String(format: "%.2f×", 1 / ratio) + peak.text, holds: 1 / ratio <= 2 && peak.holds))
                case "diff":
                    guard let ratio = row.ratio, ratio > 0 else { continue }
                    let peak = memory(row, under: 256)
                    targets.append(Target(command: "diff", goal: "≤3× GNU diff's time, <256 MB",
                                          measured: String(format: "%.2f×", 1 / ratio) + peak.text, holds: 1 / ratio <= 3 && peak.holds))
                case let name where name.hasPrefix("record (async-no-reset"):
                    let rate = row.run.seconds > 0 ? Double(events) / row.run.seconds : 0
                    targets.append(Target(command: "record", goal: "≥1M events/s, whole process",
                                          measured: String(format: "%.2fM/s", rate / 1e6), holds: rate >= 1e6))
                default:
                    continue
                }
            }
            return targets
        }
    }

    /// How many times each command runs: its time is the fastest run's (the one
    /// least disturbed by other work on the machine), its memory the most any run took.
    static let runs = 3

    /// A command of the benchmark: its name in the table, what it runs, and what
    /// its time is set against.
    struct Planned {
        var name: String
        var arguments: [String]
        var input = "/dev/null"
        var against: String?
        var note: String?
        /// True for a recording, which makes the files the other commands read.
        var records = false
    }

    /// Each command run `runs` times, in rounds: every command once, then every
    /// command again. A busy spell on this shared machine then falls on several
    /// commands' runs alike instead of on all of one command's, which skewed the
    /// ratios when each command ran its three times in a row. `afterFirst` runs
    /// once, after the first round's recordings. Each run must succeed (the tools
    /// compared exit 0 or, for diff, 1).
    private static func measuredInRounds(_ plan: [Planned], afterFirst: () throws(ReuseLabError) -> Void) throws(ReuseLabError) -> [MeasuredRun] {
        var best = [MeasuredRun?](repeating: nil, count: plan.count)
        var prepared = false
        for _ in 0..<runs {
            for (index, command) in plan.enumerated() {
                if !prepared, !command.records {
                    try afterFirst()
                    prepared = true
                }
                let run = try MeasuredRun.run(command.arguments, input: command.input)
                guard run.status == 0 || run.status == 1 else {
                    throw ReuseLabError(.checkFailed, "bench: \(VisibleText.escape(command.arguments.prefix(2).joined(separator: " "))) ended with status \(run.status)")
                }
                guard var kept = best[index] else { best[index] = run; continue }
                kept.seconds = min(kept.seconds, run.seconds)
                if let peak = run.peakBytes { kept.peakBytes = max(kept.peakBytes ?? 0, peak) }
                best[index] = kept
            }
        }
        return best.map { $0 ?? MeasuredRun(seconds: 0, peakBytes: nil, status: 0) }
    }
}
