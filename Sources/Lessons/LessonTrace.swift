import Foundation
import TraceFormat

/// Finds and reads a trace a lesson names: the path is relative to the lesson file
/// and must resolve (links followed) inside the project's `traces/` or `lessons/`
/// folder, so a shared lesson cannot read files elsewhere on the learner's machine.
public enum LessonTrace {
    /// The project folder a lesson belongs to: the parent of the `lessons` folder
    /// that holds it, or the current folder for a lesson kept elsewhere.
    public static func projectRoot(forLesson lessonPath: String) -> URL {
        let lesson = URL(fileURLWithPath: lessonPath).standardizedFileURL.resolvingSymlinksInPath()
        let folder = lesson.deletingLastPathComponent()
        if folder.lastPathComponent == "lessons" { return folder.deletingLastPathComponent() }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The resolved path of `relative`, or an error naming the lesson and what is wrong.
    public static func resolve(_ relative: String, lessonPath: String, position: SourcePosition?, path: String) throws(ReuseLabError) -> String {
        let lessonFolder = URL(fileURLWithPath: lessonPath).deletingLastPathComponent()
        let target = URL(fileURLWithPath: relative, relativeTo: lessonFolder).standardizedFileURL.resolvingSymlinksInPath()
        let root = projectRoot(forLesson: lessonPath)
        let allowed = ["traces", "lessons"].map { root.appendingPathComponent($0).standardizedFileURL.resolvingSymlinksInPath().path + "/" }
        guard allowed.contains(where: { target.path.hasPrefix($0) }) else {
            throw ReuseLabError(.badInput, file: lessonPath, location: InputLocation(position: position, path: path),
                                "the trace \"\(VisibleText.shortened(relative))\" resolves to \(VisibleText.escape(target.path)), outside the project's traces/ and lessons/ folders; a lesson may only use traces inside them")
        }
        return target.path
    }
}
