/// Reads a trace file: checks the header (format name and version first), then
/// hands over the events one at a time, each with its position in the file.
///
/// The events are streamed, so checking or summarising a large trace does not
/// need the whole document in memory; header members may come in any order.
public enum TraceReader {
    /// Traces larger than this are refused (a recording of an hour of scrolling is far smaller).
    public static let maximumBytes = 512 << 20

    /// Reads a whole trace into memory.
    public static func read(path: String) throws(ReuseLabError) -> Trace {
        let bytes = try InputFile.read(path, limit: maximumBytes)
        return try read(bytes: bytes, file: InputFile.displayName(path))
    }

    public static func read(bytes: [UInt8], file: String) throws(ReuseLabError) -> Trace {
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
    public static func stream(bytes: [UInt8], file: String,
                              onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                              onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try InputFile.checkLooksLikeText(bytes, file: file)
        func syntax(_ error: JSONSyntaxError) -> ReuseLabError {
            ReuseLabError(.badInput, file: file, location: InputLocation(position: error.position), error.message + " (the file is not valid JSON)")
        }
        var parser = JSONParser(bytes: bytes)
        var members: [String: JSONField] = [:]
        var eventsMark: JSONParser.Mark?
        var eventsPosition = SourcePosition.start
        let rootPosition: SourcePosition
        // First pass: the header members; the events array is only stepped over.
        do {
            rootPosition = parser.position
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
            throw syntax(error)
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }

        let header: TraceHeader
        do {
            header = try decodeHeader(members, rootPosition: rootPosition)
        } catch {
            throw error.inFile(file)
        }
        guard let eventsMark else {
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: rootPosition),
                                "the trace has no \"events\" array")
        }
        try onHeader(header)

        // Second pass: the events, one at a time.
        parser.restore(eventsMark)
        var index = 0
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
                    event = try TraceEvent.decode(JSONField(node, path: "events[\(index)]", eventIndex: index))
                } catch {
                    throw error.inFile(file)
                }
                try onEvent(event, node.position)
                index += 1
            }
        } catch let error as JSONSyntaxError {
            var wrapped = syntax(error)
            wrapped.location.eventIndex = index
            throw wrapped
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
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
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: error.position, path: "events[\(index)]", eventIndex: index),
                                error.message + " (the file is not valid JSON)")
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
    }

    static let headerMembers = ["format", "version", "title", "profile", "scenario", "events"]

    static func decodeHeader(_ members: [String: JSONField], rootPosition: SourcePosition) throws(ReuseLabError) -> TraceHeader {
        let root = JSONField(JSONNode(.object(JSONObject()), at: rootPosition), path: "")
        guard let formatField = members["format"] else {
            throw root.error("this is not a ReuseLab trace: it has no \"format\" member (expected \"format\": \"\(TraceHeader.formatName)\")")
        }
        let format = try formatField.string()
        guard format == TraceHeader.formatName else {
            throw formatField.error("this is not a ReuseLab trace: \"format\" is \"\(VisibleText.shortened(format))\", expected \"\(TraceHeader.formatName)\"")
        }
        guard let versionField = members["version"] else {
            throw root.error("the trace has no \"version\" member (this reader knows version \(TraceHeader.currentVersion))")
        }
        let version = try versionField.int()
        guard version == TraceHeader.currentVersion else {
            throw versionField.error("trace format version \(version) is not known to this reuselab, which reads version \(TraceHeader.currentVersion)"
                                     + (version > TraceHeader.currentVersion ? "; it was written by a newer ReuseLab" : ""))
        }
        for key in members.keys.sorted() where !headerMembers.contains(key) {
            var message = "unknown header member \"\(VisibleText.shortened(key))\"; a trace has \(headerMembers.map { "\"\($0)\"" }.joined(separator: ", "))"
            if let guess = Suggestion.closest(to: key, among: headerMembers) { message = "unknown header member \"\(VisibleText.shortened(key))\" (did you mean \"\(guess)\"?)" }
            throw members[key].map { $0.error(message) } ?? root.error(message)
        }
        guard let titleField = members["title"] else { throw root.error("the trace has no \"title\" member") }
        let title = try titleField.string()
        guard let profileField = members["profile"] else {
            throw root.error("the trace has no \"profile\" member (expected \"modern\" or \"classic\")")
        }
        let profile = TableProfile(rawValue: try profileField.choice(TableProfile.allCases.map(\.rawValue))) ?? .modern
        var scenario: Scenario?
        if let scenarioField = members["scenario"] {
            scenario = try Scenario.decode(JSONField(scenarioField.node, path: "scenario"))
            if let scenario, scenario.profile != profile {
                throw profileField.error("\"profile\" is \"\(profile.rawValue)\" but the scenario says \"\(scenario.profile.rawValue)\"")
            }
        }
        return TraceHeader(title: title, profile: profile, scenario: scenario)
    }
}
