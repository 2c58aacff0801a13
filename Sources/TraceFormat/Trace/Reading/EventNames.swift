/// The names the fast event decoder recognises, as bytes, each with a small
/// number: the members of every event kind (from `TraceEvent.ownMemberNames`,
/// the list the decoder checks against), the event kinds, and the words some
/// members choose from. Built once from the same lists the decoder uses, so the
/// two can never disagree about a name.
///
/// `section`, `previousSection` and `indexPaths` are left out on purpose: an event
/// naming a section goes to the full decoder, which knows the table's sections.
struct EventNames: Sendable {
    /// Member names; a member's number is its place here (at most 64).
    let members: [String]
    /// For each kind (by its place in `EventKind.allCases`), the members it must have.
    let required: [UInt64]
    /// The bit of the optional `inferred` member.
    let inferredBit: UInt64

    private let memberLookup: NameLookup<Int>
    private let kindLookup: NameLookup<EventKind>

    static let shared = EventNames()

    private init() {
        var names = ["seq", "t", "kind"]
        for kind in EventKind.allCases {
            for name in TraceEvent.ownMemberNames(of: kind) where !names.contains(name) { names.append(name) }
        }
        names.append("inferred")
        members = names
        memberLookup = NameLookup(names.enumerated().map { ($0.element, $0.offset) })
        kindLookup = NameLookup(EventKind.allCases.map { ($0.rawValue, $0) })
        func bits(_ list: [String]) -> UInt64 {
            list.reduce(0) { mask, name in mask | (names.firstIndex(of: name).map { UInt64(1) << UInt64($0) } ?? 0) }
        }
        required = EventKind.allCases.map { bits(["seq", "t", "kind"] + TraceEvent.ownMemberNames(of: $0)) }
        inferredBit = bits(["inferred"])
    }

    /// The number of the member named by `bytes[start..<end]`, if it is one.
    func member(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        memberLookup.find(bytes, start, end)
    }

    func kind(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> EventKind? {
        kindLookup.find(bytes, start, end)
    }

    /// The member's bit, for a name in `members`.
    func bit(_ name: String) -> UInt64 {
        members.firstIndex(of: name).map { UInt64(1) << UInt64($0) } ?? 0
    }

    /// The place of `kind` in `EventKind.allCases`.
    static let kindIndex: [EventKind: Int] = Dictionary(uniqueKeysWithValues: EventKind.allCases.enumerated().map { ($0.element, $0.offset) })
}

/// Finds a name given as bytes among a few dozen: by length, then byte by byte.
struct NameLookup<Value: Sendable>: Sendable {
    private var byLength: [[(bytes: [UInt8], value: Value)]] = []

    init(_ entries: [(String, Value)]) {
        for (name, value) in entries {
            let bytes = Array(name.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append((bytes, value))
        }
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Value? {
        let length = end - start
        guard length < byLength.count else { return nil }
        candidates: for candidate in byLength[length] {
            for offset in 0..<length where candidate.bytes[offset] != bytes[start + offset] { continue candidates }
            return candidate.value
        }
        return nil
    }
}
