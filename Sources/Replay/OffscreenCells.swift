import TraceModel

/// The live cells that are not on screen, grouped by where they are: prepared
/// for a row not yet visible, being set up, just off screen, kept aside out of
/// the pool. With the rows on screen and the reuse pools these are every live
/// cell, so both pictures of the state (`StatePicture` for replay,
/// `CompactPicture` for lessons) draw them from here and can never disagree
/// with the count of cells alive.
struct OffscreenCells {
    /// "#23 (row 22)": configured by cellForRowAt, not displayed yet.
    var prepared: [String] = []
    /// "#24 (new)", "#3 (dequeued)": handed out, not configured yet.
    var settingUp: [String] = []
    /// "#5 (was row 4)": after didEndDisplaying, before it is pooled or kept aside.
    var justLeft: [String] = []
    /// "#20 (row 3)": configured for a row another cell still shows (`reloadRows`
    /// displays the new cell, then the old one ends displaying).
    var replacing: [String] = []
    /// "#4": an imported log left lines out since this cell was last seen.
    var unknown: [String] = []
    /// "#1 (row 0)": kept aside with its row's content, out of the pool.
    var keptAside: [String] = []
    /// The prepared and kept-aside cells again, as cell and row, for the page.
    var preparedCells: [(cell: Int, row: Int)] = []
    var keptAsideCells: [(cell: Int, row: Int)] = []

    /// With `images`, a kept-aside cell also says what its image view holds
    /// ("#1 (row 0, image 0)"): a reused cell keeps it.
    init(_ state: ReplayState, naming: RowNaming = .single, images: Bool = false) {
        for cell in state.cells {
            switch cell.phase {
            case .configured(let row) where state.displayed[row] != nil: replacing.append("#\(cell.id) (\(naming.name(row)))")
            case .configured(let row):
                prepared.append("#\(cell.id) (\(naming.name(row)))")
                preparedCells.append((cell.id, row))
            case .fresh: settingUp.append("#\(cell.id) (new)")
            case .dequeued: settingUp.append("#\(cell.id) (dequeued)")
            case .offscreen(let row): justLeft.append("#\(cell.id) (was \(naming.name(row)))")
            case .keptAside(let row):
                keptAside.append("#\(cell.id) (\(naming.name(row))" + (images ? ", " + CompactPicture.shortImage(cell.image) : "") + ")")
                keptAsideCells.append((cell.id, row))
            case .unknown: unknown.append("#\(cell.id)")
            case .displayed, .pooled, .deallocated: break
            }
        }
    }

    /// Each group that has cells, with its label.
    var groups: [(label: String, cells: [String])] {
        [("Prepared, not on screen yet: ", prepared), ("Replacing the cell on screen (reload): ", replacing), ("Being set up: ", settingUp),
         ("Just left the screen: ", justLeft), ("Kept aside (not in the pool): ", keptAside),
         ("Not known (the log left lines out): ", unknown)].filter { !$0.cells.isEmpty }
    }
}
