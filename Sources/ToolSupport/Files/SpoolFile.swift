import Foundation

/// Bytes kept aside on disk for a second reading, in bounded memory: `import`
/// reads its log once, keeping what it recognised of each line here, and makes
/// the trace from this copy.
///
/// The copy is a temporary file removed from its folder as soon as it is made,
/// so only this object's descriptor reaches it: nothing is left behind however
/// the process ends, Ctrl-C and SIGKILL included. It takes as much disk as is
/// written to it, and no memory beyond what a chunk holds.
public final class SpoolFile {
    private let descriptor: Int32
    /// What errors call the copy: what it is a copy of.
    private let name: String

    /// Made in `$TMPDIR`, else in `/tmp`.
    public init(of name: String) throws(ReuseLabError) {
        self.name = name
        let preferred = FileManager.default.temporaryDirectory.path
        var failure: Int32 = 0
        for folder in [preferred, "/tmp"] {
            var template = Array((folder + "/reuselab-spool-\(getpid())-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let start = buffer.baseAddress else { return -1 }
                return mkstemp(start)
            }
            guard descriptor >= 0 else {
                if failure == 0 { failure = errno }
                continue
            }
            template.withUnsafeBufferPointer { buffer in
                if let start = buffer.baseAddress { unlink(start) }
            }
            self.descriptor = descriptor
            return
        }
        throw ReuseLabError(.cannotWrite, file: name, "cannot keep a copy for a second reading: cannot create a temporary file in \(preferred): \(systemMessage(failure))")
    }

    deinit { close(descriptor) }

    /// Adds `bytes` at the end.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(ReuseLabError) {
        let failed = writeAll(descriptor, bytes)
        if failed != 0 {
            throw ReuseLabError(.cannotWrite, file: name, "cannot keep a copy for a second reading: \(systemMessage(failed))")
        }
    }

    /// Reads everything written, from the start, in chunks of about 1 MB.
    public func stream(_ body: (ArraySlice<UInt8>) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw ReuseLabError(.missingFile, file: name, "cannot read its copy again: \(systemMessage(errno))")
        }
        try InputFile.readChunks(descriptor, name: name, refusingNULAsNot: nil, body)
    }
}
