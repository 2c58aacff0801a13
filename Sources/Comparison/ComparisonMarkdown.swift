import ToolSupport
import TraceCoding
import Replay

/// A comparison as Markdown, to paste into a pull request or a design note: the
/// heading as a paragraph, then per block a table with every column (Markdown is
/// not bound to a terminal's width), the group names as bold rows, the best cell
/// in bold, a second table of every column against the baseline, seed by seed,
/// and the notes as a list. Text from files and names is escaped, so a title
/// cannot break the table or become markup.
public enum ComparisonMarkdown {
    public static func markdown(_ comparison: Comparison) -> String {
        var out = ""
        switch comparison.source {
        case .scenario(let file, let title, let profile, let list, let seeds):
            let count = seeds.seeds.count
            let cells = count >= MedianInterval.minimumCount ? "; each cell: the median over the seeds [its 95% interval]"
                : count > 1 ? "; each cell: the median (min–max) over the seeds" : ""
            out += "**\(escape(title))** — `\(code(file))`, \(Comparison.setup(profile: profile, list: list)), "
                + (count == 1 ? "seed \(seeds.description)" : "\(count) seeds (\(seeds.description))") + escape(cells) + ".\n"
            if let jitter = comparison.jitter { out += "\n" + escape(jitter.sentence) + "\n" }
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
            out += differences(block, comparison: comparison)
            out += "\n" + escape(ComparisonText.markMeaning(comparison).replacingOccurrences(of: CellText.bestMarker + " best", with: "Bold: best")) + "\n"
            if let sentence = TradeOff.sentence(block) { out += "\n" + escape(sentence) + "\n" }
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
                let text = escape(CellText.text(cell, scale: scale, isTradeOff: row.tradeOff == index))
                return row.best == index ? "**\(text)**" : text
            }
            out += "| \(escape(scale.label(row.label))) | " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Every other column against the baseline, seed by seed, on the rows that
    /// judge, as `ComparisonText.differences` words it.
    static func differences(_ block: ComparisonBlock, comparison: Comparison) -> String {
        guard block.columns.count >= 2, let baseline = block.baseline else { return "" }
        let others = block.columns.indices.filter { $0 != baseline }
        let rows = block.rows.filter { $0.isMeasured && $0.kind != .descriptive }
        let name = escape(block.columns[baseline].name)
        let intro = comparison.runsPerColumn == 1 ? "Against **\(name)**: the difference, from one recording each (a difference may be chance alone)."
            : "Against **\(name)**, seed by seed: the median per-seed difference" + (comparison.runsPerColumn >= MedianInterval.minimumCount ? " \\[its 95% interval\\]; \(CellText.betterMarker) better, \(CellText.worseMarker) worse where the interval is clear of 0." : ".")
        var out = "\n" + intro + "\n\n"
        out += "| metric | " + others.map { escape(block.columns[$0].name) }.joined(separator: " | ") + " |\n"
        out += "| --- |" + String(repeating: " ---: |", count: others.count) + "\n"
        for row in rows {
            let cells = others.map { column in
                escape(CellText.difference(row.differences[column], kind: row.kind, scale: row.scale, isTradeOff: row.isBought(by: column, in: block)))
            }
            out += "| \(escape(row.scale.label(row.label))) | " + cells.joined(separator: " | ") + " |\n"
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
