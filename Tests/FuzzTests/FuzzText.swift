/// Small text helpers for the fuzzer: lines of a byte buffer, and printable forms of
/// hostile text for failure messages (which must not drive the terminal themselves).
enum FuzzText {
    /// The lines of `bytes`, without their line feeds.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    /// Lines joined with line feeds.
    static func join(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(0x0A) }
            out.append(contentsOf: line)
        }
        return out
    }

    /// `text` with every control, C1, bidi and line-break character as `\u{…}`, cut to `limit` scalars.
    static func visible(_ text: String, limit: Int = 60) -> String {
        var out = ""
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i == limit { return out + "… (\(text.unicodeScalars.count) characters)" }
            switch scalar.value {
            case 0x20..<0x7F: out.unicodeScalars.append(scalar)
            case 0x00..<0xA0, 0x200B...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes as printable text: ASCII as is, anything else as `\xNN`.
    static func visible(bytes: some Collection<UInt8>, limit: Int = 200) -> String {
        var out = ""
        for (i, byte) in bytes.enumerated() {
            if i == limit { return out + "…" }
            if byte >= 0x20 && byte < 0x7F { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "\\x" + hexByte(byte) }
        }
        return out
    }

    /// Short hex form of a token: `1b 5b 32 4a`, cut after 16 bytes.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.prefix(16).map(hexByte).joined(separator: " ") + (bytes.count > 16 ? " … (\(bytes.count) bytes)" : "")
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
