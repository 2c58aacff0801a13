extension Array where Element == UInt8 {
    /// Appends `text`'s UTF-8 bytes in one copy (appending a `String.UTF8View`
    /// goes byte by byte).
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    mutating func append(utf8 text: Substring) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        append(contentsOf: repeatElement(0x20, count: count))
    }
}
