import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colour for replay and lesson output: only when standard output is a terminal and the
/// `NO_COLOR` environment variable is absent or empty (https://no-color.org: only
/// a non-empty value turns colour off).
/// Without colour every method returns its text unchanged, so no escape
/// sequence ever reaches a file or a pipe.
public struct TerminalStyle: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static let plain = TerminalStyle(enabled: false)

    /// Colour if standard output is a terminal and `NO_COLOR` is absent or empty.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment,
                       isTerminal: Bool = isatty(STDOUT_FILENO) == 1) -> TerminalStyle {
        TerminalStyle(enabled: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// A diff's A-only text in red, B-only in green.
    public func removed(_ text: String) -> String { wrap(text, "31") }
    public func added(_ text: String) -> String { wrap(text, "32") }
    public func bold(_ text: String) -> String { wrap(text, "1") }

    /// A mark's tag, `[STALE]`: STALE and LATE in red, HITCH in yellow.
    public func tag(_ mark: Annotation.Mark) -> String {
        let text = "[\(mark.rawValue)]"
        switch mark {
        case .stale, .late, .wrongRow: return wrap(text, "1;31")
        case .hitch: return wrap(text, "1;33")
        case .newCell, .reused: return text
        }
    }

    /// A state picture's line, its `<< STALE` in red.
    public func picture(_ line: String) -> String {
        guard enabled, let range = line.range(of: "<< STALE") else { return line }
        return line.replacingCharacters(in: range, with: wrap("<< STALE", "1;31"))
    }

    /// A lesson's verdict: right in green, wrong in red.
    public func right(_ text: String) -> String { wrap(text, "1;32") }
    public func wrong(_ text: String) -> String { wrap(text, "1;31") }

    /// A compact picture's line: its STALE in red, and the entry of the row a
    /// question is about (`row 22  #1`, found by `label`) in bold.
    public func compactPicture(_ line: String, highlighting label: String? = nil) -> String {
        guard enabled else { return line }
        var line = line
        if let range = line.range(of: " STALE") { line = line.replacingCharacters(in: range, with: " " + wrap("STALE", "1;31")) }
        if let label, let range = line.range(of: label) { line = line.replacingCharacters(in: range, with: wrap(String(line[range]), "1;7")) }
        return line
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
