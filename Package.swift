// swift-tools-version:6.0
// ReuseLab: a log-replay teaching tool for the cell lifecycle of iOS table views.
// One library module per stage of the data flow; the executable is a thin layer.
// No package dependencies: Foundation, Dispatch and the toolchain's test libraries only.
import PackageDescription

// The modules a long recording or replay runs through skip Swift's run-time
// exclusivity checks in release builds. Every access to a class's stored property
// was checked as the program ran: about a third of the engine's instructions while
// recording, and a twentieth of explaining a replay. Debug builds, which
// `swift test` and the fuzz suite run, keep every check, so an overlapping access
// still fails a test; the checks the compiler makes when building stay on.
let uncheckedExclusivity: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "ReuseLab",
    products: [
        .executable(name: "reuselab", targets: ["reuselab"]),
    ],
    targets: [
        // The trace format: JSON reading with positions, writing, events, header, scenario, validation.
        .target(name: "TraceFormat", swiftSettings: uncheckedExclusivity),
        // The simulated table view: geometry, clock, scrolling, reuse pools, prefetching.
        .target(name: "ReuseEngine", dependencies: ["TraceFormat"], swiftSettings: uncheckedExclusivity),
        // The simulated app code, written in UIKit idiom.
        // Swift 5 language mode, like the seeds' code: Swift 6 would treat every closure
        // spelled `DispatchQueue.main.async` as main-actor code, which the simulated
        // single-threaded world does not need.
        .target(name: "Strategies", dependencies: ["ReuseEngine"], swiftSettings: [.swiftLanguageMode(.v5)] + uncheckedExclusivity),
        // Runs a scenario through the engine with its strategy and writes the trace.
        .target(name: "Recorder", dependencies: ["TraceFormat", "ReuseEngine", "Strategies"], swiftSettings: uncheckedExclusivity),
        // Replay and annotation: folds a trace through ReplayState and measures it (never the engine).
        .target(name: "Replay", dependencies: ["TraceFormat"], swiftSettings: uncheckedExclusivity),
        // Lessons: questions answered by named queries over a trace, the runner, progress.
        .target(name: "Lessons", dependencies: ["TraceFormat", "Replay"]),
        // Comparing two traces: alignment, first divergence, metric deltas.
        .target(name: "Diff", dependencies: ["TraceFormat", "Replay"]),
        // From a device's console log to a trace: recognising printed callbacks, inferring cell identity.
        .target(name: "LogImport", dependencies: ["TraceFormat"]),
        // Finding the scenario whose recording best reproduces an imported device trace.
        .target(name: "Calibration", dependencies: ["TraceFormat", "Recorder", "Diff"]),
        // Many strategies side by side over seeds and networks: scenarios recorded in memory
        // and folded through TraceMetrics, or traces measured as `stats` does; text, CSV, JSON, SVG.
        .target(name: "Comparison", dependencies: ["TraceFormat", "Replay", "Recorder", "Strategies"]),
        // The visual side: a self-contained HTML page (trace, diff, lesson) whose every
        // state and sentence is computed here, through ReplayState and the Annotator.
        .target(name: "PageExport", dependencies: ["TraceFormat", "ReuseEngine", "Replay", "Lessons", "Diff"]),
        // A trace as a timeline for Perfetto and chrome://tracing (Chrome's trace-event JSON),
        // streamed as the trace is folded through ReplayState.
        .target(name: "TimelineExport", dependencies: ["TraceFormat", "Replay"]),
        // Subcommands, argument parsing, error reporting and exit statuses.
        .target(name: "ReuseLabCLI", dependencies: ["TraceFormat", "Recorder", "Strategies", "Replay", "Lessons", "Diff", "LogImport", "Calibration", "PageExport", "TimelineExport", "Comparison"], swiftSettings: uncheckedExclusivity),
        .executableTarget(name: "reuselab", dependencies: ["ReuseLabCLI"]),

        // Helpers shared by the test targets: golden files, temporary folders, running the binary.
        .target(name: "ReuseLabTestSupport", path: "Tests/Support"),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "ReuseLabTestSupport"]),
        .testTarget(name: "ReuseEngineTests", dependencies: ["ReuseEngine", "Strategies", "Recorder", "TraceFormat"]),
        .testTarget(name: "RecorderTests", dependencies: ["Recorder", "TraceFormat"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "TraceFormat", "Recorder", "ReuseLabCLI", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "StrategyTests", dependencies: ["Replay", "Recorder", "Strategies", "TraceFormat"]),
        .testTarget(name: "LessonTests", dependencies: ["Lessons", "TraceFormat", "Replay", "ReuseLabCLI", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "DiffTests", dependencies: ["Diff", "TraceFormat", "Replay", "ReuseLabCLI", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "TraceFormat", "Replay", "Recorder", "ReuseLabCLI", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["ReuseLabCLI", "TraceFormat", "reuselab", "ReuseLabTestSupport"]),
        .testTarget(name: "LogImportTests", dependencies: ["LogImport", "TraceFormat", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration", "LogImport", "Recorder", "TraceFormat", "ReuseLabTestSupport"]),
        .testTarget(name: "TimelineExportTests", dependencies: ["TimelineExport", "TraceFormat", "Replay", "ReuseLabTestSupport"]),
        .testTarget(name: "PageExportTests", dependencies: ["PageExport", "TraceFormat", "Replay", "Lessons", "ReuseLabTestSupport"]),
        // Drives headless Chromium over the DevTools protocol on exported pages; skipped
        // (saying so) where Chromium is not installed. `.ci/run` installs it and runs them.
        .testTarget(name: "BrowserTests", dependencies: ["ReuseLabTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FuzzTests", dependencies: ["ReuseLabTestSupport"], exclude: ["Regressions"]),
    ]
)
