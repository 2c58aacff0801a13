import TraceModel
import ToolSupport

/// The `events` array read element by element, straight from the window's
/// bytes: each event parsed into a tape and decoded by `TraceEvent.decode`, the
/// one decoder of events, and handed on with where it starts.
struct EventLoop {
    /// What is done with each event.
    enum Mode {
        /// Decoded under the header and handed on. With `keepingErrors`, the first
        /// error an event or the callback gives is kept (`kept`) and the rest only
        /// checked, as the whole document's syntax comes before any event's meaning.
        case decode(TraceHeader, keepingErrors: Bool)
        /// Only checked to be JSON.
        case check
    }

    var mode: Mode
    let file: String
    /// The error to throw once the rest of the document has been checked.
    var kept: ReuseLabError?
    /// Events read so far: the number of the next one.
    private(set) var index = 0
    private var first = true
    /// True when the reading stands at an element, not before a separator.
    private var atElement = false
    /// Where each event handed on starts, for a reader that reads events again later.
    var starts: EventStartNote?
    /// The one decoder of events, under the trace's header.
    private var decoder: EventDecoder

    /// No list in a trace event is long (rows lists are capped, a frame lists the
    /// cells on screen), so a huge one is refused as it is read.
    static let arrayLimit = (count: TraceEvent.maximumListedRows, reason: "no list in a trace event is that long")

    init(mode: Mode, file: String) {
        self.mode = mode
        self.file = file
        if case .decode(let header, _) = mode { decoder = EventDecoder(naming: header.rowNaming, code: header.code) } else { decoder = EventDecoder(naming: .single) }
    }

    /// A loop that starts at event `index` itself (its first byte, or the spaces
    /// before it), in the middle of an array already read whole once.
    init(resumingAt index: Int, header: TraceHeader, file: String) {
        self.init(mode: .decode(header, keepingErrors: false), file: file)
        self.index = index
        first = index == 0
        atElement = true
    }

    /// A syntax error inside the events array, naming the event it is in.
    static func syntaxError(_ error: JSONSyntaxError, file: String, index: Int) -> ReuseLabError {
        ReuseLabError(error.failureKind, file: file, location: InputLocation(position: error.position, path: "events[\(index)]", eventIndex: index),
                      error.explained)
    }

    /// How one stretch of reading ended.
    private enum Stop {
        /// The array's `]` was read.
        case end
        /// The window holds no more of what comes next: read on.
        case refill
    }

    /// Reads from just after the `[` to just after the `]`.
    mutating func run(_ reader: inout TraceStreamer, onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        var offset = reader.tracker.offset
        var wanted = offset + FragmentParsing.firstLength
        while true {
            try reader.window.fill(keeping: min(offset, reader.tracker.offset), through: wanted)
            let window = reader.window
            let before = offset
            let stop = try window.withBytes { (text: UnsafeBufferPointer<UInt8>) throws(ReuseLabError) -> Stop in
                try read(text, base: window.start, atInputEnd: window.reachedEnd, offset: &offset, tracker: &reader.tracker, onEvent: onEvent)
            }
            switch stop {
            case .end:
                return
            case .refill:
                // Nothing more could be read: the window grows to hold the piece whole.
                wanted = offset == before ? window.end + max(FragmentParsing.firstLength, window.end - offset) : offset + FragmentParsing.firstLength
            }
        }
    }

    /// Reads separators and events while the window holds them whole.
    private mutating func read(_ text: UnsafeBufferPointer<UInt8>, base: Int, atInputEnd: Bool, offset: inout Int,
                               tracker: inout PositionTracker,
                               onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Stop {
        /// True when a piece stopped at the end of the window with more of the input to come.
        func cutShort(_ parser: JSONParser) -> Bool { parser.isAtEnd && !atInputEnd }
        while true {
            if !atElement {
                var parser = JSONParser(text, at: offset - base, from: tracker.offset - base, position: tracker.position, depth: 2)
                let more: Bool
                do throws(JSONSyntaxError) {
                    more = try parser.nextElement(isFirst: first)
                } catch {
                    if cutShort(parser) { return .refill }
                    throw Self.syntaxError(error, file: file, index: index)
                }
                offset = base + parser.index
                guard more else {
                    tracker.advance(to: offset, in: text, base: base)
                    return .end
                }
                atElement = true
            }
            // The element starts after any spaces; its position is every event's place.
            var start = offset - base
            while start < text.count, text[start] == 0x20 || text[start] == 0x0A || text[start] == 0x0D || text[start] == 0x09 { start += 1 }
            if start == text.count && !atInputEnd { return .refill }
            tracker.advance(to: base + start, in: text, base: base)
            starts?.offset = base + start
            var parser = JSONParser(text, at: start, position: tracker.position, depth: 2)
            if case .decode(_, let keeping) = mode, kept == nil {
                parser.arrayLimit = Self.arrayLimit.count
                parser.arrayLimitReason = Self.arrayLimit.reason
                let context = EventContext(text: text, start: start, startPosition: tracker.position, index: index)
                let read = Result { () throws(JSONSyntaxError) in try decoder.read(&parser, context: context) }
                if cutShort(parser) { return .refill }
                let failure: ReuseLabError?
                switch read {
                case .success(let root):
                    failure = decode(root, context, onEvent: onEvent)
                case .failure(let error):
                    // A member named twice or a list too long is not syntax: the rest is
                    // checked first, as a reader of the text alone would.
                    parser = JSONParser(text, at: start, position: tracker.position, depth: 2)
                    do throws(JSONSyntaxError) { try parser.skipValue() } catch {
                        if cutShort(parser) { return .refill }
                        throw Self.syntaxError(error, file: file, index: index)
                    }
                    if cutShort(parser) { return .refill }
                    var wrapped = TraceReader.syntaxError(error, file: file)
                    wrapped.location.eventIndex = index
                    failure = wrapped
                }
                if let failure {
                    guard keeping, failure != TraceReader.stopReading else { throw failure }
                    kept = failure
                }
            } else {
                do throws(JSONSyntaxError) { try parser.skipValue() } catch {
                    if cutShort(parser) { return .refill }
                    throw Self.syntaxError(error, file: file, index: index)
                }
                if cutShort(parser) { return .refill }
            }
            offset = base + parser.index
            atElement = false
            first = false
            index += 1
        }
    }

    /// Decodes the event read and hands it on; the error either gives, if any.
    private mutating func decode(_ root: JSONParser.ValueToken, _ context: EventContext,
                                 onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) -> ReuseLabError? {
        do throws(ReuseLabError) {
            let event: TraceEvent
            do {
                event = try decoder.decode(root, context: context)
            } catch {
                throw error.inFile(file)
            }
            try onEvent(event, context.startPosition)
            return nil
        } catch {
            return error
        }
    }
}

/// The byte offset where the event being handed on starts: what
/// `TraceReader.events(from:)` needs to read it again.
final class EventStartNote {
    var offset = 0
}
