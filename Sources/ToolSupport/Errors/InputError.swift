/// What kind of failure a `ReuseLabError` is; each kind has its own exit status,
/// so scripts and graders can tell a typo on the command line from a broken file.
public enum FailureKind: Sendable, Equatable, CaseIterable {
    /// The command line itself is wrong (unknown option, missing argument).
    case usage
    /// A file exists but its contents are wrong: not JSON, wrong types, impossible lifecycle.
    case badInput
    /// A named file does not exist or cannot be read.
    case missingFile
    /// A file is too large to be read safely.
    case tooLarge
    /// A check the user asked for did not pass (for example a trace out of date).
    case checkFailed
    /// A file could not be written.
    case cannotWrite
    /// The user pressed Ctrl-C (a lesson stops in good order, keeping its answers).
    case interrupted
    /// An exercise's code did not compile, crashed or did not finish.
    case codeFailed

    /// What the exit status means, for the overview and the man page.
    public var summary: String {
        switch self {
        case .usage: return "usage error"
        case .badInput: return "bad input data"
        case .missingFile: return "missing or not a regular file"
        case .tooLarge: return "too large"
        case .checkFailed: return "a check failed"
        case .cannotWrite: return "cannot write output"
        case .interrupted: return "a lesson stopped with Ctrl-C"
        case .codeFailed: return "an exercise's code did not compile, crashed or did not finish"
        }
    }

    /// The process exit status for this kind of failure (documented in docs/commands.md).
    public var exitStatus: Int32 {
        switch self {
        case .usage: return 64        // EX_USAGE
        case .badInput: return 65     // EX_DATAERR
        case .missingFile: return 66  // EX_NOINPUT
        case .tooLarge: return 67
        case .checkFailed: return 1
        case .cannotWrite: return 73  // EX_CANTCREAT
        case .interrupted: return 130 // 128 + SIGINT, as shells report it
        case .codeFailed: return 2
        }
    }
}

/// Where in an input a problem is: a line and column, a JSON path, an event number —
/// whichever of them is known.
public struct InputLocation: Sendable, Equatable {
    public var position: SourcePosition?
    public var path: String?
    public var eventIndex: Int?

    public init(position: SourcePosition? = nil, path: String? = nil, eventIndex: Int? = nil) {
        self.position = position
        self.path = path
        self.eventIndex = eventIndex
    }
}

/// An error a user can act on: the file, the place in it, and what is wrong and
/// what was expected. Every failure reachable from input is one of these.
///
/// Its members live behind one immutable reference, so the error is one word
/// wide: a reader that keeps an optional error beside every list it reads, or
/// passes one through a typed `throws`, moves a pointer, not a hundred bytes.
public struct ReuseLabError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The members, never changed once made: a setter makes a new one.
    private final class Parts: Sendable {
        let kind: FailureKind
        let file: String?
        let location: InputLocation
        let message: String

        init(_ kind: FailureKind, _ file: String?, _ location: InputLocation, _ message: String) {
            self.kind = kind
            self.file = file
            self.location = location
            self.message = message
        }
    }

    private var parts: Parts

    public var kind: FailureKind {
        get { parts.kind }
        set { parts = Parts(newValue, parts.file, parts.location, parts.message) }
    }
    public var file: String? {
        get { parts.file }
        set { parts = Parts(parts.kind, newValue, parts.location, parts.message) }
    }
    public var location: InputLocation {
        get { parts.location }
        set { parts = Parts(parts.kind, parts.file, newValue, parts.message) }
    }
    public var message: String {
        get { parts.message }
        set { parts = Parts(parts.kind, parts.file, parts.location, newValue) }
    }

    public init(_ kind: FailureKind, file: String? = nil, location: InputLocation = InputLocation(), _ message: String) {
        parts = Parts(kind, file, location, message)
    }

    public static func == (a: ReuseLabError, b: ReuseLabError) -> Bool {
        a.parts === b.parts
            || (a.kind == b.kind && a.file == b.file && a.location == b.location && a.message == b.message)
    }

    /// `FILE:LINE:COLUMN: event 12 (at events[12]): message`, leaving out what is unknown.
    public var description: String {
        var prefix = ""
        if let file { prefix += file }
        if let position = location.position {
            prefix += (prefix.isEmpty ? "" : ":") + "\(position.line):\(position.column)"
        }
        var detail: [String] = []
        if let eventIndex = location.eventIndex { detail.append("event \(eventIndex)") }
        if let path = location.path, !path.isEmpty { detail.append("at \(path)") }
        var text = prefix.isEmpty ? "" : prefix + ": "
        if !detail.isEmpty { text += detail.joined(separator: ", ") + ": " }
        return text + message
    }

    /// The same error, naming the file it came from.
    public func inFile(_ name: String) -> ReuseLabError {
        var copy = self
        if copy.file == nil { copy.file = name }
        return copy
    }
}
