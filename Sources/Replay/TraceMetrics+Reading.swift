import TraceModel
import ToolSupport
import TraceCoding

extension TraceMetrics: TraceFolder {
    /// Measures the trace at `path` (standard input for `-`). A trace the validator
    /// rejects is rejected here with the same error, through the same fold.
    public static func measure(path: String) throws(ReuseLabError) -> MetricsReport {
        try TraceFold.run(TraceMetrics.self, path: path).report
    }

    /// Measures a trace held in memory; `file` names it in errors.
    public static func measure(bytes: [UInt8], file: String) throws(ReuseLabError) -> MetricsReport {
        try TraceFold.run(TraceMetrics.self, bytes: bytes, file: file).report
    }
}
