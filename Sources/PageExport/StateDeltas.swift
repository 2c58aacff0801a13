import ToolSupport

/// The page's per-step states, kept small: a full state (a keyframe, marked
/// `"key": 1`) at the first step and now and then, and between keyframes only
/// what changed since the step before — a changed member whole, or, for a list,
/// the edits that make it (`ListEdits`). The page rebuilds the state after step
/// i from the keyframe at or before it — navigation, not a fold: every member
/// was computed here.
///
/// A keyframe comes once at least `interval` steps and at least a full state's
/// bytes of changes have passed since the last one. So keyframes never take more
/// of the page than the changes do (a page is at most twice its changes and one
/// state), and rebuilding any state reads at most one keyframe and about a
/// keyframe's bytes of changes.
struct StateDeltas {
    static let interval = 64

    /// How many entries (steps) there are.
    private(set) var count = 0
    /// The entries' JSON so far, comma-separated.
    private var entries: [UInt8] = []
    /// Each member in the last entry.
    private var previous: [String: StateMember] = [:]
    /// The step of the last keyframe, and the bytes of changes written since.
    private var lastKeyframe = 0
    private var changedSince = 0

    /// Adds the state after the next step, given as its members in order.
    mutating func append(_ members: [(String, StateMember)]) {
        let whole = members.reduce(0) { $0 + $1.0.utf8.count + $1.1.size + 4 }
        let keyframe = count == 0 || (count - lastKeyframe >= Self.interval && changedSince >= whole)
        var out = ByteBuffer(capacity: 1024)
        if count > 0 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "{"))
        var first = true
        if keyframe {
            out.append("\"key\":1")
            first = false
        }
        var change = ByteBuffer(capacity: 256)
        for (name, member) in members {
            let before = previous[name]
            guard keyframe || before != member else { continue }
            previous[name] = member
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.appendString(name)
            out.append(UInt8(ascii: ":"))
            change.removeAll()
            if !keyframe, let before, before.ends != nil, member.ends != nil {
                ListEdits(from: before, to: member).write(member, into: &change)
            }
            if change.count > 0 && change.count < member.size {
                change.withBytes { out.append($0) }
            } else {
                member.write(into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
        if keyframe {
            lastKeyframe = count
            changedSince = 0
        } else {
            changedSince += out.count
        }
        out.withBytes { entries.append(contentsOf: $0) }
        count += 1
    }

    /// The entries as one JSON array.
    var json: PageValue { .raw("[" + String(decoding: entries, as: UTF8.self) + "]") }
}
