import TraceModel

/// One handler per callback a log can show (see `TraceBuilder` for the rules).
extension TraceBuilder {
    mutating func handle(_ callback: LogLine.Callback, _ line: LogLine) {
        let row = globalRow(line.indexPaths.first)
        switch callback {
        case .initCell:
            create(address: line.address)
        case .prepareForReuse:
            reuse(previousRow: line.rowIsNil ? nil : row, address: line.address)
        case .cellForRowAt:
            guard let row else { return unplaceable("cellForRowAt without a row") }
            if let origin = line.origin { follow(origin, statedAt: line.originLine ?? line.lineNumber, row: row, address: line.address) }
            configure(row: row, address: line.address)
        case .willDisplay:
            guard let row else { return unplaceable("willDisplay without a row") }
            display(row: row, address: line.address)
        case .didEndDisplaying:
            guard let row else { return unplaceable("didEndDisplaying without a row") }
            endDisplaying(row: row, address: line.address)
        case .prefetchRowsAt:
            let rows = line.indexPaths.compactMap(globalRow)
            // A row still outstanding is not asked for again; the log missed its display or cancel.
            let fresh = unique(rows).filter { !state.isPrefetching($0) }
            guard !fresh.isEmpty else {
                return leaveOut(rows.isEmpty ? "prefetchRowsAt names no row the table has"
                                : "prefetchRowsAt asks only for rows still being prefetched (\(Self.list(rows))): the log left out their display or cancel")
            }
            emit(.prefetchRowsAt(rows: fresh), inferred: fresh.count != rows.count ? .rows : nil)
        case .cancelPrefetchingForRowsAt:
            let rows = line.indexPaths.compactMap(globalRow)
            let outstanding = unique(rows).filter { state.isPrefetching($0) }
            guard !outstanding.isEmpty else {
                return leaveOut(rows.isEmpty ? "cancelPrefetchingForRowsAt names no row the table has"
                                : "cancelPrefetchingForRowsAt cancels only rows not being prefetched (\(Self.list(rows))): never asked for, already displayed or already cancelled")
            }
            emit(.cancelPrefetchingForRowsAt(rows: outstanding), inferred: outstanding.count != rows.count ? .rows : nil)
        case .deinitCell:
            deallocate(address: line.address)
        }
    }

    // MARK: Dequeuing

    mutating func create(address: String?, inferred: Inference? = nil) {
        let id = state.cells.count + 1
        emit(.initCell(cell: id, identifier: Self.identifier), inferred: inferred)
        if let address { addresses[address] = id }
        dequeued = id
        dequeuedLine = currentLine
    }

    /// A reuse the log states: a `prepareForReuse` line, or a line saying the
    /// cell is reused. The cell that last showed `previousRow` when the line
    /// prints it; else the one the profile's rules hand out; else, since the log
    /// says a cell was reused, any cell off screen, even one the rules keep aside.
    mutating func reuse(previousRow: Int?, address: String?) {
        var chosen = cell(at: address)
        var guessed = chosen == nil
        if chosen == nil, let previousRow {
            // The cell that last showed the row the line prints, most recently released first.
            chosen = releasedCells().first { state.cell($0)?.lastRow == previousRow }
            // Else one configured for that row and never shown (emitReuse pools it first).
            chosen = chosen ?? cellConfigured(forRow: previousRow)
            guessed = chosen == nil
            if chosen == nil { contradict("it says the reused cell showed \(naming.name(previousRow)), but \(noCellShowed(previousRow))") }
        }
        if chosen == nil { chosen = cellToReuse() ?? releasedCells().first }
        guard let id = chosen else {
            // The log reuses a cell it never showed: make one, and say nothing is known of it.
            create(address: address, inferred: .call)
            gap("the log reuses a cell it never showed being created or leaving the screen")
            if let made = dequeued ?? state.cells.last?.id { emitReuse(made, previousRow: previousRow, inferred: .call) }
            return
        }
        if let address { addresses[address] = id }
        emitReuse(id, previousRow: previousRow, inferred: guessed ? .cell : nil)
    }

    private mutating func emitReuse(_ id: Int, previousRow: Int?, inferred: Inference?) {
        if case .configured? = phase(id) {
            // Configured for a row and never shown: the table view put it back in the pool unseen.
            emit(.enqueue(cell: id, identifier: Self.identifier), inferred: .call)
        }
        // Written with the row the cell really showed: the printed one only when it is that cell's.
        let lastRow = state.cell(id)?.lastRow ?? previousRow
        emit(.prepareForReuse(cell: id, identifier: Self.identifier, previousRow: lastRow), inferred: inferred)
        dequeued = id
        dequeuedLine = currentLine
    }

    // MARK: What the log states

    /// A `cellForRowAt`'s cell is new or reused, as a line of the log says: that
    /// decides which cell it is. With a dequeue line already printed for it, the
    /// two must agree, and where they do not the import says so.
    mutating func follow(_ origin: CellOrigin, statedAt line: Int, row: Int, address: String?) {
        let placing = currentLine
        currentLine = line
        defer { currentLine = placing }
        guard let id = dequeued else {
            switch origin {
            case .new: create(address: address)
            case .reused(let previous): reuse(previousRow: previous.flatMap(globalRow), address: address)
            }
            return
        }
        let reused = phase(id) == .dequeued
        switch origin {
        case .new where reused:
            contradict("it says \(naming.name(row))'s cell is new, but line \(dequeuedLine) printed prepareForReuse for it")
        case .reused where !reused:
            contradict("it says \(naming.name(row))'s cell is reused, but line \(dequeuedLine) printed init for it")
        case .reused(let previous?):
            let stated = globalRow(previous)
            if let stated, let showed = state.cell(id)?.lastRow, showed != stated {
                contradict("it says \(naming.name(row))'s cell showed \(naming.name(stated)), but the cell line \(dequeuedLine) dequeued showed \(naming.name(showed))")
            }
        default:
            break
        }
    }

