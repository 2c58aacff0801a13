import ToolSupport

/// The one check every command that reads a file and writes another makes before
/// any work: never write over the file being read (not even with --force), then
/// `OutputFile`'s own rules for what may be replaced.
enum InputOverwriteCheck {
    /// `refusal` completes "OUTPUT is …" when `output` is `input` itself.
    static func check(_ output: String, input: String, refusal: String, permission: OutputFile.Permission) throws(ReuseLabError) {
        if input != "-", case .file(let target) = try OutputFile.destination(output), OutputFile.sameFile(target, input) {
            throw ReuseLabError(.usage, file: output, "is " + refusal)
        }
        try OutputFile.check(output, permission: permission)
    }
}
