import TraceModel

/// `Wording`'s numbers and names, written straight into a sentence's bytes: the
/// ones most steps say (a frame's offset and rows, a pool's count, a response's
/// size), without a `String` made for each.
extension Sentence.Interpolation {
    /// "173.3 pt", as `Wording.points`.
    mutating func appendInterpolation(points value: Double) {
        bytes.appendPoints(value)
    }

    /// "916.7 ms", as `Wording.ms`.
    mutating func appendInterpolation(ms value: Double) {
        bytes.appendMilliseconds(value)
    }

    /// "1.5 MB", as `Wording.bytes`.
    mutating func appendInterpolation(size: Int) {
        bytes.appendSize(size)
    }

    /// "3 cells", "1 cell", as `Wording.count`.
    mutating func appendInterpolation(count: Int, _ singular: String, _ plural: String? = nil) {
        bytes.appendDecimal(count)
        bytes.append(0x20)
        if count == 1 {
            bytes.append(utf8: singular)
        } else if let plural {
            bytes.append(utf8: plural)
        } else {
            bytes.append(utf8: singular)
            bytes.append(UInt8(ascii: "s"))
        }
    }

    /// "rows 3–23", as `Wording.span`.
    mutating func appendInterpolation(span first: Int, _ last: Int, naming: RowNaming) {
        bytes.append(utf8: naming.span(first, last))
    }
}
