import Foundation

/// Reads a file a user named (or standard input for `-`) with a size limit,
/// turning every way it can fail into a `ReuseLabError` that names the file.
public enum InputFile {
    /// The most a small file of ours or a learner's is read: an `--answers` file,
    /// a progress record, an exercise's source file. None comes near it.
    public static let smallFileBytes = 1 << 20

    /// Reads all bytes of `path`, refusing files larger than `limit`.
    ///
    /// Only a regular file is read (or standard input, for `-`): the path is opened
    /// without blocking and checked with `fstat` before the first read, so a FIFO
    /// cannot hang the command and a device such as `/dev/zero` is refused at once.
    public static func read(_ path: String, limit: Int) throws(ReuseLabError) -> [UInt8] {
        if path == "-" { return try readStandardInput(limit: limit) }
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        if size > limit { throw tooLarge(path, size: size, limit: limit) }
        return try readAll(descriptor, limit: limit, name: path, expected: size)
    }

    /// Reads `path` (or standard input for `-`) in chunks of about 1 MB, handing
    /// each to `body`, so a file of any size is read in bounded memory. A NUL byte
    /// in the first chunk is refused as binary data (`what` names the expected text).
    public static func stream(_ path: String, what: String, _ body: (ArraySlice<UInt8>) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = try openRegularFile(path).descriptor
        }
        defer { if path != "-" { close(descriptor) } }
        try readChunks(descriptor, name: displayName(path), refusingNULAsNot: what, body)
    }

    /// Opens `path` for reading if it is a regular file: opened without blocking and
    /// checked with `fstat` before the first read, so a FIFO cannot hang the command
    /// and a device such as `/dev/zero` is refused at once. Returns the descriptor
    /// (blocking again) and the file's size.
    package static func openRegularFile(_ path: String) throws(ReuseLabError) -> (descriptor: Int32, size: Int) {
        guard !path.isEmpty else { throw ReuseLabError(.usage, "a file name is empty; give a path, or - for standard input") }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw ReuseLabError(.missingFile, file: path, "no such file")
            case EACCES, EPERM:
                throw ReuseLabError(.missingFile, file: path, "cannot be read: permission denied")
            default:
                throw ReuseLabError(.missingFile, file: path, "cannot be read: \(systemMessage(code))")
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let message = systemMessage(errno)
            close(descriptor)
            throw ReuseLabError(.missingFile, file: path, "cannot be read: \(message)")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(descriptor)
            if kind == .folder { throw ReuseLabError(.missingFile, file: path, "is a folder, not a file") }
            throw ReuseLabError(.missingFile, file: path, "is \(kind.described), not a regular file; only regular files are read (use - and a redirection to read standard input)")
        }
        // A file on a disk never blocks, and the flag is cleared so reads behave as
        // usual. A kernel file says it is "regular" with a size of 0 (/proc, /sys)
        // and some wait for data (/proc/kmsg): those keep the flag, so a read
        // that would wait fails at once instead (see `readSome`).
        if info.st_size > 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        return (descriptor, Int(info.st_size))
    }

    /// The size of the regular file at `path`, or nil: a hint for how to read it,
    /// never a check (opening the file says what is wrong with it).
    public static func sizeHint(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return nil }
        return Int(info.st_size)
    }

    /// Reads `descriptor` to its end, at most `limit` bytes; one byte more is an error.
    /// Standard input's first chunk is checked for a NUL byte, so piping a binary
    /// stream (`< /dev/zero`) is refused at once instead of after `limit` bytes.
    static func readAll(_ descriptor: Int32, limit: Int, name: String, expected: Int = 0,
                        checkFirstChunk: Bool = false) throws(ReuseLabError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limit) + 1)
        try readChunks(descriptor, name: name, refusingNULAsNot: checkFirstChunk ? "JSON text" : nil) { (chunk: ArraySlice<UInt8>) throws(ReuseLabError) in
            bytes.append(contentsOf: chunk)
            if bytes.count > limit { throw grewPastLimit(name: name, limit: limit) }
        }
        return bytes
    }

    /// The first `count` bytes of the regular file at `path` (all of it if shorter).
    package static func readPrefix(_ path: String, count: Int) throws(ReuseLabError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        let wanted = max(0, min(size, count))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, wanted), alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < wanted, let base = buffer.baseAddress {
            let got = try readSome(descriptor, into: base + filled, count: wanted - filled, name: path)
            if got == 0 { break }
            filled += got
        }
        return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
    }

    /// The error for a file whose size, before reading, is over `limit`.
    static func tooLarge(_ path: String, size: Int, limit: Int) -> ReuseLabError {
        ReuseLabError(.tooLarge, file: path, "the file is \(describeSize(size)); files larger than \(describeSize(limit)) are refused")
    }

    /// The error for input found, while reading, to be longer than `limit` bytes.
    static func grewPastLimit(name: String, limit: Int) -> ReuseLabError {
        let what = name == "<stdin>" ? "standard input is" : "the file is"
        return ReuseLabError(.tooLarge, file: name, "\(what) larger than \(describeSize(limit)) and is refused")
    }

    /// Reads up to `count` bytes of `descriptor` into `buffer`, trying again when a
    /// signal interrupts; 0 at the end of the input.
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, name: String) throws(ReuseLabError) -> Int {
        while true {
            let got = Foundation.read(descriptor, buffer, count)
            if got >= 0 { return got }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK, name != "<stdin>" {
                throw ReuseLabError(.missingFile, file: name, "gives no data without waiting for it (a kernel or device file, such as /proc/kmsg); only ordinary files are read")
            }
            let source = name == "<stdin>" ? "standard input" : "the file"
            throw ReuseLabError(.missingFile, file: name, "\(source) cannot be read: \(systemMessage(errno))")
        }
    }

    /// Reads `descriptor` to its end in chunks of 1 MB, handing each to `body`. With
    /// `refusingNULAsNot`, a NUL byte in the first chunk is refused as binary data,
    /// "not" what that names.
    static func readChunks(_ descriptor: Int32, name: String, refusingNULAsNot expected: String?,
                           _ body: (ArraySlice<UInt8>) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        let chunkSize = 1 << 20
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var first = true
        let source = name == "<stdin>" ? "standard input" : "the file"
        while true {
            let count = try chunk.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Result<Int, ReuseLabError> in
                guard let base = buffer.baseAddress else { return .success(0) }
                do throws(ReuseLabError) {
                    return .success(try readSome(descriptor, into: base, count: chunkSize, name: name))
                } catch {
                    return .failure(error)
                }
            }.get()
            if count == 0 { break }
            if first, let expected, chunk[0..<count].contains(0) {
                throw ReuseLabError(.badInput, file: name, "\(source) contains a NUL byte; it looks like binary data, not \(expected)")
            }
            first = false
            try body(chunk[0..<count])
        }
    }

    static func readStandardInput(limit: Int) throws(ReuseLabError) -> [UInt8] {
        try readAll(STDIN_FILENO, limit: limit, name: "<stdin>", checkFirstChunk: true)
    }

    /// "1.5 GB", "12 KB", "300 bytes".
    public static func describeSize(_ bytes: Int) -> String { ReadableNumber.size(bytes) }

    /// The name to show for a path in messages (`<stdin>` for `-`).
    public static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Checks that bytes look like text before parsing, so a binary file gets a plain
    /// answer instead of a confusing syntax error.
    public static func checkLooksLikeText(_ bytes: [UInt8], file: String) throws(ReuseLabError) {
        if bytes.isEmpty {
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: .start), "the file is empty; expected a JSON object")
        }
        var line = 1, column = 1
        for byte in bytes.prefix(65_536) {
            if byte == 0 {
                throw ReuseLabError(.badInput, file: file, location: InputLocation(position: SourcePosition(line: line, column: column)),
                                    "the file contains a NUL byte; it looks like a binary file, not JSON text")
            }
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
    }
}
