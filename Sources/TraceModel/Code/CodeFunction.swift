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
    /// How Swift names `function`: `tableView(_:cellForRowAt:)`, `prepareForReuse()`,
    /// `init(style:reuseIdentifier:)`; the declaring line as written when it is not
    /// one line of the usual shape.
    public func name(of function: CodeFunction) -> String {
        guard let line = text(at: CodeLine(file: function.file, line: function.start)) else { return "" }
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let open = line.firstIndex(of: "("), let at = words.firstIndex(where: { $0 == "func" || $0.hasPrefix("init") }) else { return line }
        let base = words[at] == "func" && at + 1 < words.count ? String(words[at + 1].prefix { $0 != "(" && $0 != "<" }) : "init"
        // The parameters up to the matching parenthesis: each one's first word is its label.
        var depth = 0, close = line.endIndex
        for index in line[open...].indices {
            if line[index] == "(" { depth += 1 } else if line[index] == ")" { depth -= 1; if depth == 0 { close = index; break } }
        }
        guard close != line.endIndex else { return line.trimmingSpaces }
        var labels = ""
        depth = 0
        var parameter = ""
        for character in line[line.index(after: open)..<close] {
            if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                labels += Self.label(of: parameter)
                parameter = ""
            } else {
                parameter.append(character)
            }
        }
        if !parameter.allSatisfy({ $0 == " " }) { labels += Self.label(of: parameter) }
        return base + "(" + labels + ")"
    }

    /// "_ tableView: TableView" → "_:", "style: Style" → "style:".
    private static func label(of parameter: String) -> String {
        let word = parameter.split(whereSeparator: { $0 == " " || $0 == ":" }).first.map(String.init) ?? "_"
        return word + ":"
    }

    /// The function that `place` is in, found by indentation: the nearest line
    /// above that is less indented than everything between and declares a `func`
    /// or an `init`. Nil when the line is outside any function (a property, a
    /// comment at the top of the file) or not in the code at all.
    public func function(containing place: CodeLine) -> CodeFunction? {
        guard text(at: place) != nil else { return nil }
        let lines = files[place.file].lines
        var index = place.line - 1
        // A closing brace lines up with the line that opened it; a blank line
        // has no indentation of its own.
        let first = lines[index].utf8.first { $0 != UInt8(ascii: " ") }
        var limit = first == nil ? Int.max : Self.indent(of: lines[index]) + (first == UInt8(ascii: "}") ? 1 : 0)
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

    /// Every function the code declares, in order, each with its Swift name.
    public var functions: [(name: String, function: CodeFunction)] {
        files.indices.flatMap { file in
            files[file].lines.indices.compactMap { index -> (name: String, function: CodeFunction)? in
                guard Self.declaresFunction(files[file].lines[index]),
                      let function = function(containing: CodeLine(file: file, line: index + 1)) else { return nil }
                return (name(of: function), function)
            }
        }
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

    public static func indent(of line: String) -> Int {
        line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
    }

    public static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
