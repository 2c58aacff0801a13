import TraceModel
import ToolSupport

/// Reads a trace in one pass over its bytes: the header members, then each event
/// decoded straight from the bytes (`FastEventDecoder`) and handed on, while the
/// window behind it is let go — so memory stays bounded however long the trace.
///
/// It accepts and refuses exactly what the reader it replaces did, with the same
/// messages. That reader checked the whole document's syntax first, then decoded
/// the header, then the events one by one; so an error that reader would only
/// have met later — an event that does not decode, a callback's error — is kept
/// here while the rest of the document is still checked (an earlier error there
/// would win), and thrown at the end. Header members after the `events` array are
/// allowed: when the end of the file does not show that `events` comes last, or
/// the members before it do not make a header, the events are first only checked,
/// the rest of the header read, and the events read again from their start.
struct TraceStreamer {
    let window: InputWindow
    let file: String
    var tracker: PositionTracker
    /// The header members read so far, by name.
    var members: [String: JSONField] = [:]
    /// Where the top-level object starts (after any byte-order mark).
    let rootPosition = SourcePosition.start
    /// Told where each event handed on starts, when a reader wants to come back to it.
    var starts: EventStartNote?

    /// What the reader found about its own work, for tests: the window's largest size.
    struct Report {
        var largestWindow: Int
    }

    init(window: InputWindow, file: String) {
        self.window = window
        self.file = file
        tracker = PositionTracker(offset: 0, position: .start)
    }

