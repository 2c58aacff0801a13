import Foundation

/// Standard input kept for a second reading: a command that must read its input
/// twice in bounded memory (`import` reads a log once for its whole-log facts,
/// then again to write the trace) copies standard input here as it reads it the
/// first time, and reads the copy the second time.
///
/// The copy is a temporary file removed from its folder as soon as it is made,
/// so only this object's descriptor reaches it: nothing is left behind however
/// the process ends, Ctrl-C and SIGKILL included. It takes as much disk as the
/// input, and no memory beyond one chunk.
public final class InputSpool {
    private let descriptor: Int32
    /// What errors call the input.
    private let name: String

    public init(name: String = "<stdin>") throws(ReuseLabError) {
        self.name = name
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array((folder + "/reuselab-input-\(getpid())-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let start = buffer.baseAddress else { return -1 }
            return mkstemp(start)
        }
        guard descriptor >= 0 else {
            throw ReuseLabError(.cannotWrite, file: name, "cannot keep standard input for a second reading: cannot create a temporary file in \(folder): \(systemMessage(errno))")
        }
        template.withUnsafeBufferPointer { buffer in
            if let start = buffer.baseAddress { unlink(start) }
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Adds the next chunk of the input.
    public func append(_ chunk: ArraySlice<UInt8>) throws(ReuseLabError) {
        let failed = chunk.withUnsafeBytes { writeAll(descriptor, $0) }
        if failed != 0 {
            throw ReuseLabError(.cannotWrite, file: name, "cannot keep standard input for a second reading: \(systemMessage(failed))")
        }
    }

    /// Reads the copy from its start, in chunks, as `InputFile.stream` reads a file.
    public func stream(_ body: (ArraySlice<UInt8>) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw ReuseLabError(.missingFile, file: name, "cannot read standard input again from its copy: \(systemMessage(errno))")
        }
        try InputFile.readChunks(descriptor, name: name, refusingNULAsNot: nil, body)
    }
}
