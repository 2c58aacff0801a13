import Foundation

/// The fuzzer's knobs, from the environment:
///
/// | variable | default | meaning |
/// | --- | --- | --- |
/// | `REUSELAB_FUZZ_CASES` | 200 | how many mutated inputs to run (thousands for a long hunt) |
/// | `REUSELAB_FUZZ_SEED` | 20251122 | the first case's seed; case i uses seed + i |
/// | `REUSELAB_FUZZ_JOBS` | 2–4 (the processor count) | cases run at once |
/// | `REUSELAB_FUZZ_TIMEOUT` | 20 | seconds before a command is killed and reported as a timeout |
/// | `REUSELAB_FUZZ_EXECUTABLE` | the built `reuselab` | another binary to fuzz (a release build, an older commit) |
/// | `REUSELAB_FUZZ_VERBOSE` | unset | `1` also prints the time spent per kind of input and command |
///
/// The defaults are fixed so that CI runs the same cases every time.
struct FuzzSettings {
    var cases = 200
    var seed: UInt64 = 20_251_122
    var jobs = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
    var timeout = 20.0
    var executable: URL?

    static func fromEnvironment() -> FuzzSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = FuzzSettings()
        if let text = environment["REUSELAB_FUZZ_CASES"], let value = Int(text), value >= 0 { settings.cases = value }
        if let text = environment["REUSELAB_FUZZ_SEED"], let value = UInt64(text) { settings.seed = value }
        if let text = environment["REUSELAB_FUZZ_JOBS"], let value = Int(text), value >= 1 { settings.jobs = value }
        if let text = environment["REUSELAB_FUZZ_TIMEOUT"], let value = Double(text), value > 0 { settings.timeout = value }
        if let path = environment["REUSELAB_FUZZ_EXECUTABLE"], !path.isEmpty { settings.executable = URL(fileURLWithPath: path) }
        return settings
    }
}
