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
    /// Any white space, line breaks included. ASCII's (tab to carriage return, and
    /// space) are told by value: asking the Unicode tables was a tenth of an import.
    var isSpace: Bool { value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D) : properties.isWhitespace }
    /// The ASCII letter in lower case; other scalars unchanged.
    var asciiLowercased: Unicode.Scalar {
        isASCIIUpper ? Unicode.Scalar(UInt8(value + 0x20)) : self
    }
}

extension Array where Element == Unicode.Scalar {
    /// The scalars of `text`, decoded in one pass into room made once (`Array(text.unicodeScalars)`
    /// counts them first, decoding twice, and every line of a log is read so).
    init(scalarsOf text: String) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { scalars.append(scalar) }
        self = scalars
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(ifPresent index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

extension String {
    /// `scalars[range]` with its ASCII letters lower-cased (other scalars as they
    /// are), the range clamped to the array. Words, names and addresses are ASCII,
    /// and are written as bytes straight into the string, which a short one holds
    /// without an allocation.
    init(lowercasing scalars: [Unicode.Scalar], _ range: Range<Int>) {
        let lower = Swift.max(0, Swift.min(range.lowerBound, scalars.count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, scalars.count))
        guard scalars[lower..<upper].allSatisfy({ $0.value < 0x80 }) else {
            var view = String.UnicodeScalarView()
            for index in lower..<upper { view.append(scalars[index].asciiLowercased) }
            self.init(view)
            return
        }
        self.init(unsafeUninitializedCapacity: upper - lower) { buffer in
            var count = 0
            for index in lower..<upper {
                buffer[count] = UInt8(truncatingIfNeeded: scalars[index].asciiLowercased.value)
                count += 1
            }
            return count
        }
    }

    /// A string made of `scalars[range]`, the range clamped to the array.
    init(_ scalars: [Unicode.Scalar], _ range: Range<Int>) {
        let lower = Swift.max(0, Swift.min(range.lowerBound, scalars.count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, scalars.count))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        self.init(view)
    }
}
