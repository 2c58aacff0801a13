extension OutputFile {
    /// Writes to `path`, under `permission` and the type's rules, what `produce`
    /// hands its sink chunk after chunk, so a large output is never held whole in
    /// memory. A file gets each chunk as it comes, in the temporary file that is
    /// renamed over it at the end: if `produce` throws (or the program is
    /// interrupted) the temporary file is removed and the old file stays. Standard
    /// output, which cannot be taken back, gets everything at once when `produce`
    /// has finished, and nothing if it throws.
    public static func stream(to path: String, permission: Permission, standardOutput: (String) -> Void,
                              _ produce: (_ sink: Sink) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        switch try check(path, permission: permission) {
        case .standardOutput:
            var whole: [UInt8] = []
            try produce { (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in whole.append(contentsOf: chunk) }
            standardOutput(String(decoding: whole, as: UTF8.self))
        case .file(let target):
            try replace(target, shownAs: path, produce)
        }
    }
}
