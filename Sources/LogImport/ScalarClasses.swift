// Small helpers on scalars, arrays and strings shared by the line readers: ASCII
// classes written out by value (the readers must not depend on locale or on
// Foundation's character sets), and reads that cannot go out of bounds.

extension Unicode.Scalar {
    var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }
    var asciiDigitValue: Int? { isASCIIDigit ? Int(value - 0x30) : nil }
    var isASCIIUpper: Bool { value >= 0x41 && value <= 0x5A }
    var isASCIILower: Bool { value >= 0x61 && value <= 0x7A }
    var isASCIILetter: Bool { isASCIIUpper || isASCIILower }
    var isHexDigit: Bool { isASCIIDigit || (value >= 0x41 && value <= 0x46) || (value >= 0x61 && value <= 0x66) }
    /// A letter of any script: ASCII letters, Hangul, kana, accented Latin…
    var isLetter: Bool { isASCIILetter || (value > 0x7F && properties.isAlphabetic) }
    var isLetterOrDigit: Bool { isLetter || isASCIIDigit }
    /// A space or tab: what separates a prefix's columns.
    var isBlank: Bool { value == 0x20 || value == 0x09 }
    /// Any white space, line breaks included.
    var isSpace: Bool { properties.isWhitespace }
    /// The ASCII letter in lower case; other scalars unchanged.
    var asciiLowercased: Unicode.Scalar {
        isASCIIUpper ? Unicode.Scalar(UInt8(value + 0x20)) : self
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(ifPresent index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

extension String {
    /// A string made of `scalars[range]`, the range clamped to the array.
    init(_ scalars: [Unicode.Scalar], _ range: Range<Int>) {
        let lower = Swift.max(0, Swift.min(range.lowerBound, scalars.count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, scalars.count))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        self.init(view)
    }
}
