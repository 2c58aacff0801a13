import ReuseLabTestSupport
import Foundation
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Helpers for the differential tests of the streaming reader: the bundled traces,
/// their events as text, and and decoding one event.
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

    /// What the decoder makes of `bytes` as event 0 of a trace: the event or the error.
    static func decode(_ bytes: [UInt8], naming: RowNaming) -> Result<TraceEvent, ReuseLabError> {
        bytes.withUnsafeBufferPointer { text in
            var decoder = EventDecoder(naming: naming)
            var parser = JSONParser(text, depth: 2)
            let context = EventContext(text: text, start: 0, startPosition: .start, index: 0)
            do throws(JSONSyntaxError) {
                let root = try decoder.read(&parser, context: context)
                try parser.expectEnd()
                do throws(ReuseLabError) { return .success(try decoder.decode(root, context: context)) } catch { return .failure(error) }
            } catch {
                return .failure(ReuseLabError(.badInput, location: InputLocation(position: error.position), error.message))
            }
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
