import ToolSupport
import Replay

/// A comparison as text for a terminal of `width` columns: a heading, then per
/// block (network) a table with a row per metric under its group and a column per
/// strategy or trace, then a table of each column against the baseline, seed by
/// seed. Columns that do not fit beside the labels go into a second table (and a
/// third…), each repeating the labels, so no figure is ever cut or wrapped inside
/// a number. Under the tables: what the marks mean, what a strategy traded, what
/// was skipped and what could not be measured.
public enum ComparisonText {
    public static func text(_ comparison: Comparison, width: Int) -> String {
        let width = max(40, width)
        var out = heading(comparison, width: width)
        for block in comparison.blocks {
            out += "\n"
            if let network = block.network {
                let name = network == .scenario ? "Network as the scenario has it" : "Network \(network.name) (\(network.summary))"
                out += TextWrap.paragraph(name + ": " + (block.networkDescription ?? ""), width: width) + "\n"
            }
            out += tables(block, width: width)
            out += differences(block, comparison: comparison, width: width)
            out += footer(block, comparison: comparison, width: width)
        }
        return out
    }

    // MARK: Heading

    static func heading(_ comparison: Comparison, width: Int) -> String {
        var out = ""
        switch comparison.source {
        case .scenario(let file, let title, let profile, let list, let seeds):
            let strategies = comparison.blocks.first.map { $0.columns.count + $0.skipped.count } ?? 0
            out += TextWrap.paragraph(VisibleText.escape(title), width: width)
            let seedText = seeds.seeds.count == 1 ? "seed \(seeds.description)" : "\(seeds.seeds.count) seeds (\(seeds.description))"
            out += TextWrap.paragraph("\(file == "<stdin>" ? "The scenario" : VisibleText.escape(file)) recorded under \(strategies) \(strategies == 1 ? "strategy" : "strategies") with \(Comparison.setup(profile: profile, list: list, inSentence: true)), \(seedText), in memory.", width: width)
            if seeds.seeds.count >= MedianInterval.minimumCount {
                out += TextWrap.paragraph("Each cell: the median over the seeds and its 95% interval [low, high].", width: width)
            } else if seeds.seeds.count > 1 {
                out += TextWrap.paragraph("Each cell: the median over the seeds, then the lowest and highest value (min–max). Fewer than \(MedianInterval.minimumCount) seeds give no 95% interval, so nothing is marked best: --seeds 1-20 shows which differences are beyond chance.", width: width)
            } else {
                out += TextWrap.paragraph("One recording per strategy proves little, and nothing is marked best: --seeds 1-20 shows how much chance moves each figure.", width: width)
            }
            if let jitter = comparison.jitter { out += TextWrap.paragraph(jitter.sentence, width: width) }
        case .traces:
            let columns = comparison.blocks.first?.columns ?? []
            out += TextWrap.paragraph("\(columns.count) traces, one recording each: a single recording has no spread, so nothing is marked best.", width: width)
            let nameWidth = min(28, (columns.map { TextWrap.columns(VisibleText.escape($0.name)) }.max() ?? 0) + 4)
            for column in columns {
                var detail = VisibleText.escape(column.file ?? "")
                if let title = column.title {
                    detail += " — " + VisibleText.escape(title)
                    if let profile = column.profile { detail += " (\(profile.rawValue) profile)" }
                }
                out += TextWrap.row(TextWrap.pad("  " + VisibleText.escape(column.name), nameWidth), detail, width: width)
            }
        }
        for note in comparison.notes { out += TextWrap.paragraph(VisibleText.escape(note), width: width) }
        return out
    }

    // MARK: Tables

    /// The block's measured rows as one table, or several when the columns do not
    /// fit `width` beside the labels.
    static func tables(_ block: ComparisonBlock, width: Int) -> String {
        guard !block.columns.isEmpty else { return "No strategy could be recorded.\n" }
        let rows = block.rows.filter(\.isMeasured)
        let cells = rows.map { row in
            row.cells.indices.map { index in
                CellText.text(row.cells[index], scale: row.scale, isBest: row.best == index, isTradeOff: row.tradeOff == index)
            }
        }
        return grid(rows, cells: cells, names: block.columns.map(\.name), width: width)
    }

