import Foundation
import ToolSupport
import TraceCoding

/// The exercises of a project: every `exercises/NN-name/exercise.json`, in the
/// order of their numbers.
public enum ExerciseCatalog {
    /// Where the exercises live, relative to the project's top folder.
    public static let folder = "exercises"
    /// exercise.json is small; anything larger is not one.
    static let maximumBytes = 256 << 10

    /// Every exercise under `root/exercises`, or the error of the first that cannot be read.
    public static func all(root: String = ".") throws(ReuseLabError) -> [Exercise] {
        let base = root == "." ? folder : root + "/" + folder
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: base)
        } catch {
            throw ReuseLabError(.missingFile, file: base, "no exercises folder here (run reuselab from the project's top folder)")
        }
        var exercises: [Exercise] = []
        for name in names.sorted() where name.first?.isNumber == true {
            let path = base + "/" + name + "/exercise.json"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            exercises.append(try load(path: path, id: name, folder: base + "/" + name))
        }
        return exercises
    }

    /// Exercise `number`, or an error listing the numbers there are.
    public static func numbered(_ number: Int, root: String = ".") throws(ReuseLabError) -> Exercise {
        let exercises = try all(root: root)
        guard let found = exercises.first(where: { $0.number == number }) else {
            let numbers = exercises.map { String($0.number) }.joined(separator: ", ")
            throw ReuseLabError(.usage, "there is no exercise \(number); the exercises are \(numbers) (reuselab exercise lists them)")
        }
        return found
    }

    static func load(path: String, id: String, folder: String) throws(ReuseLabError) -> Exercise {
        let bytes = try InputFile.read(path, limit: maximumBytes)
        let root = try JSONDocument.parse(bytes, file: path)
        do {
            return try decode(root, id: id, folder: folder)
        } catch {
            throw error.inFile(path)
        }
    }

    static func decode(_ root: JSONField, id: String, folder: String) throws(ReuseLabError) -> Exercise {
        let object = try root.object()
        try object.rejectUnknown(allowed: ["title", "file", "controller", "task", "scenarios", "checks", "hints", "solution", "lesson"])
        guard let number = Int(id.prefix { $0 != "-" }), number > 0 else {
            throw ReuseLabError(.badInput, "the folder \(id) must start with the exercise's number, as 01-stale-image does")
        }
        /// A path inside the exercise's folder: relative, without `..`.
        func inside(_ field: JSONField) throws(ReuseLabError) -> String {
            let path = try field.string()
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                throw ReuseLabError(.badInput, location: InputLocation(position: field.position, path: field.path),
                                    "must be a path inside the exercise's folder, such as \"solution/ProfileList.swift\"")
            }
            return path
        }
        func strings(_ key: String, _ what: String) throws(ReuseLabError) -> [String] {
            let field = try object.required(key, what)
            let items = try field.array()
            guard !items.isEmpty else { throw ReuseLabError(.badInput, location: InputLocation(position: field.position, path: field.path), "\(key) must not be empty") }
            return try items.map { (item: JSONField) throws(ReuseLabError) -> String in key == "scenarios" ? try inside(item) : try item.string() }
        }
        let checksField = try object.required("checks", "the checks the recordings must pass")
        var checks: [ExerciseCheck] = []
        for item in try checksField.array() {
            checks.append(try decodeCheck(item))
        }
        return Exercise(id: id, number: number, title: try object.required("title").string(), folder: folder,
                        file: try fileName(object.required("file", "the file the learner edits, in this folder")),
                        controller: try typeName(object.required("controller", "the view controller class the file declares")),
                        task: try object.required("task", "what to do, a few sentences").string(),
                        scenarios: try strings("scenarios", "scenario files in this folder"),
                        checks: checks, hints: try strings("hints", "hints, one at a time"),
                        solution: try inside(object.required("solution", "a model solution's path in this folder")),
                        lesson: try object.required("lesson", "what the fix teaches").string())
    }

    /// A plain file name (no folder, no `..`), so a build never reads outside the exercise.
    static func fileName(_ field: JSONField) throws(ReuseLabError) -> String {
        let name = try field.string()
        guard name.hasSuffix(".swift"), !name.contains("/"), !name.hasPrefix(".") else {
            throw ReuseLabError(.badInput, location: InputLocation(position: field.position, path: field.path),
                                "file must be a Swift file's name in the exercise's folder, such as \"ProfileList.swift\"")
        }
        return name
    }

    /// A Swift type's name, as the build's `main.swift` writes it.
    static func typeName(_ field: JSONField) throws(ReuseLabError) -> String {
        let name = try field.string()
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
              name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
            throw ReuseLabError(.badInput, location: InputLocation(position: field.position, path: field.path),
                                "controller must be the name of a class in the file, such as \"ProfileListViewController\"")
        }
        return name
    }

    static func decodeCheck(_ field: JSONField) throws(ReuseLabError) -> ExerciseCheck {
        let object = try field.object()
        let name = try object.required("check", "a check's name").string()
        switch name {
        case "no-stale-image": return .noStaleImage
        case "every-row-gets-its-image": return .everyRowGetsItsImage
        case "downloads-at-most": return .downloadsAtMost(try object.required("most").int(in: 0...1_000_000))
        case "main-thread-blocked-at-most": return .mainThreadBlockedAtMost(try object.required("ms").int(in: 0...3_600_000))
        case "wasted-downloads-at-most": return .wastedDownloadsAtMost(try object.required("most").int(in: 0...1_000_000))
        case "image-wait-average-at-most": return .imageWaitAverageAtMost(try object.required("ms").int(in: 0...3_600_000))
        case "views-on-main-thread": return .viewsOnMainThread
        default:
            let known = ["no-stale-image", "every-row-gets-its-image", "downloads-at-most", "main-thread-blocked-at-most",
                         "wasted-downloads-at-most", "image-wait-average-at-most", "views-on-main-thread"]
            throw ReuseLabError(.badInput, location: InputLocation(position: field.position, path: field.path),
                                "unknown check \"\(name)\"; the checks are \(known.joined(separator: ", "))")
        }
    }
}
