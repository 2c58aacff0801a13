import TraceModel

/// What noting a step found: its marks and rule, and what its words need to
/// know of the Annotator's bookkeeping as it stood before the step.
struct StepNote {
    var marks: Set<Annotation.Mark> = []
    var inferred: InferredRule?
    var detail = Detail.none

    enum Detail {
        case none
        /// A cellForRowAt: whether its cell is prepared ahead of its row (and
        /// how a collection view's sentence tells its row of the grid).
        case configured(preparedAhead: Bool, grid: GridPreparation?)
        /// A willDisplay: when the cell was prepared ahead, if it was, and the row
        /// of the grid entering the screen with it.
        case shown(preparedAt: VirtualTime?, gridRow: GridRowMove?)
        /// A didEndDisplaying that is not a reload's: the row of the grid leaving with it.
        case left(gridRow: GridRowMove?)
        /// A cancellation: whether the number of rows changed since the last prefetch.
        case cancelled(rowCountChanged: Bool)
        /// A frame: the stale images no sentence called out before, and those
        /// called out that are gone.
        case frame(stale: [StaleImage], gone: [StalePair])
        /// A hitch: the main thread's work since the frame before it began, in ms,
        /// when the trace records any.
        case late(workMs: Double?)
    }
}

/// How a collection view's cellForRowAt tells the row of the grid it prepares.
enum GridPreparation {
    /// A sentence already said this row is prepared together.
    case told(gridRow: Int)
    /// No other item of its row is prepared in the same pass.
    case alone
    /// This sentence says the row is prepared together: these items.
    case together(gridRow: Int, items: [Int])
}

/// A row of a collection view's grid entering or leaving the screen as a whole.
struct GridRowMove {
    let gridRow: Int
    let items: [Int]
    let entering: Bool
}

/// A cell and the image it shows that is not its row's.
struct StalePair: Hashable { let cell: Int, image: Int }

/// A stale image a frame shows: in which cell and row, and whether the cell
/// carried it over from its last row (nothing reset it in prepareForReuse).
struct StaleImage {
    let cell: Int
    let row: Int
    let image: Int
    let carriedOver: Bool
}
