@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Odd and broken events made from good ones, for the reader's corpus: each
/// member's value replaced by a value of every kind, members removed, doubled,
/// renamed or added, spacing changed.
enum EventMutations {
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
        guard let tape = try? parseTape(Array(line.utf8)), case .object(let object) = tape.root else { return [] }
        let members = object.members.map { (key: $0.key, value: JSONWriter.compact($0.value)) }
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
}
