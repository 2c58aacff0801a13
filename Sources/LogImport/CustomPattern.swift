import Foundation
import ToolSupport
import TraceCoding

/// A user's own rule for a log line the built-in spellings do not know, given as
/// `KIND=REGEX` (for example `cellForRowAt=^configure (?<row>\d+) on (?<cell>0x[0-9a-f]+)$`).
///
/// Some apps log in a house style no general recogniser can guess; a pattern says
/// which callback such a line is. `KIND` is a `LogLine.Callback` raw value, or a
/// collection view's name for one (`cellForItemAt`, `prefetchItemsAt`,
/// `cancelPrefetchingForItemsAt`), which makes the line a collection view's; the
/// argument is split at its first `=`, so the expression may hold more. The
/// expression uses `NSRegularExpression`'s (ICU's) syntax and may name groups:
/// `row` or `item` (read like any printed row: `19`, `[0, 19]`, `[[0, 19], [0, 20]]`, `nil`),
/// `section` (the section of those rows), `cell` (the cell's address) and `t`
/// (seconds, or a timestamp). Patterns are tried before the built-in spellings, in
/// order, on the message (the line without its NSLog / os_log / `log show` prefix,
/// trimmed); the first that matches anywhere in it decides the line.
public struct CustomPattern: Sendable {
    public let callback: LogLine.Callback
    /// True when `KIND` is a collection view's name for the call, or the pattern names an `item`.
    public let namesItems: Bool
    private let expression: NSRegularExpression
    /// Capture group numbers of the named groups.
    private let groups: [String: Int]

    /// The group names a pattern may use.
    static let groupNames = ["row", "item", "section", "cell", "t"]

    public init(argument: String) throws(PatternError) {
        let shown = VisibleText.shortened(argument)
        guard let equals = argument.firstIndex(of: "=") else {
            throw PatternError(message: "custom pattern \"\(shown)\" has no \"=\": write KIND=REGEX, for example cellForRowAt=cell (?<row>\\d+)")
        }
        let kind = String(argument[..<equals])
        let pattern = String(argument[argument.index(after: equals)...])
        let kinds = LogLine.Callback.allCases.map(\.rawValue) + LogLine.itemCallbacks.keys.sorted()
        guard let callback = LogLine.Callback(rawValue: kind) ?? LogLine.itemCallbacks[kind] else {
            var message = kind.isEmpty
                ? "custom pattern \"\(shown)\" has no kind before \"=\""
                : "unknown kind \"\(VisibleText.shortened(kind))\" in custom pattern \"\(shown)\""
            if let guess = Suggestion.closest(to: kind, among: kinds) { message += " (did you mean \"\(guess)\"?)" }
            throw PatternError(message: message + "; kinds are " + kinds.joined(separator: ", "))
        }
        guard !pattern.isEmpty else {
            throw PatternError(message: "custom pattern \"\(shown)\" has an empty regular expression after \"=\"")
        }
        let scanned = RegexGroups(pattern)
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw PatternError(message: "invalid regular expression \"\(VisibleText.shortened(pattern))\" for \(kind): "
                + Self.reason(error as NSError, scanned: scanned))
        }
        guard scanned.names.count == expression.numberOfCaptureGroups else {
            throw PatternError(message: "could not tell the groups of \"\(VisibleText.shortened(pattern))\" apart; "
                + "name each group with (?<row>…), (?<item>…), (?<section>…), (?<cell>…) or (?<t>…) and avoid unusual syntax")
        }
        var groups: [String: Int] = [:]
        for (offset, name) in scanned.names.enumerated() {
            guard let name else { continue }
            guard Self.groupNames.contains(name) else {
                var message = "unknown group name \"\(VisibleText.shortened(name))\" in custom pattern for \(kind)"
                if let guess = Suggestion.closest(to: name, among: Self.groupNames) { message += " (did you mean \"\(guess)\"?)" }
                throw PatternError(message: message + "; groups may be named row, item, section, cell or t")
            }
            groups[name] = offset + 1
        }
        guard groups["row"] == nil || groups["item"] == nil else {
            throw PatternError(message: "custom pattern for \(kind) names both a row and an item group; name the one index path (?<row>…) or (?<item>…)")
        }
        self.callback = callback
        namesItems = LogLine.itemCallbacks[kind] != nil || groups["item"] != nil
        self.expression = expression
        self.groups = groups
    }

    /// What NSRegularExpression said, without Foundation's generic opening, and the
    /// reader's own diagnosis when it has one.
    private static func reason(_ error: NSError, scanned: RegexGroups) -> String {
        var said = error.localizedDescription
        let generic = "The operation could not be completed. "
        if said.hasPrefix(generic) { said.removeFirst(generic.count) }
        if let problem = scanned.problem { said += " (\(problem))" }
        return "NSRegularExpression says \"\(VisibleText.shortened(said, limit: 120))\""
    }

    /// The groups' text when the pattern matches the message, else nil.
    func match(_ message: String) -> [String: String]? {
        let range = NSRange(location: 0, length: message.utf16.count)
        guard let result = expression.firstMatch(in: message, options: [], range: range) else { return nil }
        var captures: [String: String] = [:]
        for (name, number) in groups where number < result.numberOfRanges {
            let found = result.range(at: number)
            guard found.location != NSNotFound, let bounds = Range(found, in: message) else { continue }
            captures[name] = String(message[bounds])
        }
        return captures
    }
}

/// Why a `KIND=REGEX` custom pattern cannot be used, said so a person can fix it.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
