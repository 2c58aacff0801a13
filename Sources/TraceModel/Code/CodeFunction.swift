/// The function (or initializer) of the carried code that a line belongs to: the
/// line that declares it and the line that closes it. Readers show a step's line
/// inside it — the stepper's code pane, the page's highlighted block — and name
/// it; a line inside a closure belongs to the function that wrote the closure.
public struct CodeFunction: Sendable, Equatable {
    public var file: Int
    /// The declaring line (from 1): `func tableView(_ tableView: …, cellForRowAt …`.
    public var start: Int
    /// The line of its closing brace; `start` when none is found.
    public var end: Int

    public var lines: ClosedRange<Int> { start...end }
}

extension CarriedCode {
    /// The function that `place` is in, found by indentation: the nearest line
    /// above that is less indented than everything between and declares a `func`
    /// or an `init`. Nil when the line is outside any function (a property, a
    /// comment at the top of the file) or not in the code at all.
    public func function(containing place: CodeLine) -> CodeFunction? {
        guard text(at: place) != nil else { return nil }
        let lines = files[place.file].lines
        var index = place.line - 1
        var limit = Self.indent(of: lines[index])
        if !Self.declaresFunction(lines[index]) {
            // The declaration is further left than the line and every line between.
            index -= 1
            while index >= 0 {
                let line = lines[index]
                if !Self.isBlank(line) {
                    let indent = Self.indent(of: line)
                    if indent < limit {
                        if Self.declaresFunction(line) { break }
                        limit = indent
                    }
                }
                index -= 1
            }
            guard index >= 0 else { return nil }
        }
        let indent = Self.indent(of: lines[index])
        var end = index
        for later in (index + 1)..<lines.count {
            let line = lines[later]
            if Self.indent(of: line) == indent, line.utf8.dropFirst(indent).first == UInt8(ascii: "}") {
                end = later
                break
            }
        }
        return CodeFunction(file: place.file, start: index + 1, end: end + 1)
    }

    /// `func name(` or `init(`, after any modifiers, on a line that is not a comment.
    static func declaresFunction(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        for word in words {
            if word.hasPrefix("//") { return false }
            if word == "func" || word.hasPrefix("init(") || word.hasPrefix("init?(") { return true }
            if !Self.modifiers.contains(String(word)) && !word.hasPrefix("@") { return false }
        }
        return false
    }

    private static let modifiers: Set<String> = [
        "override", "private", "fileprivate", "internal", "public", "open", "static", "class",
        "final", "mutating", "nonmutating", "required", "convenience", "nonisolated", "dynamic",
    ]

    static func indent(of line: String) -> Int {
        line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
    }

    static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
