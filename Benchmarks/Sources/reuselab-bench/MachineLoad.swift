#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How busy the machine was while the benchmark ran, apart from the benchmark itself:
/// the share of all CPU time a virtual machine's host kept for itself (steal), and the
/// share that processes other than this benchmark and the commands it ran used.
///
/// A benchmark on a shared machine measures its neighbours too. The replays and `diff`
/// work on several threads and `validate` on one, so a busy spell costs them more and
/// moves their ratios; the report says whether a run met one. Read from /proc/stat,
/// so Linux only; elsewhere the report says nothing about load.
struct MachineLoad {
    /// The host's share of the machine's CPU time, 0 to 1.
    var steal: Double
    /// Other processes' share of the machine's CPU time, 0 to 1.
    var others: Double

    /// The machine's CPU counters and this process's CPU time, its waited-for
    /// children's included, at one moment.
    struct Reading {
        /// The `cpu` line of /proc/stat: user, nice, system, idle, iowait, irq,
        /// softirq and steal, in clock ticks.
        var ticks: [UInt64]
        var ownSeconds: Double

        /// Now; nil where /proc/stat cannot be read.
        static func now() -> Reading? {
            guard let text = FileText.read("/proc/stat"),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
            let ticks = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
            guard ticks.count == 8 else { return nil }
            var own = rusage(), children = rusage()
            #if canImport(Glibc)
            let selfOnly = __rusage_who_t(RUSAGE_SELF.rawValue), waitedFor = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
            #else
            let selfOnly = RUSAGE_SELF, waitedFor = RUSAGE_CHILDREN
            #endif
            guard getrusage(selfOnly, &own) == 0, getrusage(waitedFor, &children) == 0 else { return nil }
            return Reading(ticks: ticks, ownSeconds: cpuSeconds(own) + cpuSeconds(children))
        }

        private static func cpuSeconds(_ usage: rusage) -> Double {
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
    }

    /// The load between two readings; nil when no time passed or a counter went backwards.
    init?(from start: Reading, to end: Reading) {
        var delta: [Double] = []
        for (before, after) in zip(start.ticks, end.ticks) {
            guard after >= before else { return nil }
            delta.append(Double(after - before))
        }
        let all = delta.reduce(0, +)
        guard delta.count == 8, all > 0 else { return nil }
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        // user, nice, system, irq, softirq: time some process ran, or the kernel for it.
        let busy = delta[0] + delta[1] + delta[2] + delta[5] + delta[6]
        let ours = max(0, end.ownSeconds - start.ownSeconds) * Double(ticksPerSecond > 0 ? ticksPerSecond : 100)
        steal = delta[7] / all
        others = min(1, max(0, busy - ours) / all)
    }

    /// True when neighbours took enough to move the ratios: a twentieth of the machine.
    var isBusy: Bool { steal + others >= 0.05 }

    /// "the host kept 0.3% of the machine's CPU time (steal) and other processes used 1.2%".
    var sentence: String {
        "the host kept \(Format.percent(steal)) of the machine's CPU time for itself (steal) and other processes used \(Format.percent(others))"
    }
}
