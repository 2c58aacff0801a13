import ToolSupport
import Replay

/// A comparison drawn as one SVG file that any browser opens: small multiples
/// that fit one screen. A column per headline metric (`headline`), a band per
/// block (network), and in each panel a bar per strategy or trace: the bar is
/// the median, the whisker its 95% interval (lowest to highest below six
/// seeds), the figure at the panel's right. A metric's panels share one axis
/// down the column, with round ticks (`NiceTicks`), so a network is read against
/// another by eye. The best column (`BestMark`) is green and marked `*`; one that
/// is lowest only by a late first screen (`TradeOff`) is amber and marked `‡`.
/// Every metric is in the table, `--csv` and `--json`; the chart keeps to six so
/// that three networks of all ten table strategies fit 1280 × 800 (1280 × 724).
///
/// Written by hand (no library), deterministic to the byte, every text escaped by
/// `MarkupText`. The root element carries `data-generator="reuselab-compare"`, which
/// is how `whyNotOurs` knows a file it may replace without `--force`.
public enum ComparisonSVG {
    /// The attribute on the root element that marks a chart this command wrote.
    public static let generatorMark = "data-generator=\"reuselab-compare\""

    /// The metrics charted, in order: what the person scrolling sees first, then
    /// what it costs the device.
    static let headline = ["staleMs", "timeToFirstCompleteScreenMs", "imageWaitAverageMs", "hitchMs",
                           "downloadBytes", "peakImageMemory"]

    static let width = 1280
    static let margin = 16
    /// The strategy names, left of every band.
    static let nameWidth = 150
    /// Each panel, and inside it the room kept at its right for the median's figure.
    static var panelWidth: Int { (width - 2 * margin - nameWidth) / headline.count }
    static let figureWidth = 46
    static let panelGap = 12
    /// One bar's row, and the bar's thickness in it.
    static let pitch = 13
    static let barHeight = 8
    static let font = "font-family=\"Helvetica, Arial, sans-serif\""

    public static func svg(_ comparison: Comparison) -> String {
        var body = ""
        var y = margin + 16
        body += text(x: margin, y: y, size: 16, weight: "bold", heading(comparison))
        y += 18
        body += text(x: margin, y: y, size: 12, subheading(comparison))
        for line in legend(comparison) {
            y += 16
            body += text(x: margin, y: y, size: 12, fill: "#444444", line)
        }
        let keys = headline.filter { key in comparison.blocks.contains { $0.rows.contains { $0.key == key && $0.isMeasured } } }
        // Each metric's scale and axis, shared by its panels down the column.
        let axes = keys.map { key -> (scale: MetricScale, ticks: NiceTicks, label: String) in
            let rows = comparison.blocks.compactMap { $0.rows.first { $0.key == key } }
            let unit = rows.compactMap(\.unit).first ?? .count
            let largest = rows.flatMap { row in row.cells.compactMap { $0.spread.map { max($0.max, $0.interval?.high ?? 0) } } }.max() ?? 0
            let scale = MetricScale(unit: unit, largest: largest)
            return (scale, NiceTicks(largest: largest / scale.divisor), rows.first.map { scale.label($0.label) } ?? key)
        }
        // The column headings: the metric, then its unit, over two lines.
        y += 30
        for (index, axis) in axes.enumerated() {
            let left = margin + nameWidth + index * panelWidth
            let (name, unit) = split(axis.label)
            body += text(x: left, y: y, size: 12, weight: "bold", name)
            body += text(x: left, y: y + 14, size: 11, fill: "#555555", unit.isEmpty ? "lower is better" : unit + ", lower is better")
        }
        y += 14
        if keys.isEmpty {
            y += 24
            body += text(x: margin, y: y, size: 12, "No headline metric was measured: see the table.")
        }
        for block in comparison.blocks where !keys.isEmpty {
            y += 26
            body += text(x: margin, y: y, size: 13, weight: "bold", bandTitle(block))
            for skipped in block.skipped {
                y += 15
                body += text(x: margin, y: y, size: 11, fill: "#555555", "Skipped \(skipped.name): \(skipped.reason)")
            }
            let top = y + 8
            for (index, column) in block.columns.enumerated() {
                body += text(x: margin + nameWidth - 8, y: top + index * pitch + pitch / 2 + 4, size: 11, anchor: "end", shortened(column.name))
            }
            for (index, key) in keys.enumerated() {
                let left = margin + nameWidth + index * panelWidth
                guard let row = block.rows.first(where: { $0.key == key }) else { continue }
                body += panel(row, network: block.network?.name, columns: block.columns, axis: axes[index], left: left, top: top)
            }
            y = top + block.columns.count * pitch + 20
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
            let jitter = comparison.jitter.map { $0.fraction > 0 ? ", main-thread work \($0.percent)" : "" } ?? ""
            return "\(file), \(Comparison.setup(profile: profile, list: list)), \(seedText)\(jitter)"
        case .traces:
            return (comparison.blocks.first?.columns ?? []).map { $0.file ?? $0.name }.joined(separator: ", ")
        }
    }

    /// What the marks mean, in two lines.
    static func legend(_ comparison: Comparison) -> [String] {
        let runs = comparison.runsPerColumn
        let tail = "Six headline metrics; every metric is in the table, --csv and --json."
        if runs >= MedianInterval.minimumCount {
            return ["Bar: the median over the seeds; whisker: its 95% interval (order statistics). Green and *: best, its interval clear of every other's",
                    "and lower seed by seed. Amber and ‡: lowest only because its first complete screen comes last. " + tail]
        }
        if runs > 1 {
            return ["Bar: the median over the seeds; whisker: lowest to highest. Fewer than \(MedianInterval.minimumCount) seeds give no 95% interval: nothing is marked.", tail]
        }
        return ["Bar: each one recording's value. One recording has no spread: nothing is marked best.", tail]
    }

