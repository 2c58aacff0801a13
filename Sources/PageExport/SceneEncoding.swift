import TraceModel
import ToolSupport
import Replay

/// A `TableScene` as the page's State members (docs/page-schema.md, "States"):
/// each member encoded on its own, so that `StateDeltas` can keep only the
/// members that changed since the step before.
struct SceneEncoding {
    let naming: RowNaming
    let geometry: PageGeometry
    /// How many rows the page fades in above and below the screen.
    static let nearRows = 3
    /// How many rows of items, in a grid: a row of items is tall, and the faded
    /// margin shows less than one (and a page of many columns stays small).
    static let nearRowsOfItems = 1

    /// The State's members, in a fixed order, each as its JSON (written straight
    /// into bytes: a page holds thousands of states). Lists keep their elements
    /// apart (`StateMember`); a list of lists is laid flat, so that one changed
    /// element is one element of the member.
    func members(_ scene: TableScene, state: ReplayState) -> [(String, StateMember)] {
        var members: [(String, StateMember)] = []
        members.reserveCapacity(13)
        var out = ByteBuffer(capacity: 2048)
        func add(_ name: String, _ write: (inout ByteBuffer) -> Void) {
            out.removeAll()
            write(&out)
            members.append((name, StateMember(value: out.array)))
        }
        func addList<T>(_ name: String, _ items: [T], _ each: (T, inout ByteBuffer) -> Void) {
            out.removeAll()
            var ends: [Int] = []
            ends.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                each(item, &out)
                ends.append(out.count)
            }
            members.append((name, StateMember(elements: out.array, ends: ends)))
        }
        func list<T>(_ items: [T], _ out: inout ByteBuffer, _ each: (T, inout ByteBuffer) -> Void) {
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                each(item, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        let offset = geometry.drawingOffset(state, firstRow: scene.rows.first?.row)
        add("t") { $0.appendNumber(state.time.milliseconds) }
        add("offset") { out in if let offset { out.appendNumber(offset) } else { out.append("null") } }
        addList("rows", scene.rows) { shown, out in
            out.append(UInt8(ascii: "["))
            place(shown.row, state, &out)
            out.append(UInt8(ascii: ","))
            list(shown.cells, &out) { cell, out in
                out.append(UInt8(ascii: "["))
                out.appendInteger(cell.cell)
                out.append(UInt8(ascii: ","))
                image(cell.image, &out)
                out.append(cell.stale ? ",1]" : ",0]")
            }
            across(shown.row, &out)
            out.append(UInt8(ascii: "]"))
        }
        addList("near", nearRows(scene)) { row, out in
            out.append(UInt8(ascii: "["))
            place(row, state, &out)
            across(row, &out)
            out.append(UInt8(ascii: "]"))
        }
        addList("prepared", scene.prepared, held)
        addList("kept", scene.keptAside, held)
        // [label, text] for each cell, its group's cells together.
        addList("other", scene.others.flatMap { group in group.cells.map { (group.label, $0) } }) { entry, out in
            out.append(UInt8(ascii: "["))
            out.appendString(label(entry.0))
            out.append(UInt8(ascii: ","))
            out.appendString(entry.1)
            out.append(UInt8(ascii: "]"))
        }
        // [identifier, cellID, image] for each pooled cell, the next out first, and
        // what its image view still holds (a reused cell shows it until something
        // resets it: the stale image's cause); [identifier] for an empty pool.
        let pooled: [(String, Int?)] = scene.pools.flatMap { pool in
            pool.cells.isEmpty ? [(pool.identifier, nil)] : pool.cells.map { (pool.identifier, $0) }
        }
        addList("pools", pooled) { entry, out in
            out.append(UInt8(ascii: "["))
            out.appendString(VisibleText.escape(entry.0))
            if let id = entry.1 {
                out.append(UInt8(ascii: ","))
                out.appendInteger(id)
                out.append(UInt8(ascii: ","))
                image(state.cell(id)?.image ?? .nothing, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        add("prefetch") { $0.appendString(scene.prefetching.isEmpty ? "" : Wording.rows(scene.prefetching, naming: naming)) }
        addList("requests", scene.requests) { request, out in
            out.append(UInt8(ascii: "["))
            out.appendString(request.row.map { naming.name($0) } ?? "a page")
            out.append(request.waiting ? ",\"waiting\"" : ",\"running\"")
            landing(request, &out)
            out.append(UInt8(ascii: "]"))
        }
        add("busy") { out in
            guard let work = scene.busy else { return out.append("null") }
            out.append("{\"ms\":")
            out.appendNumber(work.ms)
            out.append(",\"cause\":")
            out.appendString(VisibleText.escape(work.cause))
            out.append(",\"until\":")
            out.appendNumber(work.start.milliseconds + work.ms)
            out.append(UInt8(ascii: "}"))
        }
        add("alive") { $0.appendInteger(scene.alive) }
        add("memory") { $0.appendString(state.peakImageMemory > 0 ? InputFile.describeSize(scene.imageMemory) : "") }
        return members
    }

    /// The members as one JSON object (the state before any step).
    static func object(_ members: [(String, StateMember)]) -> PageValue {
        var out = ByteBuffer(capacity: 1024)
        out.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendString(member.0)
            out.append(UInt8(ascii: ":"))
            member.1.write(into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return .raw(out.string)
    }

    /// row, "label", y, h
    private func place(_ row: Int, _ state: ReplayState, _ out: inout ByteBuffer) {
        out.appendInteger(row)
        out.append(UInt8(ascii: ","))
        out.appendString(naming.short(row))
        out.append(UInt8(ascii: ","))
        out.appendNumber(geometry.top(ofRow: row, state: state))
        out.append(UInt8(ascii: ","))
        out.appendNumber(geometry.height(ofRow: row, state: state))
    }

    /// In a grid, ",x": the item's left edge in points (every item is
    /// `TraceView`'s `list.itemWidth` wide; a table's rows span the screen).
    private func across(_ row: Int, _ out: inout ByteBuffer) {
        guard let (left, _) = geometry.horizontal(ofRow: row) else { return }
        out.append(UInt8(ascii: ","))
        out.appendNumber(left)
    }

    private func held(_ cell: TableScene.HeldCell, _ out: inout ByteBuffer) {
        out.append(UInt8(ascii: "["))
        out.appendInteger(cell.cell)
        out.append(UInt8(ascii: ","))
        out.appendString(naming.name(cell.row))
        out.append(UInt8(ascii: ","))
        image(cell.image, &out)
        out.append(UInt8(ascii: "]"))
    }

    /// Where a request's answer will land, when it is known: ",[cell, "row 25", late]"
    /// (late 1 when the cell now shows another row than the request's), or ",\"reload\"".
    private func landing(_ request: TableScene.Request, _ out: inout ByteBuffer) {
        switch request.lands {
        case nil:
            return
        case .reload:
            out.append(",\"reload\"")
        case .cell(let cell):
            out.append(",[")
            out.appendInteger(cell)
            out.append(UInt8(ascii: ","))
            if let row = request.landingCellRow { out.appendString(naming.name(row)) } else { out.append("null") }
            out.append(request.landingCellRow != nil && request.landingCellRow != request.row ? ",1]" : ",0]")
        }
    }

    /// null = nothing, "p" = the placeholder, N = the image of row N.
    private func image(_ shown: ImageShown, _ out: inout ByteBuffer) {
        switch shown {
        case .nothing: out.append("null")
        case .placeholder: out.append("\"p\"")
        case .image(let number): out.appendInteger(number)
        }
    }

    /// "Just left the screen: " → "just left the screen"
    private func label(_ text: String) -> String {
        var trimmed = text
        while trimmed.hasSuffix(" ") || trimmed.hasSuffix(":") { trimmed.removeLast() }
        guard let first = trimmed.first else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }

    /// Up to `nearRows` rows above the screen and below it (`nearRowsOfItems`
    /// rows of items, in a grid).
    private func nearRows(_ scene: TableScene) -> [Int] {
        guard let first = scene.rows.first?.row, let last = scene.rows.last?.row else { return [] }
        let near = geometry.isGrid ? Self.nearRowsOfItems * geometry.columns : Self.nearRows
        var rows = Array(max(0, first - near)..<first)
        // A hand-written trace without a row count may name any row: never step past Int.max.
        guard last < Int.max - near - 1 else { return rows }
        let end = min(geometry.rowCount ?? last + 1, last + 1 + near)
        if end > last + 1 { rows += Array((last + 1)..<end) }
        return rows
    }
}
