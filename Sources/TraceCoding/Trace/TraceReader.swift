import TraceModel
import ToolSupport

/// Reads a trace file: checks the header (format name and version first), then
/// hands over the events one at a time, each with its position in the file.
///
/// One reader for every command: `TraceStreamer` reads the file once, in chunks,
/// each event decoded straight from its bytes, so checking or summarising a large
/// trace needs neither the document nor its events in memory. Header members may
/// come in any order, and every error is the one the full JSON reader gives.
public enum TraceReader {
    /// Traces larger than this are refused (a recording of an hour of scrolling is far smaller).
    public static let maximumBytes = 512 << 20

    /// Thrown by an `onEvent` that has all it needs: the reading ends there. Any
    /// other error an event or `onEvent` gives is kept while the rest of the file
    /// is checked (a syntax error further on comes first, as in `validate`); this
    /// one is not an error in the trace, so the rest is not read at all. It never
    /// leaves the reader's caller.
    public static let stopReading = ReuseLabError(.checkFailed, "a reading stopped early: its reader has all it needs")

    /// Reads a whole trace into memory, the file read in chunks (standard input, `-`, at once).
    public static func read(path: String) throws(ReuseLabError) -> Trace {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try stream(path: path, onHeader: { header = $0 }, onEvent: { event, _ in events.append(event) })
        guard let header else {
            throw ReuseLabError(.badInput, file: InputFile.displayName(path), "the trace has no header")
        }
        return Trace(header: header, events: events)
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
    /// line and column where it starts. Errors thrown by the callbacks pass through,
    /// once the rest of the file has been checked: a syntax error anywhere, or a
    /// bad header member after the events, is reported first, as it always was —
    /// so the callbacks may have seen events of a file that is then refused.
    public static func stream(bytes: [UInt8], file: String,
                              onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                              onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        var streamer = TraceStreamer(window: InputWindow(bytes: bytes, name: file), file: file)
        _ = try streamer.run(onHeader: onHeader, onEvent: onEvent)
    }

    /// `stream` over the trace at `path` (standard input for `-`): a file is read
    /// in chunks, in memory bounded by its largest event, not by its length.
    ///
    /// `readingAhead`: a large file is decoded on a second thread while the caller
    /// works on its events (`ReadAhead`). Worth it where the caller's work is about
    /// as heavy as decoding (explaining every step); not for a bare fold, nor where
    /// the other core is busy already (a diff reads its two traces side by side).
    public static func stream(path: String, readingAhead: Bool = false,
                              onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                              onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        if readingAhead, path != "-", let size = InputFile.sizeHint(path), size >= ReadAhead.threshold {
            return try ReadAhead.stream(path: path, onHeader: onHeader, onEvent: onEvent)
        }
        _ = try streamReporting(path: path, onHeader: onHeader, onEvent: onEvent)
    }

    /// `stream(path:)`, saying how large its window grew; tests choose small chunks.
    static func streamReporting(path: String, chunkSize: Int = InputWindow.defaultChunkSize, capacity: Int = InputWindow.defaultCapacity,
                                onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> TraceStreamer.Report {
        var streamer = TraceStreamer(window: try window(path: path, chunkSize: chunkSize, capacity: capacity), file: InputFile.displayName(path))
        return try streamer.run(onHeader: onHeader, onEvent: onEvent)
    }

    /// The window a reading of `path` goes through: standard input (`-`) read
    /// into memory at once, a file in chunks.
    static func window(path: String, chunkSize: Int = InputWindow.defaultChunkSize,
                       capacity: Int = InputWindow.defaultCapacity) throws(ReuseLabError) -> InputWindow {
        guard path != "-" else { return InputWindow(bytes: try InputFile.read(path, limit: maximumBytes), name: InputFile.displayName(path)) }
        return try InputWindow(path: path, limit: maximumBytes, chunkSize: chunkSize, capacity: capacity)
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
        // The header comes first: a few MB of the file are enough, however long the trace.
        do { bytes = try InputFile.readPrefix(path, count: 4 << 20) } catch { return "cannot be read to check that it is a trace (\(error.message))" }
        // The header members before "events" are read one by one; reading stops at
        // the events, at the first syntax error or at the end, and what was read
        // decides. A trace cut short after its header still counts as a trace.
        let members = bytes.withUnsafeBufferPointer { text in
            var parser = JSONParser.document(text)
            var members: [String: JSONField] = [:]
            do throws(JSONSyntaxError) {
                try parser.beginObject()
                var first = true
                while let (key, _) = try parser.nextMemberKey(isFirst: first), key != "events" {
                    first = false
                    members[key] = JSONField(try parser.parseValue(), path: key)
                }
            } catch {
                // Whatever was read before the problem is all there is to go on.
            }
            return members
        }
        guard let format = members["format"], format.kind == .string, (try? format.string()) == TraceHeader.formatName else {
            return "is not a ReuseLab trace (its header has no \"format\": \"\(TraceHeader.formatName)\")"
        }
        guard let version = members["version"], version.kind == .number, (try? version.double()) == Double(TraceHeader.currentVersion) else {
            return "is not a ReuseLab trace this version writes (its \"version\" is not \(TraceHeader.currentVersion))"
        }
        return nil
    }

    static let headerMembers = ["format", "version", "title", "profile", "list", "columns", "scenario", "import", "code", "events"]

    static func decodeHeader(_ members: [String: JSONField], rootPosition: SourcePosition) throws(ReuseLabError) -> TraceHeader {
        let root = JSONField(JSONTape.emptyObject(at: rootPosition), path: "")
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
        let list = try decodeList(members, root: root)
        let profile: TableProfile
        if list.isCollection {
            if let profileField = members["profile"] {
                throw profileField.error("a collection view has no \"profile\" (profiles are table view behaviours); leave it out")
            }
            profile = .modern
        } else {
            guard let profileField = members["profile"] else {
                throw root.error("the trace has no \"profile\" member (expected \"modern\" or \"classic\"; a collection view's trace says \"list\": \"collection\" instead)")
            }
            profile = TableProfile(rawValue: try profileField.choice(TableProfile.allCases.map(\.rawValue))) ?? .modern
        }
        var scenario: Scenario?
        if let scenarioField = members["scenario"] {
            scenario = try Scenario.decode(JSONField(scenarioField, path: "scenario"))
            if let scenario, scenario.list != list {
                let said = scenario.list.isCollection ? "a collection view of \(scenario.list.columns) columns" : "a table view"
                throw (members["columns"] ?? members["list"] ?? scenarioField).error("the header's list does not match its scenario, which describes \(said)")
            }
            if let scenario, let profileField = members["profile"], scenario.profile != profile {
                throw profileField.error("\"profile\" is \"\(profile.rawValue)\" but the scenario says \"\(scenario.profile.rawValue)\"")
            }
        }
        let source = try members["import"].map { field throws(ReuseLabError) in try ImportSource.decode(JSONField(field, path: "import")) }
        let code = try members["code"].map { field throws(ReuseLabError) in try CarriedCode.decode(JSONField(field, path: "code")) }
        return TraceHeader(title: title, profile: profile, list: list, scenario: scenario, source: source, code: code)
    }

    /// `"list": "table"` (the default) or `"list": "collection"` with `"columns"`.
    static func decodeList(_ members: [String: JSONField], root: JSONField) throws(ReuseLabError) -> ListStyle {
        let name = try members["list"]?.choice(["table", "collection"]) ?? "table"
        guard name == "collection" else {
            if let columns = members["columns"] { throw columns.error("\"columns\" belongs to a collection view's trace (\"list\": \"collection\")") }
            return .table
        }
        guard let columnsField = members["columns"] else {
            throw (members["list"] ?? root).error("a collection view's trace says how many \"columns\" its grid has")
        }
        return .collection(columns: try columnsField.int(in: 1...CollectionSpec.maximumColumns))
    }
}
