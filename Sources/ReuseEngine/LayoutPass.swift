/// One layout pass: bring the set of visible cells in line with the content offset.
///
/// The two profiles order a pass differently (see docs/engine.md,
/// "The two profiles"):
/// - classic, as the decompiled iOS 12-era `_updateVisibleCellsNow:` does it:
///   `didEndDisplaying` for each leaving row, whose cell joins the pool at once;
///   then for each entering row `cellForRowAt` → `willDisplay` (so an entering row
///   can reuse the cell that just left); then the prefetch update.
/// - modern, as a recent report has it (the less certain of the two): for each
///   entering row `willDisplay`, after `cellForRowAt` only if no cell was prepared
///   ahead or kept for it; then `didEndDisplaying` for leaving rows (a cell whose
///   row is still within the visible rows ± 1 is kept aside, others go to the
///   pool); then prepared cells outside that range are let go to the pool without
///   `didEndDisplaying`; then the prefetch update; then, while scrolling, the row
///   just past the leading edge gets its cell prepared ahead. Seen over several
///   frames of a slow scroll this reads, as in seed 004's log:
///   `cellForRowAt N` → `didEndDisplaying M` → `willDisplay N`. A one-screen jump
///   creates a second screen of cells, since the new rows ask before the old ones
///   give theirs up.
///
/// With `isPrefetchingEnabled` false nothing is prepared ahead and there is no
/// prefetch update, so in both profiles an entering row's `cellForRowAt` comes in
/// the pass that shows it, right before its `willDisplay`, unless a kept-aside cell
/// brings the row back without one.
extension TableView {
    func layoutPass() {
        guard !isTornDown else { return }
        screenChanged = true
        if rowHeights != nil { measureEstimatedRows() }
        let newRange = geometry.visibleRows(at: contentOffset)
        // Entering rows (visible now, without a cell on screen) and leaving rows (with
        // a cell on screen, no longer visible), in the order the scroll brings them in.
        var entering: [Int] = []
        if let newRange {
            for row in newRange where visibleCells[row] == nil { entering.append(row) }
        }
        var leaving = visibleCells.keys.filter { newRange?.contains($0) != true }
        if list.isCollection {
            visibleRange = newRange
            layOutGrid(newRange, entering: gridOrder(entering), leaving: gridOrder(leaving))
            return
        }
        if scrollDirection < 0 {
            entering.reverse()
            leaving.reverse()
        }
        visibleRange = newRange

        switch profile {
        case .classic:
            for row in leaving {
                if let cell = endDisplaying(row: row) { enqueue(cell) }
            }
            for row in entering {
                display(takeMeasuredCell(row: row) ?? requestCell(forRow: row), row: row)
            }
            releaseMeasuredCells()
            sendPrefetchUpdate()
        case .modern:
            for row in entering {
                display(takeMeasuredCell(row: row) ?? prepared.take(row: row) ?? requestCell(forRow: row), row: row)
            }
            let keptRows = newRange.map(PreparedCells.keptRows(around:))
            for row in leaving {
                guard let cell = endDisplaying(row: row) else { continue }
                if keptRows?.contains(row) == true {
                    prepared.add(cell, row: row, kind: .kept)
                    world.record(.keepAside(cell: cell.id, row: row))
                } else {
                    enqueue(cell)
                }
            }
            for cell in prepared.prune(keeping: keptRows) { enqueue(cell) }
            releaseMeasuredCells()
            sendPrefetchUpdate()
            prepareLeadingRow()
        }
    }

    /// Modern profile: while scrolling, during the idle time after a pass, the
    /// table view asks for exactly one cell ahead — the row just past the leading
    /// edge (decompiled iOS 18.2) — unless that row already has a cell. With
    /// `isPrefetchingEnabled` false there is none: Apple, "When false, the table
    /// view requests cells when they need to display."
    func prepareLeadingRow() {
        guard isScrolling, isPrefetchingEnabled, let range = visibleRange else { return }
        let lead = scrollDirection >= 0 ? range.upperBound + 1 : range.lowerBound - 1
        guard lead >= 0, lead < geometry.rowCount, visibleCells[lead] == nil, !prepared.has(row: lead) else { return }
        prepared.add(requestCell(forRow: lead), row: lead, kind: .ahead)
    }
}
