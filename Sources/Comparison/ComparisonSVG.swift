import ToolSupport
import Replay

/// A comparison drawn as one SVG file that any browser opens: per block
/// (network), one small horizontal bar chart per cost or benefit metric that was
/// measured, a bar per column. The bar is the median; a whisker runs from the
/// lowest to the highest recording; the figures ("median (min–max)") and the
/// unit are written beside it; the best column (`BestMark`) is green and marked.
/// Descriptive metrics are not charted: they have no better or worse.
///
/// Written by hand (no library), deterministic to the byte, every text escaped by
/// `MarkupText`. The root element carries `data-generator="reuselab-compare"`, which
/// is how `whyNotOurs` knows a file it may replace without `--force`.
public enum ComparisonSVG {
    /// The attribute on the root element that marks a chart this command wrote.
    public static let generatorMark = "data-generator=\"reuselab-compare\""

    /// Charts sit two to a row, each `chartWidth` wide.
    static let chartWidth = 560
    static let chartsPerRow = 2
    static let margin = 16
    static let width = margin * 2 + chartWidth * chartsPerRow
    /// Where the bars start in a chart (after the names) and how long the longest one is.
    static let barOffset = 150
    static let barLength = 240
    static let rowHeight = 20
    static let font = "font-family=\"Helvetica, Arial, sans-serif\""

