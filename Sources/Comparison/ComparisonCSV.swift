import ToolSupport

/// A comparison as CSV, one line per metric and column — the long
/// form a spreadsheet's pivot table or a data-frame library reads without
/// reshaping:
///
///     network,group,metric,label,kind,unit,column,median,min,max,measured,runs,best
///     long-tail,user-visible cost,staleMs,stale image time,cost,ms,async-no-reset,…
///
/// Figures keep full precision in `stats --json`'s units; a metric a column did
/// not measure has empty figures and `measured` 0. `best` is `true` on the one
/// line of a row that `BestMark` marks. `network` is empty for traces.
public enum ComparisonCSV {
    public static let header = ["network", "group", "metric", "label", "kind", "unit", "column",
                                "median", "min", "max", "measured", "runs", "best"]

    public static func csv(_ comparison: Comparison) -> String {
        var out = line(header)
        for block in comparison.blocks {
            for row in block.rows {
                for (index, cell) in row.cells.enumerated() {
                    let figures = cell.spread.map { [$0.median, $0.min, $0.max].map(NumberText.of) } ?? ["", "", ""]
                    let names = [block.network?.name ?? "", row.group.rawValue, row.key, row.label, row.kind.rawValue,
                                 row.unit?.rawValue ?? "", block.columns[index].name].map(inert)
                    out += line(names + figures
                                + [String(cell.spread?.count ?? 0), String(cell.runs), row.best == index ? "true" : "false"])
                }
            }
        }
        return out
    }

    /// The fields joined by commas, each quoted when it holds a comma or a quote
    /// (quotes doubled). Lines end in LF, not RFC 4180's CRLF: a carriage return
    /// would reach a terminal as a visible escape, and CSV readers take either.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// A name as a spreadsheet takes it as text, never as a formula: one that
    /// begins with `=`, `+`, `-`, `@`, a tab or a carriage return (a trace file
    /// named `=cmd|' /C calc'!A0.trace.json`) gets a leading `'`, as OWASP's
    /// advice on CSV injection has it. Figures are numbers and left as they are.
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