    /// `rows` as one table, or several when the columns do not fit `width` beside
    /// the labels: `cells[r][c]` is row r's text under the column named `names[c]`.
    static func grid(_ rows: [ComparisonRow], cells: [[String]], names: [String], width: Int) -> String {
        // Labels sit two columns in, under their group's name.
        let labels = rows.map { $0.scale.label($0.label) }
        let groupNames = MetricGroup.allCases.map(\.rawValue)
        let labelWidth = max(labels.map { TextWrap.columns($0) + 2 }.max() ?? 0, (groupNames.map { TextWrap.columns($0) }.max() ?? 0) - 2) + 2
        let names = names.map(VisibleText.escape)
        let columnWidths = names.indices.map { index in
            max(TextWrap.columns(names[index]), cells.map { TextWrap.columns($0[index]) }.max() ?? 0) + 2
        }
        var out = ""
        for (number, chunk) in chunks(columnWidths, room: width - 2 - labelWidth).enumerated() {
            if number > 0 { out += "\n" }
            let widths = [labelWidth] + chunk.map { columnWidths[$0] }
            out += lines([""] + chunk.map { names[$0] }, widths, width - 2)
            var group: MetricGroup?
            for (index, row) in rows.enumerated() {
                if row.group != group {
                    group = row.group
                    out += row.group.rawValue + "\n"
                }
                out += lines([labels[index]] + chunk.map { cells[index][$0] }, widths, width - 2)
            }
        }
        return out
    }

    /// Every other column against the baseline, seed by seed, on the rows that
    /// judge (not "how it works"); a row where every column equals the baseline in
    /// every recording is named in a sentence instead.
    static func differences(_ block: ComparisonBlock, comparison: Comparison, width: Int) -> String {
        guard block.columns.count >= 2 else { return "" }
        guard let baseline = block.baseline else {
            guard let name = comparison.baseline else { return "" }
            return "\n" + TextWrap.paragraph("No differences on this network: the baseline, \(VisibleText.escape(name)), could not be recorded on it.", width: width)
        }
        let others = block.columns.indices.filter { $0 != baseline }
        let judged = block.rows.filter { $0.isMeasured && $0.kind != .descriptive }
        let equal = judged.filter { row in others.allSatisfy { row.differences[$0].map { $0.spread.min == 0 && $0.spread.max == 0 } ?? false } }
        let rows = judged.filter { row in !equal.contains { $0.key == row.key } }
        let name = VisibleText.escape(block.columns[baseline].name)
        let runs = comparison.runsPerColumn
        var out = "\n"
        if runs == 1 {
            out += TextWrap.paragraph("Against \(name): each \(comparison.columnNoun)'s figure minus \(name)'s, from one recording each, so a difference may be chance alone.", width: width)
        } else if runs < MedianInterval.minimumCount {
            out += TextWrap.paragraph("Against \(name), seed by seed: the median of the per-seed differences (too few seeds for an interval).", width: width)
        } else {
            out += TextWrap.paragraph("Against \(name), seed by seed: the median of the per-seed differences; \(CellText.betterMarker) better, \(CellText.worseMarker) worse where its 95% interval is clear of 0 (the intervals are in --csv, --json and --markdown).", width: width)
        }
        if !rows.isEmpty {
            let cells = rows.map { row in
                others.map { column in
                    CellText.difference(row.differences[column], kind: row.kind, scale: row.scale, isTradeOff: row.isBought(by: column, in: block),
                                        interval: false)
                }
            }
            out += grid(rows, cells: cells, names: others.map { block.columns[$0].name }, width: width)
        }
        if !equal.isEmpty {
            let every = runs == 1 ? "" : " in every seed"
            out += TextWrap.paragraph("Equal to \(name)\(every): \(equal.map(\.label).joined(separator: ", ")).", width: width)
        }
        return out
    }

