/// One gesture or app action in a scenario's script, played in order on the virtual clock.
public enum ScriptStep: Sendable, Equatable {
    /// The finger drags the content by `by` points (positive scrolls down) over `ms`
    /// milliseconds at a steady speed, then stops and lifts (no momentum).
    case drag(by: Double, ms: Int)
    /// Nothing touches the screen for `ms` milliseconds; queued work still runs.
    case wait(ms: Int)
    /// A flick: touch, release at `velocity` points per second (positive scrolls
    /// down), then the scroll view decelerates by `deceleration` per millisecond
    /// (UIScrollView's `.normal` is 0.998, `.fast` 0.99) until it stops or hits an edge.
    case fling(velocity: Double, deceleration: Double)
    /// `scrollToRow(at:at:animated:)`.
    case scrollTo(row: Int, position: ScrollPosition, animated: Bool)
    /// `reloadData()`.
    case reloadData
    /// `reloadRows(at:with:)` for these rows.
    case reloadRows([Int])
    /// `reconfigureRows(at:)` (iOS 15+, modern profile only) for these rows.
    case reconfigureRows([Int])
    /// The app removes these rows' items from its data and calls `deleteRows(at:with:)`.
    case deleteRows([Int])
    /// The app adds new items at these rows (numbered as after the insertion) and calls `insertRows(at:with:)`.
    case insertRows([Int])
    /// The app moves the item of row `from` to row `to` and calls `moveRow(at:to:)`.
    case moveRow(from: Int, to: Int)
    /// The app changes its data and makes the calls inside one `performBatchUpdates` block:
    /// `deleteRows`, `insertRows`, `moveRow` for each move, `reloadRows`.
    case performBatchUpdates(RowUpdate)
    /// `reloadSections(_:with:)` for these sections.
    case reloadSections([Int])
    /// `didReceiveMemoryWarning`: the table view empties its reuse pools.
    case memoryWarning
    /// The screen goes away: `viewDidDisappear`, then the table view is deallocated
    /// with every cell it holds (a `deinit` each, no `didEndDisplaying`).
    case disappear
    /// A free-text instructor note, recorded into the trace at this point.
    case note(String)

    /// The script step's name as written in a scenario.
    public var name: String {
        switch self {
        case .drag: return "drag"
        case .wait: return "wait"
        case .fling: return "fling"
        case .scrollTo: return "scrollTo"
        case .reloadData: return "reloadData"
        case .reloadRows: return "reloadRows"
        case .reconfigureRows: return "reconfigureRows"
        case .deleteRows: return "deleteRows"
        case .insertRows: return "insertRows"
        case .moveRow: return "moveRow"
        case .performBatchUpdates: return "performBatchUpdates"
        case .reloadSections: return "reloadSections"
        case .memoryWarning: return "memoryWarning"
        case .disappear: return "disappear"
        case .note: return "note"
        }
    }

    public static let names = ["drag", "wait", "fling", "scrollTo", "reloadData", "reloadRows", "reconfigureRows", "deleteRows", "insertRows",
                               "moveRow", "performBatchUpdates", "reloadSections", "memoryWarning", "disappear", "note"]
    /// The steps that change the app's rows: a table of one section only.
    public static let updateNames = ["deleteRows", "insertRows", "moveRow", "performBatchUpdates"]

    /// Whether the step changes the app's data and updates the rows.
    public var isRowUpdate: Bool {
        switch self {
        case .deleteRows, .insertRows, .moveRow, .performBatchUpdates: return true
        default: return false
        }
    }
    /// A collection view's script: `reloadItems` and `reconfigureItems` where a table reloads rows.
    public static let collectionNames = ["drag", "wait", "fling", "scrollTo", "reloadData", "reloadItems", "reconfigureItems", "memoryWarning", "disappear", "note"]

    /// The step's name in a scenario about `list`.
    public func name(in list: ListStyle) -> String {
        guard list.isCollection else { return name }
        switch self {
        case .reloadRows: return "reloadItems"
        case .reconfigureRows: return "reconfigureItems"
        default: return name
        }
    }

    /// The other list's name for a step named `name` ("reloadItems" in a table), or nil.
    package static func counterpart(of name: String, in list: ListStyle) -> String? {
        let pairs = ["reloadRows": "reloadItems", "reconfigureRows": "reconfigureItems"]
        if list.isCollection { return pairs[name] }
        return pairs.first { $0.value == name }?.key
    }
}

/// Where `scrollTo` puts the row: `UITableView.ScrollPosition`.
public enum ScrollPosition: String, Sendable, CaseIterable {
    case top, middle, bottom
}

/// The named deceleration rates of `UIScrollView.DecelerationRate`.
public enum DecelerationRate {
    public static let normal = 0.998
    public static let fast = 0.99
}
