#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files and folders, through the C library alone.
///
/// The benchmark does without Foundation on purpose: a process it starts is reported
/// no smaller than the benchmark itself (see `ProcessRun`), and Foundation would add
/// about 13 MB to that floor.
enum FileText {
    /// The file's text, nil when it cannot be read.
    static func read(_ path: String) -> String? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws(BenchError) {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard file >= 0 else { throw BenchError(.failed, "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        guard writeAll(text, to: file) else { throw BenchError(.failed, "cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Progress and errors, unbuffered.
    static func writeToStandardError(_ text: String) {
        _ = writeAll(text, to: 2)
    }

    /// Writes all of `text`; false when the system refuses.
    private static func writeAll(_ text: String, to file: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(file, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// The file's size in bytes, nil when it is not there.
    static func size(_ path: String) -> Int? {
        var facts = stat()
        return stat(path, &facts) == 0 ? Int(facts.st_size) : nil
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func remove(_ path: String) { unlink(path) }

    /// The names in a folder, "." and ".." left out; none when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let listing = opendir(folder) else { return [] }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` whole: relative paths are taken from the current folder.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let here = getcwd(nil, 0) else { return path }
        defer { free(here) }
        return String(cString: here) + "/" + path
    }
}

// The C library's read and write, which `FileText.read` and `write` hide by name.
#if canImport(Glibc)
private let systemRead = Glibc.read, systemWrite = Glibc.write
#else
private let systemRead = Darwin.read, systemWrite = Darwin.write
#endif

extension String {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmed: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
