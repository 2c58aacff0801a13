import TraceModel
import ToolSupport

/// Reads a whole small JSON file (a scenario, a lesson) into a positioned tree,
/// turning "not text" and syntax errors into `ReuseLabError`s that name the file.
/// Traces are streamed by `TraceReader` instead.
public enum JSONDocument {
    public static func parse(_ bytes: [UInt8], file: String) throws(ReuseLabError) -> JSONField {
        try InputFile.checkLooksLikeText(bytes, file: file)
        do {
            return JSONField(try JSONParser.parseDocument(bytes), path: "")
        } catch {
            throw ReuseLabError(error.failureKind, file: file, location: InputLocation(position: error.position),
                                error.explained)
        }
    }
}
