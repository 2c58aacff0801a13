/// A log message cut into the pieces that the readers of callback names, index
/// paths and cell addresses look at.
///
/// One pass recognises everything that is printed as a unit — `[[0, 19], [0, 20]]`,
/// `<MyCell: 0x7fb8…; frame = (0 0; 375 44); …>`, `{length = 2, path = 0 - 19}`,
/// `0x7fb8c1d0a200`, `20:11:28.629` — so that no reader mistakes a part of one for
/// something else: the digits of an address or a frame are never a row. The pass is
/// linear in the message's length, whatever it holds.
struct MessageTokens {
    enum Kind: Equatable {
        /// A run of ASCII letters; its text is `scalars[start..<end]`.
        case word
        /// A run of letters of other scripts (Hangul, kana, accented Latin…).
        case foreignWord
        /// A whole number standing on its own; nil when above `largestRow`.
        case number(Int?)
        /// Digits that are no row: part of a time, date, decimal or version, glued to
        /// letters (`UITableViewCell2`, `44pt`), signed, or followed by `%`.
        case unusableNumber
        /// `0x7fb8c1d0a200`, lower-cased; never `0x0`.
        case address(String)
        /// `<ClassName: 0x…; …>` with the object's address (nil for `0x0`).
        case object(className: String, address: String?)
        /// `{length = 2, path = 0 - 19}`; nil when the path is not a section and a row.
        case indexPathDescription(LogIndexPath?)
        /// `[0, 19]`, `[[0, 19], [0, 20]]`, `[19, 20, 21]`, `[]`.
        case list([PrintedValue])
        /// Spaces and punctuation: anything else.
        case separator
    }

    struct Token {
        var kind: Kind
        var start: Int
        var end: Int
    }

    /// The largest number read as a row or section: beyond it a number is an id, a
    /// count of bytes or noise, and keeping rows small keeps all arithmetic on them safe.
    static let largestRow = 1_000_000_000

    let scalars: [Unicode.Scalar]
    private(set) var tokens: [Token] = []

    init(_ scalars: [Unicode.Scalar], _ range: Range<Int>) {
        self.scalars = scalars
        var lexer = MessageLexer(scalars: scalars, start: range.lowerBound, end: min(range.upperBound, scalars.count))
        tokens = lexer.run()
    }

    /// A word's text as printed.
    func text(of token: Token) -> String { String(scalars, token.start..<token.end) }

    /// A word's text, lower-cased.
    func lowercased(_ token: Token) -> String {
        String(lowercasing: scalars, token.start..<token.end)
    }
}

/// A value inside printed brackets: a number or a nested list.
indirect enum PrintedValue: Equatable {
    case number(Int?)
    case list([PrintedValue])
}
