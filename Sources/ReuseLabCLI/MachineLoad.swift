import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What else the machine did while `bench --tools` ran its commands: the CPU
/// time a virtual machine's host kept for itself (steal) and the CPU time of
/// processes other than the benchmark and the commands it ran, each as a share
/// of all the CPU time the machine had.
///
/// A benchmark on a shared machine measures its neighbours too. The replays
/// need both cores at once and `validate` only one, so a busy spell costs them
/// more; this says whether a run met one.
struct MachineLoad: Equatable {
    /// The host's share of this machine's CPU time (steal), 0 to 1.
    var steal: Double
    /// Other processes' share of this machine's CPU time, 0 to 1.
    var others: Double

    /// The machine's CPU counters and this process's own CPU time (its children's
    /// included) at one moment.
    struct Reading: Equatable {
        /// The `cpu` line of /proc/stat: user, nice, system, idle, iowait, irq,
        /// softirq, steal, in clock ticks.
        var ticks: [UInt64]
        /// This process's and its waited-for children's CPU time, in seconds.
        var ownSeconds: Double
    }

    /// The counters now, nil where /proc/stat cannot be read (not Linux).
    static func read() -> Reading? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let ticks = ticks(procStat: text) else { return nil }
        var own = rusage(), children = rusage()
        #if canImport(Glibc)
        let selfOnly = __rusage_who_t(RUSAGE_SELF.rawValue), waitedFor = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
        #else
        let selfOnly = RUSAGE_SELF, waitedFor = RUSAGE_CHILDREN
        #endif
        guard getrusage(selfOnly, &own) == 0, getrusage(waitedFor, &children) == 0 else { return nil }
        return Reading(ticks: ticks, ownSeconds: cpuSeconds(own) + cpuSeconds(children))
    }

    /// The eight counters of the `cpu` line of a /proc/stat text, nil if it has none.
    static func ticks(procStat text: String) -> [UInt64]? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
        return numbers.count == 8 ? numbers : nil
    }

    /// The load between two readings, `ticksPerSecond` apart per tick; nil when no
    /// time passed or a counter went backwards.
    init?(from start: Reading, to end: Reading, ticksPerSecond: Double) {
        guard start.ticks.count == 8, end.ticks.count == 8, ticksPerSecond > 0 else { return nil }
        var delta: [Double] = []
        for (before, after) in zip(start.ticks, end.ticks) {
            guard after >= before else { return nil }
            delta.append(Double(after - before))
        }
        let all = delta.reduce(0, +)
        guard all > 0 else { return nil }
        // user, nice, system, irq, softirq: time some process (or the kernel for it) ran.
        let busy = delta[0] + delta[1] + delta[2] + delta[5] + delta[6]
        let ours = max(0, end.ownSeconds - start.ownSeconds) * ticksPerSecond
        steal = delta[7] / all
        others = min(1, max(0, busy - ours) / all)
    }

    /// Clock ticks per second of /proc/stat's counters.
    static var ticksPerSecond: Double {
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return ticks > 0 ? Double(ticks) : 100
    }

    /// "the host kept 0.3% of this machine's CPU time (steal), other processes used 1.2%".
    var sentence: String {
        "the host kept \(Self.percent(steal)) of this machine's CPU time for itself (steal) and other processes used \(Self.percent(others))"
    }

    /// True when neighbours took enough to move the ratios: a twentieth of the machine.
    var isBusy: Bool { steal + others >= 0.05 }

    static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

    private static func cpuSeconds(_ usage: rusage) -> Double {
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
