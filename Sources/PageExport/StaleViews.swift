import TraceModel
import Replay

/// The steps at which the page's phone shows a STALE row inside its screen, not
/// faded above or below it: what the page's `s` key jumps between.
///
/// A STALE mark says a frame shows another row's image, and the cell stays
/// STALE on the following steps; but the row may be one that is only just
/// scrolling in, a few points of it on screen, which the page draws in the faded
/// margin. Here each step's STALE rows (from `TableScene`, so from
/// `ReplayState.currentStaleCells`) are placed as the page places them — at the
/// drawing offset, in a screen `viewport` points tall — and a step counts when
/// one of them lies wholly on the screen (a row taller than the screen, when it
/// fills it). The steps come out as ranges of consecutive steps, `[first, last]`,
/// and a new range starts wherever a STALE cell comes wholly into view that was
/// not in view the step before (so two ranges may touch): each range's first
/// step is a moment worth stopping at.
struct StaleViews {
    /// Half a point of slack, for offsets written with three decimals.
    static let slack = 0.5

    /// A STALE cell in its row: top and bottom in screen points (0 at the top of
    /// the screen), known before the screen's height is.
    private struct Shown: Equatable {
        var cell: Int
        var row: Int
        var top: Double
        var bottom: Double
    }

    /// The STALE cells of each step that has any.
    private var spans: [(step: Int, cells: [Shown])] = []

    /// Notes the STALE cells of the state after `step`.
    mutating func note(step: Int, scene: TableScene, state: ReplayState, geometry: PageGeometry) {
        guard scene.rows.contains(where: { row in row.cells.contains { $0.stale } }),
              let offset = geometry.drawingOffset(state, firstRow: scene.rows.first?.row) else { return }
        var cells: [Shown] = []
        for row in scene.rows {
            let top = geometry.top(ofRow: row.row, state: state) - offset, bottom = top + geometry.height(ofRow: row.row, state: state)
            for cell in row.cells where cell.stale { cells.append(Shown(cell: cell.cell, row: row.row, top: top, bottom: bottom)) }
        }
        spans.append((step, cells))
    }

    /// True when a row from `top` to `bottom` (screen points) is wholly on a
    /// screen `height` points tall, or fills it.
    static func onScreen(top: Double, bottom: Double, height: Double) -> Bool {
        let shown = min(bottom, height) - max(top, 0)
        return shown >= min(bottom - top, height) - slack
    }

    /// The steps with a STALE row on a screen `height` points tall, as ranges.
    func ranges(height: Double) -> [[Int]] {
        var out: [[Int]] = []
        var before: [(cell: Int, row: Int)] = []
        for (step, cells) in spans {
            let shown = cells.filter { Self.onScreen(top: $0.top, bottom: $0.bottom, height: height) }.map { ($0.cell, $0.row) }
            guard !shown.isEmpty else {
                before = []
                continue
            }
            let continues = out.last?[1] == step - 1
            let comesIntoView = shown.contains { cell in !before.contains { $0 == cell } }
            if continues && !comesIntoView {
                out[out.count - 1][1] = step
            } else {
                out.append([step, step])
            }
            before = shown
        }
        return out
    }
}
