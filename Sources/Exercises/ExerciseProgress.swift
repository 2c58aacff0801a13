import Foundation
import ToolSupport
import TraceCoding
import Lessons

/// What a learner has done in an exercise: whether it passed, how many hints were
/// given, and the figures of the first check (the code as shipped, usually), so a
/// pass can say what the fix changed. One small file per exercise beside the
/// lessons' progress (`REUSELAB_PROGRESS_DIR`, default `~/.reuselab/progress`),
/// written atomically.
public struct ExerciseProgress: Sendable, Equatable {
    public var passed = false
    public var hintsShown = 0
    public var checks = 0
    public var firstFigures: [String] = []

    public init() {}

    static func path(for exercise: Exercise) -> String {
        ProgressStore.fromEnvironment().folder.appendingPathComponent("exercise-\(exercise.id).json").path
    }

    /// The saved progress; none (afresh) when there is none. A file that cannot be
    /// read is kept aside (`NAME.corrupt`, `NAME.corrupt-2`, …), never overwritten.
    public static func load(_ exercise: Exercise) -> ExerciseProgress {
        let path = path(for: exercise)
        guard FileManager.default.fileExists(atPath: path) else { return ExerciseProgress() }
        guard let bytes = try? InputFile.read(path, limit: InputFile.smallFileBytes),
              let root = try? JSONDocument.parse(bytes, file: path), let object = try? root.object() else {
            try? FileManager.default.moveItem(atPath: path, toPath: AsideName.free(for: path, suffix: ".corrupt"))
            return ExerciseProgress()
        }
        var progress = ExerciseProgress()
        progress.passed = (try? object.optional("passed")?.bool()) ?? false
        progress.hintsShown = (try? object.optional("hintsShown")?.int(in: 0...100)) ?? 0
        progress.checks = (try? object.optional("checks")?.int(in: 0...1_000_000_000)) ?? 0
        progress.firstFigures = ((try? object.optional("firstFigures")?.array()) ?? []).compactMap { try? $0.string() }
        return progress
    }

    /// Refuses, before an exercise is checked, a home folder that cannot hold
    /// progress (`HOME=/nonexistent`, `HOME=/dev/null`), as a lesson does.
    public static func checkHome() throws(ReuseLabError) {
        try ProgressStore.fromEnvironment().checkHome()
    }

    public func save(_ exercise: Exercise) throws(ReuseLabError) {
        try Self.checkHome()
        let path = Self.path(for: exercise)
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: path, "cannot create the progress folder: \(error.localizedDescription)")
        }
        var object = JSONObjectBuilder()
        object.add("exercise", exercise.id)
        object.add("passed", passed)
        object.add("hintsShown", hintsShown)
        object.add("checks", checks)
        object.add("firstFigures", .array(firstFigures.map { .string($0) }))
        let value = object.value
        try OutputFile.write(Array((JSONWriter.compact(value) + "\n").utf8), to: path, permission: .ours, standardOutput: { _ in })
    }
}
