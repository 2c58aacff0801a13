import TraceModel
import ToolSupport

/// The words of a self-sizing table's steps: a row measured, the estimates
/// corrected, and a cell configured only to be measured going to the pool.
extension Annotator {
    func heightSentence(_ body: EventBody) -> String {
        switch body {
        case .rowHeightMeasured(let row, let cell, let height, let estimated):
            let compared = height == estimated ? "just as estimated"
                : "\(height > estimated ? "taller" : "shorter") than the \(Wording.points(estimated)) estimate it was laid out at"
            var text = "The table view measures cell #\(cell), which \(words.call(.cellForRowAt)) just configured for \(named(row)): the row is \(Wording.points(height)) tall, \(compared)."
            if state.heights.rows.count == 1 { text += " A self-sizing row's height is known only once its cell has been configured." }
            return text
        case .estimatesCorrected(let contentHeight, let offsetChange):
            let rows = state.heights.lastCorrectedRows
            var text = "Real heights replace estimates for \(Wording.count(rows, "row")) just measured: the content is now \(Wording.points(contentHeight)) tall."
            if offsetChange != 0 {
                let way = offsetChange > 0 ? "down" : "up"
                text += " The scroll jumped by \(Wording.points(abs(offsetChange))) (contentOffset moved \(way)) because real heights replaced estimates above the rows already on screen, which stay where they were."
            } else {
                text += " Nothing above the rows on screen changed height, so the scroll position stays."
            }
            return text
        default:
            return ""
        }
    }

    /// A cell whose `cellForRowAt` only served to measure its row, which turned out off screen.
    func measuredOnlySentence(cell: Int, row: Int, identifier: String, waiting: String) -> String {
        "Cell #\(cell) was configured for \(named(row)) only to be measured: with real heights in place of estimates, \(named(row)) turned out off screen, so the cell goes to the \(identifier) reuse pool (\(waiting) waiting) without ever being displayed."
    }
}
