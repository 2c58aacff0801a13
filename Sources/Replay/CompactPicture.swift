import TraceModel
import ToolSupport

/// The table view at one moment, small enough to sit under a lesson question
/// (about 20 lines at 80 columns): the rows on screen with their cell and image,
/// laid out in columns and read downwards (a collection view's items a line per
/// row of its grid, as they stand on screen), then every other live cell by where
/// it is — prepared for a row not yet on screen, being set up, just off screen,
/// kept aside, in a reuse pool — the rows being prefetched and the requests in
/// flight. Every live cell appears exactly once, so the count in the first line
/// is the count of cells drawn.
public enum CompactPicture {
    /// At most this many lines of rows; more rows are summarised on one line.
    public static let maximumRowLines = 12

    /// The picture's lines. `rowLines` caps the lines given to the cells on
    /// screen (the rest counted on the last of them; 0 leaves them out, the
    /// "On screen" line still naming their rows), for a pause that must fit a
    /// small terminal.
    public static func draw(_ state: ReplayState, width: Int, rowLines: Int = maximumRowLines) -> [String] {
        let width = max(40, width)
        let rowLines = max(0, min(rowLines, maximumRowLines))
        var lines: [String] = []
        let offset = state.lastFrame.map { " · offset " + ReadableNumber.oneDecimal($0.offset) + " pt" } ?? ""
        let words = ListWords(header: state.header)
        lines.append(fit("The \(words.view) at \(ReadableNumber.ms(state.time))\(offset) · \(Wording.count(state.liveCellCount, "cell")) alive", width))

        let onScreen = state.displayed.keys.sorted()
        let stale = Set(state.lastFrame.map { state.staleCells(in: $0).map(\.cell) } ?? [])
        let showsImages = state.hasImages
        var entries: [String] = []
        let naming = state.header.rowNaming
        let rowDigits = onScreen.map { naming.short($0).count }.max() ?? 1
        let cellDigits = onScreen.flatMap { state.displayed[$0] ?? [] }.map { String($0).count }.max() ?? 1
        var entriesByItem: [(item: Int, text: String)] = []
        for row in onScreen {
            for id in state.displayed[row] ?? [] {
                let rowText = naming.short(row), idText = String(id)
                var entry = words.row + " " + String(repeating: " ", count: rowDigits - rowText.count) + rowText
                    + "  #" + idText + String(repeating: " ", count: cellDigits - idText.count)
                if showsImages { entry += "  " + shortImage(state.cell(id)?.image ?? .nothing) }
                if stale.contains(id) { entry += " STALE" }
                entries.append(entry)
                entriesByItem.append((row, entry))
            }
        }
        if let first = onScreen.first, let last = onScreen.last {
            let grid = words.gridRows(first, last).map { ", " + $0 } ?? ""
            lines.append(fit("On screen: " + Wording.span(first, last, naming: naming) + grid
                             + (naming.hasSections ? " (section:\(words.row))" : ""), width))
            if rowLines == 0 {
                // Left out to fit: the line above still says which rows are on screen.
            } else if let itemGrid = words.grid, let drawn = gridRows(entriesByItem, grid: itemGrid, width: width, rowLines: rowLines) {
                lines.append(contentsOf: drawn)
            } else {
                lines.append(contentsOf: columns(entries, width: width, rowLines: rowLines))
            }
        } else {
            lines.append("On screen: nothing")
        }

        // Every other live cell, grouped by where it is.
        for group in OffscreenCells(state, naming: naming, images: showsImages).groups {
            lines.append(contentsOf: labelled(group.label, group.cells, width))
        }
        let pools = state.pools.keys.sorted()
        if pools.isEmpty || pools.allSatisfy({ (state.pools[$0] ?? []).isEmpty }) {
            lines.append("Reuse pool: empty")
        }
        for key in pools {
            let ids = state.pools[key] ?? []
            guard !ids.isEmpty else { continue }
            // The pool hands out its most recently added cell first.
            // With images, what each pooled cell's image view still holds.
            let listed = ids.reversed().map { id in
                "#\(id)" + (showsImages ? " (" + shortImage(state.cell(id)?.image ?? .nothing) + ")" : "")
            }
            lines.append(contentsOf: labelled("Reuse pool \"\(VisibleText.escape(key))\", next out first: ", listed, width))
        }
        if !state.pendingPrefetch.isEmpty {
            lines.append(fit("Prefetching: " + Wording.rows(state.pendingPrefetch, naming: naming), width))
        }
        let inFlight = state.requestsInFlight
        if !inFlight.isEmpty {
            let shown = inFlight.prefix(4).map { record -> String in
                // Rows, not request numbers: a "#" in the picture always names a cell.
                (record.row.map { naming.name($0) } ?? "a page") + (record.phase == .waiting ? " (waiting)" : " (running)")
            }
            lines.append(fit("Requests in flight: " + shown.joined(separator: ", ") + (inFlight.count > 4 ? ", and \(inFlight.count - 4) more" : ""), width))
        }
        return lines
    }

