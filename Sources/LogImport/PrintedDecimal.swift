/// Plain decimal numbers as the canonical format and custom patterns print them.
enum PrintedDecimal {
    /// `-12.5`, `3`, `0.000001`, `1e-3`: digits with an optional sign, fraction and
    /// exponent. Nil for anything else, and for results that are not finite (`1e999`).
    static func read<S: StringProtocol>(_ text: S) -> Double? {
        // No one prints a time or an offset with more digits than this.
        guard text.utf8.count <= 64 else { return nil }
        var sawDigit = false
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        func next() -> Unicode.Scalar? { index < scalars.endIndex ? scalars[index] : nil }
        if next() == "-" || next() == "+" { index = scalars.index(after: index) }
        while let scalar = next(), scalar.isASCIIDigit { sawDigit = true; index = scalars.index(after: index) }
        if next() == "." {
            index = scalars.index(after: index)
            while let scalar = next(), scalar.isASCIIDigit { sawDigit = true; index = scalars.index(after: index) }
        }
        guard sawDigit else { return nil }
        if next() == "e" || next() == "E" {
            index = scalars.index(after: index)
            if next() == "-" || next() == "+" { index = scalars.index(after: index) }
            var exponentDigits = 0
            while let scalar = next(), scalar.isASCIIDigit { exponentDigits += 1; index = scalars.index(after: index) }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == scalars.endIndex, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
