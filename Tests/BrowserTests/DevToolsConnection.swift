import Foundation

/// A JSON object as `JSONSerialization` reads it.
typealias JSONObject = [String: Any]

/// One DevTools protocol event: its method, params and the session it belongs to
/// (nil for the browser itself).
struct DevToolsEvent {
    let method: String
    let params: JSONObject
    let sessionId: String?
}

/// The DevTools protocol over a `MessagePipe`: sends commands with increasing ids
/// and waits (with a deadline) for the response with the same id, keeping every
/// event that arrives meanwhile for `events`.
final class DevToolsConnection {
    private let pipe: MessagePipe
    private var nextId = 1
    /// Every event received so far, in order.
    private(set) var events: [DevToolsEvent] = []
    /// Called for failures, to add the browser's log.
    private let logTail: () -> String

    init(pipe: MessagePipe, logTail: @escaping () -> String) {
        self.pipe = pipe
        self.logTail = logTail
    }

    /// Sends `method` with `params` (to `sessionId`'s target when given) and returns
    /// the response's `result`; a protocol error or a missed deadline throws.
    @discardableResult
    func send(_ method: String, _ params: JSONObject = [:], sessionId: String? = nil,
              timeout: TimeInterval = 15) throws -> JSONObject {
        let id = nextId
        nextId += 1
        var message: JSONObject = ["id": id, "method": method, "params": params]
        if let sessionId { message["sessionId"] = sessionId }
        let deadline = Deadline(seconds: timeout)
        let bytes = try JSONSerialization.data(withJSONObject: message)
        try pipe.send([UInt8](bytes), deadline: deadline)
        while true {
            guard let reply = try pipe.receive(deadline: deadline) else {
                throw failure("no answer to \(method) within \(seconds(timeout))")
            }
            guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? JSONObject else { continue }
            if let replyId = object["id"] as? Int {
                guard replyId == id else { continue }
                if let error = object["error"] as? JSONObject {
                    throw failure("\(method) failed: \(error["message"] ?? error)")
                }
                return object["result"] as? JSONObject ?? [:]
            }
            record(object)
        }
    }

    /// Waits until an event matching `matches` has arrived at index `from` or later
    /// (events already received count); returns it, or throws at the deadline.
    @discardableResult
    func waitForEvent(from start: Int, timeout: TimeInterval, what: String,
                      _ matches: (DevToolsEvent) -> Bool) throws -> DevToolsEvent {
        let deadline = Deadline(seconds: timeout)
        var index = start
        while true {
            while index < events.count {
                if matches(events[index]) { return events[index] }
                index += 1
            }
            guard let message = try pipe.receive(deadline: deadline) else {
                throw failure("\(what) did not happen within \(seconds(timeout))")
            }
            if let object = try JSONSerialization.jsonObject(with: Data(message)) as? JSONObject {
                record(object)
            }
        }
    }

    /// Reads whatever events are already waiting, without blocking for long.
    func drain(milliseconds: Double = 20) throws {
        let deadline = Deadline(seconds: milliseconds / 1000)
        while let message = try pipe.receive(deadline: deadline) {
            if let object = try JSONSerialization.jsonObject(with: Data(message)) as? JSONObject {
                record(object)
            }
        }
    }

    private func seconds(_ value: TimeInterval) -> String {
        value < 1 ? "\(Int(value * 1000)) ms" : "\(Int(value)) s"
    }

    func failure(_ message: String) -> BrowserError {
        BrowserError(message, logTail: logTail())
    }

    private func record(_ object: JSONObject) {
        guard let method = object["method"] as? String else { return }
        events.append(DevToolsEvent(method: method, params: object["params"] as? JSONObject ?? [:],
                                    sessionId: object["sessionId"] as? String))
    }
}
