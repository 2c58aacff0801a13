import TraceModel
import ToolSupport

/// The members an event may have, in either list's spelling: what the reader
/// recognises a key as, so that finding a member compares small numbers.
enum EventMember: Int, CaseIterable, Sendable {
    case seq, t, kind, cell, identifier, previousRow, previousItem, previousSection, row, item, rows, items, section, indexPaths
    case inferred, offset, willDecelerate, position, animated, frame, cells, text, request, image, cause, sync
    case firstRow, count, bytes, fromCache, reason, layer, ms, missedFrames
    case line, file, toRow, sections
    case height, estimated, contentHeight, offsetChange

    /// The member as a trace spells it.
    var text: String { String(describing: self) }

    /// The member a key's text names, or nil.
    static func named(_ key: UnsafeBufferPointer<UInt8>) -> EventMember? {
        names.number(of: key).flatMap { EventMember(rawValue: $0) }
    }

    static func named(_ key: String) -> EventMember? {
        var key = key
        return key.withUTF8 { named($0) }
    }

    private static let names = WordTable(allCases.map(\.text))
}

/// Words looked up by their bytes: each word's number (its place in the list
/// given). A word's first eight bytes, packed into an integer, choose its slot
/// in a table; the rest are compared only when those match.
struct WordTable: Sendable {
    /// A slot: a word's packed first bytes, its length (-1: a free slot), where
    /// its bytes after the eighth start in `rest`, and its number.
    private struct Word: Sendable {
        var packed: UInt64 = 0
        var count = -1
        var restStart = 0
        var number = 0
    }

    private let slots: [Word]
    private let rest: [UInt8]
    private static let slotBits = 9

    init(_ words: [String]) {
        var slots = [Word](repeating: Word(), count: 1 << Self.slotBits)
        var rest: [UInt8] = []
        for (number, word) in words.enumerated() {
            let utf8 = Array(word.utf8)
            let packed = utf8.withUnsafeBufferPointer { Self.pack($0) }
            var slot = Self.slot(packed, utf8.count)
            while slots[slot].count >= 0 { slot = (slot + 1) & ((1 << Self.slotBits) - 1) }
            slots[slot] = Word(packed: packed, count: utf8.count, restStart: rest.count, number: number)
            rest += utf8.dropFirst(8)
        }
        self.slots = slots
        self.rest = rest
    }

