/// A place where a file stops being JSON: what was expected there and what was found.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var position: SourcePosition
    public var message: String

    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}