    /// Reads the whole trace, calling `onHeader` once and then `onEvent` for each event in order.
    mutating func run(onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                      onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Report {
        try window.fill(keeping: 0, through: 65_536)
        try InputFile.checkLooksLikeText(window.copy(from: 0, to: min(window.end, 65_536)), file: file)
        // A UTF-8 byte-order mark is skipped, as the parser skips it, without moving the column.
        if window.copy(from: 0, to: min(window.end, 3)) == [0xEF, 0xBB, 0xBF] {
            tracker = PositionTracker(offset: 3, position: .start)
        }
        let open = try parse(depth: 0) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.beginObject() }
        try commit(open)

        guard let events = try readMembers(isFirst: true, eventsSeen: false) else {
            try expectEnd()
            _ = try decodeHeader()
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: rootPosition), "the trace has no \"events\" array")
        }
        if let header = try tentativeHeader(events) {
            try readOptimistically(events, header: header, onHeader: onHeader, onEvent: onEvent)
        } else {
            try readCarefully(events, onHeader: onHeader, onEvent: onEvent)
        }
        return Report(largestWindow: window.largestCapacity)
    }

    // MARK: The two ways through

    /// The usual trace: `events` last, the header before it. Events are decoded and
    /// handed on as they are read; what went wrong is thrown once the rest is checked.
    private mutating func readOptimistically(_ events: EventsMember, header: TraceHeader,
                                             onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                             onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        var kept: ReuseLabError?
        do { try onHeader(header) } catch { kept = error }
        var loop = EventLoop(mode: kept == nil ? .decode(header, keepingErrors: true) : .check, file: file)
        loop.kept = kept
        loop.starts = starts
        try openEvents(events)
        try loop.run(&self, onEvent: onEvent)
        let before = members.count
        if try readMembers(isFirst: false, eventsSeen: true) != nil { throw impossible }
        try expectEnd()
        if members.count != before {
            // Members after the events: the reader before this one decoded the header
            // from all of them. Where the file's end shows an array last, such a
            // header is always refused; should it not be, the events must have been
            // read under the same header.
            guard try decodeHeader() == header else { throw impossible }
        }
        if let error = loop.kept { throw error }
    }

    /// Any other trace: the events checked first, the header read whole, then the events read again.
    private mutating func readCarefully(_ events: EventsMember,
                                        onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                        onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try checkEventsArray(events)
        var check = EventLoop(mode: .check, file: file)
        try check.run(&self, onEvent: onEvent)
        if try readMembers(isFirst: false, eventsSeen: true) != nil { throw impossible }
        try expectEnd()
        let header = try decodeHeader()
        try onHeader(header)
        try window.rewind(to: events.valueOffset)
        tracker.jump(to: events.valueOffset, position: events.valuePosition)
        try openEvents(events)
        var loop = EventLoop(mode: .decode(header, keepingErrors: false), file: file)
        loop.starts = starts
        try loop.run(&self, onEvent: onEvent)
    }

    /// Reads events again from `start`, one that an earlier reading of the whole
    /// trace handed on, under its header, until `onEvent` throws or the array ends.
    /// Positions in errors count from that event, not from the top of the file.
    mutating func resume(at start: EventStart, header: TraceHeader,
                         onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try window.rewind(to: start.offset)
        tracker = PositionTracker(offset: start.offset, position: .start)
        var loop = EventLoop(resumingAt: start.index, header: header, file: file)
        try loop.run(&self, onEvent: onEvent)
    }

    /// Never thrown: each use marks a state the reading above cannot reach.
    private var impossible: ReuseLabError {
        ReuseLabError(.badInput, file: file, "the trace's header members after \"events\" could not be read in one pass")
    }

    // MARK: The header

    /// Where the `events` member is: its name's place, and its value's.
    struct EventsMember {
        var keyPosition: SourcePosition
        var valueOffset: Int
        var valuePosition: SourcePosition
    }

    /// Reads members up to `events` (returned) or the end of the object (nil),
    /// refusing a member named twice as the reader before this one did.
    private mutating func readMembers(isFirst: Bool, eventsSeen: Bool) throws(ReuseLabError) -> EventsMember? {
        var first = isFirst
        while true {
            let seen = members
            let read = try parse(depth: 1) { (parser: inout JSONParser) throws(JSONSyntaxError) -> MemberRead in
                guard let (key, keyPosition) = try parser.nextMemberKey(isFirst: first) else { return .end }
                if seen[key] != nil || (key == "events" && eventsSeen) { return .twice(key, keyPosition) }
                // Where its value starts is where this reading ends (`read.end`).
                if key == "events" { return .events(EventsMember(keyPosition: keyPosition, valueOffset: 0, valuePosition: .start)) }
                return .member(key, try parser.parseValue())
            }
            first = false
            switch read.result {
            case .failure(let error):
                throw TraceReader.syntaxError(error, file: file)
            case .success(.end):
                try commit(read)
                return nil
            case .success(.twice(let key, let keyPosition)):
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: keyPosition, path: VisibleText.shortened(key)),
                                    "the member \"\(VisibleText.shortened(key))\" appears twice")
            case .success(.events(var events)):
                events.valueOffset = read.end
                events.valuePosition = read.endPosition
                tracker.jump(to: events.valueOffset, position: events.valuePosition)
                return events
            case .success(.member(let key, let tape)):
                try commit(read)
                members[key] = JSONField(tape, path: VisibleText.shortened(key))
            }
        }
    }

    /// What one step of `readMembers` found.
    private enum MemberRead {
        case end
        case twice(String, SourcePosition)
        case events(EventsMember)
        case member(String, JSONTape)
    }

    private mutating func expectEnd() throws(ReuseLabError) {
        let end = try parse(depth: 0) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.expectEnd() }
        if case .failure(let error) = end.result { throw TraceReader.syntaxError(error, file: file) }
    }

    private func decodeHeader() throws(ReuseLabError) -> TraceHeader {
        do {
            return try TraceReader.decodeHeader(members, rootPosition: rootPosition)
        } catch {
            throw error.inFile(file)
        }
    }

    /// The header when it may be decoded before the events: `events` is an array,
    /// the members before it make a header, and the file ends as one ends whose
    /// last member is an array (`]`, then `}`).
    private mutating func tentativeHeader(_ events: EventsMember) throws(ReuseLabError) -> TraceHeader? {
        let open = try parse(depth: 1) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.beginArray() }
        guard case .success = open.result, endsWithArrayLast() else { return nil }
        return try? TraceReader.decodeHeader(members, rootPosition: rootPosition)
    }

    private func endsWithArrayLast() -> Bool {
        var tail = window.tail(4096)[...]
        func dropSpace() { while let last = tail.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { tail.removeLast() } }
        dropSpace()
        guard tail.popLast() == UInt8(ascii: "}") else { return false }
        dropSpace()
        return tail.last == UInt8(ascii: "]")
    }

    /// Consumes the `[` of the events array (known to be there).
    private mutating func openEvents(_ events: EventsMember) throws(ReuseLabError) {
        let open = try parse(depth: 1) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.beginArray() }
        if case .failure(let error) = open.result { throw TraceReader.syntaxError(error, file: file) }
        try commit(open)
    }

    /// The reader before this one's first look at `events`: an array is opened; anything
    /// else is stepped over (a syntax error in it names event 0) and refused.
    private mutating func checkEventsArray(_ events: EventsMember) throws(ReuseLabError) {
        let open = try parse(depth: 1) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.beginArray() }
        if case .success = open.result {
            try commit(open)
            return
        }
        let skipped = try parse(depth: 1) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.skipValue() }
        if case .failure(let error) = skipped.result { throw EventLoop.syntaxError(error, file: file, index: 0) }
        throw ReuseLabError(.badInput, file: file, location: InputLocation(position: events.keyPosition, path: "events"),
                            "\"events\" must be an array of event objects")
    }

    // MARK: Parsing pieces

    /// Runs the parser from where the reader stands.
    mutating func parse<Value>(depth: Int, arrayLimit: (count: Int, reason: String)? = nil,
                               _ body: (inout JSONParser) throws(JSONSyntaxError) -> Value) throws(ReuseLabError) -> FragmentParsing.Parsed<Value> {
        try FragmentParsing.parse(window, at: tracker.offset, position: tracker.position, depth: depth, keeping: tracker.offset,
                                  arrayLimit: arrayLimit, body)
    }

    /// Moves the reader to where a successful parse stopped.
    mutating func commit<Value>(_ parsed: FragmentParsing.Parsed<Value>) throws(ReuseLabError) {
        if case .failure(let error) = parsed.result { throw TraceReader.syntaxError(error, file: file) }
        tracker.jump(to: parsed.end, position: parsed.endPosition)
    }
}
