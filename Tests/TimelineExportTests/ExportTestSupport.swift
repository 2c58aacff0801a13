import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport
import ReuseLabTestSupport

/// Exports and checks, shared by the timeline tests.
enum ExportFixtures {
    static let generator = "reuselab tests"

    static var tracesFolder: URL { Golden.packageRoot.appendingPathComponent("traces") }

    static func path(_ name: String) -> String {
        tracesFolder.appendingPathComponent(name.hasSuffix(".json") ? name : name + ".trace.json").path
    }

    /// The export of a bundled trace.
    static func export(_ name: String) throws -> [UInt8] {
        try PerfettoTrace.bytes(of: .file(path(name)), generator: generator)
    }

    /// The export of a trace held in memory.
    static func export(text: String, name: String = "hand.trace.json") throws -> [UInt8] {
        try PerfettoTrace.bytes(of: .bytes(Array(text.utf8), name: name), generator: generator)
    }

    /// A bundled trace's export, checked, made once per test run: several tests
    /// read the same trace's timeline (the first to ask fails on a problem).
    static func timeline(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TraceEventValidator.Timeline {
        if let known = Timelines.shared.get(name) { return known }
        let timeline = try checked(try export(name), name, sourceLocation: sourceLocation)
        Timelines.shared.set(name, timeline)
        return timeline
    }

    /// Checks `bytes` and returns what they hold, failing the test on any problem.
    static func checked(_ bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TraceEventValidator.Timeline {
        var validator = TraceEventValidator()
        let timeline = validator.check(bytes)
        for problem in validator.problems.prefix(20) {
            Issue.record("\(what): \(problem)", sourceLocation: sourceLocation)
        }
        return try #require(timeline, "\(what): not a trace-event document", sourceLocation: sourceLocation)
    }

    /// A hand-written trace: header members as given, then the events (bodies
    /// without seq and t; `times` gives each event's t, else its index).
    static func trace(title: String = "hand-written", events bodies: [String], times: [Double]? = nil) -> String {
        var titleJSON = ""
        JSONWriter.writeString(title, into: &titleJSON)
        let events = bodies.enumerated().map { index, body in
            "    {\"seq\":\(index),\"t\":\(NumberText.of(times?[index] ?? Double(index))),\(body)}"
        }
        return "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \(titleJSON),\n  \"profile\": \"modern\",\n  \"events\": [\n"
            + events.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}

/// The checked timelines of bundled traces made so far.
private final class Timelines: @unchecked Sendable {
    static let shared = Timelines()
    private var made: [String: TraceEventValidator.Timeline] = [:]
    private let lock = NSLock()

    func get(_ name: String) -> TraceEventValidator.Timeline? {
        lock.lock()
        defer { lock.unlock() }
        return made[name]
    }

    func set(_ name: String, _ timeline: TraceEventValidator.Timeline) {
        lock.lock()
        made[name] = timeline
        lock.unlock()
    }
}
