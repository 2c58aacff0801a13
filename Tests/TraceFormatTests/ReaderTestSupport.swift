import ReuseLabTestSupport
import Foundation
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Helpers for the differential tests of the streaming reader: the bundled traces,
/// their events as text, and both ways of decoding one event.
enum ReaderCorpus {
    static var traceFolder: URL { Golden.packageRoot.appendingPathComponent("traces") }

    /// Every bundled trace: its name and bytes.
    static func bundledTraces() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: traceFolder.path).filter { $0.hasSuffix(".trace.json") }.sorted()
        return try names.map { name in (name, [UInt8](try Data(contentsOf: traceFolder.appendingPathComponent(name)))) }
    }

    /// A trace's events as the writer lays them out, one per line.
    static func eventLines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            var text = line.drop(while: { $0 == " " })
            guard text.first == "{", !line.hasPrefix("{") else { return nil }
            if text.last == "," { text = text.dropLast() }
            return String(text)
        }
    }

    /// What the fast decoder makes of `bytes`: the event (when it reads all of them), or nil.
    /// `list` is the trace's kind of list (a collection view's events use its names).
    static func fast(_ bytes: [UInt8], list: ListStyle = .table) -> (event: TraceEvent?, end: Int?) {
        var decoder = FastEventDecoder(list: list)
        return bytes.withUnsafeBufferPointer { buffer in
            switch decoder.decode(buffer, at: 0) {
            case .decoded(let event, let end): return (event, end)
            case .declined, .ranOut: return (nil, nil)
            }
        }
    }

    /// What the full decoder makes of `bytes` as event 0: the event or the error's text.
    static func slow(_ bytes: [UInt8], naming: RowNaming) -> Result<TraceEvent, ReuseLabError> {
        let node: JSONNode
        do {
            node = try JSONParser.parseDocument(bytes)
        } catch {
            return .failure(ReuseLabError(.badInput, location: InputLocation(position: error.position), error.message))
        }
        do {
            return .success(try TraceEvent.decode(JSONField(node, path: "events[0]", eventIndex: 0), naming: naming))
        } catch {
            return .failure(error)
        }
    }

    /// A reading's outcome as text, to compare two readers: the trace, or the error.
    static func describe(_ body: () throws(ReuseLabError) -> Trace) -> String {
        do {
            let trace = try body()
            return "trace \(trace.header.title): \(trace.events.count) events, \(trace.events.fingerprint)"
        } catch {
            return "error \(error.kind): \(error.description)"
        }
    }
}

extension Array where Element == TraceEvent {
    /// A hash of the events as written: equal lists give equal text within one run.
    var fingerprint: String {
        var hasher = Hasher()
        for event in self { hasher.combine(event.jsonLine()) }
        return String(hasher.finalize())
    }
}
