import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// Reading what `compare` is given, and telling a scenario from a trace when the
/// wrong one is given: a trace where a scenario is recorded (with
/// `--strategies`), or a scenario among traces, is refused as a usage error that
/// says which form to use, not with the reader's "unknown member" message.
public enum ComparisonInput {
    /// The scenario at `path` (`-` for standard input), read as `record` reads it.
    public static func scenario(path: String) throws(ReuseLabError) -> Scenario {
        let name = InputFile.displayName(path)
        let bytes = try InputFile.read(path, limit: Recorder.maximumScenarioBytes)
        do throws(ReuseLabError) {
            return try Recorder.parseScenario(bytes: bytes, file: name)
        } catch {
            if isTrace(bytes, file: name) {
                throw ReuseLabError(.usage, file: name, "is a trace, not a scenario: --strategies records one scenario under each strategy; to compare traces, give two or more without --strategies")
            }
            throw error
        }
    }

    /// The refusal for a trace that could not be read, said better when the file
    /// is in fact a scenario; `error` itself otherwise.
    static func explain(_ error: ReuseLabError, path: String) -> ReuseLabError {
        guard error.kind == .badInput, path != "-",
              let bytes = try? InputFile.read(path, limit: Recorder.maximumScenarioBytes),
              (try? Recorder.parseScenario(bytes: bytes, file: path)) != nil else { return error }
        return ReuseLabError(.usage, file: InputFile.displayName(path), "is a scenario, not a trace: traces and a scenario cannot be compared together; record the scenario under strategies with 'reuselab compare \(VisibleText.shortened(path)) --strategies all'")
    }

    /// True when `bytes` are a JSON object whose `"format"` is `"reuselab-trace"`.
    static func isTrace(_ bytes: [UInt8], file: String) -> Bool {
        guard let root = try? JSONDocument.parse(bytes, file: file), let object = try? root.object(),
              let format = try? object.optional("format")?.string() else { return false }
        return format == TraceHeader.formatName
    }
}
