/// A list that only grows, stored in chunks of 256 elements, so that copying it
/// (a `ReplayState` kept as a checkpoint) copies one reference per chunk rather
/// than every element, and changing an element afterwards copies only its chunk.
///
/// `ReplayState` keeps every cell and every request a trace ever made; kept in
/// plain arrays, a checkpoint every few hundred events copied them whole, which
/// made stepping through a long trace quadratic in time and memory.
public struct ChunkedList<Element: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline static var shift: Int { 8 }
    @usableFromInline static var mask: Int { (1 << shift) - 1 }

    @usableFromInline var chunks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    // Inlinable: read on every event by the modules above, it must not go through generic metadata.
    @inlinable public subscript(position: Int) -> Element {
        // Read and changed in place: one field of a cell or a request is read or set
        // without copying the whole element (and retaining what it holds) each event.
        _read { yield chunks[position >> Self.shift][position & Self.mask] }
        _modify { yield &chunks[position >> Self.shift][position & Self.mask] }
    }

    public mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(1 << Self.shift)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedList: Equatable where Element: Equatable {
    public static func == (a: ChunkedList, b: ChunkedList) -> Bool { a.elementsEqual(b) }
}
