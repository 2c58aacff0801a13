import ToolSupport
import TraceCoding

/// `--help` for a command, generated from its declaration in one layout for
/// every command, wrapped to `width`: usage, what it does, arguments, options,
/// the declared sections, examples.
enum HelpText {
    static func render(_ declaration: CommandDeclaration, width: Int) -> String {
        let width = max(40, width)
        var out = ""
        let lead = "Usage: reuselab \(declaration.name) "
        // A generated synopsis breaks between its items, never inside "[--rows N]".
        let forms = declaration.usage.isEmpty ? [synopsisItems(declaration)] : declaration.usage.map { [$0] }
        for (number, items) in forms.enumerated() {
            let prefix = number == 0 ? lead : String(repeating: " ", count: "Usage: ".count) + "reuselab \(declaration.name) "
            let indent = TextWrap.columns(prefix)
            guard width - indent >= 24 else {
                out += TextWrap.row(prefix, items.joined(separator: " "), width: width)
                continue
            }
            let lines = items.count == 1 ? TextWrap.lines(items[0], firstWidth: width - indent, width: width - indent)
                : TextWrap.pack(items, separator: " ", width: width - indent)
            out += prefix + lines.joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
        }
        out += "\n" + paragraphs(declaration.description, width: width)
        let arguments = declaration.positionals.map { positional in
            (positional.name, positional.meaning + (positional.standardInput ? " (- reads standard input)" : ""))
        }
        let options = declaration.allOptions.map { option -> (String, String) in
            var meaning = option.meaning
            if let defaultText = option.defaultText { meaning += " (default: \(defaultText))" }
            return (option.synopsis, meaning)
        }
        // One column for both tables, so the meanings line up.
        let column = min(28, ((arguments + options).map { TextWrap.columns($0.0) }.max() ?? 0) + 2)
        if !arguments.isEmpty { out += "\nArguments:\n" + table(arguments, nameWidth: column, width: width) }
        out += "\nOptions:\n" + table(options, nameWidth: column, width: width)
        for section in declaration.sections {
            out += "\n" + section.title + ":\n" + paragraphs(section.text, width: width, indent: 2)
        }
        if !declaration.examples.isEmpty {
            out += "\nExamples:\n"
            for example in declaration.examples {
                out += TextWrap.row("  ", example.command, width: width)
                out += TextWrap.paragraph(example.meaning, width: width, indent: 6)
            }
        }
        return out + "\n"
    }

    /// "TRACE [--from N] [--json]": the positionals, then every option.
    static func synopsis(_ declaration: CommandDeclaration) -> String {
        synopsisItems(declaration).joined(separator: " ")
    }

    static func synopsisItems(_ declaration: CommandDeclaration) -> [String] {
        var parts = declaration.positionals.map { positional -> String in
            switch positional.count {
            case .one: return positional.name
            case .optional: return "[\(positional.name)]"
            case .many(let minimum): return minimum > 0 ? "\(positional.name)..." : "[\(positional.name)...]"
            }
        }
        parts += declaration.options.map { "[\($0.synopsis.replacingOccurrences(of: ", ", with: "|"))]" }
        return parts
    }

    /// Two columns: names, then meanings wrapped under their column.
    static func table(_ rows: [(String, String)], nameWidth: Int, width: Int) -> String {
        rows.map { name, meaning in
            let prefix = "  " + name
            if TextWrap.columns(prefix) + 2 > nameWidth + 2 {
                // A long name takes its own line, the meaning goes under the column.
                return prefix + "\n" + TextWrap.paragraph(meaning, width: width, indent: nameWidth + 2)
            }
            return TextWrap.row(TextWrap.pad(prefix, nameWidth + 2), meaning, width: width)
        }.joined()
    }

    /// Text in paragraphs: lines starting with two spaces are kept as written,
    /// other lines are joined and wrapped; blank lines separate paragraphs.
    static func paragraphs(_ text: String, width: Int, indent: Int = 0) -> String {
        var out = ""
        var pending: [String] = []
        func flush() {
            guard !pending.isEmpty else { return }
            out += TextWrap.paragraph(pending.joined(separator: " "), width: width, indent: indent)
            pending = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty {
                flush()
                out += "\n"
            } else if line.hasPrefix("  ") {
                flush()
                out += String(repeating: " ", count: indent) + line + "\n"
            } else {
                pending.append(line)
            }
        }
        flush()
        while out.hasSuffix("\n\n") { out.removeLast() }
        return out
    }
}