    /// "img 5", "placeholder", "no image".
    static func shortImage(_ image: ImageShown) -> String {
        switch image {
        case .nothing: return "no image"
        case .placeholder: return "placeholder"
        case .image(let number): return "image \(number)"
        }
    }

    /// Entries in as many columns as fit, read downwards; at most
    /// `rowLines` lines, the rest counted on a last line.
    static func columns(_ entries: [String], width: Int, rowLines: Int = maximumRowLines) -> [String] {
        guard !entries.isEmpty, rowLines > 0 else { return [] }
        let cellWidth = (entries.map { TextWrap.columns($0) }.max() ?? 0) + 3
        let across = max(1, (width - 2) / cellWidth)
        var height = (entries.count + across - 1) / across
        var hidden = 0
        if height > rowLines {
            height = max(0, rowLines - 1)
            hidden = entries.count - height * across
        }
        var lines: [String] = []
        for line in 0..<height {
            var text = " "
            for column in 0..<across {
                let index = column * height + line
                guard index < entries.count, index < height * across else { continue }
                text += " " + TextWrap.pad(entries[index], cellWidth - 1)
            }
            lines.append(fit(String(text.reversed().drop(while: { $0 == " " }).reversed()), width))
        }
        if hidden > 0 { lines.append(height == 0 ? "  (\(hidden) on screen, not drawn for lack of room)" : "  … and \(hidden) more on screen") }
        return lines
    }

    /// A collection view's items as they stand in its grid: a line per row of the
    /// grid, each item in its column; nil when the grid is too wide for `width`
    /// (the items are then listed in columns like a table's rows). At most
    /// `rowLines` lines, the rest counted on a last line.
    static func gridRows(_ entries: [(item: Int, text: String)], grid: ItemGrid, width: Int, rowLines: Int = maximumRowLines) -> [String]? {
        let cellWidth = (entries.map { TextWrap.columns($0.text) }.max() ?? 0) + 3
        guard 2 + grid.columns * cellWidth - 3 <= width else { return nil }
        var rows: [(row: Int, parts: [String])] = []
        for entry in entries {
            let row = grid.row(of: entry.item), column = grid.column(of: entry.item)
            if rows.last?.row != row { rows.append((row, Array(repeating: "", count: grid.columns))) }
            guard column < grid.columns else { continue }
            // Two cells on one item (a reload swapping them): the second in words after the first.
            let part = rows[rows.count - 1].parts[column]
            rows[rows.count - 1].parts[column] = part.isEmpty ? entry.text : part + " +" + entry.text
        }
        var lines: [String] = []
        guard rowLines > 0 else { return lines }
        for (index, row) in rows.enumerated() {
            if index == rowLines - 1 && rows.count > rowLines {
                let hidden = rows[index...].reduce(0) { $0 + $1.parts.filter { !$0.isEmpty }.count }
                lines.append(index == 0 ? "  (\(hidden) on screen, not drawn for lack of room)" : "  … and \(hidden) more on screen")
                break
            }
            let text = " " + row.parts.map { " " + TextWrap.pad($0, cellWidth - 1) }.joined()
            lines.append(fit(String(text.reversed().drop(while: { $0 == " " }).reversed()), width))
        }
        return lines
    }

    /// "Label: a, b, c" wrapped under its label.
    static func labelled(_ label: String, _ items: [String], _ width: Int) -> [String] {
        TextWrap.row(label, items.joined(separator: ", "), width: width)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func fit(_ text: String, _ width: Int) -> String {
        guard TextWrap.columns(text) > width else { return text }
        var out = ""
        for character in text {
            guard TextWrap.columns(out + String(character)) < width else { break }
            out.append(character)
        }
        return out + "…"
    }
}
