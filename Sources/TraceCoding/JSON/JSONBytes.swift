import ToolSupport
import TraceModel

/// How JSON strings are spelled, as bytes: the one definition behind
/// `JSONWriter.writeString` and the trace writer (numbers: `NumberText`).
/// A string escapes `"`, `\`, `\n`, `\r`, `\t`, and writes every other character
/// `VisibleText.isUnsafe` names (controls, C1, bidirectional marks) as `\uXXXX`,
/// never raw.
extension ByteBuffer {
    /// Appends `texts` as a JSON array of strings: `["a","b"]`.
    public mutating func appendStrings<Texts: Sequence>(_ texts: Texts) where Texts.Element == String {
        append(UInt8(ascii: "["))
        var first = true
        for text in texts {
            if !first { append(UInt8(ascii: ",")) }
            first = false
            appendString(text)
        }
        append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    public mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendString(utf8: $0) }
    }

    /// Appends text already in UTF-8 as a JSON string, quoted and escaped.
    public mutating func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        _ = appendQuoted(bytes, refusingUnsafe: false)
    }

    @inline(__always)
    private mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, refusingUnsafe: Bool) -> Bool {
        let startCount = count
        reserve(bytes.count + 2)
        append(0x22)
        // Runs of bytes that need no escape (printable ASCII but the quote and the
        // backslash, and any other character that is not unsafe) are copied whole.
        var runStart = 0
        var index = 0
        guard let base = bytes.baseAddress else { append(0x22); return true }
        let raw = UnsafeRawPointer(base)
        while index < bytes.count {
            // Eight plain bytes at a time, the most of any text.
            while index + 8 <= bytes.count, ByteWord.isPlainInJSON(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                index += 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let end = min(index + length, bytes.count)
            var value = UInt32(length == 1 ? byte : byte & (0xFF >> UInt8(length + 1)))
            for next in bytes[(index + 1)..<end] { value = value << 6 | UInt32(next & 0x3F) }
            guard let scalar = Unicode.Scalar(value), Self.needsEscape(scalar) else {
                index = end
                continue
            }
            if refusingUnsafe, VisibleText.isUnsafe(scalar) {
                truncate(to: startCount)
                return false
            }
            if index > runStart { append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<index])) }
            appendEscaped(scalar)
            index = end
            runStart = end
        }
        if bytes.count > runStart { append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart...])) }
        append(0x22)
        return true
    }

    /// Whether `scalar` is written escaped in a JSON string: the quote, the
    /// backslash, and every character `VisibleText` calls unsafe.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || VisibleText.isUnsafe(scalar)
    }

    /// One character escaped: \" \\ \n \r \t, else controls, C1 and bidirectional
    /// characters as \uXXXX, never raw (all below U+10000).
    private mutating func appendEscaped(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\"": append("\\\"")
        case "\\": append("\\\\")
        case "\n": append("\\n")
        case "\r": append("\\r")
        case "\t": append("\\t")
        default:
            append("\\u")
            reserve(4)
            for shift: UInt32 in [12, 8, 4, 0] {
                let digit = UInt8(truncatingIfNeeded: (scalar.value >> shift) & 0xF)
                appendReserved(digit < 10 ? 0x30 + digit : 0x41 + digit - 10)
            }
        }
    }
}
