import Foundation

/// What counts as a console error on a page: a `console.error` (or failed
/// `console.assert`) call, an uncaught exception, or a log entry of level error
/// (where Chromium reports CSP violations and failed loads).
enum ConsoleError {
    /// One line for `event` if it reports an error, else nil.
    static func text(_ event: DevToolsEvent) -> String? {
        switch event.method {
        case "Runtime.consoleAPICalled":
            guard event.params["type"] as? String == "error" || event.params["type"] as? String == "assert" else { return nil }
            let arguments = event.params["args"] as? [JSONObject] ?? []
            let words = arguments.map { "\($0["value"] ?? $0["description"] ?? $0["type"] ?? "?")" }
            return "console.error: " + words.joined(separator: " ")
        case "Runtime.exceptionThrown":
            let details = event.params["exceptionDetails"] as? JSONObject ?? [:]
            let exception = (details["exception"] as? JSONObject)?["description"] ?? details["text"] ?? "?"
            return "uncaught exception: \(exception) (line \(details["lineNumber"] ?? "?"))"
        case "Log.entryAdded":
            let entry = event.params["entry"] as? JSONObject ?? [:]
            guard entry["level"] as? String == "error" else { return nil }
            return "log error (\(entry["source"] ?? "?")): \(entry["text"] ?? "?")"
        default:
            return nil
        }
    }
}