    /// The first eight bytes (or fewer) as one integer.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if bytes.count >= 8, let base = bytes.baseAddress {
            return UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        }
        var packed: UInt64 = 0
        for at in 0..<min(8, bytes.count) { packed |= UInt64(bytes[at]) << UInt64(at &* 8) }
        return packed
    }

    private static func slot(_ packed: UInt64, _ count: Int) -> Int {
        Int(truncatingIfNeeded: ((packed ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
    }

    /// The number of the word `bytes` spells, or nil.
    func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let packed = Self.pack(bytes)
        var slot = Self.slot(packed, bytes.count)
        while slots[slot].count >= 0 {
            let word = slots[slot]
            if word.packed == packed && word.count == bytes.count {
                guard word.count > 8 else { return word.number }
                var same = true
                for at in 8..<word.count where rest[word.restStart + at - 8] != bytes[at] { same = false; break }
                if same { return word.number }
            }
            slot = (slot + 1) & ((1 << Self.slotBits) - 1)
        }
        return nil
    }
}

/// A set of `EventMember`s, and their spellings in order, for a message.
struct EventMemberSet: Sendable {
    let mask: UInt64
    let spellings: [String]

    init(_ spellings: [String]) {
        self.spellings = spellings
        mask = spellings.reduce(0) { mask, spelling in
            EventMember.named(spelling).map { mask | (1 << UInt64($0.rawValue)) } ?? mask
        }
    }

    func contains(_ member: EventMember?) -> Bool {
        guard let member else { return false }
        return mask & (1 << UInt64(member.rawValue)) != 0
    }
}

/// Where an event lies: the bytes it is read from, where it starts, and its
/// number. Positions in messages are counted from the event's start.
struct EventContext {
    let text: UnsafeBufferPointer<UInt8>
    let start: Int
    let startPosition: SourcePosition
    let index: Int

    func position(at offset: Int) -> SourcePosition {
        JSONParser(text, at: offset, from: start, position: startPosition, depth: 0).position
    }

    func string(start: Int, end: Int, escaped: Bool) -> String {
        let token = JSONParser.StringToken(start: start, end: end, escaped: escaped)
        guard escaped else { return String(decoding: JSONParser(text, at: start).text(of: token), as: UTF8.self) }
        return JSONParser(text, at: start).decode(token)
    }
}

/// Where a value is in its event: up to three steps from the event (`cells`,
/// `[2]`, `row`), spelled into a path only for a message. A member step is
/// the offset of its key.
struct EventPlace {
    /// Each step: the offset of a member's key, or an element's index.
    private var first: Int32 = 0, second: Int32 = 0, third: Int32 = 0
    /// How many steps there are, and which of them are elements (bit 0 for the first).
    private var count: UInt8 = 0, elements: UInt8 = 0

    func member(keyAt offset: Int) -> EventPlace { adding(Int32(truncatingIfNeeded: offset), element: false) }
    func element(_ index: Int) -> EventPlace { adding(Int32(truncatingIfNeeded: index), element: true) }

    private func adding(_ step: Int32, element: Bool) -> EventPlace {
        var place = self
        switch count {
        case 0: place.first = step
        case 1: place.second = step
        default: place.third = step
        }
        if element { place.elements |= 1 << min(count, 2) }
        place.count = min(count + 1, 3)
        return place
    }

    func path(_ context: EventContext) -> String {
        var path = "events[\(context.index)]"
        for (number, step) in [first, second, third].prefix(Int(count)).enumerated() {
            if elements & (1 << number) != 0 {
                path += "[\(step)]"
            } else {
                // A key read once reads again: its text, with control characters visible.
                var parser = JSONParser(context.text, at: Int(step))
                let key = (try? parser.readMemberKey(isFirst: true)).flatMap { $0 }
                path += "." + VisibleText.shortened(key.map { parser.decode($0) } ?? "")
            }
        }
        return path
    }
}

/// One value of an event, read through `JSONValueReading`.
struct EventValue: JSONValueReading {
    let context: EventContext
    let token: JSONParser.ValueToken
    let place: EventPlace

    var kind: JSONKind { token.kind }
    var numberValue: Double { token.number }
    var stringValue: String { context.string(start: token.start, end: token.end, escaped: token.escaped) }
    var path: String { place.path(context) }
    var position: SourcePosition { context.position(at: token.start) }
    var eventIndex: Int? { context.index }
}

/// A member of an event object as read: where its key is, what it names, its value.
struct EventMemberRead {
    let keyStart: Int
    let keyEnd: Int
    let keyEscaped: Bool
    let name: EventMember?
    let value: JSONParser.ValueToken
}

/// An event object and its members.
struct EventObject {
    let value: EventValue
    let members: [EventMemberRead]
    /// Where in `members` each `EventMember` is (by its raw value), or -1.
    let memberAt: [Int]

    /// The member `name`, unless it is missing or null.
    func optional(_ name: EventMember) -> EventValue? {
        let at = memberAt[name.rawValue]
        guard at >= 0 else { return nil }
        let member = members[at]
        guard member.value.kind != .null else { return nil }
        return EventValue(context: value.context, token: member.value, place: value.place.member(keyAt: member.keyStart))
    }

    /// The member `name` (spelled `spelling` in messages, when the list spells it so).
    /// `what` is worded only when the member is missing.
    func required(_ name: EventMember, _ spelling: @autoclosure () -> String? = nil,
                  _ what: @autoclosure () -> String = "") throws(ReuseLabError) -> EventValue {
        guard let member = optional(name) else {
            throw value.error(EventValue.missingMember(spelling() ?? name.text, what(), objectPath: value.path))
        }
        return member
    }

    /// Fails on a member not in `allowed`, as `JSONFieldObject.rejectUnknown` does.
    func rejectUnknown(allowed: EventMemberSet) throws(ReuseLabError) {
        for member in members where !allowed.contains(member.name) {
            let name = value.context.string(start: member.keyStart, end: member.keyEnd, escaped: member.keyEscaped)
            throw UnknownMember.error(name, objectPath: value.path, allowed: allowed.spellings,
                                      position: value.context.position(at: member.keyStart), eventIndex: value.context.index)
        }
    }
}
