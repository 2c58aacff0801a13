#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys read one at a time from a terminal in raw mode: arrows arrive as escape
/// sequences (ESC [ C, or ESC O C in application mode), Enter as CR, Backspace as
/// DEL; a lone Esc is told from a sequence by waiting briefly for more bytes.
struct TerminalKeys {
    enum Key: Equatable {
        case char(Character)
        case enter, backspace, escape, left, right, up, down
        /// Ctrl-C or Ctrl-D: the user wants out.
        case interrupt
        /// An escape sequence or control key with no meaning here.
        case other
    }

    let fd: Int32
    /// True once the input has ended (or failed): `next()` returns nil from then on.
    private(set) var atEnd = false

    init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// The next key, or nil at the end of the input.
    mutating func next() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x03, 0x04: return .interrupt
        case 0x00..<0x20: return .other
        case 0x20..<0x80: return .char(Character(Unicode.Scalar(byte)))
        default: return utf8Character(startingWith: byte)
        }
    }

    private mutating func escapeSequence() -> Key {
        guard let introducer = readByte(waitingMs: 50) else { return .escape }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .other }
        // Parameters, then one final byte from @ to ~.
        while let byte = readByte(waitingMs: 50) {
            guard (0x40...0x7E).contains(byte) else { continue }
            switch byte {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            default: return .other
            }
        }
        return .other
    }

    private mutating func utf8Character(startingWith lead: UInt8) -> Key {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let byte = readByte(waitingMs: 50) { bytes.append(byte) }
        guard let character = String(decoding: bytes, as: UTF8.self).first, character != "\u{FFFD}" else { return .other }
        return .char(character)
    }

    /// One byte; with `waitingMs`, nil if none comes in that time.
    private mutating func readByte(waitingMs: Int32? = nil) -> UInt8? {
        guard !atEnd else { return nil }
        if let waitingMs {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, waitingMs) > 0 else { return nil }
        }
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            atEnd = true
            return nil
        }
    }
}
