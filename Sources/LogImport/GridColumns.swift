import TraceModel

/// How many columns the grid of a collection view's log has: a log prints items,
/// never the layout, so `--columns` says, or the log shows it, or one is assumed.
///
/// A flow layout lays `columns` items to a row of items, and a whole row enters
/// and leaves the screen together; so when the log shows rows of items leaving —
/// runs of consecutive `didEndDisplaying` lines of neighbouring items, in one
/// section, each run starting at a multiple of its length — at least twice, all
/// runs of the same length of two or more, that length is the grid's columns.
/// Anything less clear is no evidence, and one column is assumed, saying so.
struct GridColumns: Sendable {
    let columns: Int
    /// What the summary says of the columns: how many, and why.
    let sentence: String

    /// Rows of items seen leaving that make the inference.
    static let evidence = 2

    init(_ lines: [LogLine], given: Int?) {
        if let given {
            columns = given
            sentence = "The grid has \(given) column\(given == 1 ? "" : "s"), as --columns says."
            return
        }
        var runs: [[LogIndexPath]] = []
        var current: [LogIndexPath] = []
        for line in lines {
            if case .callback(.didEndDisplaying) = line.content, let path = line.indexPaths.first {
                current.append(path)
            } else if case .other = line.content {
                continue
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        if let width = Self.rowWidth(runs) {
            columns = width
            sentence = "The grid is taken to have \(width) columns: \(ProfileEvidence.times(runs.count)) a whole row of \(width) items leaves the screen together; give --columns N if it has another number."
        } else {
            columns = 1
            sentence = "The grid is assumed to have 1 column: the log does not show how many items share a row (it prints items, never the layout); give --columns N for a grid of N."
        }
    }

    /// The common length of the runs when each is a whole row of items, else nil.
    static func rowWidth(_ runs: [[LogIndexPath]]) -> Int? {
        guard runs.count >= evidence, let width = runs.first?.count, width >= 2, width <= CollectionSpec.maximumColumns else { return nil }
        for run in runs {
            guard run.count == width, let first = run.first else { return nil }
            let items = run.map(\.row).sorted()
            guard run.allSatisfy({ $0.section == first.section }), let low = items.first,
                  low % width == 0, zip(items, items.dropFirst()).allSatisfy({ pair in
                      let step = pair.1.subtractingReportingOverflow(pair.0)
                      return !step.overflow && step.partialValue == 1
                  }) else { return nil }
        }
        return width
    }
}
