/// What `reuselab import` had to infer about one event of an imported trace.
///
/// The two kinds must not be confused: a call the log does not print is the
/// importer's reconstruction, and nothing the device can be blamed for, while a
/// printed call whose cell was chosen by the importer is the device's own call
/// (calibration compares it like any other; only its cell id is a guess).
public enum Inference: String, Sendable, CaseIterable {
    /// The log does not print this call: the importer reconstructed it, to make
    /// the calls around it possible (a dequeue before a printed `cellForRowAt`,
    /// a `didEndDisplaying` before a row is shown again). Written `"inferred": true`.
    case call
    /// The log prints this call, but not which cell it is about: the cell is
    /// the importer's choice. Written `"inferred": "cell"`.
    case cell
    /// The log prints this call, naming rows the table view cannot be asked
    /// for again (still being prefetched) or cancel (never asked for): the
    /// event lists only the rest. Written `"inferred": "rows"`.
    case rows

    /// The sentence replay adds to an inferred step.
    public var note: String {
        switch self {
        case .call: return "(Inferred by reuselab import: the log does not print this call.)"
        case .cell: return "(The log prints this call but not which cell: reuselab import inferred the cell.)"
        case .rows: return "(The log prints this call with more rows: reuselab import left out the ones the table view could not have named here.)"
        }
    }
}
