import ToolSupport

/// Reads a whole small JSON file (a scenario, a lesson) into a tape, turning
/// "not text" and syntax errors into `ReuseLabError`s that name the file.
/// Traces are streamed by `TraceReader` instead.
public enum JSONDocument {
    public static func parse(_ bytes: [UInt8], file: String) throws(ReuseLabError) -> JSONField {
        try InputFile.checkLooksLikeText(bytes, file: file)
        let parsed = bytes.withUnsafeBufferPointer { text in
            Result { () throws(JSONSyntaxError) in try JSONParser.parseDocument(text) }
        }
        switch parsed {
        case .success(let tape):
            return JSONField(tape, path: "")
        case .failure(let error):
            throw ReuseLabError(error.failureKind, file: file, location: InputLocation(position: error.position),
                                error.explained)
        }
    }
}
