import ToolSupport
import TraceCoding
import Replay

/// A comparison as Markdown, to paste into a pull request or a design note: the
/// heading as a paragraph, then per block a table with every column (Markdown is
/// not bound to a terminal's width), the group names as bold rows, the best cell
/// in bold, and the notes as a list. Text from files and names is escaped, so a
/// title cannot break the table or become markup.
public enum ComparisonMarkdown {
    public static func markdown(_ comparison: Comparison) -> String {
        var out = ""
        switch comparison.source {
        case .scenario(let file, let title, let profile, let list, let seeds):
            out += "**\(escape(title))** — `\(code(file))`, \(Comparison.setup(profile: profile, list: list)), "
                + (seeds.seeds.count == 1 ? "seed \(seeds.description)" : "\(seeds.seeds.count) seeds (\(seeds.description)); each cell: median (min–max) over the seeds") + ".\n"
        case .traces:
            let columns = comparison.blocks.first?.columns ?? []
            out += "\(columns.count) traces, one recording each:\n\n"
            for column in columns {
                out += "- **\(escape(column.name))**: `\(code(column.file ?? ""))`" + (column.title.map { " — " + escape($0) } ?? "") + "\n"
            }
        }
        for note in comparison.notes { out += "\n" + escape(note) + "\n" }
        for block in comparison.blocks {
            out += "\n"
            if let network = block.network {
                out += "### Network \(escape(network.name)): \(escape(block.networkDescription ?? ""))\n\n"
            }
            out += table(block)
            out += "\n" + escape(ComparisonText.markMeaning(comparison).replacingOccurrences(of: CellText.bestMarker + " best", with: "Bold: best")) + "\n"
            var notes: [String] = []
            for skipped in block.skipped { notes.append("Skipped **\(escape(skipped.name))**: \(escape(skipped.reason))") }
            for row in block.rows {
                for (index, cell) in row.cells.enumerated() where cell.spread == nil || cell.isPartial {
                    let what = cell.spread == nil ? "not measured" : "\(CellText.partialMarker) measured in \(cell.spread?.count ?? 0) of \(cell.runs) seeds"
                    notes.append("\(escape(row.label)), \(escape(block.columns[index].name)): \(what) (\(escape(cell.unavailable ?? "")))")
                }
            }
            if !notes.isEmpty { out += "\n" + notes.map { "- " + $0 + "\n" }.joined() }
        }
        return out
    }

    static func table(_ block: ComparisonBlock) -> String {
        guard !block.columns.isEmpty else { return "No strategy could be recorded.\n" }
        var out = "| metric | " + block.columns.map { escape($0.name) }.joined(separator: " | ") + " |\n"
        out += "| --- |" + String(repeating: " ---: |", count: block.columns.count) + "\n"
        var group: MetricGroup?
        for row in block.rows {
            if row.group != group {
                group = row.group
                out += "| **\(escape(row.group.rawValue))** |" + String(repeating: " |", count: block.columns.count) + "\n"
            }
            let scale = row.scale
            let cells = row.cells.enumerated().map { index, cell -> String in
                let text = escape(CellText.text(cell, scale: scale, marks: false))
                    + (cell.isPartial ? " " + CellText.partialMarker : "")
                return row.best == index ? "**\(text)**" : text
            }
            out += "| \(escape(scale.label(row.label))) | " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Text safe inside Markdown and a table cell: control characters made
    /// visible, line breaks as spaces, and every character Markdown or HTML could
    /// read as markup escaped with a backslash.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in VisibleText.escape(text).unicodeScalars {
            if "\\`*_[]<>|#&~".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Text inside a code span: backticks, which would end it, become quotes;
    /// `|` is escaped for the table (GitHub reads `\|` inside code spans too).
    static func code(_ text: String) -> String {
        VisibleText.escape(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }
}