    static func bandTitle(_ block: ComparisonBlock) -> String {
        guard let network = block.network else { return "Traces" }
        let name = network == .scenario ? "The scenario's network" : "Network \(network.name)"
        return name + ": " + (block.networkDescription ?? "")
    }

    /// "first complete screen at" and "ms" from "first complete screen at (ms)";
    /// "image wait (average)" and "ms" from "image wait (average, ms)".
    static func split(_ label: String) -> (String, String) {
        guard label.hasSuffix(")"), let open = label.lastIndex(of: "(") else { return (label, "") }
        let inside = label[label.index(after: open)..<label.index(before: label.endIndex)]
        guard let comma = inside.lastIndex(of: ",") else {
            return (String(label[..<open]).trimmingSpaces, String(inside))
        }
        let unit = inside[inside.index(after: comma)...].drop { $0 == " " }
        return (String(label[..<open]) + "(" + inside[..<comma] + ")", String(unit))
    }

    /// One metric on one network: a bar per column, the axis under them.
    static func panel(_ row: ComparisonRow, network: String?, columns: [ComparisonColumn],
                      axis: (scale: MetricScale, ticks: NiceTicks, label: String), left: Int, top: Int) -> String {
        let plotWidth = panelWidth - figureWidth - panelGap
        let scale = axis.scale
        // A value's place on the axis; one no metric gives (infinite, NaN) sits at 0.
        func x(_ value: Double) -> Double {
            let fraction = max(0, value / scale.divisor) / axis.ticks.top
            return Double(left) + (fraction.isFinite ? min(1, fraction) : 0) * Double(plotWidth)
        }
        var out = "<g class=\"chart\" data-metric=\"\(MarkupText.escape(row.key))\""
        if let network { out += " data-network=\"\(MarkupText.escape(network))\"" }
        out += ">\n"
        // Gridlines first, under the bars.
        let bottom = top + columns.count * pitch
        for value in axis.ticks.values {
            let tickX = number(x(value * scale.divisor))
            out += "<line x1=\"\(tickX)\" y1=\"\(top)\" x2=\"\(tickX)\" y2=\"\(bottom)\" stroke=\"#e4e4e4\" stroke-width=\"1\"/>"
        }
        out += "\n"
        for (index, column) in columns.enumerated() {
            let cell = row.cells[index]
            let rowTop = top + index * pitch
            let middle = rowTop + pitch / 2
            out += "<g class=\"bar\" data-column=\"\(MarkupText.escape(column.name))\">"
            out += "<title>\(MarkupText.escape(column.name + ", " + axis.label + ": " + CellText.text(cell, scale: scale, marks: false)))</title>"
            guard let spread = cell.spread else {
                out += text(x: left + 2, y: middle + 4, size: 10, fill: "#777777", "n/a") + "</g>\n"
                continue
            }
            let isBest = row.best == index, traded = row.tradeOff == index
            let fill = isBest ? "#3a9d5d" : traded ? "#d9a520" : "#8fb3de"
            out += "<rect x=\"\(left)\" y=\"\(middle - barHeight / 2)\" width=\"\(number(x(spread.median) - Double(left)))\" height=\"\(barHeight)\" fill=\"\(fill)\"/>"
            let whisker = spread.interval.map { ($0.low, $0.high) } ?? (spread.count > 1 ? (spread.min, spread.max) : nil)
            if let (low, high) = whisker {
                let lowX = number(x(low)), highX = number(x(high))
                out += "<line x1=\"\(lowX)\" y1=\"\(middle)\" x2=\"\(highX)\" y2=\"\(middle)\" stroke=\"#333333\" stroke-width=\"1\"/>"
                for end in [lowX, highX] {
                    out += "<line x1=\"\(end)\" y1=\"\(middle - 3)\" x2=\"\(end)\" y2=\"\(middle + 3)\" stroke=\"#333333\" stroke-width=\"1\"/>"
                }
            }
            var figure = scale.text(spread.median)
            if isBest { figure += " " + CellText.bestMarker }
            if traded { figure += " " + CellText.tradeOffMarker }
            out += text(x: left + panelWidth - panelGap, y: middle + 4, size: 10, weight: isBest ? "bold" : nil, anchor: "end", figure)
            out += "</g>\n"
        }
        // The axis: a line under the bars, a labelled tick at each round value.
        out += "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(left + plotWidth)\" y2=\"\(bottom)\" stroke=\"#999999\" stroke-width=\"1\"/>\n"
        for value in axis.ticks.values {
            let tickX = x(value * scale.divisor)
            out += "<line x1=\"\(number(tickX))\" y1=\"\(bottom)\" x2=\"\(number(tickX))\" y2=\"\(bottom + 3)\" stroke=\"#999999\" stroke-width=\"1\"/>"
            out += "<text class=\"tick\" x=\"\(number(tickX))\" y=\"\(bottom + 13)\" \(font) font-size=\"9\" fill=\"#555555\" text-anchor=\"middle\">\(axis.ticks.label(value))</text>\n"
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
    /// is in each bar's tooltip).
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

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        Substring(self).trimmedOfSpaces()
    }
}
