import TraceFormat

/// The table view at one moment, small enough to sit under a lesson question
/// (about 20 lines at 80 columns): the rows on screen with their cell and image,
/// laid out in columns and read downwards, then every other live cell by where
/// it is — prepared for a row not yet on screen, being set up, just off screen,
/// kept aside, in a reuse pool — the rows being prefetched and the requests in
/// flight. Every live cell appears exactly once, so the count in the first line
/// is the count of cells drawn.
public enum CompactPicture {
    /// At most this many lines of rows; more rows are summarised on one line.
    public static let maximumRowLines = 12

    public static func draw(_ state: ReplayState, width: Int) -> [String] {
        let width = max(40, width)
        var lines: [String] = []
        let offset = state.lastFrame.map { " · offset " + ReadableNumber.oneDecimal($0.offset) + " pt" } ?? ""
        lines.append(fit("The table view at \(ReadableNumber.ms(state.time))\(offset) · \(Wording.count(state.liveCellCount, "cell")) alive", width))

        let onScreen = state.displayed.keys.sorted()
        let stale = Set(state.lastFrame.map { state.staleCells(in: $0).map(\.cell) } ?? [])
        let showsImages = state.hasImages
        var entries: [String] = []
        let naming = state.header.rowNaming
        let rowDigits = onScreen.map { naming.short($0).count }.max() ?? 1
        let cellDigits = onScreen.flatMap { state.displayed[$0] ?? [] }.map { String($0).count }.max() ?? 1
        for row in onScreen {
            for id in state.displayed[row] ?? [] {
                let rowText = naming.short(row), idText = String(id)
                var entry = "row " + String(repeating: " ", count: rowDigits - rowText.count) + rowText
                    + "  #" + idText + String(repeating: " ", count: cellDigits - idText.count)
                if showsImages { entry += "  " + shortImage(state.cell(id)?.image ?? .nothing) }
                if stale.contains(id) { entry += " STALE" }
                entries.append(entry)
            }
        }
        if let first = onScreen.first, let last = onScreen.last {
            lines.append(fit("On screen: " + Wording.span(first, last, naming: naming) + (naming.hasSections ? " (section:row)" : ""), width))
            lines.append(contentsOf: columns(entries, width: width))
        } else {
            lines.append("On screen: nothing")
        }

        // Every other live cell, grouped by where it is.
        for group in OffscreenCells(state, naming: naming).groups {
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
            let listed = ids.reversed().map { "#\($0)" }
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
    /// `maximumRowLines` lines, the rest counted on a last line.
    static func columns(_ entries: [String], width: Int) -> [String] {
        guard !entries.isEmpty else { return [] }
        let cellWidth = (entries.map { TextWrap.columns($0) }.max() ?? 0) + 3
        let across = max(1, (width - 2) / cellWidth)
        var height = (entries.count + across - 1) / across
        var hidden = 0
        if height > maximumRowLines {
            height = maximumRowLines - 1
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
        if hidden > 0 { lines.append("  … and \(hidden) more on screen") }
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
