extension TextWrap {
    /// One row of a table as lines: each cell wrapped within its column (`widths`,
    /// each counting the gap of two spaces before the next column), its continuation
    /// lines under its first, padded so the next column lines up. The last cell takes
    /// the rest of `width`. No line ends in spaces.
    ///
    /// When the columns do not fit `width`, the last one still gets at least 8
    /// columns, so the line is wider than `width` only when the other columns alone
    /// are: a table too wide for the terminal wraps inside its cells instead of
    /// running off the edge.
    public static func cells(_ texts: [String], widths: [Int], width: Int) -> [String] {
        guard !texts.isEmpty else { return [] }
        var columnWidths = texts.indices.map { index in max(2, index < widths.count ? widths[index] : 2) }
        let fixed = columnWidths.dropLast().reduce(0) { $0.saturatingAdd($1) }
        columnWidths[columnWidths.count - 1] = max(8, width - fixed)
        let wrapped = texts.enumerated().map { index, text in
            let room = index == texts.count - 1 ? columnWidths[index] : columnWidths[index] - 2
            return lines(text, firstWidth: room, width: room)
        }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { line in
            var out = ""
            for (index, cellLines) in wrapped.enumerated() {
                let text = line < cellLines.count ? cellLines[line] : ""
                out += index == wrapped.count - 1 ? text : pad(text, columnWidths[index])
            }
            return String(out.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// `items` on as few lines of at most `width` columns as they fit, joined by
    /// `separator` ("   " between the keys of a hint line). An item is never split
    /// across lines unless it is wider than a line by itself; then it is wrapped at
    /// its spaces.
    public static func pack(_ items: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        let gap = columns(separator)
        for item in items {
            let itemWidth = columns(item)
            if currentWidth > 0, currentWidth + gap + itemWidth <= width {
                current += separator + item
                currentWidth += gap + itemWidth
                continue
            }
            if currentWidth > 0 { lines.append(current) }
            if itemWidth <= width {
                current = item
                currentWidth = itemWidth
            } else {
                var pieces = TextWrap.lines(item, firstWidth: width, width: width)
                current = pieces.popLast() ?? ""
                currentWidth = columns(current)
                lines += pieces
            }
        }
        if currentWidth > 0 || lines.isEmpty { lines.append(current) }
        return lines
    }
}

extension Int {
    /// `self + other`, or `Int.max` where that would overflow (widths never should).
    fileprivate func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension TextWrap {
    /// `text` wrapped to `width` with a hanging indent: the first line starts at the
    /// margin, the lines after it `indent` columns in. Each line ends in "\n".
    public static func hanging(_ text: String, width: Int, indent: Int = 4) -> String {
        let margin = String(repeating: " ", count: max(0, indent))
        return lines(text, firstWidth: width, width: max(20, width - indent))
            .enumerated().map { ($0.offset == 0 ? "" : margin) + $0.element + "\n" }.joined()
    }
}
