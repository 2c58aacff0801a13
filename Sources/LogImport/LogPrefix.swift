/// What a console line carries before its message, and where the message starts.
///
/// `print` writes no prefix. NSLog and os_log, as Xcode's console shows them, write
/// a timestamp and `Process[pid:thread]`, newer ones with a zone and an optional
/// `[Category]`:
///
///     2016-10-04 08:11:12.668 App[94247:11189819] message
///     2021-09-02 20:11:28.629969+0900 App[67460:9088556] [Category] message
///
/// `log show` writes columns — timestamp, thread, type, activity, PID, TTL — and
/// then `Process: message`, sometimes with `(Sender)` and `[Subsystem:Category]`:
///
///     2021-09-02 20:11:28.629969+0900 0x8a1b2c   Default     0x0      67460  0    App: message
///
/// Its compact and syslog styles (`… Df App[67460:9088556] message`,
/// `… localhost App[67460]: message`) read as the NSLog form. A timestamp followed
/// by anything else (`print("\(Date()) …")`) is taken off alone. Column spacing may
/// be any run of spaces and tabs. A line that does not start like any of these has
/// no prefix, and its message is the whole line.
struct LogPrefix {
    /// Where the message starts in the line's scalars.
    var messageStart: Int
    /// The prefix's timestamp, in seconds since 2001-01-01 (see `LogTimestamp`).
    var seconds: Double?

    /// How far a process name may reach before its `[`: names are short, and a limit
    /// keeps a long line without a prefix from being searched to its end.
    private static let longestProcessName = 256

    static func read(_ scalars: [Unicode.Scalar]) -> LogPrefix {
        var cursor = ScalarCursor(scalars)
        cursor.skipSpaces()
        guard let seconds = LogTimestamp.read(&cursor) else { return LogPrefix(messageStart: 0, seconds: nil) }
        guard cursor.skipSpaces() > 0 || cursor.isAtEnd else { return LogPrefix(messageStart: 0, seconds: nil) }
        var rest = cursor
        if readLogShowColumns(&rest) || readProcess(&rest) {
            skipSenderAndCategory(&rest)
            return LogPrefix(messageStart: rest.position, seconds: seconds)
        }
        return LogPrefix(messageStart: cursor.position, seconds: seconds)
    }

    /// `0x8a1b2c   Default     0x0      67460  0    App: ` — thread, type (a word,
    /// sometimes missing), activity, PID, TTL, then the process name and a colon.
    private static func readLogShowColumns(_ cursor: inout ScalarCursor) -> Bool {
        var probe = cursor
        guard readHex(&probe), probe.skipSpaces() > 0 else { return false }
        var afterType = probe
        if readWord(&afterType), afterType.skipSpaces() > 0 { probe = afterType }
        guard readHex(&probe), probe.skipSpaces() > 0,
              probe.digits(max: 18) != nil, probe.skipSpaces() > 0,
              probe.digits(max: 18) != nil, probe.skipSpaces() > 0 else { return false }
        // The process name runs to the first colon followed by a space or the end.
        let start = probe.position
        while probe.position - start < longestProcessName, let scalar = probe.peek(), scalar != "\n" {
            if scalar == ":", probe.peek(1).map({ $0.isBlank }) ?? true {
                guard probe.position > start else { return false }
                probe.advance()
                probe.skipSpaces()
                cursor = probe
                return true
            }
            probe.advance()
        }
        return false
    }

    /// `App[67460:9088556] ` (NSLog) or `App[67460]: ` (syslog style). The name may
    /// hold spaces (`My App`, or the compact style's type `Df App`) but must touch its
    /// bracket; a bracket without a thread needs the colon after it, so that a bare
    /// timestamp followed by `willDisplay [3]` is not taken for a process.
    private static func readProcess(_ cursor: inout ScalarCursor) -> Bool {
        var probe = cursor
        let start = probe.position
        while probe.position - start < longestProcessName, let scalar = probe.peek(), scalar != "[", scalar != "]", scalar != "\n" {
            probe.advance()
        }
        guard probe.position > start, probe.peek() == "[",
              let last = probe.peek(-1), !last.isSpace else { return false }
        probe.advance()
        guard probe.digits(max: 18) != nil else { return false }
        let hasThread = probe.take(":")
        if hasThread { guard probe.skipHexDigits() > 0 else { return false } }
        guard probe.take("]") else { return false }
        let colon = probe.take(":")
        guard hasThread || colon else { return false }
        guard probe.skipSpaces() > 0 || probe.isAtEnd else { return false }
        cursor = probe
        return true
    }

    /// Takes off `(Sender)` and then `[Subsystem:Category]` (or `[Category]`) when
    /// more of the message follows: a `(snip)` or `[MyApp]` that is the whole message
    /// stays. A sender is one name starting with a letter; a category holds a letter,
    /// so `[0, 19]` and `[...]` are never taken.
    private static func skipSenderAndCategory(_ cursor: inout ScalarCursor) {
        skipEnclosed(&cursor, open: "(", close: ")", allowSpaces: false)
        skipEnclosed(&cursor, open: "[", close: "]", allowSpaces: true)
    }

    private static func skipEnclosed(_ cursor: inout ScalarCursor, open: Unicode.Scalar, close: Unicode.Scalar, allowSpaces: Bool) {
        var probe = cursor
        guard probe.take(open), probe.peek()?.isLetter == true else { return }
        let start = probe.position
        while probe.position - start < 128, let scalar = probe.peek(), scalar != close {
            if scalar == open || scalar == "\n" || (!allowSpaces && scalar.isSpace) { return }
            probe.advance()
        }
        guard probe.take(close), probe.skipSpaces() > 0, !probe.isAtEnd else { return }
        cursor = probe
    }

    private static func readHex(_ cursor: inout ScalarCursor) -> Bool {
        var probe = cursor
        guard probe.take("0"), probe.take("x") || probe.take("X"), probe.skipHexDigits() > 0 else { return false }
        cursor = probe
        return true
    }

    private static func readWord(_ cursor: inout ScalarCursor) -> Bool {
        let start = cursor.position
        while let scalar = cursor.peek(), scalar.isASCIILetter { cursor.advance() }
        return cursor.position > start
    }
}
