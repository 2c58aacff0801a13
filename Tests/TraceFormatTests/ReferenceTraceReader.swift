@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The trace reader as it was before the one-pass streaming reader: a first pass
/// over the whole document (header members parsed, the events array stepped over),
/// then the header decoded, then a second pass decoding each event from a JSON
/// tree. Kept verbatim as the reference the new reader's results and messages are
/// compared with.
enum ReferenceTraceReader {
    static func read(bytes: [UInt8], file: String) throws(ReuseLabError) -> Trace {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try stream(bytes: bytes, file: file, onHeader: { header = $0 }, onEvent: { event, _ in events.append(event) })
        guard let header else {
            throw ReuseLabError(.badInput, file: file, "the trace has no header")
        }
        return Trace(header: header, events: events)
    }

    /// Reads the header, then calls `onEvent` for each event in order with the
    /// line and column where it starts. Errors thrown by the callbacks pass through.
    static func stream(bytes: [UInt8], file: String,
                              onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                              onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try InputFile.checkLooksLikeText(bytes, file: file)
        var parser = JSONParser(bytes: bytes)
        let (members, eventsMark, eventsPosition, rootPosition) = try headerMembers(&parser, file: file)

        let header: TraceHeader
        do {
            header = try TraceReader.decodeHeader(members, rootPosition: rootPosition)
        } catch {
            throw error.inFile(file)
        }
        guard let eventsMark else {
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: rootPosition),
                                "the trace has no \"events\" array")
        }
        try onHeader(header)

        // Second pass: the events, one at a time. No list in an event is long (rows
        // lists are capped, a frame lists the cells on screen), so a huge one is
        // refused as it is read, before it takes memory.
        parser.restore(eventsMark)
        parser.arrayLimit = TraceEvent.maximumListedRows
        parser.arrayLimitReason = "no list in a trace event is that long"
        var index = 0
        let naming = header.rowNaming
        do {
            do {
                try parser.beginArray()
            } catch {
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: eventsPosition, path: "events"),
                                    "\"events\" must be an array of event objects")
            }
            var first = true
            while try parser.nextElement(isFirst: first) {
                first = false
                let node = try parser.parseValue()
                let event: TraceEvent
                do {
                    event = try TraceEvent.decode(JSONField(node, path: "events[\(index)]", eventIndex: index), naming: naming)
                } catch {
                    throw error.inFile(file)
                }
                try onEvent(event, node.position)
                index += 1
            }
        } catch let error as JSONSyntaxError {
            var wrapped = TraceReader.syntaxError(error, file: file)
            wrapped.location.eventIndex = index
            throw wrapped
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
    }

    /// The first pass over a trace: the header members, parsed, and where the
    /// `events` array starts (stepped over, not parsed).
    static func headerMembers(_ parser: inout JSONParser, file: String) throws(ReuseLabError)
        -> (members: [String: JSONField], eventsMark: JSONParser.Mark?, eventsPosition: SourcePosition, rootPosition: SourcePosition) {
        var members: [String: JSONField] = [:]
        var eventsMark: JSONParser.Mark?
        var eventsPosition = SourcePosition.start
        let rootPosition = parser.position
        do {
            try parser.beginObject()
            var first = true
            while let (key, keyPosition) = try parser.nextMemberKey(isFirst: first) {
                first = false
                if members[key] != nil || (key == "events" && eventsMark != nil) {
                    throw ReuseLabError(.badInput, file: file, location: InputLocation(position: keyPosition, path: VisibleText.shortened(key)), "the member \"\(VisibleText.shortened(key))\" appears twice")
                }
                if key == "events" {
                    eventsMark = parser.mark
                    eventsPosition = keyPosition
                    try skipEvents(&parser, file: file, keyPosition: keyPosition)
                } else {
                    members[key] = JSONField(try parser.parseValue(), path: VisibleText.shortened(key))
                }
            }
            try parser.expectEnd()
        } catch let error as JSONSyntaxError {
            throw TraceReader.syntaxError(error, file: file)
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
        return (members, eventsMark, eventsPosition, rootPosition)
    }

    /// Steps over the `events` array one element at a time, so a syntax error in it
    /// names the event it is in.
    static func skipEvents(_ parser: inout JSONParser, file: String, keyPosition: SourcePosition) throws(ReuseLabError) {
        var index = 0
        do {
            let start = parser.mark
            do {
                try parser.beginArray()
            } catch {
                parser.restore(start)
                try parser.skipValue()
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: keyPosition, path: "events"),
                                    "\"events\" must be an array of event objects")
            }
            var first = true
            while try parser.nextElement(isFirst: first) {
                first = false
                try parser.skipValue()
                index += 1
            }
        } catch let error as JSONSyntaxError {
            throw ReuseLabError(error.failureKind, file: file, location: InputLocation(position: error.position, path: "events[\(index)]", eventIndex: index),
                                error.explained)
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
    }

}

/// The fold as it was, over the reference reader: what `validate` said before.
enum ReferenceFold {
    static func run<Folder: TraceFolder>(_ type: Folder.Type, bytes: [UInt8], file: String) throws(ReuseLabError) -> Folder {
        var folder: Folder?
        var index = 0
        try ReferenceTraceReader.stream(bytes: bytes, file: file, onHeader: { header in
            folder = Folder(header: header)
        }, onEvent: { event, position throws(ReuseLabError) in
            do throws(LifecycleViolation) {
                try folder?.apply(event)
            } catch {
                throw ReuseLabError(.badInput, file: file,
                                    location: InputLocation(position: position, path: "events[\(index)]", eventIndex: index),
                                    "\(event.kind.rawValue): \(error.message)")
            }
            index += 1
        })
        guard let folder else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        return folder
    }
}
