import Foundation
import TraceFormat

/// Where a command writes: standard output and standard error, replaceable in tests.
public struct CommandIO {
    public var out: (String) -> Void
    public var err: (String) -> Void

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's real standard output and error.
    public static var standard: CommandIO {
        CommandIO(out: { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }, err: { text in
            FileHandle.standardError.write(Data(text.utf8))
        })
    }
}

/// Writes a file a user owns atomically: the new content goes to a temporary file
/// beside it, which then replaces the old one, so an interrupted write never leaves
/// half a file. `-` means standard output.
enum OutputFile {
    static func write(_ text: String, to path: String, io: CommandIO) throws(ReuseLabError) {
        if path == "-" {
            io.out(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReuseLabError(.cannotWrite, file: path, "cannot write the file: \(error.localizedDescription)")
        }
    }
}