    public static func svg(_ comparison: Comparison) -> String {
        var body = ""
        var y = margin
        // Heading.
        y += 18
        body += text(x: margin, y: y, size: 16, weight: "bold", heading(comparison))
        y += 18
        body += text(x: margin, y: y, size: 12, subheading(comparison))
        y += 16
        body += text(x: margin, y: y, size: 12, legend(comparison))
        for block in comparison.blocks {
            if let network = block.network {
                y += 30
                body += text(x: margin, y: y, size: 14, weight: "bold",
                             "Network \(network.name): \(block.networkDescription ?? "")")
            }
            for skipped in block.skipped {
                y += 16
                body += text(x: margin, y: y, size: 11, "Skipped \(skipped.name): \(skipped.reason)")
            }
            let charted = block.rows.filter { $0.kind != .descriptive && $0.isMeasured }
            for (index, row) in charted.enumerated() {
                let column = index % chartsPerRow
                if column == 0 { y += 26 }
                body += chart(row, columns: block.columns, left: margin + column * chartWidth, top: y)
                if column == chartsPerRow - 1 || index == charted.count - 1 { y += chartHeight(columns: block.columns.count) }
            }
        }
        y += margin
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" \(generatorMark) width="\(width)" height="\(y)" viewBox="0 0 \(width) \(y)" role="img">
        <title>\(MarkupText.escape(heading(comparison)))</title>
        <rect x="0" y="0" width="\(width)" height="\(y)" fill="#ffffff"/>
        \(body)</svg>

        """
    }

    static func heading(_ comparison: Comparison) -> String {
        switch comparison.source {
        case .scenario(_, let title, _, _, _): return "reuselab compare: " + title
        case .traces: return "reuselab compare: \(comparison.blocks.first?.columns.count ?? 0) traces"
        }
    }

    static func subheading(_ comparison: Comparison) -> String {
        switch comparison.source {
        case .scenario(let file, _, let profile, let list, let seeds):
            let seedText = seeds.seeds.count == 1 ? "seed \(seeds.description)" : "\(seeds.seeds.count) seeds (\(seeds.description))"
            return "\(file), \(Comparison.setup(profile: profile, list: list)), \(seedText)"
        case .traces:
            return (comparison.blocks.first?.columns ?? []).map { $0.file ?? $0.name }.joined(separator: ", ")
        }
    }

    static func legend(_ comparison: Comparison) -> String {
        if comparison.runsPerColumn > 1 {
            return "Bar: the median over the seeds; whisker: lowest to highest; green and *: best beyond the seeds' spread"
        }
        return "Bar: the one recording's value (one recording proves little); green and *: strictly the lowest"
    }

    static func chartHeight(columns: Int) -> Int { 8 + columns * rowHeight + 30 }

    /// One metric's chart, its left edge at `left`, its title's baseline at `top`.
    static func chart(_ row: ComparisonRow, columns: [ComparisonColumn], left: Int, top: Int) -> String {
        let barLeft = left + barOffset
        let scale = row.scale
        let largest = row.cells.compactMap { $0.spread?.max }.max() ?? 0
        let axisMaximum = largest > 0 && largest.isFinite ? largest : 1
        // A value's place on the axis; a figure no metric gives (infinite, NaN) sits at 0.
        func x(_ value: Double) -> Double {
            let fraction = max(0, value) / axisMaximum
            return Double(barLeft) + (fraction.isFinite ? min(1, fraction) : 0) * Double(barLength)
        }
        let direction = row.kind == .cost ? "lower is better" : "higher is better"
        var out = "<g class=\"chart\" data-metric=\"\(MarkupText.escape(row.key))\">\n"
        out += text(x: left, y: top, size: 13, weight: "bold", scale.label(row.label) + " — " + direction)
        let barsTop = top + 8
        for (index, column) in columns.enumerated() {
            let cell = row.cells[index]
            let rowTop = barsTop + index * rowHeight
            let middle = rowTop + rowHeight / 2
            out += "<g class=\"bar\" data-column=\"\(MarkupText.escape(column.name))\">"
            out += "<title>\(MarkupText.escape(column.name + ": " + CellText.text(cell, scale: scale, marks: false)))</title>"
            out += text(x: barLeft - 8, y: middle + 4, size: 11, anchor: "end", shortened(column.name))
            guard let spread = cell.spread else {
                out += text(x: barLeft + 4, y: middle + 4, size: 11, fill: "#777777", "not measured") + "</g>\n"
                continue
            }
            let isBest = row.best == index
            out += "<rect x=\"\(barLeft)\" y=\"\(rowTop + 4)\" width=\"\(number(x(spread.median) - Double(barLeft)))\" height=\"\(rowHeight - 8)\" fill=\"\(isBest ? "#3a9d5d" : "#8fb3de")\"/>"
            if cell.runs > 1 {
                let low = number(x(spread.min)), high = number(x(spread.max))
                out += "<line x1=\"\(low)\" y1=\"\(middle)\" x2=\"\(high)\" y2=\"\(middle)\" stroke=\"#333333\" stroke-width=\"1\"/>"
                for end in [low, high] {
                    out += "<line x1=\"\(end)\" y1=\"\(middle - 4)\" x2=\"\(end)\" y2=\"\(middle + 4)\" stroke=\"#333333\" stroke-width=\"1\"/>"
                }
            }
            let label = CellText.text(cell, scale: scale, isBest: isBest, marks: true)
            out += text(x: Int(x(spread.max)) + 6, y: middle + 4, size: 11, weight: isBest ? "bold" : nil, label)
            out += "</g>\n"
        }
        // The axis: a line under the bars, ticks at 0, half and the largest value.
        let axisY = barsTop + columns.count * rowHeight + 4
        out += "<line x1=\"\(barLeft)\" y1=\"\(axisY)\" x2=\"\(barLeft + barLength)\" y2=\"\(axisY)\" stroke=\"#999999\" stroke-width=\"1\"/>\n"
        // An axis whose largest value is 0 has one tick.
        for fraction in largest > 0 ? [0.0, 0.5, 1.0] : [0.0] {
            let tickX = number(x(axisMaximum * fraction))
            out += "<line x1=\"\(tickX)\" y1=\"\(axisY)\" x2=\"\(tickX)\" y2=\"\(axisY + 4)\" stroke=\"#999999\" stroke-width=\"1\"/>"
            let value = largest > 0 ? axisMaximum * fraction : 0
            let unit = scale.suffix.isEmpty ? "" : " " + scale.suffix
            out += text(x: Int(x(axisMaximum * fraction)), y: axisY + 16, size: 10, anchor: "middle", fill: "#555555",
                        scale.text(value) + (fraction == 1 || !(largest > 0) ? unit : "")) + "\n"
        }
        return out + "</g>\n"
    }

    /// A `<text>` element, its content escaped.
    static func text(x: Int, y: Int, size: Int, weight: String? = nil, anchor: String? = nil, fill: String = "#222222",
                     _ content: String) -> String {
        var attributes = "x=\"\(x)\" y=\"\(y)\" \(font) font-size=\"\(size)\" fill=\"\(fill)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        return "<text \(attributes)>\(MarkupText.escape(content))</text>\n"
    }

    /// A column name short enough for the space left of the bars (the whole name
    /// is in the bar's tooltip).
    static func shortened(_ name: String) -> String {
        name.count <= 22 ? name : String(name.prefix(21)) + "…"
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        ReadableNumber.oneDecimal(value)
    }

    /// Nil when the file at `path` is a chart this command wrote (its root element
    /// carries `generatorMark`), else why it is not ours to replace.
    public static func whyNotOurs(path: String) -> String? {
        guard let bytes = try? InputFile.read(path, limit: 1 << 26) else { return "it cannot be read" }
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        guard let start = head.range(of: "<svg "), let end = head[start.upperBound...].firstIndex(of: ">"),
              head[start.lowerBound..<end].contains(generatorMark) else {
            return "it is not a chart written by reuselab compare"
        }
        return nil
    }
}
