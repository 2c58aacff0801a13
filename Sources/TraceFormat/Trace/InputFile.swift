import Foundation

/// Reads a file a user named (or standard input for `-`) with a size limit,
/// turning every way it can fail into a `ReuseLabError` that names the file.
public enum InputFile {
    /// Reads all bytes of `path`, refusing files larger than `limit`.
    public static func read(_ path: String, limit: Int) throws(ReuseLabError) -> [UInt8] {
        if path == "-" { return try readStandardInput(limit: limit) }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReuseLabError(.missingFile, file: path, "no such file")
        }
        if isDirectory.boolValue {
            throw ReuseLabError(.missingFile, file: path, "is a folder, not a file")
        }
        let size = (try? manager.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size > limit {
            throw ReuseLabError(.tooLarge, file: path, "the file is \(describeSize(size)); files larger than \(describeSize(limit)) are refused")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReuseLabError(.missingFile, file: path, "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw ReuseLabError(.missingFile, file: path, "cannot be read: \(error.localizedDescription)")
        }
        if data.count > limit {
            throw ReuseLabError(.tooLarge, file: path, "the file is larger than \(describeSize(limit)) and is refused")
        }
        return [UInt8](data)
    }

    static func readStandardInput(limit: Int) throws(ReuseLabError) -> [UInt8] {
        var bytes: [UInt8] = []
        let handle = FileHandle.standardInput
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw ReuseLabError(.missingFile, file: "<stdin>", "cannot be read: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes.append(contentsOf: chunk)
            if bytes.count > limit {
                throw ReuseLabError(.tooLarge, file: "<stdin>", "standard input is larger than \(describeSize(limit)) and is refused")
            }
        }
        return bytes
    }

    /// "1.5 GB", "12 KB", "300 bytes".
    public static func describeSize(_ bytes: Int) -> String {
        let units: [(Double, String)] = [(1_073_741_824, "GB"), (1_048_576, "MB"), (1024, "KB")]
        for (size, name) in units where Double(bytes) >= size {
            let value = Double(bytes) / size
            let rounded = (value * 10).rounded() / 10
            return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + name
        }
        return "\(bytes) bytes"
    }

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
