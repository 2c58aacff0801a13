import ToolSupport

/// One member of a page State as JSON. A list member keeps its elements
/// apart, so that `StateDeltas` can send only the elements that changed
/// (`ListEdits`): a screen of a thousand rows where one cell changes costs
/// one row on the page, not a thousand.
struct StateMember: Equatable {
    /// The JSON; for a list, its elements joined by commas, without the brackets.
    let bytes: [UInt8]
    /// For a list, where each element ends in `bytes`; nil for any other value.
    let ends: [Int]?

    init(value bytes: [UInt8]) {
        self.bytes = bytes
        ends = nil
    }

    init(elements bytes: [UInt8], ends: [Int]) {
        self.bytes = bytes
        self.ends = ends
    }

    /// How many bytes the member's JSON takes.
    var size: Int { ends == nil ? bytes.count : bytes.count + 2 }

    /// Appends the member's JSON, whole.
    func write(into out: inout ByteBuffer) {
        if ends != nil { out.append(UInt8(ascii: "[")) }
        bytes.withUnsafeBytes { out.append($0) }
        if ends != nil { out.append(UInt8(ascii: "]")) }
    }

    /// How many elements a list has (0 for a value).
    var count: Int { ends?.count ?? 0 }

    /// Where element `index` of a list lies in `bytes`.
    func range(of index: Int) -> Range<Int> {
        guard let ends else { return 0..<0 }
        // Elements after the first start past the comma that separates them.
        return (index == 0 ? 0 : ends[index - 1] + 1)..<ends[index]
    }

    /// Whether element `index` of this list is element `other` of `list`, byte for byte.
    func element(_ index: Int, equals other: Int, of list: StateMember) -> Bool {
        let mine = range(of: index), theirs = list.range(of: other)
        guard mine.count == theirs.count else { return false }
        return bytes[mine].elementsEqual(list.bytes[theirs])
    }
}
