import TraceModel
import ToolSupport

/// The `events` array read element by element: each separator and event read
/// from the window's bytes by `ByteCursor` and `FastEventDecoder`, and anything
/// they decline read by `JSONParser` and `TraceEvent.decode` from the same place —
/// so every error is the one the reader before this one gave, from the same code.
struct EventLoop {
    /// What is done with each event.
    enum Mode {
        /// Decoded under the header and handed on. With `keepingErrors`, the first
        /// error an event or the callback gives is kept (`kept`) and the rest only
        /// checked, as the whole document's syntax comes before any event's meaning.
        case decode(TraceHeader, keepingErrors: Bool)
        /// Only checked to be JSON, as the first pass of the reader before this one did.
        case check
    }

    var mode: Mode
    let file: String
    /// The error to throw once the rest of the document has been checked.
    var kept: ReuseLabError?
    /// Events read so far: the number of the next one.
    private(set) var index = 0
    private var first = true
    /// The offset of the next byte to read.
    private var offset = 0
    private var atElement = false
    private var decoder: FastEventDecoder
    /// Where each event handed on starts, for a reader that reads events again later.
    var starts: EventStartNote?

    /// No list in a trace event is long (rows lists are capped, a frame lists the
    /// cells on screen), so a huge one is refused as it is read.
    static let arrayLimit = (count: TraceEvent.maximumListedRows, reason: "no list in a trace event is that long")

    init(mode: Mode, file: String) {
        self.mode = mode
        self.file = file
        // A collection view's trace spells its members and kinds its own way.
        if case .decode(let header, _) = mode {
            decoder = FastEventDecoder(list: header.list)
        } else {
            decoder = FastEventDecoder()
        }
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

    /// Why the fast reading stopped.
    private enum Stop {
        case end, refill, separator, event, failed(ReuseLabError)
    }

    /// Reads from just after the `[` to just after the `]`.
    mutating func run(_ reader: inout TraceStreamer, onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        offset = reader.tracker.offset
        let window = reader.window
        while true {
            switch readFast(&reader, window: window, onEvent: onEvent) {
            case .end:
                return
            case .refill:
                try window.fill(keeping: reader.tracker.offset, through: window.end + 1)
            case .failed(let error):
                throw error
            case .separator:
                reader.tracker.advance(to: offset, window: window)
                let parsed = try reader.parse(depth: 2) { [first] (parser: inout JSONParser) throws(JSONSyntaxError) -> Bool in
                    try parser.nextElement(isFirst: first)
                }
                switch parsed.result {
                case .failure(let error): throw Self.syntaxError(error, file: file, index: index)
                case .success(let more):
                    reader.tracker.jump(to: parsed.end, position: parsed.endPosition)
                    offset = parsed.end
                    guard more else { return }
                    atElement = true
                }
            case .event:
                try readSlowly(&reader, onEvent: onEvent)
            }
        }
    }

    /// Reads separators and events while the fast readers take them and the window holds them.
    private mutating func readFast(_ reader: inout TraceStreamer, window: InputWindow,
                                   onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) -> Stop {
        let base = window.start
        let atInputEnd = window.reachedEnd
        return window.withBytes { bytes in
            while true {
                var cursor = ByteCursor(bytes, at: offset - base)
                if !atElement {
                    guard let byte = cursor.nextAfterSpace() else { return atInputEnd ? .separator : .refill }
                    if byte == UInt8(ascii: "]") {
                        offset = base + cursor.index + 1
                        reader.tracker.advance(to: offset, in: bytes, base: base)
                        return .end
                    }
                    if !first {
                        guard byte == UInt8(ascii: ",") else { return .separator }
                        cursor.skip()
                    }
                    offset = base + cursor.index
                    atElement = true
                }
                guard cursor.nextAfterSpace() != nil else { return atInputEnd ? .event : .refill }
                let start = base + cursor.index
                switch decoder.decode(bytes, at: cursor.index) {
                case .ranOut: return atInputEnd ? .event : .refill
                case .declined:
                    offset = start
                    return .event
                case .decoded(let event, let end):
                    reader.tracker.advance(to: start, in: bytes, base: base)
                    starts?.offset = start
                    if case .decode(_, let keeping) = mode, kept == nil {
                        do throws(ReuseLabError) {
                            try onEvent(event, reader.tracker.position)
                        } catch {
                            guard keeping, error != TraceReader.stopReading else { return .failed(error) }
                            kept = error
                        }
                    }
                    offset = base + end
                    atElement = false
                    first = false
                    index += 1
                }
            }
        }
    }

    /// Reads the event at `offset` with the parser, as the reader before this one
    /// did in its two passes: a syntax error (what its first pass, which only
    /// stepped over events, found) is thrown at once; a member named twice or a
    /// list too long (what only its second pass found), or an event that does not
    /// decode, waits while the rest is checked. The full parse comes first, since
    /// whatever it reads whole the step-over check reads whole too.
    private mutating func readSlowly(_ reader: inout TraceStreamer, onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        reader.tracker.advance(to: offset, window: reader.window)
        starts?.offset = offset
        let end: (offset: Int, position: SourcePosition)
        if case .decode(let header, let keeping) = mode, kept == nil {
            let parsed = try reader.parse(depth: 2, arrayLimit: Self.arrayLimit) { (parser: inout JSONParser) throws(JSONSyntaxError) in
                try parser.parseValue()
            }
            let failure: ReuseLabError?
            switch parsed.result {
            case .success(let node):
                end = (parsed.end, parsed.endPosition)
                failure = decode(node, header: header, onEvent: onEvent)
            case .failure(let error):
                end = try check(&reader)
                var wrapped = TraceReader.syntaxError(error, file: file)
                wrapped.location.eventIndex = index
                failure = wrapped
            }
            if let failure {
                guard keeping, failure != TraceReader.stopReading else { throw failure }
                kept = failure
            }
        } else {
            end = try check(&reader)
        }
        reader.tracker.jump(to: end.offset, position: end.position)
        offset = end.offset
        atElement = false
        first = false
        index += 1
    }

    /// Steps over the event as JSON, throwing a syntax error in it; where it ends.
    private func check(_ reader: inout TraceStreamer) throws(ReuseLabError) -> (offset: Int, position: SourcePosition) {
        let skipped = try reader.parse(depth: 2) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.skipValue() }
        if case .failure(let error) = skipped.result { throw Self.syntaxError(error, file: file, index: index) }
        return (skipped.end, skipped.endPosition)
    }

    /// Decodes the parsed event and hands it on; the error either gives, if any.
    private func decode(_ node: JSONNode, header: TraceHeader, onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) -> ReuseLabError? {
        do throws(ReuseLabError) {
            let event: TraceEvent
            do {
                event = try TraceEvent.decode(JSONField(node, path: "events[\(index)]", eventIndex: index), naming: header.rowNaming)
            } catch {
                throw error.inFile(file)
            }
            try onEvent(event, node.position)
            return nil
        } catch {
            return error
        }
    }
}

/// The byte offset where the event being handed on starts (or the spaces before
/// it): what `TraceReader.events(from:)` needs to read it again.
final class EventStartNote {
    var offset = 0
}
