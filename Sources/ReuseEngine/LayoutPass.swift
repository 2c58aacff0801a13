/// One layout pass: bring the set of visible cells in line with the content offset.
///
/// Rows entering the screen get their cells before rows leaving give theirs up,
/// which is why a table view holds more cells than rows fit on screen.
///
/// - classic: for each entering row `cellForRowAt` → `willDisplay`; then the
///   prefetch update; then `didEndDisplaying` for each leaving row, whose cell
///   joins the pool at once.
/// - modern: for each entering row `willDisplay`, after `cellForRowAt` only if no
///   cell was prepared ahead or kept aside for it; then `didEndDisplaying` for
///   leaving rows (their cells are kept aside); then the prefetch update; then,
///   while scrolling, the row just past the leading edge gets its cell prepared
///   ahead. Seen over several frames of a slow scroll this reads, as in seed 004's
///   log: `cellForRowAt N` → `didEndDisplaying M` → `willDisplay N`.
///
/// With `isPrefetchingEnabled` false nothing is prepared ahead and there is no
/// prefetch update, so in both profiles an entering row's `cellForRowAt` comes in
/// the pass that shows it, right before its `willDisplay` (modern:
/// `cellForRowAt N` → `willDisplay N` → `didEndDisplaying M`), unless a kept-aside
/// cell brings the row back without one.
extension TableView {
    func layoutPass() {
        guard !isTornDown else { return }
        screenChanged = true
        let newRange = geometry.visibleRows(at: contentOffset)
        let oldRows = Set(visibleCells.keys)
        let newRows = newRange.map { Set($0) } ?? []
        // Entering rows in the order the scroll brings them in; leaving rows likewise.
        let ascending = scrollDirection >= 0
        let entering = newRows.subtracting(oldRows).sorted(by: ascending ? (<) : (>))
        let leaving = oldRows.subtracting(newRows).sorted(by: ascending ? (<) : (>))
        visibleRange = newRange

        switch profile {
        case .classic:
            for row in entering {
                let cell = requestCell(forRow: row)
                display(cell, row: row)
            }
            sendPrefetchUpdate()
            for row in leaving {
                if let cell = endDisplaying(row: row) { release(cell, fromRow: row) }
            }
        case .modern:
            for row in entering {
                let cell = preparedCells.removeValue(forKey: row) ?? keptAside.take(row: row) ?? requestCell(forRow: row)
                display(cell, row: row)
            }
            for row in leaving {
                if let cell = endDisplaying(row: row) { release(cell, fromRow: row) }
            }
            sendPrefetchUpdate()
            prepareLeadingRow()
        }
    }

    /// Modern profile: while scrolling, keep the row just past the leading edge
    /// configured, and give back prepared cells whose row is no longer that row.
    /// With `isPrefetchingEnabled` false there is no leading row: Apple, "When false,
    /// the table view requests cells when they need to display."
    func prepareLeadingRow() {
        var lead: Int?
        if isScrolling, isPrefetchingEnabled, let range = visibleRange {
            let candidate = scrollDirection >= 0 ? range.upperBound + 1 : range.lowerBound - 1
            if candidate >= 0 && candidate < geometry.rowCount { lead = candidate }
        }
        for row in preparedCells.keys.sorted() where row != lead {
            if let cell = preparedCells.removeValue(forKey: row) { enqueue(cell) }
        }
        if let lead, preparedCells[lead] == nil, !keptAside.has(row: lead) {
            preparedCells[lead] = requestCell(forRow: lead)
        }
    }
}
