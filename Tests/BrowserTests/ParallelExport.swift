import Foundation

/// `reuselab html` over many traces at once, as many at a time as there are
/// processors: the binary's time, not the browser's, is most of the check.
enum ParallelExport {
    /// Each trace's page (`FOLDER/NAME.html`), or why it could not be made.
    static func traces(_ traces: [String], into folder: URL) -> [String: Result<URL, Error>] {
        let results = ResultBox()
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let next = ResultBox.Counter()
        DispatchQueue.concurrentPerform(iterations: min(width, traces.count)) { _ in
            while let index = next.take(below: traces.count) {
                let trace = traces[index]
                let name = (trace as NSString).lastPathComponent.replacingOccurrences(of: ".trace.json", with: ".html")
                let output = folder.appendingPathComponent(name).path
                let result = Result { () throws -> URL in
                    let outcome = try ExportedPages.run(["html", trace, "-o", output])
                    guard outcome.status == 0 else {
                        throw BrowserError("reuselab html \(trace) failed (status \(outcome.status)): \(outcome.err.prefix(2000))")
                    }
                    return URL(fileURLWithPath: output)
                }
                results.set(trace, result)
            }
        }
        return results.all
    }
}

/// Results gathered from several threads, under a lock.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [String: Result<URL, Error>] = [:]

    func set(_ key: String, _ result: Result<URL, Error>) {
        lock.lock()
        defer { lock.unlock() }
        results[key] = result
    }

    var all: [String: Result<URL, Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }

    /// Hands out 0, 1, 2, … to whichever thread asks next.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
