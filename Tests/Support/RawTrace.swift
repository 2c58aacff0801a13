import Foundation

/// A trace file read with Foundation's JSON parser instead of the project's own
/// reader: for tests that recount from the file what the project computes, so a
/// bug in the reader cannot hide one in what it feeds.
public struct RawTrace {
    /// The header's `scenario` object, if the trace was recorded.
    public let scenario: [String: Any]?
    /// The events, in file order.
    public let events: [[String: Any]]

    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path) is not a trace: no object with an \"events\" list" }
    }

    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let trace = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let events = trace["events"] as? [[String: Any]] else {
            throw Unreadable(path: path)
        }
        scenario = trace["scenario"] as? [String: Any]
        self.events = events
    }
}
