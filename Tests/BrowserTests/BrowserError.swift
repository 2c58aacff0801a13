import Foundation

/// Why a browser check could not go on: Chromium would not start, did not answer
/// in time, answered with an error, or the page did not do what was expected.
/// The description carries the tail of Chromium's own log, so a failure in CI
/// says what the browser printed.
struct BrowserError: Error, CustomStringConvertible, LocalizedError {
    let message: String
    var logTail: String = ""

    init(_ message: String, logTail: String = "") {
        self.message = message
        self.logTail = logTail
    }

    var description: String {
        guard !logTail.isEmpty else { return message }
        return message + "\n--- end of Chromium's log ---\n" + logTail
    }

    var errorDescription: String? { description }
}
