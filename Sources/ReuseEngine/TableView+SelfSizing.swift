import TraceModel

/// Self-sizing rows (`rowHeight = UITableView.automaticDimension`, the default
/// since iOS 11): the table view lays rows out at their estimated height and
/// learns a row's real height only from its cell (see docs/engine.md,
/// "Self-sizing rows").
///
/// At the start of each layout pass, the rows the estimates put on screen that
/// were never measured get their cell (`cellForRowAt`), which is measured at once
/// (`rowHeightMeasured`). With those heights the table is laid out again and the
/// content offset moves by however much the rows above the first row already on
/// screen grew or shrank, so that what was on screen stays put
/// (`estimatesCorrected`). If the real heights let more rows in, those are
/// measured too, until every row on screen has its real height. The pass then
/// shows the rows still on screen with the cells configured to measure them; a
/// cell whose row turned out to be off screen goes to the reuse pool without
/// being displayed. A row is measured once: later passes lay it out at its height.
extension TableView {
    /// Measures `cell`, just configured for `row`, the first time a self-sizing row gets a cell.
    func measureIfSelfSizing(_ cell: TableViewCell, row: Int) {
        guard var heights = rowHeights, heights.measuredHeight(ofRow: row) == nil, let spec = heights.spec.selfSizing else { return }
        let height = spec.height(ofRow: row)
        heights.measure(row: row, height: height)
        rowHeights = heights
        world.record(.rowHeightMeasured(row: row, cell: cell.id, height: height, estimated: heights.estimate))
    }

    /// Measures the rows on screen by the estimates until every row on screen has
    /// its real height, correcting the layout and the offset after each round.
    func measureEstimatedRows() {
        // Each round but the last measures at least one row, so the rows bound the rounds.
        var rounds = 0
        while let heights = rowHeights, rounds <= geometry.rowCount {
            rounds += 1
            let range = geometry.visibleRows(at: contentOffset)
            var unmeasured = range.map { $0.filter { heights.measuredHeight(ofRow: $0) == nil } } ?? []
            // A row measured outside this loop (a cell prepared ahead) waits for the next correction.
            if unmeasured.isEmpty && !heights.hasHeightsNotLaidOut { return }
            // The first row on screen that already stands at its real height stays where it is.
            let anchor = range.flatMap { range in range.first(where: heights.isLaidOutAtRealHeight) ?? range.lowerBound }
            let anchorTop = anchor.map(geometry.top(ofRow:))
            if scrollDirection < 0 { unmeasured.reverse() }
            for row in unmeasured {
                measuredCells[row] = requestCell(forRow: row)
            }
            correctEstimates(anchor: anchor, anchorTop: anchorTop)
            if unmeasured.isEmpty { return }
        }
    }

    /// Lays the table out by the heights measured so far and moves the content
    /// offset so that `anchor` stays where it was on screen.
    private func correctEstimates(anchor: Int?, anchorTop: Double?) {
        guard var heights = rowHeights else { return }
        heights.layOut()
        rowHeights = heights
        let before = contentOffset
        geometry = heights.geometry
        var moved = before
        if let anchor, let anchorTop { moved += geometry.top(ofRow: anchor) - anchorTop }
        contentOffset = geometry.clamp(ScrollMotion.rounded(moved))
        let change = ScrollMotion.rounded(contentOffset - before)
        offsetCorrection += change
        world.record(.estimatesCorrected(contentHeight: ScrollMotion.rounded(geometry.contentHeight), offsetChange: change))
    }

    /// The cell configured this pass to measure `row`, for the row to be shown with.
    func takeMeasuredCell(row: Int) -> TableViewCell? {
        measuredCells.isEmpty ? nil : measuredCells.removeValue(forKey: row)
    }

    /// Cells configured only to be measured whose rows turned out to be off screen
    /// go to the reuse pool, in row order, without willDisplay or didEndDisplaying.
    func releaseMeasuredCells() {
        guard !measuredCells.isEmpty else { return }
        for row in measuredCells.keys.sorted() {
            if let cell = measuredCells.removeValue(forKey: row) { enqueue(cell) }
        }
    }
}
