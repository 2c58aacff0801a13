import ToolSupport

/// The page's per-step states, kept small: a full state (a keyframe, marked
/// `"key": 1`) every `interval` steps and at the first, and between them only
/// the members that changed since the step before. The page rebuilds the state
/// after step i from the keyframe at or before it — navigation, not a fold:
/// every member was computed here.
struct StateDeltas {
    static let interval = 64

    /// How many entries (steps) there are.
    private(set) var count = 0
    /// The entries' JSON so far, comma-separated.
    private var entries: [UInt8] = []
    /// Each member's JSON in the last entry.
    private var previous: [String: [UInt8]] = [:]

    /// Adds the state after the next step, given as its members in order.
    mutating func append(_ members: [(String, [UInt8])]) {
        let keyframe = count % Self.interval == 0
        var out = ByteBuffer(capacity: 1024)
        if count > 0 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "{"))
        var first = true
        if keyframe {
            out.append("\"key\":1")
            first = false
        }
        for (name, json) in members {
            guard keyframe || previous[name] != json else { continue }
            previous[name] = json
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.appendString(name)
            out.append(UInt8(ascii: ":"))
            json.withUnsafeBytes { out.append($0) }
        }
        out.append(UInt8(ascii: "}"))
        entries += out.array
        count += 1
    }

    /// The entries as one JSON array.
    var json: PageValue { .raw("[" + String(decoding: entries, as: UTF8.self) + "]") }
}
