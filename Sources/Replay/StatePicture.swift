import TraceModel
import ToolSupport

/// A picture of the replay state as text that fits a given width (80 columns by
/// default): the screen with each visible row, its cell and what its image view
/// shows (stale ones marked) — for a collection view, a line per row of its grid
/// with the items side by side, `columns` to a line — then the cells kept aside and every other live cell
/// off screen (`OffscreenCells`), each reuse pool, the rows
/// being prefetched and the requests in flight. The screen's rows are cut to fit
/// its box; the lines under it wrap.
public enum StatePicture {
    /// The width when none is given.
    public static let width = 80

    /// The picture's lines, none wider than `width` columns (at least 40).
    public static func draw(_ state: ReplayState, width requested: Int = StatePicture.width) -> [String] {
        let width = max(40, requested)
        var lines: [String] = []
        let offset = state.lastFrame.map { ReadableNumber.points($0.offset) } ?? "–"
        let words = ListWords(header: state.header)
        lines += TextWrap.pack(["t = \(Wording.ms(state.time))", "offset \(offset)", words.setup(profile: state.header.profile),
                                "\(Wording.count(state.liveCellCount, "cell")) alive"], separator: "   ", width: width)
        let border = "+" + String(repeating: "-", count: width - 2) + "+"
        lines.append(border)
        func box(_ text: String) -> String { StatePicture.box(text, width: width) }
        func fit(_ label: String, _ text: String) -> [String] {
            TextWrap.row(label, text, width: width).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let rows = state.displayed.keys.sorted()
        if rows.isEmpty {
            lines.append(box("(nothing on screen)"))
        }
        let stale = Set(state.lastFrame.map { state.staleCells(in: $0).map(\.cell) } ?? [])
        let maxRows = 24
        if let grid = words.grid {
            lines += gridLines(state, grid: grid, stale: stale, maxRows: maxRows, width: width)
        }
        for (position, row) in rows.enumerated() where words.grid == nil {
            if position == maxRows - 1 && rows.count > maxRows {
                lines.append(box("… \(rows.count - position) more rows, to \(state.header.rowNaming.name(rows.last ?? row))"))
                break
            }
            let cells = state.displayed[row] ?? []
            let described = cells.map { id -> String in
                let image = state.cell(id)?.image ?? .nothing
                var text = "cell #\(id)"
                if state.header.scenario.map({ $0.strategy != "plain" && $0.strategy != "batch-paging" }) ?? true, image != .nothing || state.hasImages {
                    text += "  image: " + image.describe
                }
                if stale.contains(id) { text += "   << STALE" }
                return text
            }.joined(separator: " | ")
            lines.append(box("row \(pad(state.header.rowNaming.short(row), 5)) " + described))
        }
        lines.append(border)
        let offscreen = OffscreenCells(state, naming: state.header.rowNaming)
        lines += fit("kept aside: ", offscreen.keptAside.isEmpty ? "none" : offscreen.keptAside.joined(separator: ", "))
        // The other live cells off screen, so the picture holds every cell alive.
        for (label, cells) in [("prepared, not on screen yet: ", offscreen.prepared), ("replacing the cell on screen: ", offscreen.replacing),
                               ("being set up: ", offscreen.settingUp),
                               ("just left the screen: ", offscreen.justLeft), ("not known (the log left lines out): ", offscreen.unknown)] where !cells.isEmpty {
            lines += fit(label, cells.joined(separator: ", "))
        }
        let pools = state.pools.keys.sorted().map { key -> String in
            let ids = state.pools[key] ?? []
            // The pool hands out its most recently added cell first; each cell is named once.
            return "\(VisibleText.escape(key)): " + (ids.isEmpty ? "empty" : "next out first " + ids.reversed().map { "#\($0)" }.joined(separator: " "))
        }
        lines += fit("reuse pool: ", pools.isEmpty ? "empty" : pools.joined(separator: "; "))
        if !state.pendingPrefetch.isEmpty {
            lines += fit("prefetching: ", Wording.rows(state.pendingPrefetch, naming: state.header.rowNaming))
        }
        let inFlight = state.requestsInFlight
        if !inFlight.isEmpty {
            let shown = inFlight.prefix(6).map { record -> String in
                // Rows, not request numbers: a "#" in the picture always names a cell.
                (record.row.map { state.header.rowNaming.name($0) } ?? "a page") + (record.phase == .waiting ? " (waiting)" : " (running)")
            }
            lines += fit("requests in flight: ", shown.joined(separator: ", ") + (inFlight.count > 6 ? ", … \(inFlight.count - 6) more" : ""))
        }
        if state.peakImageMemory > 0 {
            lines += fit("image memory: ", Wording.bytes(state.imageMemory))
        }
        return lines
    }

    /// A collection view's screen: a line per row of the grid, "row 2" and then its
    /// items in their columns, each told as fully as every item on screen fits its
    /// column ("item 4  cell #5  image: image 4", down to "4 #5"). A grid too wide
    /// for the box has each row of items on as many lines as it needs.
    static func gridLines(_ state: ReplayState, grid: ItemGrid, stale: Set<Int>, maxRows: Int, width: Int) -> [String] {
        let naming = state.header.rowNaming
        let items = state.displayed.keys.sorted()
        var byRow: [(row: Int, items: [Int])] = []
        for item in items {
            let row = grid.row(of: item)
            if let last = byRow.last, last.row == row { byRow[byRow.count - 1].items.append(item) } else { byRow.append((row, [item])) }
        }
        let showsImages = state.header.scenario.map { $0.strategy != "plain" && $0.strategy != "batch-paging" } ?? true
        // Each item's text in four forms, longest first.
        func forms(_ item: Int) -> [String] {
            let ids = state.displayed[item] ?? []
            let images = ids.map { state.cell($0)?.image ?? .nothing }
            let withImage = showsImages && (images.contains { $0 != .nothing } || state.hasImages)
            let isStale = ids.contains { stale.contains($0) }
            let name = naming.short(item)
            let cells = ids.map { "#\($0)" }.joined(separator: "+")
            var long = "item \(name)  cell \(cells)", medium = "item \(name)  \(cells)", short = "\(name) \(cells)"
            if withImage {
                long += "  image: " + images.map(\.describe).joined(separator: "+")
                medium += "  " + images.map(CompactPicture.shortImage).joined(separator: "+")
                short += " " + images.map(Self.tinyImage).joined(separator: "+")
            }
            if isStale {
                long += "  << STALE"
                medium += "  STALE"
                short += " STALE"
            }
            return [long, medium, short, "\(name) \(cells)" + (isStale ? "!" : "")]
        }
        let texts = Dictionary(uniqueKeysWithValues: items.map { ($0, forms($0)) })
        let inner = width - 4
        let labelWidth = "row ".count + String(byRow.map(\.row).max() ?? 0).count + 2
        let room = max(1, inner - labelWidth)
        // As many columns to a line as the shortest form allows, then the longest form that fits them.
        let shortest = (texts.values.map { TextWrap.columns($0[3]) }.max() ?? 1) + 2
        let perLine = max(1, min(grid.columns, room / shortest))
        let slot = room / perLine
        let form = (0..<4).first { form in texts.values.allSatisfy { TextWrap.columns($0[form]) + 2 <= slot } } ?? 3
        var lines: [String] = []
        for (position, entry) in byRow.enumerated() {
            if position == maxRows - 1 && byRow.count > maxRows {
                lines.append(box("… \(byRow.count - position) more rows of the grid, to \(naming.name(items.last ?? 0))", width: width))
                break
            }
            var parts = Array(repeating: "", count: perLine * ((grid.columns + perLine - 1) / perLine))
            for item in entry.items {
                let column = grid.column(of: item)
                guard column < parts.count else { continue }
                parts[column] = texts[item]?[form] ?? ""
            }
            for start in stride(from: 0, to: parts.count, by: perLine) {
                let chunk = parts[start..<min(parts.count, start + perLine)]
                guard start == 0 || chunk.contains(where: { !$0.isEmpty }) else { continue }
                let label = start == 0 ? "row \(entry.row)" : ""
                var text = TextWrap.pad(label, labelWidth)
                for (index, part) in chunk.enumerated() {
                    text += index == chunk.count - 1 ? part : TextWrap.pad(part, slot)
                }
                lines.append(box(String(text.reversed().drop { $0 == " " }.reversed()), width: width))
            }
        }
        return lines
    }

    /// "img 4", "ph", "–": what an image view holds, in the fewest letters.
    static func tinyImage(_ image: ImageShown) -> String {
        switch image {
        case .nothing: return "–"
        case .placeholder: return "ph"
        case .image(let number): return "img \(number)"
        }
    }

    /// One line of the screen's box, `text` cut with "…" where it does not fit.
    static func box(_ text: String, width: Int) -> String {
        let inner = width - 4
        var body = text
        if TextWrap.columns(text) > inner {
            body = ""
            var used = 0
            for character in text {
                let next = TextWrap.columns(String(character))
                if used + next > inner - 1 { break }
                body.append(character)
                used += next
            }
            body += "…"
        }
        return "| " + TextWrap.pad(body, inner) + " |"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        TextWrap.pad(text, width)
    }
}

extension ReplayState {
    /// True once any image view has been set or any frame listed images.
    var hasImages: Bool {
        cells.contains { $0.image != .nothing } || (lastFrame?.cells.contains { $0.image != nil } ?? false)
    }
}
