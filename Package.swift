// swift-tools-version:6.0
// ReuseLab: a log-replay teaching tool for the cell lifecycle of iOS table views.
// One library module per stage of the data flow (docs/design.md draws the graph);
// the executable is a thin layer. No package dependencies: Foundation, Dispatch and
// the toolchain's test libraries only.
import PackageDescription

let package = Package(
    name: "ReuseLab",
    products: [
        .executable(name: "reuselab", targets: ["reuselab"]),
        // What an exercise's build links the learner's code with (see Sources/Exercises).
        .library(name: "ExerciseKit", targets: ["ExerciseKit", "ReuseEngine"]),
    ],
    targets: [
        // The model core, with no dependencies: events, the trace header, the scenario,
        // the list's geometry, and the lifecycle state every reader folds events into.
        .target(name: "TraceModel"),
        // Files, errors with places and exit statuses, terminal text, one parallel map.
        .target(name: "ToolSupport"),
        // JSON with positions; reading and writing traces, scenarios and headers; the checked fold.
        .target(name: "TraceCoding", dependencies: ["TraceModel", "ToolSupport"]),
        // The simulated table and collection view: geometry, clock, scrolling, reuse pools, prefetching.
        .target(name: "ReuseEngine", dependencies: ["TraceModel"]),
        // The simulated app code, written in UIKit idiom.
        // Swift 5 language mode, like the seeds' code: Swift 6 would treat every closure
        // spelled `DispatchQueue.main.async` as main-actor code, which the simulated
        // single-threaded world does not need.
        .target(name: "Strategies", dependencies: ["ReuseEngine"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The strategies' source text, embedded in the binary so that a recorded trace
        // can carry the code that ran: Resources/ holds a link to each file of Strategies/.
        .target(name: "StrategySource", dependencies: ["TraceModel"],
                resources: [
                    .embedInCode("Resources/AsyncNoResetStrategy.swift"),
                    .embedInCode("Resources/AsyncResetStrategy.swift"),
                    .embedInCode("Resources/BatchPagingStrategy.swift"),
                    .embedInCode("Resources/CacheCoalesceGridStrategy.swift"),
                    .embedInCode("Resources/CacheCoalescePrepareStrategy.swift"),
                    .embedInCode("Resources/CacheCoalesceStrategy.swift"),
                    .embedInCode("Resources/DataChanges.swift"),
                    .embedInCode("Resources/DiffableTableStrategy.swift"),
                    .embedInCode("Resources/EagerPreloadStrategy.swift"),
                    .embedInCode("Resources/IndexPathName.swift"),
                    .embedInCode("Resources/MemoMainAsyncStrategy.swift"),
                    .embedInCode("Resources/MovieListModel.swift"),
                    .embedInCode("Resources/PlainGridStrategy.swift"),
                    .embedInCode("Resources/PlainTextStrategy.swift"),
                    .embedInCode("Resources/PrefetchReloadStrategy.swift"),
                    .embedInCode("Resources/ProfileGridStrategy.swift"),
                    .embedInCode("Resources/RegistrationGridStrategy.swift"),
                    .embedInCode("Resources/SectionedItems.swift"),
                    .embedInCode("Resources/StrategyCatalog.swift"),
                    .embedInCode("Resources/SyncDownloadStrategy.swift"),
                    .embedInCode("Resources/TaskIdentityCancelStrategy.swift"),
                    .embedInCode("Resources/UIKitNames.swift"),
                ]),
        // Runs a scenario through the engine with its strategy and writes the trace.
        .target(name: "Recorder", dependencies: ["TraceCoding", "ReuseEngine", "Strategies", "StrategySource"]),
        // What a learner's exercise code is compiled with, in a build of its own:
        // UIKit's names for the simulated world, and the program that records the
        // exercise's scenarios with the learner's view controller.
        .target(name: "ExerciseKit", dependencies: ["ReuseEngine", "Recorder", "TraceCoding"]),
        // Replay and annotation: folds a trace through ReplayState and measures it (never the engine).
        .target(name: "Replay", dependencies: ["TraceCoding"]),
        // Lessons: questions answered by named queries over a trace, the runner, progress.
        .target(name: "Lessons", dependencies: ["Replay"]),
        // Comparing two traces: alignment, first divergence, metric deltas.
        .target(name: "Diff", dependencies: ["Replay"]),
        // From a device's console log to a trace: recognising printed callbacks, inferring cell identity.
        .target(name: "LogImport", dependencies: ["TraceCoding"]),
        // Finding the scenario whose recording best reproduces an imported device trace.
        .target(name: "Calibration", dependencies: ["Recorder", "Diff"]),
        // Many strategies side by side over seeds and networks: scenarios recorded in memory
        // and folded through TraceMetrics, or traces measured as `stats` does; text, CSV, JSON, SVG.
        .target(name: "Comparison", dependencies: ["Recorder", "Replay"]),
        // The visual side: a self-contained HTML page (trace, diff, lesson) whose every
        // state and sentence is computed here, through ReplayState and the Annotator.
        .target(name: "PageExport", dependencies: ["Replay", "Lessons", "Diff"],
                resources: [.embedInCode("Resources/page.js"), .embedInCode("Resources/page.css")]),
        // A trace as a timeline for Perfetto and chrome://tracing (Chrome's trace-event JSON),
        // streamed as the trace is folded through ReplayState.
        .target(name: "TimelineExport", dependencies: ["Replay"]),
        // Exercises: the catalog, compiling the learner's file (via ExerciseKit, in a
        // build of its own), and the verdict from the recordings' traces.
        .target(name: "Exercises", dependencies: ["Replay", "Lessons", "StrategySource"]),
        // Subcommands, argument parsing, the terminal, error reporting and exit statuses.
        .target(name: "ReuseLabCLI", dependencies: ["Recorder", "Strategies", "Replay", "Lessons", "Diff", "LogImport", "Calibration", "PageExport", "TimelineExport", "Comparison", "Exercises"]),
        .executableTarget(name: "reuselab", dependencies: ["ReuseLabCLI"]),

        // Helpers shared by the test targets: golden files, temporary folders, running the binary.
        .target(name: "ReuseLabTestSupport", path: "Tests/Support"),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceModel", "ToolSupport", "TraceCoding", "ReuseLabTestSupport"]),
        .testTarget(name: "ReuseEngineTests", dependencies: ["ReuseEngine", "Strategies", "Recorder", "TraceCoding"]),
        .testTarget(name: "RecorderTests", dependencies: ["Recorder", "TraceCoding"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "Recorder", "ReuseLabTestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "StrategyTests", dependencies: ["Replay", "Recorder", "Strategies", "StrategySource", "TraceCoding", "ReuseLabTestSupport"]),
        .testTarget(name: "LessonTests", dependencies: ["Lessons", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "DiffTests", dependencies: ["Diff", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Recorder", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["ReuseLabCLI", "reuselab", "Replay", "Recorder", "Exercises", "ReuseLabTestSupport"],
                    exclude: ["ExerciseFixes"]),
        .testTarget(name: "LogImportTests", dependencies: ["LogImport", "Replay", "ReuseLabTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration", "LogImport", "Recorder", "ReuseLabTestSupport"]),
        .testTarget(name: "TimelineExportTests", dependencies: ["TimelineExport", "ReuseLabTestSupport"]),
        .testTarget(name: "PageExportTests", dependencies: ["PageExport", "Lessons", "ReuseLabTestSupport"]),
        // Drives headless Chromium over the DevTools protocol on exported pages: second
        // tier (REUSELAB_SECOND_TIER=1), and skipped, saying so, where Chromium is not
        // installed. `.ci/run` installs it and runs them.
        .testTarget(name: "BrowserTests", dependencies: ["ReuseLabTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FuzzTests", dependencies: ["ReuseLabTestSupport"], exclude: ["Regressions"]),
        .testTarget(name: "DocsTests", path: "Tests/DocsTests"),
    ]
)
