/// A rule one run of `reuselab` broke.
enum FuzzProblem: Sendable {
    /// Ended by a signal: a crash (a Swift runtime trap is SIGILL or SIGTRAP).
    case signal(Int32)
    /// Still running at the time limit, and killed.
    case timeout(Double)
    /// An exit status the table in docs/commands.md does not allow for this command.
    case status(Int32, allowed: Set<Int32>)
    /// A failure status without a `reuselab: error: ` line on standard error.
    case missingErrorLine(Int32)
    /// A byte sequence a terminal would obey (or that is not UTF-8) in the output;
    /// `family` groups them: control character, C1 control, bidi control, line break, invalid UTF-8.
    case rawBytes(stream: String, family: String, what: String, offset: Int, context: String)
    /// The case could not be set up (a badly named regression file, a full disk).
    case setup(String)

    /// The failure class, one of five.
    var category: String {
        switch self {
        case .signal: return "crash"
        case .timeout: return "timeout"
        case .status: return "bad exit status"
        case .missingErrorLine: return "missing error line"
        case .rawBytes: return "raw control bytes"
        case .setup: return "setup error"
        }
    }

    var description: String {
        switch self {
        case .signal(let number): return "was killed by signal \(number) (\(FuzzOracle.signalName(number)))"
        case .timeout(let seconds): return "did not finish in \(Int(seconds)) s and was killed"
        case .status(let status, let allowed):
            return "exited \(status), which it may not (allowed: \(allowed.sorted().map(String.init).joined(separator: ", ")))"
        case .missingErrorLine(let status): return "exited \(status) without a line starting with \"reuselab: error: \" on standard error"
        case .rawBytes(let stream, _, let what, let offset, let context):
            return "printed \(what) on \(stream) at byte \(offset): \(context)"
        case .setup(let reason): return "could not be set up: \(reason)"
        }
    }
}

/// The rules every run must keep, whatever its input:
/// - it exits (no signal) before the time limit;
/// - with a status docs/commands.md allows (`FuzzCommand.allowed`);
/// - a status other than 0 and 1 comes with a `reuselab: error: ` line on standard error;
/// - standard output and standard error hold UTF-8 text with no control character but
///   line feed and tab: no ESC, BEL, BS, CR, NUL, DEL, no C1 control (U+0080–U+009F), no
///   bidi override, embedding, isolate or mark (U+202A–U+202E, U+2066–U+2069, U+200E,
///   U+200F, U+061C) and no U+2028/U+2029 — text from a file is printed with them made visible.
enum FuzzOracle {
    static func check(_ outcome: FuzzOutcome, _ command: FuzzCommand) -> [FuzzProblem] {
        if outcome.timedOut { return [.timeout(outcome.seconds)] }
        if let signal = outcome.signal { return [.signal(signal)] }
        var problems: [FuzzProblem] = []
        if !command.allowed.contains(outcome.status) {
            problems.append(.status(outcome.status, allowed: command.allowed))
        }
        if outcome.status != 0, outcome.status != 1 {
            let lines = String(decoding: outcome.stderr, as: UTF8.self).split(separator: "\n")
            if !lines.contains(where: { $0.hasPrefix("reuselab: error: ") }) { problems.append(.missingErrorLine(outcome.status)) }
        }
        for (name, bytes) in [("stdout", outcome.stdout), ("stderr", outcome.stderr)] {
            if let found = forbidden(in: bytes) {
                let from = max(0, found.offset - 40), to = min(bytes.count, found.offset + 40)
                problems.append(.rawBytes(stream: name, family: found.family, what: found.what, offset: found.offset,
                                          context: "…" + FuzzText.visible(bytes: bytes[from..<to]) + "…"))
            }
        }
        return problems
    }

    /// The first forbidden byte sequence in `bytes`: where, its family, and what it is.
    static func forbidden(in bytes: [UInt8]) -> (offset: Int, family: String, what: String)? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                if (lead < 0x20 && lead != 0x0A && lead != 0x09) || lead == 0x7F {
                    return (i, "control character", controlName(UInt32(lead)))
                }
                i += 1
                continue
            }
            guard let (scalar, length) = decode(bytes, at: i) else {
                return (i, "invalid UTF-8", "invalid UTF-8 (byte 0x\(FuzzText.hexByte(lead)), which a terminal may read as a C1 control)")
            }
            switch scalar {
            case 0x80...0x9F: return (i, "C1 control", "the C1 control \(uPlus(scalar))")
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return (i, "bidi control", "the bidi control \(uPlus(scalar))")
            case 0x2028, 0x2029: return (i, "Unicode line break", "the line break \(uPlus(scalar))")
            default: i += length
            }
        }
        return nil
    }

    /// `U+061C`, `U+202E`.
    static func uPlus(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The scalar at `index` and its length in bytes, or nil for invalid UTF-8
    /// (a stray continuation byte, an overlong form, a surrogate, a cut-off sequence).
    static func decode(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for byte in bytes[(index + 1)..<(index + length)] {
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, length)
    }

    static func controlName(_ value: UInt32) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL"]
        return "the control character " + (names[value].map { "\($0) (0x\(FuzzText.hexByte(UInt8(value))))" } ?? "0x\(FuzzText.hexByte(UInt8(value)))")
    }

    static func signalName(_ number: Int32) -> String {
        [4: "SIGILL, a Swift runtime trap", 5: "SIGTRAP, a Swift runtime trap", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
         11: "SIGSEGV", 13: "SIGPIPE"][number] ?? "signal \(number)"
    }
}
