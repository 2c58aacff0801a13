import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ToolSupport
import TraceCoding
import Recorder
import Diff

/// `reuselab bench --diff`: one large scenario recorded under two strategies, both
/// traces written to temporary files, and `TraceDiff.compare` of the two files timed
/// as `reuselab diff` runs it.
enum DiffBench {
    /// One recorded side: its strategy, file, events and size.
    struct Side {
        var strategy: String
        var path: String
        var events: Int
        var bytes: Int
    }

    static func run(rows: Int, strategies: (String, String), json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let folder = try BenchCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        let recordStart = DispatchTime.now()
        let a = try record(rows: rows, strategy: strategies.0, to: folder.appendingPathComponent("A.trace.json").path)
        let b = try record(rows: rows, strategy: strategies.1, to: folder.appendingPathComponent("B.trace.json").path)
        let recordSeconds = BenchCommand.seconds(since: recordStart)

        // The recordings are gone: hand their memory back to the system, then measure
        // the comparison's own peak.
        returnFreedMemory()
        let peakIsOwn = BenchCommand.resetPeakResident()
        let before = BenchCommand.peakResidentBytes()
        let start = DispatchTime.now()
        let diff = try TraceDiff.compare(pathA: a.path, pathB: b.path)
        let diffSeconds = BenchCommand.seconds(since: start)
        let peak = BenchCommand.peakResidentBytes()
        let eventsPerSecond = BenchCommand.perSecond(a.events + b.events, diffSeconds)

        if json {
            var out = JSONObjectBuilder()
            out.add("rows", rows)
            for (name, side) in [("a", a), ("b", b)] {
                var entry = JSONObjectBuilder()
                entry.add("strategy", side.strategy)
                entry.add("events", side.events)
                entry.add("traceBytes", side.bytes)
                out.add(name, entry.value)
            }
            out.add("diffSeconds", diffSeconds)
            out.add("diffEventsPerSecond", eventsPerSecond)
            out.add("changedEvents", diff.changedEvents)
            out.add("truncated", diff.truncated)
            out.add("peakResidentBytes", peak.map { JSONValue.number(Double($0)) } ?? .null)
            // When the peak could be reset before the diff: what was in use then.
            out.add("residentBytesBeforeDiff", peakIsOwn ? before.map { JSONValue.number(Double($0)) } ?? .null : .null)
            io.out(JSONWriter.compact(out.value) + "\n")
            return 0
        }
        func describe(_ side: Side) -> String {
            "strategy \(side.strategy), \(side.events) events, \(InputFile.describeSize(side.bytes))"
        }
        let alignment = diff.truncated
            ? "the edit distance passed the cap of \(Alignment.maximumDistance): the middle is one changed block"
            : "aligned exactly"
        var memory = peak.map { InputFile.describeSize($0) } ?? "unknown on this system"
        if let peak, let before, peakIsOwn {
            memory += " while diffing: \(InputFile.describeSize(max(0, peak - before))) more than the \(InputFile.describeSize(before)) in use before"
        } else if peak != nil {
            memory += " (the whole run, recording included)"
        }
        let width = io.width
        io.out("diff benchmark: \(rows) rows\n"
            + TextWrap.row("  A  ", describe(a), width: width)
            + TextWrap.row("  B  ", describe(b), width: width)
            + TextWrap.row("  record and write both  ", BenchCommand.format(seconds: recordSeconds) + "(not part of the diff)", width: width)
            + TextWrap.row("  diff      " + BenchCommand.format(seconds: diffSeconds) + "  ",
                           "\(eventsPerSecond) events/s (both traces read, folded, keyed and aligned)", width: width)
            + TextWrap.row("  result    ", "\(diff.onlyInA) events only in A, \(diff.onlyInB) only in B, in \(diff.hunkCount) stretch\(diff.hunkCount == 1 ? "" : "es"); \(alignment)", width: width)
            + TextWrap.row("  peak memory (resident) ", memory, width: width)
            + "\n")
        return 0
    }

    /// Asks the C library to give freed memory back to the system (glibc's
    /// `malloc_trim`, looked up at run time), so the resident set after recording is
    /// what is still in use. Does nothing elsewhere.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        guard let process = dlopen(nil, RTLD_NOW) else { return }
        defer { dlclose(process) }
        guard let symbol = dlsym(process, "malloc_trim") else { return }
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// Records the benchmark scenario with `strategy` and writes its trace to `path`.
    static func record(rows: Int, strategy: String, to path: String) throws(ReuseLabError) -> Side {
        let events = try Recorder.record(BenchCommand.benchmarkScenario(rows: rows, strategy: strategy), to: path, permission: .ours, standardOutput: { _ in })
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Side(strategy: strategy, path: path, events: events, bytes: bytes)
    }
}
