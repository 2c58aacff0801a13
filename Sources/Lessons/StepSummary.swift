import TraceModel
import ToolSupport
import Replay

/// What happened between two pauses, in one sentence a learner can take in at
/// a glance: which rows came and went, how many cells were made or reused, what
/// was kept aside or prefetched, and any moment marked STALE, LATE or HITCH.
/// The pause shows this above the last few steps, so that a long stretch of
/// scrolling never pushes the narration off the screen; `more` lists every step.
struct StepSummary {
    let events: [TraceEvent]
    let annotations: [Annotation]
    let naming: RowNaming

    /// "Steps 120–227 (300–800 ms): rows 19–21 appeared and rows 0–1 left; 2 new
    /// cells, 1 reused; 1 kept aside; 1 cell put in the pool; 3 prefetch batches."
    /// Empty for an empty range.
    func sentence(from start: Int, to end: Int) -> String {
        let end = min(end, events.count, annotations.count)
        guard start < end else { return "" }
        let list = naming.list
        var appeared: [Int] = [], left: [Int] = []
        var created = 0, reused = 0, keptAside = 0, pooled = 0, batches = 0, imagesSet = 0
        var marks: [Annotation.Mark: Int] = [:]
        for index in start..<end {
            switch events[index].body {
            case .willDisplay(let row, _): appeared.append(row)
            case .didEndDisplaying(let row, _): left.append(row)
            case .initCell: created += 1
            case .prepareForReuse: reused += 1
            case .keepAside: keptAside += 1
            case .enqueue: pooled += 1
            case .prefetchRowsAt: batches += 1
            case .imageSet(_, .image): imagesSet += 1
            default: break
            }
            for mark in annotations[index].marks where [.stale, .late, .wrongRow, .hitch].contains(mark) { marks[mark, default: 0] += 1 }
        }
        let span = start + 1 == end ? "Step \(annotations[start].seq)" : "Steps \(annotations[start].seq)–\(annotations[end - 1].seq)"
        let first = annotations[start].time, last = annotations[end - 1].time
        let times = first == last ? ReadableNumber.ms(first) : ReadableNumber.ms(first) + "–" + ReadableNumber.ms(last)
        var parts: [String] = []
        var moves: [String] = []
        if !appeared.isEmpty { moves.append(rows(appeared) + " appeared") }
        if !left.isEmpty { moves.append(rows(left) + " left the screen") }
        if !moves.isEmpty { parts.append(moves.joined(separator: " and ")) }
        var cells: [String] = []
        if created > 0 { cells.append(count(created, "new cell")) }
        if reused > 0 { cells.append("\(reused) reused") }
        if !cells.isEmpty { parts.append(cells.joined(separator: ", ")) }
        if keptAside > 0 { parts.append("\(keptAside) kept aside") }
        if pooled > 0 { parts.append(count(pooled, "cell") + " put in the pool") }
        if batches > 0 { parts.append(count(batches, "prefetch batch", "prefetch batches")) }
        if imagesSet > 0 { parts.append(count(imagesSet, "image") + " set") }
        for mark in [Annotation.Mark.stale, .late, .wrongRow, .hitch] {
            if let count = marks[mark] { parts.append("\(count) \(mark.rawValue)") }
        }
        if parts.isEmpty { parts.append(list.isCollection ? "no item came or went" : "no row came or went") }
        return "\(span) (\(times)): " + parts.joined(separator: "; ") + "."
    }

    private func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) " + (number == 1 ? one : many ?? one + "s")
    }

    /// "rows 19–21", "row 3", "rows 0:1–0:3" in a table with sections.
    private func rows(_ rows: [Int]) -> String {
        var seen: Set<Int> = []
        let distinct = rows.filter { seen.insert($0).inserted }
        return Wording.rows(distinct.sorted(), naming: naming)
    }
}
