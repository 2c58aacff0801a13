import Foundation
import ToolSupport

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
    ///
    /// Every folder involved is resolved to its real path first: the project, its
    /// `traces/` and `lessons/` folders (which count only when they really lie inside
    /// the project — a `traces` link to `/etc` is no permission to read `/etc`), and
    /// the target itself. Only then is anything opened.
    public static func resolve(_ relative: String, lessonPath: String, position: SourcePosition?, path: String) throws(ReuseLabError) -> String {
        let location = InputLocation(position: position, path: path)
        let lessonFolder = URL(fileURLWithPath: lessonPath).deletingLastPathComponent()
        let joined = URL(fileURLWithPath: relative, relativeTo: lessonFolder).standardizedFileURL.path
        let root = projectRoot(forLesson: lessonPath)
        guard let realRoot = realPath(root.path) else {
            throw ReuseLabError(.missingFile, file: lessonPath, location: location, "the project folder \(VisibleText.escape(root.path)) cannot be found")
        }
        let allowed = ["traces", "lessons"].compactMap { name -> String? in
            guard let real = realPath(realRoot + "/" + name), real.hasPrefix(realRoot + "/") else { return nil }
            return real + "/"
        }
        // A missing target is judged by its real folder, so the answer never tells
        // whether a file exists outside the project.
        let folderOfTarget = realPath((joined as NSString).deletingLastPathComponent).map { $0 + "/" }
        let target = realPath(joined) ?? ((folderOfTarget ?? "/nonexistent/") + (joined as NSString).lastPathComponent)
        let inside = allowed.contains(where: { target.hasPrefix($0) })
        if inside && realPath(joined) == nil {
            throw ReuseLabError(.missingFile, file: lessonPath, location: location,
                                "the trace \"\(VisibleText.shortened(relative))\" (\(VisibleText.escape(joined))) does not exist")
        }
        guard inside else {
            throw ReuseLabError(.badInput, file: lessonPath, location: location,
                                "the trace \"\(VisibleText.shortened(relative))\" resolves to \(VisibleText.escape(target)), outside the project's traces/ and lessons/ folders; a lesson may only use traces inside them")
        }
        return target
    }

    /// The path with every link and `..` resolved by the operating system, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
