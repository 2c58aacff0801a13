// swift-tools-version:6.0
// ReuseLab's benchmarks: a package of their own beside the project, as swift-nio keeps
// its benchmarks, so that measuring is no part of the product and no part of `swift test`.
// It depends on nothing, not even on ReuseLab: it runs a built `reuselab` binary as a
// process, beside python3, jq and GNU diff, and times each whole process.
//
//   swift build -c release                      # the binary to measure, in the project
//   swift run -c release --package-path Benchmarks reuselab-bench [--rows N] [--runs K] [--json]
import PackageDescription

let package = Package(
    name: "ReuseLabBenchmarks",
    platforms: [.macOS(.v15)],  // for Synchronization's Atomic; /proc figures are Linux's alone
    products: [
        .executable(name: "reuselab-bench", targets: ["reuselab-bench"]),
    ],
    targets: [
        .executableTarget(name: "reuselab-bench"),
    ]
)