    /// Why no cell off screen last showed `row`, in the log's own terms.
    func noCellShowed(_ row: Int) -> String {
        if let shown = state.displayed[row]?.first {
            return "\(naming.name(row))'s cell (#\(shown)) is still on screen: the log does not print it leaving"
        }
        if let cell = formerCell[row], let now = state.cell(cell)?.lastRow, now != row, let given = configuredAt[cell] {
            let how = given.inferred ? ", where the log does not say which cell, the import chose it" : ""
            return "the cell that showed it (#\(cell)) went to \(naming.name(now)) at line \(given.line)\(how)"
        }
        return "no cell the log shows has shown it"
    }

    /// Notes that what the line being placed states contradicts what the import
    /// inferred before: in the report, and as a note in the trace where it happens.
    mutating func contradict(_ what: String) {
        let text = header.list.reword("Line \(currentLine) contradicts the import: \(what).")
        contradictions.append(LeftOutLine(line: currentLine, reason: header.list.reword(what)))
        emit(.note(text: text))
    }

    /// A dequeue the log does not print: from the pool if the rules give a cell, else a new one.
    mutating func dequeueUnprinted() -> Int {
        if let id = cellToReuse() {
            emitReuse(id, previousRow: nil, inferred: .call)
        } else {
            create(address: nil, inferred: .call)
        }
        return dequeued ?? state.cells.count
    }

    // MARK: Showing rows

    mutating func configure(row: Int, address: String?) {
        let named = cell(at: address), handedOut = dequeued
        var id = named ?? handedOut
        var inferred: Inference?
        if id == nil {
            id = dequeueUnprinted()
            inferred = .cell
        }
        dequeued = nil
        guard let cell = id else { return }
        if let address { addresses[address] = cell }
        if let shown = state.displayed[row]?.first, shown != cell, !state.reloadingRows.contains(row) {
            // Another cell shows the row still: only a reload configures a new one for it then.
            emit(.reloadRows(rows: [row]), inferred: .call)
        } else if handedOut == nil, named == cell, phase(cell) == .displayed(row: row) || phase(cell) == .configured(row: row),
                  !state.reconfiguringRows.contains(row) {
            // The row's own cell, printed by its address, configured again with no dequeue: a reconfigure.
            emit(.reconfigureRows(rows: [row]), inferred: .call)
        }
        let before = state.cell(cell)?.lastRow
        emit(.cellForRowAt(row: row, cell: cell), inferred: inferred)
        if let before, before != row {
            if let older = formerRow[cell], formerCell[older] == cell { formerCell[older] = nil }
            formerRow[cell] = before
            formerCell[before] = cell
        }
        configuredAt[cell] = (currentLine, inferred != nil)
    }

    mutating func display(row: Int, address: String?) {
        if let shown = state.displayed[row]?.last, shown != cell(at: address), !state.reloadingRows.contains(row) {
            // The log never printed this row leaving; it must have, to show it again.
            emit(.didEndDisplaying(row: row, cell: shown), inferred: .call)
        }
        if let id = cell(at: address) ?? cellConfigured(forRow: row) ?? cellHeld(forRow: row) {
            emit(.willDisplay(row: row, cell: id))
            return
        }
        if let id = cellLastShowing(row) {
            emit(.willDisplay(row: row, cell: id), inferred: .cell)
            return
        }
        // No cellForRowAt for the row in the log: reconstruct one.
        let id = dequeueUnprinted()
        dequeued = nil
        emit(.cellForRowAt(row: row, cell: id), inferred: .call)
        emit(.willDisplay(row: row, cell: id), inferred: .cell)
    }

    mutating func endDisplaying(row: Int, address: String?) {
        if let id = cell(at: address) ?? state.displayed[row]?.first {
            emit(.didEndDisplaying(row: row, cell: id))
        } else if let id = cellConfigured(forRow: row) {
            // Configured and now leaving: it was shown, though the log does not print its willDisplay.
            emit(.willDisplay(row: row, cell: id), inferred: .call)
            emit(.didEndDisplaying(row: row, cell: id))
        } else if let id = cellLastShowing(row) {
            emit(.didEndDisplaying(row: row, cell: id), inferred: .cell)
        } else {
            unplaceable("didEndDisplaying for \(naming.name(row)), which the log never showed appearing")
        }
    }

    mutating func deallocate(address: String?) {
        if let id = cell(at: address) {
            if case .displayed = phase(id), !state.hasDisappeared { emit(.viewDidDisappear, inferred: .call) }
            emit(.deinitCell(cell: id))
            return
        }
        // Which cell goes is not printed: one off screen if any (oldest first), else the screen went away.
        let offScreen = whereabouts.notDisplayed.min()
        guard let id = offScreen ?? whereabouts.firstLive else { return unplaceable("deinit, but no cell is alive") }
        if offScreen == nil, !state.hasDisappeared { emit(.viewDidDisappear, inferred: .call) }
        emit(.deinitCell(cell: id), inferred: .cell)
    }

    mutating func unplaceable(_ what: String) {
        unplaced += 1
        leaveOut("it could not be placed: \(what)")
        gap("a line could not be placed: \(what)")
    }

    /// "19, 20, 21" (the first ten, then "…").
    static func list(_ rows: [Int]) -> String {
        rows.prefix(10).map(String.init).joined(separator: ", ") + (rows.count > 10 ? ", …" : "")
    }

    func unique(_ rows: [Int]) -> [Int] {
        var seen = Set<Int>()
        return rows.filter { seen.insert($0).inserted }
    }
}
