import XCTest
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The fast event decoder against the full one: on every event of every bundled
/// trace, and on a corpus of odd and broken events made from them, it either
/// declines or gives exactly the event `TraceEvent.decode` gives.
final class FastEventDecoderTests: XCTestCase {
    /// Checks one event text; returns whether the fast decoder took it.
    @discardableResult
    private func check(_ text: String, naming: RowNaming, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let bytes = Array(text.utf8)
        let fast = ReaderCorpus.fast(bytes, list: naming.list)
        guard let event = fast.event, let end = fast.end else { return false }
        // The event is what the fast decoder read; what follows belongs to the array around it.
        switch ReaderCorpus.slow(Array(bytes[..<end]), naming: naming) {
        case .success(let slow):
            XCTAssertEqual(event, slow, "the decoders disagree on \(text)", file: file, line: line)
            XCTAssertEqual(event.jsonLine(), slow.jsonLine(), "the decoders disagree on \(text)", file: file, line: line)
        case .failure(let error):
            XCTFail("the fast decoder took \(text), which the full decoder refuses: \(error)", file: file, line: line)
        }
        return true
    }

    func testEveryBundledEventDecodesAlike() throws {
        var taken = 0, total = 0
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            let trace = try TraceReader.read(bytes: bytes, file: name)
            let lines = ReaderCorpus.eventLines(bytes)
            XCTAssertEqual(lines.count, trace.events.count, "\(name): one event per line")
            for line in lines {
                total += 1
                if check(line, naming: trace.header.rowNaming) {
                    taken += 1
                } else {
                    // Only events naming a section, or text with escapes, are left to the full decoder.
                    XCTAssertTrue(line.contains("\"section\"") || line.contains("\"indexPaths\"") || line.contains("\"previousSection\"")
                                  || line.contains("\\"), "\(name): the fast decoder declined \(line)")
                }
            }
        }
        XCTAssertGreaterThan(taken, total * 9 / 10)
    }

    /// Values put in place of each member's value in turn.
    static let oddValues = [
        "\"x\"", "\"\"", "true", "false", "null", "[]", "{}", "[1,2]", "[[0,1]]", "[-1]", "[1.5]", "[1,]", "[01]",
        "0", "1", "-1", "-0", "-0.0", "0.0", "1.0", "1.5", "-1.5", "01", "00", "1e3", "1E3", "1e-3", "-1e3", "1.", ".5", "+1",
        "999999999", "1000000000", "1000000001", "9999999999", "999999999.5", "1000000000000", "1000000000001", "12345678901234567890",
        "0.1234567890123456", "0.123456789012345", "123456789.123456", "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "nan",
        "\"\\u0041\"", "\"a\\nb\"", "\"\\\"\"", "\"é\"", "\"\u{7F}\"", "\"\\ud800\"", "\"top\"", "\"middle\"", "\"prefetch\"", "\"preload\"",
        "\"memory\"", "\"urlCache.disk\"", "\"nothing\"", "\"placeholder\"", "\"Nothing\"", "\"init\"", "\"frame\"",
        "[{\"row\":1,\"cell\":1}]", "[{\"row\":1}]", "[{\"cell\":1}]", "[{\"row\":1,\"cell\":0}]", "[{\"row\":1,\"cell\":1,\"image\":null}]",
        "[{\"row\":1,\"cell\":1,\"image\":-1}]", "[{\"row\":1,\"cell\":1,\"image\":\"x\"}]", "[{\"row\":1,\"cell\":1,\"row\":2}]",
        "[{\"section\":0,\"row\":1,\"cell\":1}]", "[{\"row\":1,\"cell\":1,\"extra\":1}]", "[{\"row\":1,\"cell\":1},]",
        "{\"a\":{\"b\":[1,{\"c\":null}]}}", "[[[[[]]]]]", "tru", "nul", "fals", "truex", "\"unterminated", "1 2",
    ]

    /// Event texts made from `line`: each value replaced, each member removed,
    /// doubled or renamed, members added, spacing changed.
    static func mutations(of line: String) -> [String] {
        guard let node = try? JSONParser.parseDocument(Array(line.utf8)), case .object(let object) = node.value else { return [] }
        let members = object.members.map { (key: $0.key, value: JSONWriter.compact($0.value.value)) }
        func join(_ list: [(key: String, value: String)], separator: String = ",", colon: String = ":") -> String {
            "{" + list.map { "\"\($0.key)\"\(colon)\($0.value)" }.joined(separator: separator) + "}"
        }
        var out: [String] = [join(members, separator: " ,\n\t", colon: " : "), "{ " + join(members).dropFirst().dropLast() + " }"]
        for index in members.indices {
            for value in oddValues {
                var changed = members
                changed[index].value = value
                out.append(join(changed))
            }
            var removed = members
            removed.remove(at: index)
            out.append(join(removed))
            out.append(join(members + [members[index]]))
            out.append(join(members + [(members[index].key, "0")]))
            var renamed = members
            renamed[index].key = "\\u0073" + String(members[index].key.dropFirst())
            out.append(join(renamed))
            renamed[index].key = members[index].key + " "
            out.append(join(renamed))
        }
        for extra in ["\"foo\":1", "\"section\":0", "\"section\":1", "\"previousSection\":0", "\"indexPaths\":[[0,1]]",
                      "\"inferred\":true", "\"inferred\":false", "\"inferred\":1", "\"inferred\":null", "\"rows\":[1]", "\"cells\":[]"] {
            out.append(String(join(members).dropLast()) + "," + extra + "}")
        }
        out.append(String(join(members).dropLast()) + ",}")
        out.append(join(members) + "}")
        out.append("[" + join(members) + "]")
        return out
    }

    /// One event of each kind (and shape) from the bundled traces, plus hand-made ones for kinds they lack.
    static func sampleEvents() throws -> [(line: String, naming: RowNaming)] {
        var seen: Set<String> = []
        var samples: [(String, RowNaming)] = []
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            let header = try TraceReader.read(bytes: bytes, file: name).header
            for line in ReaderCorpus.eventLines(bytes) {
                guard let node = try? JSONParser.parseDocument(Array(line.utf8)), case .object(let object) = node.value,
                      case .string(let kind)? = object["kind"]?.value else { continue }
                let shape = kind + ":" + object.keys.joined(separator: ",") + (line.contains("\"image\":\"") ? "s" : "")
                if seen.insert(shape).inserted { samples.append((line, header.rowNaming)) }
            }
        }
        let handMade = [
            "{\"seq\":3,\"t\":1.5,\"kind\":\"pageRequest\",\"request\":2,\"firstRow\":15,\"count\":15}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"requestFailed\",\"request\":2,\"reason\":\"timed out\"}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"requestCancelled\",\"request\":2}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"requestCoalesced\",\"request\":2,\"row\":4}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"cacheHit\",\"row\":4,\"image\":4,\"layer\":\"urlCache.memory\"}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"cacheEvict\",\"image\":4,\"layer\":\"model\"}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"numberOfRows\",\"rows\":30}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"reloadRows\",\"rows\":[1,2]}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"reconfigureRows\",\"rows\":[]}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"gap\",\"text\":\"(중략)\"}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"note\",\"text\":\"a note\",\"inferred\":true}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"prepareForReuse\",\"cell\":2,\"identifier\":\"Cell\",\"previousRow\":null}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"didReceiveMemoryWarning\"}",
            "{\"seq\":3,\"t\":1.5,\"kind\":\"reloadData\"}",
        ]
        return samples + handMade.map { ($0, RowNaming.single) }
    }

    func testOddAndBrokenEventsAreDeclinedOrDecodedAlike() throws {
        var checked = 0, taken = 0
        for (line, naming) in try Self.sampleEvents() {
            for mutated in Self.mutations(of: line) {
                checked += 1
                if check(mutated, naming: naming) { taken += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
        XCTAssertGreaterThan(taken, 0)
    }

    func testEventsCutShortAnywhereAreNeverDecoded() throws {
        for (line, _) in try Self.sampleEvents().prefix(12) {
            let bytes = Array(line.utf8)
            for cut in 0..<bytes.count {
                XCTAssertNil(ReaderCorpus.fast(Array(bytes[..<cut])).event, "decoded a cut event: \(bytes[..<cut])")
            }
        }
    }

    func testSectionsAreLeftToTheFullDecoder() throws {
        let bytes = try TraceReader.read(bytes: ReaderCorpus.bundledTraces().first { $0.name == "sections.trace.json" }?.bytes ?? [], file: "s")
        XCTAssertFalse(bytes.events.isEmpty)
        XCTAssertNil(ReaderCorpus.fast(utf8("{\"seq\":0,\"t\":0,\"kind\":\"cellForRowAt\",\"section\":1,\"row\":0,\"cell\":1}")).event)
        XCTAssertNil(ReaderCorpus.fast(utf8("{\"seq\":0,\"t\":0,\"kind\":\"reloadRows\",\"indexPaths\":[[1,0]]}")).event)
    }
}
