import TraceModel
import ToolSupport

/// A place where a file stops being JSON: what was expected there and what was found.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var position: SourcePosition
    public var message: String

    /// True when the text is valid JSON but goes past one of the reader's limits
    /// (an array too long to be a ReuseLab list).
    public var isLimit = false

    public init(_ message: String, at position: SourcePosition, isLimit: Bool = false) {
        self.message = message
        self.position = position
        self.isLimit = isLimit
    }

    /// The message for a file's reader: a syntax error says the file is not JSON.
    public var explained: String { isLimit ? message : message + " (the file is not valid JSON)" }
    /// The failure kind: a limit is `tooLarge`, anything else `badInput`.
    public var failureKind: FailureKind { isLimit ? .tooLarge : .badInput }
}
