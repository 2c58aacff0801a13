import Foundation
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Whole trace files, good and bad, for comparing the streaming reader with the
/// reference (the reader before it): the header moved around, members after the
/// events, broken syntax at every level, events that do not decode or cannot
/// happen followed by later problems, files cut short at every byte.
enum ReaderFileCorpus {
    /// A small hand-written trace, one event per line, with non-ASCII and escapes.
    static let handEvents = [
        "{\"seq\":0,\"t\":0,\"kind\":\"init\",\"cell\":1,\"identifier\":\"Cell\"}",
        "{\"seq\":1,\"t\":0,\"kind\":\"cellForRowAt\",\"row\":0,\"cell\":1}",
        "{\"seq\":2,\"t\":0,\"kind\":\"note\",\"text\":\"é, 한글 and \\\"quotes\\\"\"}",
        "{\"seq\":3,\"t\":0.5,\"kind\":\"willDisplay\",\"row\":0,\"cell\":1}",
        "{\"seq\":4,\"t\":16.667,\"kind\":\"frame\",\"frame\":1,\"offset\":-0.5,\"cells\":[{\"row\":0,\"cell\":1}]}",
        "{\"seq\":5,\"t\":20,\"kind\":\"prefetchRowsAt\",\"rows\":[1,2,3]}",
        "{\"seq\":6,\"t\":33.333,\"kind\":\"didEndDisplaying\",\"row\":0,\"cell\":1}",
    ]

    static let headerLines = ["\"format\": \"reuselab-trace\"", "\"version\": 1", "\"title\": \"Hand\"", "\"profile\": \"modern\""]

    /// A trace from header lines and event lines, the events member where `eventsAt` says.
    static func trace(header: [String] = headerLines, events: [String] = handEvents, eventsAt: Int? = nil,
                      after: [String] = [], newline: String = "\n") -> String {
        let array = "\"events\": [" + newline + events.map { "    " + $0 }.joined(separator: "," + newline) + newline + "  ]"
        var members = header
        members.insert(array, at: min(eventsAt ?? members.count, members.count))
        members += after
        return "{" + newline + members.map { "  " + $0 }.joined(separator: "," + newline) + newline + "}" + newline
    }

    static func files() -> [(name: String, bytes: [UInt8])] {
        var files: [(String, String)] = []
        let base = trace()
        files.append(("base", base))
        files.append(("crlf", trace(newline: "\r\n")))
        files.append(("one line", trace(newline: "")))
        files.append(("tabs", trace(newline: "\n\t \t")))
        files.append(("events first", trace(eventsAt: 0)))
        files.append(("events second", trace(eventsAt: 1)))
        files.append(("title after", trace(header: Array(headerLines.prefix(2)) + [headerLines[3]], after: [headerLines[2]])))
        files.append(("title after, events first", trace(header: [], eventsAt: 0, after: headerLines)))
        files.append(("unknown after", trace(after: ["\"extra\": 1"])))
        files.append(("unknown array after", trace(after: ["\"extra\": [1]"])))
        files.append(("import array after", trace(after: ["\"import\": []"])))
        files.append(("scenario array after", trace(after: ["\"scenario\": [1, 2]"])))
        files.append(("scenario after", trace(after: ["\"scenario\": {\"title\":\"S\",\"profile\":\"modern\",\"table\":{\"rows\":3,\"rowHeight\":44,\"viewportHeight\":100}}"])))
        files.append(("events twice", trace(after: ["\"events\": []"])))
        files.append(("title twice after", trace(after: ["\"title\": [\"x\"]"])))
        files.append(("format twice", trace(header: headerLines + ["\"format\": \"x\""])))
        files.append(("no events", "{" + headerLines.joined(separator: ",") + "}"))
        files.append(("no events, no title", "{\"format\": \"reuselab-trace\", \"version\": 1}"))
        files.append(("empty events", trace(events: [])))
        files.append(("no format", trace(header: Array(headerLines.dropFirst()))))
        files.append(("bad version", trace(header: ["\"format\": \"reuselab-trace\"", "\"version\": 2", "\"title\": \"Hand\"", "\"profile\": \"modern\""])))
        for value in ["1", "{}", "{\"a\": 1}", "\"x\"", "null", "{\"a\": }", "[1, }", "tru"] {
            files.append(("events is \(value)", "{" + headerLines.joined(separator: ",") + ", \"events\": \(value)}"))
        }
        files.append(("bom", "\u{FEFF}" + base))
        files.append(("leading space", "  \n " + base))
        files.append(("empty", ""))
        files.append(("spaces", "   \n  "))
        files.append(("not an object", "[1, 2]"))
        files.append(("nul early", "{\u{0}}"))
        files.append(("trailing junk", base + "x"))
        files.append(("trailing bracket", base + "]}"))
        files.append(("two documents", base + base))
        files.append(("missing comma", trace(events: [handEvents[0] + " " + handEvents[1]])))
        files.append(("semicolon", trace(events: [handEvents[0] + "; " + handEvents[1]])))
        files.append(("trailing comma", trace(events: handEvents + [""])))
        files.append(("deep", trace(events: [String(repeating: "[", count: 300) + String(repeating: "]", count: 300)])))
        files.append(("long rows", trace(events: [
            "{\"seq\":0,\"t\":0,\"kind\":\"prefetchRowsAt\",\"rows\":[" + (0...10_000).map(String.init).joined(separator: ",") + "]}"])))
        // An error the reference met in its second pass, then one it met in its first.
        let violation = "{\"seq\":0,\"t\":0,\"kind\":\"willDisplay\",\"row\":0,\"cell\":9}"
        let undecodable = "{\"seq\":0,\"t\":0,\"kind\":\"init\",\"cell\":-1,\"identifier\":\"Cell\"}"
        let duplicate = "{\"seq\":0,\"t\":0,\"kind\":\"init\",\"cell\":1,\"cell\":1,\"identifier\":\"Cell\"}"
        for (label, early) in [("violation", violation), ("undecodable", undecodable), ("duplicate key", duplicate)] {
            files.append((label, trace(events: [early] + handEvents.dropFirst())))
            files.append((label + ", then a syntax error", trace(events: [early] + handEvents.dropFirst() + ["{\"seq\": }"])))
            files.append((label + ", then cut short", String(trace(events: [early] + handEvents.dropFirst()).dropLast(8))))
            files.append((label + ", then an unknown header member", trace(events: [early], after: ["\"extra\": [1]"])))
            files.append((label + ", then a duplicate header member", trace(events: [early], after: ["\"title\": \"again\""])))
            files.append((label + ", then junk", trace(events: [early]) + "junk"))
            files.append((label + ", then an odd event", trace(events: [early, "{\"seq\":1,\"t\":1e3,\"kind\":\"reloadData\"}"])))
        }
        // Each event in turn replaced by each of its mutations.
        for index in [0, 2, 4, 5] {
            for mutated in EventMutations.mutations(of: handEvents[index]) {
                var events = handEvents
                events[index] = mutated
                files.append(("event \(index) as \(mutated)", trace(events: events)))
            }
        }
        var out = files.map { ($0.0, Array($0.1.utf8)) }
        // Cut short at every byte, and one byte changed at many places.
        let bytes = Array(base.utf8)
        for cut in 0..<bytes.count { out.append(("cut at \(cut)", Array(bytes[..<cut]))) }
        for place in stride(from: 0, to: bytes.count, by: 3) {
            for replacement in [UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "1"), UInt8(ascii: ",")] where bytes[place] != replacement {
                var changed = bytes
                changed[place] = replacement
                out.append(("byte \(place) as \(replacement)", changed))
            }
        }
        return out
    }
}
