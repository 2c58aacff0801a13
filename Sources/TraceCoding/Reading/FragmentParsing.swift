import TraceModel
import ToolSupport

/// Runs `JSONParser` on one piece of a trace held in an `InputWindow` — a header
/// member, an event the fast decoder declined, a separator it could not read —
/// with the line, column and nesting the parser would have there if it were
/// reading the whole file, so its values and messages are exactly the ones a
/// parser of the whole file gives.
///
/// The piece's length is not known in advance: the parser is given half a
/// kilobyte (a few events' worth), and given twice as many and run again whenever it stops at the end
/// of what it was given before the end of the input (it never decides anything
/// from bytes it has not reached).
struct FragmentParsing {
    /// What the parser did, where it stopped, and its place there.
    struct Parsed<Value> {
        var result: Result<Value, JSONSyntaxError>
        var end: Int
        var endPosition: SourcePosition
    }

    /// The bytes given to the parser at first.
    static let firstLength = 512

    /// Parses from `offset` (at `position`, inside `depth` containers) with `body`,
    /// keeping the window's bytes from `keep` on.
    static func parse<Value>(_ window: InputWindow, at offset: Int, position: SourcePosition, depth: Int, keeping keep: Int,
                             arrayLimit: (count: Int, reason: String)? = nil,
                             _ body: (inout JSONParser) throws(JSONSyntaxError) -> Value) throws(ReuseLabError) -> Parsed<Value> {
        var length = firstLength
        while true {
            try window.fill(keeping: min(keep, offset), through: offset + length)
            let available = window.end - offset
            let taken = min(length, available)
            let reachesEnd = window.reachedEnd && taken == available
            var parser = JSONParser(fragment: window.copy(from: offset, to: offset + taken), startingAt: position, depth: depth)
            if let arrayLimit {
                parser.arrayLimit = arrayLimit.count
                parser.arrayLimitReason = arrayLimit.reason
            }
            let result: Result<Value, JSONSyntaxError>
            do throws(JSONSyntaxError) {
                result = .success(try body(&parser))
            } catch {
                result = .failure(error)
            }
            if parser.isAtEnd && !reachesEnd {
                length *= 2
                continue
            }
            return Parsed(result: result, end: offset + parser.index, endPosition: parser.position)
        }
    }
}
