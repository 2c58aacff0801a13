/// Reads one line of a console log — what people print from UIKit's callbacks in
/// Xcode — and says what it shows of a cell's lifecycle: which callback, the rows,
/// the cell's address, when.
///
/// Logs shared in blog posts, issues and answers are written by hand, in many
/// spellings and around other output, so the recogniser is a general one rather
/// than a list of known logs. In order, a line is:
///
/// 1. stripped of its NSLog / os_log / `log show` prefix, whose timestamp becomes
///    `seconds` (`LogPrefix`, `LogTimestamp`), and trimmed;
/// 2. tried against the custom patterns, in order; the first that matches decides
///    (`CustomPattern`);
/// 3. read as ReuseLab's own canonical line if it starts with `ReuseLab`
///    (`CanonicalLine`);
/// 4. a gap if it only marks an abridgement (`GapMarker`);
/// 5. `.other` if it is source code (`SourceCodeLine`) or names no callback
///    (`CallbackNames`), or names one only in passing (`PassingMention`);
/// 6. otherwise that callback, with the rows (`PrintedIndexPaths`) and cell address
///    (`PrintedAddresses`) it prints, and whether it names it in a collection
///    view's words (`cellForItemAt`, `forItemAt`: `LogLine.namesItems`);
/// 7. and, for a `cellForRowAt` line or a line that is no callback, whether it
///    says its cell is new or reused (`CellOrigin`): such a line of app output
///    becomes an `.origin` line.
///
/// It never fails: whatever the line holds — control characters, replacement
/// characters, megabytes — the answer is some `LogLine`, found in time linear in
/// the line's length (custom patterns aside, which run as the user wrote them).
/// A line longer than `longestLine` bytes is app output (a JSON or image dump:
/// no callback prints that much), and only its prefix is read.
public struct LineRecogniser: Sendable {
    private let patterns: [CustomPattern]

    /// 256 KiB: room for a prefetch list of some 25,000 index paths.
    static let longestLine = 262_144

    /// The runs of letters a line must hold to name a callback (group 0) or say
    /// whether a cell is new or reused (group 1).
    private static let roots = LetterRoots([CallbackNames.roots, CellOrigin.roots])

    public init(patterns: [CustomPattern] = []) {
        self.patterns = patterns
    }

    /// What `line` shows; `number` is its 1-based line number in the log.
    public func recognise(_ line: String, number: Int) -> LogLine {
        if line.utf8.count > Self.longestLine {
            let prefix = LogPrefix.read(Array(line.unicodeScalars.prefix(1024)))
            return LogLine(content: .other, seconds: prefix.seconds, lineNumber: number)
        }
        let scalars = [Unicode.Scalar](scalarsOf: line)
        let prefix = LogPrefix.read(scalars)
        let message = Self.trimmed(scalars, from: prefix.messageStart)
        let base = LogLine(content: .other, seconds: prefix.seconds, lineNumber: number)
        guard !message.isEmpty else { return base }

        if !patterns.isEmpty, let line = customMatch(String(scalars, message), base: base) { return line }
        if CanonicalLine.mayBe(scalars, message), let line = CanonicalLine.read(Substring(String(scalars, message)), base: base) {
            return line
        }
        if GapMarker.isGap(scalars, message) {
            var gap = base
            gap.content = .gap
            return gap
        }
        let found = Self.roots.found(in: scalars, message)
        let mayName = found & 1 != 0, mayState = found & 2 != 0
        guard mayName || mayState, !SourceCodeLine.looksLikeCode(scalars, message) else { return base }
        let tokens = MessageTokens(scalars, message)
        let line = mayName ? Self.callbackLine(tokens, base: base) : base
        return mayState ? Self.withOrigin(line, tokens) : line
    }

    /// A `cellForRowAt` line or a line of app output, with what it says of its
    /// cell's origin (`CellOrigin`); any other line as it is.
    private static func withOrigin(_ line: LogLine, _ tokens: MessageTokens) -> LogLine {
        var line = line
        switch line.content {
        case .callback(.cellForRowAt):
            if case .stated(let origin, _)? = CellOrigin.read(tokens) { line.origin = origin }
        case .other:
            switch CellOrigin.read(tokens) {
            case .stated(let origin, let row)?:
                line.content = .origin
                line.origin = origin
                line.indexPaths = row.map { [$0] } ?? []
            case .unreadable?:
                line.unreadableOrigin = true
            case nil:
                break
            }
        default:
            break
        }
        return line
    }

    /// The built-in reading of a message: a callback, or `.other`.
    private static func callbackLine(_ message: MessageTokens, base: LogLine) -> LogLine {
        let pieces = CallbackNames.pieces(of: message)
        let matches = CallbackNames.matches(in: pieces, of: message.scalars)
        guard let primary = CallbackNames.primary(matches) else { return base }
        let rows = PrintedIndexPaths.read(message, for: primary.callback, name: primary)
        if primary.needsRows, rows.indexPaths.isEmpty, !rows.printsList { return base }
        let address = PrintedAddresses.read(message)
        guard PassingMention.isCallbackLine(message, pieces: pieces, matches: matches, primary: primary,
                                            printsValues: !rows.indexPaths.isEmpty || rows.rowIsNil,
                                            printsAddress: address != nil) else { return base }
        var line = base
        line.content = .callback(primary.callback)
        line.indexPaths = rows.indexPaths
        line.rowIsNil = rows.rowIsNil
        line.address = address
        line.namesItems = primary.items || CallbackNames.namesACollectionView(pieces, of: message.scalars)
        // Only a call both lists share needs the words: cellForRowAt names its list itself.
        let shared = primary.callback == .willDisplay || primary.callback == .didEndDisplaying
        line.namesTableView = shared && !line.namesItems && CallbackNames.namesATableView(pieces, of: message.scalars)
        return line
    }

    /// The first custom pattern's reading of the message, if one matches.
    private func customMatch(_ message: String, base: LogLine) -> LogLine? {
        for pattern in patterns {
            guard let captures = pattern.match(message) else { continue }
            var line = base
            line.content = .callback(pattern.callback)
            line.namesItems = pattern.namesItems
            if let rowText = captures["row"] ?? captures["item"] {
                let scalars = Array(rowText.unicodeScalars)
                let rows = PrintedIndexPaths.read(MessageTokens(scalars, 0..<scalars.count), for: pattern.callback, name: nil)
                line.indexPaths = rows.indexPaths
                line.rowIsNil = rows.rowIsNil
                if let sectionText = captures["section"] {
                    let scalars = Array(sectionText.unicodeScalars)
                    let tokens = MessageTokens(scalars, 0..<scalars.count).tokens
                    if tokens.count == 1, case .number(let section?) = tokens[0].kind {
                        line.indexPaths = line.indexPaths.map { LogIndexPath(section: section, row: $0.row) }
                    }
                }
            }
            if let cellText = captures["cell"] {
                let scalars = Array(cellText.unicodeScalars)
                line.address = PrintedAddresses.read(MessageTokens(scalars, 0..<scalars.count))
            }
            if let time = captures["t"], let seconds = LogTimestamp.seconds(from: time) {
                line.seconds = seconds
            }
            return line
        }
        return nil
    }

    /// The range of `scalars` from `start` without white space at either end.
    private static func trimmed(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
        var lower = min(max(0, start), scalars.count)
        var upper = scalars.count
        while lower < upper, scalars[lower].isSpace { lower += 1 }
        while upper > lower, scalars[upper - 1].isSpace { upper -= 1 }
        return lower..<upper
    }
}