    /// The column indices split into runs that fit `room` columns, in order; at
    /// least one column each, so a very narrow terminal gets one column per table.
    static func chunks(_ widths: [Int], room: Int) -> [[Int]] {
        var chunks: [[Int]] = []
        var current: [Int] = []
        var used = 0
        for (index, width) in widths.enumerated() {
            // The last column of a table needs no gap after it.
            if !current.isEmpty, used + width - 2 > room {
                chunks.append(current)
                current = []
                used = 0
            }
            current.append(index)
            used += width
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// One table row, two columns in (the label column's indent under its group).
    static func lines(_ texts: [String], _ widths: [Int], _ width: Int) -> String {
        TextWrap.cells(texts, widths: widths, width: width).map { $0.isEmpty ? "\n" : "  " + $0 + "\n" }.joined()
    }

    // MARK: Under the tables

    static func footer(_ block: ComparisonBlock, comparison: Comparison, width: Int) -> String {
        var out = ""
        if !block.columns.isEmpty {
            out += "\n" + TextWrap.paragraph(markMeaning(comparison), width: width)
        }
        if let sentence = TradeOff.sentence(block) {
            out += TextWrap.paragraph(VisibleText.escape(sentence), width: width)
        }
        let columnNoun = comparison.columnNoun
        for skipped in block.skipped {
            out += TextWrap.paragraph("Skipped \(VisibleText.escape(skipped.name)): \(sentence(VisibleText.escape(skipped.reason)))", width: width)
        }
        var notMeasured: [(reason: String, labels: [String])] = []
        for row in block.rows where !row.isMeasured && !block.columns.isEmpty {
            let reason = VisibleText.escape(row.cells.compactMap(\.unavailable).first ?? "no recording measured it")
            if let index = notMeasured.firstIndex(where: { $0.reason == reason }) {
                notMeasured[index].labels.append(row.label)
            } else {
                notMeasured.append((reason, [row.label]))
            }
        }
        for item in notMeasured {
            out += TextWrap.paragraph("Not measured for any \(columnNoun): \(item.labels.joined(separator: ", ")) (\(item.reason)).", width: width)
        }
        for row in block.rows where row.isMeasured {
            for (index, cell) in row.cells.enumerated() where cell.spread == nil || cell.isPartial {
                let name = VisibleText.escape(block.columns[index].name)
                let reason = VisibleText.escape(cell.unavailable ?? "")
                if cell.spread == nil {
                    out += TextWrap.paragraph("n/a: \(name), \(row.label): \(reason).", width: width)
                } else {
                    let missing = cell.runs - (cell.spread?.count ?? 0)
                    out += TextWrap.paragraph("\(CellText.partialMarker) \(name), \(row.label): not measured in \(missing) of \(cell.runs) seeds (\(reason)); the figures are over the others, and the cell is never marked.", width: width)
                }
            }
        }
        return out
    }

    /// `text` ending in a full stop.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    /// The lines under a table that say what the marks mean.
    static func markMeaning(_ comparison: Comparison) -> String {
        let noun = comparison.columnNoun
        let runs = comparison.runsPerColumn
        let howItWorks = "\"How it works\" rows describe and are never marked."
        guard let (rank, coverage) = MedianInterval.rank(count: runs) else {
            let proof = comparison.source == .traces
                ? "compare a scenario over seeds (reuselab compare SCENARIO --strategies all --seeds 1-20)"
                : "--seeds 1-20 shows the spread"
            let few = runs == 1 ? "One recording per \(noun) has no spread" : "\(runs) seeds give no 95% interval for a median"
            return "\(few), so no \(noun) is marked best on any row, however the figures differ: \(proof). \(howItWorks)"
        }
        let percent = ReadableNumber.oneDecimal(coverage * 100)
        return "[low, high]: the median's 95% interval from order statistics (here the \(ordinal(rank)) lowest to the \(ordinal(rank)) highest of \(runs) seeds, which holds the median with \(percent)% probability; no resampling, no assumed distribution). \(CellText.bestMarker) best: its interval lies wholly below every other \(noun)'s, and seed by seed it is lower than each (the 95% interval of the per-seed differences lies below 0); for a benefit, mirrored. Where intervals overlap, no mark. \(howItWorks)"
    }

    /// "1st", "2nd", "6th", "11th", "23rd".
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
