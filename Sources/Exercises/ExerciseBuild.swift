import Foundation
import ToolSupport
import StrategySource

/// Compiles a learner's file into the program that records the exercise's
/// scenarios, and runs it.
///
/// The build is a package of its own, written under `.build/exercises/` (ours to
/// replace), that depends on this project's `ExerciseKit` by path: the learner's
/// file is copied there with the simulated UIKit names and a `main.swift`, so no
/// edit to an exercise can break the project's own build or another exercise.
/// The first build compiles the simulated world (minutes); later ones only the
/// learner's file (seconds).
public struct ExerciseBuild {
    public let exercise: Exercise
    /// The project's top folder, absolute.
    public let root: String
    /// The Swift file to compile (the learner's, or another given with `--file`).
    public let source: String

    /// How long the learner's program may run: recording a scenario takes well
    /// under a second, so anything near this is an endless loop.
    public static let runSeconds = 30.0
    /// How long a build may take (the first compiles the simulated world).
    public static let buildSeconds = 20.0 * 60

    public init(exercise: Exercise, root: String, source: String) {
        self.exercise = exercise
        self.root = root
        self.source = source
    }

    /// The build's package folder.
    public var packageFolder: String { root + "/.build/exercises" }
    var targetFolder: String { packageFolder + "/Sources/" + exercise.productName }
    /// The learner's file as the build compiles it (the same name, the same lines).
    var compiledSource: String { targetFolder + "/" + exercise.file }

    /// Whether the simulated world was compiled before (the next build is quick).
    public var isWarm: Bool { FileManager.default.fileExists(atPath: packageFolder + "/.build/debug") }

    /// What went wrong before a verdict could be given.
    public enum Failure: Error, Equatable {
        /// The learner's file does not compile: each error as `file:line:col: error: …`
        /// with the line and a caret.
        case compile([String])
        /// The build failed, but no error names the learner's file: its last lines.
        case build([String])
        /// The program ran past `runSeconds`.
        case timedOut
        /// The program crashed (a signal), with what it printed.
        case crashed(signal: Int32, output: String)
        /// It stopped with an error of its own (a bad scenario), as printed.
        case failed(String)
    }

    /// Waits until no other check uses the build's folder, then holds it: two
    /// checks at once (a `--watch` and a check by hand) would otherwise write their
    /// files into one target and each compile the other's.
    public func hold() throws(ReuseLabError) -> FileLock {
        let path = packageFolder + "/.check-lock"
        do {
            try FileManager.default.createDirectory(atPath: packageFolder, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: packageFolder, "cannot make the build's folder: \(error.localizedDescription)")
        }
        return try FileLock.hold(path, what: "the build")
    }

    /// Writes the build's package, builds it, and returns the program's path.
    public func build() throws(ReuseLabError) -> Result<String, Failure> {
        try writePackage()
        guard let swift = ChildProcess.onPath("swift") else {
            throw ReuseLabError(.missingFile, file: "swift", "the Swift toolchain is not on the PATH: exercises compile your code with it")
        }
        let run = try ChildProcess.run(swift, ["build", "--package-path", packageFolder, "--product", exercise.productName,
                                                "--disable-build-manifest-caching"],
                                       seconds: Self.buildSeconds)
        guard run.ending == .exited(0) else {
            let errors = compileErrors(in: run.output + run.errors)
            if errors.isEmpty {
                return .failure(.build((run.output + run.errors).split(separator: "\n").suffix(15).map(String.init)))
            }
            return .failure(.compile(errors))
        }
        return .success(packageFolder + "/.build/debug/" + exercise.productName)
    }

    /// Runs the built program on every scenario; the traces are written to `folder`.
    public func record(with program: String, into folder: String) throws(ReuseLabError) -> Failure? {
        var arguments = ["--out", folder, "--title", "Exercise \(exercise.number), your code", "--code", compiledSource]
        arguments += exercise.scenarios.map { root + "/" + exercise.folder + "/" + $0 }
        let run = try ChildProcess.run(program, arguments, directory: root, seconds: Self.runSeconds)
        switch run.ending {
        case .exited(0): return nil
        case .timedOut: return .timedOut
        case .signalled(let signal): return .crashed(signal: signal, output: run.errors)
        case .exited: return .failed(run.errors)
        }
    }

    func writePackage() throws(ReuseLabError) {
        let identity = (root as NSString).lastPathComponent.lowercased()
        let manifest = """
        // swift-tools-version:6.0
        // Written by `reuselab exercise` for exercise \(exercise.number); rewritten at every check.
        import PackageDescription

        let package = Package(
            name: "ReuseLabExercises",
            dependencies: [.package(path: \(Self.literal(root)))],
            targets: [
                .executableTarget(name: \(Self.literal(exercise.productName)),
                                  dependencies: [.product(name: "ExerciseKit", package: \(Self.literal(identity)))],
                                  path: \(Self.literal("Sources/" + exercise.productName)),
                                  swiftSettings: [.swiftLanguageMode(.v5)]),
            ]
        )

        """
        let main = """
        // Written by `reuselab exercise`: records the exercise's scenarios with your view controller.
        import ExerciseKit
        import ReuseEngine

        extension \(exercise.controller): TableViewController {}

        ExerciseRunner.main { \(exercise.controller)() }

        """
        let learner = try InputFile.read(source, limit: InputFile.smallFileBytes)
        var files: [(String, [UInt8])] = [
            (packageFolder + "/Package.swift", Array(manifest.utf8)),
            (targetFolder + "/main.swift", Array(main.utf8)),
            (compiledSource, learner),
        ]
        // The names every strategy is written with, compiled beside the learner's file.
        for name in ["UIKitNames.swift", "IndexPathName.swift"] {
            guard let bytes = StrategySource.files.first(where: { $0.name == name })?.bytes else { continue }
            files.append((targetFolder + "/" + name, bytes))
        }
        do {
            try FileManager.default.createDirectory(atPath: targetFolder, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: targetFolder, "cannot make the build's folder: \(error.localizedDescription)")
        }
        for (path, bytes) in files where (try? Data(contentsOf: URL(fileURLWithPath: path))) != Data(bytes) {
            // Only what changed is written, so the build recompiles only what it must.
            try OutputFile.write(bytes, to: path, permission: .ours, standardOutput: { _ in })
        }
    }

    /// The compiler's errors in the learner's file, as `exercises/…/File.swift:12:5: error: …`
    /// followed by the line and a caret; none when no error names it.
    func compileErrors(in output: String) -> [String] {
        var errors: [String] = []
        let shown = source
        let sourceLines = (try? String(contentsOfFile: compiledSource, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        var seen = Set<String>()
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: "/" + exercise.file + ":") else { continue }
            let rest = line[range.upperBound...]
            let parts = rest.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let number = Int(parts[0]), Int(parts[1]) != nil,
                  parts[2].hasPrefix(" error:") else { continue }
            let entry = "\(shown):\(number):\(parts[1]):\(parts[2])"
            guard seen.insert(entry).inserted else { continue }
            errors.append(entry)
            if number >= 1, number <= sourceLines.count, let column = Int(parts[1]) {
                let text = String(sourceLines[number - 1])
                errors.append("    " + text)
                errors.append("    " + String(repeating: " ", count: max(0, column - 1)) + "^")
            }
        }
        return errors
    }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
