import TraceModel
import ToolSupport

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
    /// Each kind with its place in `EventKind.allCases` (the index of `required`).
    private let kindLookup: NameLookup<KindEntry>

    /// A kind found by name.
    struct KindEntry: Sendable {
        var kind: EventKind
        var index: Int
    }

    /// The names of a table view's trace.
    static let shared = EventNames(list: .table)
    /// The names of a collection view's trace: `cellForItemAt`, `item`, `items`, ….
    static let collection = EventNames(list: .collection(columns: 1))

    static func of(_ list: ListStyle) -> EventNames { list.isCollection ? collection : shared }

    /// A member keeps its table name's number in both lists (`item` is where `row`
    /// is), so the decoder reads either by the same numbers.
    private init(list: ListStyle) {
        var names = ["seq", "t", "kind"]
        for kind in EventKind.allCases {
            for name in TraceEvent.ownMemberNames(of: kind).map(list.member) where !names.contains(name) { names.append(name) }
        }
        names.append("inferred")
        members = names
        memberLookup = NameLookup(names.enumerated().map { ($0.element, $0.offset) })
        kindLookup = NameLookup(EventKind.allCases.enumerated().map { (list.name(of: $0.element), KindEntry(kind: $0.element, index: $0.offset)) })
        func bits(_ list: [String]) -> UInt64 {
            list.reduce(0) { mask, name in mask | (names.firstIndex(of: name).map { UInt64(1) << UInt64($0) } ?? 0) }
        }
        required = EventKind.allCases.map { bits(["seq", "t", "kind"] + TraceEvent.ownMemberNames(of: $0).map(list.member)) }
        inferredBit = bits(["inferred"])
    }

    /// The number of the member named by `bytes[start..<end]`, if it is one.
    func member(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        memberLookup.find(bytes, start, end)
    }

    func kind(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> KindEntry? {
        kindLookup.find(bytes, start, end)
    }

    /// The member's bit, for a name in `members`.
    func bit(_ name: String) -> UInt64 {
        members.firstIndex(of: name).map { UInt64(1) << UInt64($0) } ?? 0
    }
}

/// Finds a name given as bytes among a few dozen: by length, then by its first
/// eight bytes packed in one word, then (for a longer name) by the rest.
struct NameLookup<Value: Sendable>: Sendable {
    /// One name: its first eight bytes as a word, all its bytes, what it stands for.
    private struct Entry: Sendable {
        var head: UInt64
        var bytes: [UInt8]
        var value: Value
    }

    /// The entries, shortest names first; those of length `n` start at `firstOfLength[n]`.
    private let entries: [Entry]
    private let firstOfLength: [Int]

    init(_ list: [(String, Value)]) {
        let sorted = list.map { (Array($0.0.utf8), $0.1) }.sorted { $0.0.count < $1.0.count }
        entries = sorted.map { Entry(head: Self.head($0.0[...]), bytes: $0.0, value: $0.1) }
        let longest = sorted.last?.0.count ?? 0
        firstOfLength = (0...(longest + 1)).map { length in sorted.firstIndex { $0.0.count >= length } ?? sorted.count }
    }

    private static func head(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for (offset, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << UInt64(8 * offset) }
        return word
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Value? {
        let length = end - start
        guard length >= 0, length + 1 < firstOfLength.count else { return nil }
        var head: UInt64 = 0
        for offset in 0..<min(length, 8) { head |= UInt64(bytes[start + offset]) << UInt64(8 * offset) }
        candidates: for index in firstOfLength[length]..<firstOfLength[length + 1] where entries[index].head == head {
            for offset in 8..<max(8, length) where entries[index].bytes[offset] != bytes[start + offset] { continue candidates }
            return entries[index].value
        }
        return nil
    }
}
