import ToolSupport

/// Runs `JSONParser` on one piece of a trace held in an `InputWindow` — a header
/// member, the `[` of the events — with the line, column and nesting a parser of
/// the whole file would have there, so its values and messages are exactly the
/// ones a parser of the whole file gives.
///
/// The piece's length is not known in advance: the parser is given what the
/// window holds, and run again with more whenever it stops at the end of what
/// it was given before the end of the input (it never decides anything from
/// bytes it has not reached).
enum FragmentParsing {
    /// What the parser did, where it stopped, and its place there.
    struct Parsed<Value> {
        var result: Result<Value, JSONSyntaxError>
        var end: Int
        var endPosition: SourcePosition
    }

    /// The bytes the window holds at least, at first.
    static let firstLength = 512

    /// Parses from `offset` (at `position`, inside `depth` containers) with `body`,
    /// keeping the window's bytes from `keep` on.
    static func parse<Value>(_ window: InputWindow, at offset: Int, position: SourcePosition, depth: Int, keeping keep: Int,
                             arrayLimit: (count: Int, reason: String)? = nil,
                             _ body: (inout JSONParser) throws(JSONSyntaxError) -> Value) throws(ReuseLabError) -> Parsed<Value> {
        var wanted = offset + firstLength
        while true {
            try window.fill(keeping: min(keep, offset), through: wanted)
            let base = window.start
            let (parsed, ranOut) = window.withBytes { text -> (Parsed<Value>, Bool) in
                var parser = JSONParser(text, at: offset - base, position: position, depth: depth)
                if let arrayLimit {
                    parser.arrayLimit = arrayLimit.count
                    parser.arrayLimitReason = arrayLimit.reason
                }
                let result = Result { () throws(JSONSyntaxError) in try body(&parser) }
                return (Parsed(result: result, end: base + parser.index, endPosition: parser.position), parser.isAtEnd)
            }
            if ranOut && !window.reachedEnd {
                wanted = window.end + max(firstLength, window.end - offset)
                continue
            }
            return parsed
        }
    }
}
