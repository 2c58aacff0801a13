/// The page's per-step states, kept small: a full state (a keyframe, marked
/// `"key": 1`) every `interval` steps and at the first, and between them only
/// the members that changed since the step before. The page rebuilds the state
/// after step i from the keyframe at or before it — navigation, not a fold:
/// every member was computed here.
struct StateDeltas {
    static let interval = 64

    /// Each entry's JSON, in step order.
    private(set) var entries: [String] = []
    private var previous: [String: String] = [:]

    /// Adds the state after the next step, given as its members in order.
    mutating func append(_ members: [(String, PageValue)]) {
        let keyframe = entries.count % Self.interval == 0
        var out = "{"
        var first = true
        if keyframe {
            out += "\"key\":1"
            first = false
        }
        for (name, value) in members {
            let json = value.json
            guard keyframe || previous[name] != json else { continue }
            previous[name] = json
            if !first { out += "," }
            first = false
            PageValue.string(name).write(into: &out)
            out += ":" + json
        }
        entries.append(out + "}")
    }

    /// The entries as one JSON array.
    var json: PageValue { .raw("[" + entries.joined(separator: ",") + "]") }
}
