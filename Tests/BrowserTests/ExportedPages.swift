import Foundation
import ReuseLabTestSupport

/// Pages made by the built `reuselab` binary, run in the package's top folder, into
/// a temporary folder: a trace page, a diff page, a lesson page.
enum ExportedPages {
    /// `reuselab html TRACE -o FOLDER/NAME` (TRACE relative to the package root).
    static func trace(_ trace: String, into folder: TemporaryFolder, name: String = "trace.html") throws -> URL {
        try export(["html", trace, "-o", folder.path(name)], output: folder.path(name))
    }

    /// `reuselab html A B -o FOLDER/NAME`: the two traces side by side.
    static func diff(_ a: String, _ b: String, into folder: TemporaryFolder, name: String = "diff.html") throws -> URL {
        try export(["html", a, b, "-o", folder.path(name)], output: folder.path(name))
    }

    /// `reuselab lesson N --html -o FOLDER/NAME`, run in the package's top folder
    /// (where the lessons and traces are); `lessons`: another lessons folder
    /// (`--lessons DIR`, relative to the package root).
    static func lesson(_ number: Int, lessons: String? = nil, into folder: TemporaryFolder, name: String = "lesson.html") throws -> URL {
        try export(["lesson", String(number), "--html", "-o", folder.path(name)] + (lessons.map { ["--lessons", $0] } ?? []),
                   output: folder.path(name))
    }

    /// Runs the binary with `arguments` in the package root; a failure quotes what it printed.
    static func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> ProcessOutcome {
        let executable = try ReuselabExecutable.require()
        return try ReuselabExecutable.run(executable, arguments, directory: Golden.packageRoot, timeout: timeout)
    }

    private static func export(_ arguments: [String], output: String) throws -> URL {
        let outcome = try run(arguments)
        let command = "reuselab " + arguments.joined(separator: " ")
        guard !outcome.timedOut else { throw BrowserError("\(command) ran past its time limit") }
        guard outcome.status == 0 else {
            throw BrowserError("\(command) failed (status \(outcome.status)): \(outcome.err.prefix(2000))")
        }
        guard FileManager.default.fileExists(atPath: output) else {
            throw BrowserError("\(command) succeeded but wrote no \(output)")
        }
        return URL(fileURLWithPath: output)
    }
}
