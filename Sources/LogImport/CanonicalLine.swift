/// The line ReuseLab's instrumentation snippet prints, read back exactly: one
/// line per lifecycle callback, from a table view or a collection view,
///
///     ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0
///     ReuseLab t=12.345678 kind=cellForItemAt section=0 item=19 cell=0x600003a0c000 offset=-47.0
///
/// so that a device's log imports without guessing (`InstrumentationSnippet`).
/// After the word `ReuseLab` come `key=value` tokens separated by spaces:
/// `kind` (a `LogLine.Callback` raw value, or a collection view's name for one:
/// `cellForItemAt`, `prefetchItemsAt`, `cancelPrefetchingForItemsAt`; required);
/// `t`, seconds; `section` (default 0) and `row` or `item` (or `row=nil`,
/// `item=nil`); `rows=S:R,S:R,…` or `items=S:I,…` for the prefetch calls; `cell`,
/// the cell's address; `offset`, the content offset in points. For `init`,
/// `prepareForReuse` and `deinit`, `row` or `item` is the one the cell last
/// showed. Keys it does not know are skipped, so a newer snippet can add some.
/// The line may carry an NSLog or os_log prefix; its `t=` wins over the prefix's
/// timestamp.
///
/// A line that names its call or its index path in a collection view's words
/// (an item kind, `item=`, `items=`) is a collection view's: its callback is the
/// table's counterpart and `namesItems` is set, as for any other item line.
///
/// A line that starts with `ReuseLab` but breaks these rules — no kind, an unknown
/// kind, a value that does not read, a row and an item in one line (`row=` with
/// `item=`, or `kind=cellForItemAt` with `row=`) — is `.other`: it is never
/// guessed at, since the snippet prints it exactly.
enum CanonicalLine {
    static let marker = "ReuseLab"

    /// Whether the message starts with the marker: a quick test on scalars before
    /// the message is made a string.
    static func mayBe(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        for scalar in marker.unicodeScalars {
            guard position < range.upperBound, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    /// Nil when the message is not a canonical line at all; otherwise the line
    /// (with `.other` content when malformed), keeping `base`'s number and seconds
    /// unless `t=` gives them.
    static func read(_ message: Substring, base: LogLine) -> LogLine? {
        guard message.hasPrefix(marker) else { return nil }
        let rest = message.dropFirst(marker.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var malformed = base
        malformed.content = .other

        var line = base
        var callback: LogLine.Callback?
        var kindNamesItems = false
        var section: Int?
        var place: Int?
        var list: [LogIndexPath]?
        var rowKeys = false
        var itemKeys = false
        for token in rest.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard let equals = token.firstIndex(of: "=") else { return malformed }
            let key = token[..<equals]
            let value = token[token.index(after: equals)...]
            switch key {
            case "kind":
                if let kind = LogLine.Callback(rawValue: String(value)) {
                    callback = kind
                    kindNamesItems = false
                } else if let kind = LogLine.itemCallbacks[String(value)] {
                    callback = kind
                    kindNamesItems = true
                } else {
                    return malformed
                }
            case "t":
                guard let seconds = PrintedDecimal.read(value) else { return malformed }
                line.seconds = seconds
            case "offset":
                guard let offset = PrintedDecimal.read(value) else { return malformed }
                line.offset = offset
            case "section":
                guard let number = wholeNumber(value) else { return malformed }
                section = number
            case "row", "item":
                if key == "row" { rowKeys = true } else { itemKeys = true }
                if value == "nil" {
                    line.rowIsNil = true
                    place = nil
                } else {
                    guard let number = wholeNumber(value) else { return malformed }
                    place = number
                    line.rowIsNil = false
                }
            case "rows", "items":
                if key == "rows" { rowKeys = true } else { itemKeys = true }
                guard let paths = indexPaths(value) else { return malformed }
                list = paths
            case "cell":
                guard let address = address(value) else { return malformed }
                line.address = address.isEmpty ? nil : address
            default:
                continue
            }
        }
        guard let callback else { return malformed }
        // A kind named in a table's words (`cellForRowAt`) says "row" as `row=` does;
        // `willDisplay`, `init` and the rest have one name in both lists.
        let kindNamesRows = !kindNamesItems && LogLine.itemCallbacks.values.contains(callback)
        let namesItems = kindNamesItems || itemKeys
        guard !(namesItems && (rowKeys || kindNamesRows)) else { return malformed }
        line.content = .callback(callback)
        line.namesItems = namesItems
        if let list {
            line.indexPaths = list
        } else if let place {
            line.indexPaths = [LogIndexPath(section: section ?? 0, row: place)]
        }
        return line
    }

    /// Digits only, at most 10^9.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(\.isASCIIDigit) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard significant.count <= 10 else { return nil }
        var value = 0
        for scalar in significant.unicodeScalars { value = value * 10 + (scalar.asciiDigitValue ?? 0) }
        return value <= MessageTokens.largestRow ? value : nil
    }

    /// A `rows=` or `items=` list, `0:19,0:20` (a bare `19` is section 0); empty when the list is.
    private static func indexPaths(_ text: Substring) -> [LogIndexPath]? {
        guard !text.isEmpty else { return [] }
        var paths: [LogIndexPath] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            switch parts.count {
            case 1:
                guard let row = wholeNumber(parts[0]) else { return nil }
                paths.append(LogIndexPath(row: row))
            case 2:
                guard let section = wholeNumber(parts[0]), let row = wholeNumber(parts[1]) else { return nil }
                paths.append(LogIndexPath(section: section, row: row))
            default:
                return nil
            }
        }
        return paths
    }

    /// `0x` and 1 to 16 hexadecimal digits, lower-cased; empty for `0x0` and `nil`.
    private static func address(_ text: Substring) -> String? {
        if text == "nil" { return "" }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("0x") else { return nil }
        let digits = lowered.unicodeScalars.dropFirst(2)
        guard (1...16).contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        return digits.allSatisfy { $0 == "0" } ? "" : lowered
    }
}
