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
        var parser = JSONParser(bytes: bytes)
        let (members, eventsMark, eventsPosition, rootPosition) = try headerMembers(&parser, file: file)

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
            var wrapped = syntaxError(error, file: file)
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
            throw syntaxError(error, file: file)
        } catch let error as ReuseLabError {
            throw error
        } catch {
            throw ReuseLabError(.badInput, file: file, "\(error)")
        }
        return (members, eventsMark, eventsPosition, rootPosition)
    }

    /// A JSON syntax error (or a reader's limit) as an error naming the file and place.
    static func syntaxError(_ error: JSONSyntaxError, file: String) -> ReuseLabError {
        ReuseLabError(error.failureKind, file: file, location: InputLocation(position: error.position), error.explained)
    }

    /// Whether the file at `path` is a ReuseLab trace, decided by reading its header
    /// as a trace header (a JSON object whose `format` is `"reuselab-trace"`, in a
    /// version this reader knows) — never by looking for the words in its text.
    /// Returns nil when it is, or why it is not ("its text is not JSON").
    public static func whyNotATrace(path: String) -> String? {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maximumBytes) } catch { return "cannot be read to check that it is a trace (\(error.message))" }
        // The header members before "events" are read one by one; reading stops at
        // the events, at the first syntax error or at the end, and what was read
        // decides. A trace cut short after its header still counts as a trace.
        var parser = JSONParser(bytes: bytes)
        var members: [String: JSONField] = [:]
        do {
            try parser.beginObject()
            var first = true
            while let (key, _) = try parser.nextMemberKey(isFirst: first), key != "events" {
                first = false
                members[key] = JSONField(try parser.parseValue(), path: key)
            }
        } catch {
            // Whatever was read before the problem is all there is to go on.
        }
        guard case .string(let format)? = members["format"]?.node.value, format == TraceHeader.formatName else {
            return "is not a ReuseLab trace (its header has no \"format\": \"\(TraceHeader.formatName)\")"
        }
        guard case .number(let version)? = members["version"]?.node.value, version == Double(TraceHeader.currentVersion) else {
            return "is not a ReuseLab trace this version writes (its \"version\" is not \(TraceHeader.currentVersion))"
        }
        return nil
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

    static let headerMembers = ["format", "version", "title", "profile", "scenario", "import", "events"]

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
        let source = try members["import"].map { field throws(ReuseLabError) in try ImportSource.decode(JSONField(field.node, path: "import")) }
        return TraceHeader(title: title, profile: profile, scenario: scenario, source: source)
    }
}
