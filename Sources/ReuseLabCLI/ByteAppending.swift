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
        var left = count
        while left > 0 {
            let piece = Swift.min(left, spaceRun.count)
            spaceRun.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<piece])) }
            left -= piece
        }
    }
}

/// Spaces copied from whole, not appended one at a time.
private let spaceRun = [UInt8](repeating: 0x20, count: 128)
