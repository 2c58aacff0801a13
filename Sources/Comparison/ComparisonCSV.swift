import ToolSupport
import Replay

/// A comparison as CSV in long form — what a spreadsheet's pivot table or a
/// data-frame library reads without reshaping. Two kinds of line, told apart
/// by the first field:
///
///     row,network,column,seed,group,metric,label,kind,unit,value,median,low,high,min,max,measured,runs,baseline,difference,differenceLow,differenceHigh,verdict,mark
///     summary,long-tail,async-reset,,user-visible cost,staleMs,stale image time,cost,ms,,0,0,0,0,3983,20,20,task-identity-cancel,…
///     seed,long-tail,async-reset,7,user-visible cost,staleMs,stale image time,cost,ms,1458,,,,,,,,,,,,,
///
/// - `summary`: one line per network, metric and column: the median, its 95%
///   interval (`low`, `high`; empty below six seeds), `min`, `max`, how many
///   recordings measured it of how many, and against the `baseline` the median
///   per-seed `difference` with its interval; `verdict` is `better` or `worse`
///   where that interval is clear of 0 (`trade-off` where a late first screen
///   bought the difference; empty otherwise and for the baseline);
///   `mark` is `best` (`BestMark`), `trade-off` (`TradeOff`) or empty.
/// - `seed`: one line per network, column, seed and metric: that recording's
///   `value` (empty when it did not measure the metric). `seed` is empty for a
///   trace; every summary field is empty.
///
/// Figures keep full precision in `stats --json`'s units. `network` is empty
/// for traces.
public enum ComparisonCSV {
    public static let header = ["row", "network", "column", "seed", "group", "metric", "label", "kind", "unit", "value",
                                "median", "low", "high", "min", "max", "measured", "runs",
                                "baseline", "difference", "differenceLow", "differenceHigh", "verdict", "mark"]

    public static func csv(_ comparison: Comparison) -> String {
        var out = line(header)
        for block in comparison.blocks {
            let baseline = block.baseline.map { block.columns[$0].name } ?? ""
            for row in block.rows {
                for (index, cell) in row.cells.enumerated() {
                    let spread = cell.spread
                    let interval = spread?.interval
                    let difference = row.differences[index]?.spread
                    let verdict = ComparisonJSON.verdict(row, column: index, block: block) ?? ""
                    let mark = row.best == index ? "best" : row.tradeOff == index ? "trade-off" : ""
                    out += line(["summary"] + names(block, column: index, seed: nil, row: row) + [""]
                                + numbers([spread?.median, interval?.low, interval?.high, spread?.min, spread?.max])
                                + [String(spread?.count ?? 0), String(cell.runs), index == block.baseline ? "" : inert(baseline)]
                                + numbers([difference?.median, difference?.interval?.low, difference?.interval?.high])
                                + [verdict, mark])
                }
            }
        }
        let seeds = comparison.seeds
        let blank = Array(repeating: "", count: header.count - 10)
        for block in comparison.blocks {
            for column in block.columns.indices {
                for run in 0..<(block.rows.first?.cells[column].runs ?? 0) {
                    let seed = run < seeds.count ? seeds[run] : nil
                    for row in block.rows {
                        out += line(["seed"] + names(block, column: column, seed: seed, row: row)
                                    + numbers([row.cells[column].values[run]]) + blank)
                    }
                }
            }
        }
        return out
    }

    /// network, column, seed, group, metric, label, kind, unit.
    static func names(_ block: ComparisonBlock, column: Int, seed: Int?, row: ComparisonRow) -> [String] {
        [block.network?.name ?? "", block.columns[column].name, seed.map(String.init) ?? "", row.group.rawValue,
         row.key, row.label, row.kind.rawValue, row.unit?.rawValue ?? ""].map(inert)
    }

    /// Figures as `NumberText` spells them; empty for none.
    static func numbers(_ values: [Double?]) -> [String] {
        values.map { $0.map(NumberText.of) ?? "" }
    }

    /// The fields joined by commas, each quoted when it holds a comma or a quote
    /// (quotes doubled). Lines end in LF, not RFC 4180's CRLF: a carriage return
    /// would reach a terminal as a visible escape, and CSV readers take either.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// A field a spreadsheet takes as text, never as a formula: one that begins
    /// with `=`, `+`, `-`, `@`, a tab or a carriage return (a trace file named
    /// `=cmd|' /C calc'!A0.trace.json`) gets a leading `'`, as OWASP's advice on
    /// CSV injection has it. Every text field goes through it. Figures do not:
    /// they are numbers this program spells (`NumberText`: digits, a point, an
    /// exponent, a leading minus), which a spreadsheet reads as a number, never
    /// as a formula — and a `'` would make "-4608" text that no sum adds.
    static func inert(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return name }
        return "'" + name
    }

    /// A field: control characters made visible (no field spans lines), quoted when needed.
    static func field(_ text: String) -> String {
        let visible = VisibleText.escape(text)
        guard visible.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" }) else { return visible }
        return "\"" + visible.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
