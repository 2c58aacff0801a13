#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToolSupport

/// Keys read one at a time from a terminal in raw mode: arrows arrive as escape
/// sequences (ESC [ C, or ESC O C in application mode), Enter as CR, Backspace as
/// DEL; a lone Esc is told from a sequence by waiting briefly for more bytes.
///
/// Every escape sequence is read to its end, so none of its bytes ever arrives as
/// a character: arrows, Home, End and Delete in their xterm, VT220 and rxvt forms
/// become keys; function keys, bracketed-paste markers and any other sequence
/// become `.other`. Bytes that are not valid UTF-8 become `.other` as well.
struct TerminalKeys {
    enum Key: Equatable {
        case char(Character)
        case enter, backspace, escape, left, right, up, down
        /// Home, End and Delete (ESC [ H, ESC [ 1 ~, ESC O F, ESC [ 3 ~, …).
        case home, end, delete
        /// Ctrl and a letter, as the lowercase letter ("a" for Ctrl-A; Tab is "i"),
        /// for the control keys not named above (Ctrl-C, Ctrl-H, Ctrl-J, Ctrl-M and
        /// Ctrl-[ are `.interrupt`, `.backspace`, `.enter`, `.enter` and `.escape`).
        case control(Character)
        /// Ctrl-C (and Ctrl-D, unless `controlDInterrupts` is off): the user wants
        /// out. Also a Ctrl-C caught by `Interruption` while waiting for a key.
        case interrupt
        /// An escape sequence or control key with no meaning here.
        case other
    }

    let fd: Int32
    /// True (the stepper): Ctrl-D is `.interrupt`. False (the line editor, where it
    /// means "end of input" on an empty line and "delete" on another): `.control("d")`.
    let controlDInterrupts: Bool
    /// True once the input has ended (or failed): `next()` returns nil from then on.
    private(set) var atEnd = false
    /// A byte read too far (it ended an escape sequence or a UTF-8 character
    /// early) and given back: the next read returns it.
    private var pushedBack: UInt8?

    /// How long the bytes of one key may trail each other.
    static let sequenceWaitMs: Int32 = 50
    /// The parameter bytes of an escape sequence kept (the rest are read and dropped).
    static let longestSequence = 32

    init(fd: Int32 = STDIN_FILENO, controlDInterrupts: Bool = true) {
        self.fd = fd
        self.controlDInterrupts = controlDInterrupts
    }

    /// The next key, or nil at the end of the input.
    mutating func next() -> Key? {
        guard !Interruption.wasInterrupted else { return .interrupt }
        guard let byte = readByte() else { return Interruption.wasInterrupted ? .interrupt : nil }
        switch byte {
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x03: return .interrupt
        case 0x04: return controlDInterrupts ? .interrupt : .control("d")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte | 0x60)))
        case 0x00..<0x20: return .other
        case 0x20..<0x80: return .char(Character(Unicode.Scalar(byte)))
        default: return utf8Character(startingWith: byte)
        }
    }

    /// True when a byte is waiting to be read now (a paste, or keys typed ahead).
    mutating func hasWaitingInput() -> Bool {
        guard pushedBack == nil else { return true }
        guard !atEnd else { return false }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// After ESC: a lone Esc, or a whole sequence (ESC [ …, ESC O …, ESC and a key).
    private mutating func escapeSequence() -> Key {
        guard let introducer = readByte(waitingMs: Self.sequenceWaitMs) else { return .escape }
        switch introducer {
        case UInt8(ascii: "["): return controlSequence()
        case UInt8(ascii: "O"): return singleShift()
        case 0x1B:
            // Esc Esc, or Alt with a sequence (ESC ESC [ A): the first Esc is dropped,
            // the second starts the next key (so Alt-← is ←).
            pushedBack = 0x1B
            return .other
        case 0x20..<0x7F:
            return .other                              // Alt and a printable key
        default:
            pushedBack = introducer                    // a control key or UTF-8 after Esc: its own key
            return .escape
        }
    }

    /// ESC [ parameters final: arrows, Home/End (H F, 1~ 4~ 7~ 8~), Delete (3~).
    private mutating func controlSequence() -> Key {
        var parameters: [UInt8] = []
        while let byte = readByte(waitingMs: Self.sequenceWaitMs) {
            switch byte {
            case 0x20...0x3F:
                // Read to the end however long, so no byte of it becomes a character.
                if parameters.count < Self.longestSequence { parameters.append(byte) }
            case UInt8(ascii: "[") where parameters.isEmpty:
                // The Linux console's F1–F5: ESC [ [ A … ESC [ [ E.
                _ = readByte(waitingMs: Self.sequenceWaitMs)
                return .other
            case 0x40...0x7E:
                return Self.key(final: byte, parameters: parameters)
            default:
                pushedBack = byte                       // not part of a sequence: keep it
                return .other
            }
        }
        return .other
    }

    /// ESC O final (application mode): arrows, Home (H), End (F); F1–F4 (P–S) are `.other`.
    private mutating func singleShift() -> Key {
        while let byte = readByte(waitingMs: Self.sequenceWaitMs) {
            switch byte {
            case 0x30...0x3F: continue                   // a modifier some terminals put in (ESC O 5 P)
            case 0x40...0x7E: return Self.key(final: byte, parameters: [])
            default:
                pushedBack = byte
                return .other
            }
        }
        return .other
    }

    /// The key a sequence's final byte names, with its first parameter for `~`.
    static func key(final: UInt8, parameters: [UInt8]) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return .other                  // F5–F12, Insert, Page Up/Down, paste markers (200~ 201~)
            }
        default: return .other
        }
    }

    private mutating func utf8Character(startingWith lead: UInt8) -> Key {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let byte = readByte(waitingMs: Self.sequenceWaitMs) {
            guard (0x80...0xBF).contains(byte) else {
                pushedBack = byte                       // a broken character: the next key starts here
                return .other
            }
            bytes.append(byte)
        }
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first, text.count == 1 else { return .other }
        return .char(character)
    }

    /// One byte; with `waitingMs`, nil if none comes in that time. A wait with no
    /// time limit still wakes up now and then, so that a Ctrl-C caught by
    /// `Interruption` ends it even when the signal came just before the wait began.
    private mutating func readByte(waitingMs: Int32? = nil) -> UInt8? {
        if let byte = pushedBack {
            pushedBack = nil
            return byte
        }
        guard !atEnd else { return nil }
        while true {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, waitingMs ?? 250)
            if Interruption.wasInterrupted { return nil }
            if ready == 0 {
                if waitingMs != nil { return nil }
                continue
            }
            if ready < 0 && errno == EINTR { continue }
            var byte: UInt8 = 0
            let count = read(fd, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            atEnd = true
            return nil
        }
    }
}
