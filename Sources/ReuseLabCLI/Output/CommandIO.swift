import Foundation
import ToolSupport

/// Where a command writes: standard output and standard error, replaceable in tests.
public struct CommandIO {
    public var out: (String) -> Void
    public var err: (String) -> Void
    /// How many columns text on `out` may take: what `TerminalWidth` says for the
    /// real standard output; 80 for captured output, so tests read the same
    /// whatever terminal runs them.
    public var width: Int
    /// Where text already in UTF-8 bytes goes on `out` without being made a String
    /// first (a long listing); nil: through `out`.
    var outBytes: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// True once writing to `out` has failed (a full disk, a closed reader): a long
    /// output then stops early instead of making the rest for nothing.
    var outFailed: () -> Bool = { false }

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, width: Int = 80) {
        self.out = out
        self.err = err
        self.width = width
    }

    /// The process's real standard output and error. Everything written passes
    /// `VisibleText.forOutput` on the way: whatever a path forgot to escape, no raw
    /// control or bidirectional character leaves the program; colour codes and the
    /// stepper's line erasing pass only when standard output is a terminal.
    public static var standard: CommandIO {
        let terminal = isatty(STDOUT_FILENO) == 1
        var io = CommandIO(out: { text in
            StandardStream.output.write(VisibleText.forOutput(text, terminalControl: terminal))
        }, err: { text in
            StandardStream.error.write(VisibleText.forOutput(text, terminalControl: false))
        }, width: TerminalWidth.current())
        io.outFailed = { StandardStream.output.hasFailed }
        io.outBytes = { bytes in
            // Bytes with nothing to make visible go as they are; any others take the String way.
            if VisibleText.mayContainUnsafe(bytes: bytes, allowingLineBreaks: true) {
                StandardStream.output.write(VisibleText.forOutput(String(decoding: bytes, as: UTF8.self), terminalControl: terminal))
            } else {
                StandardStream.output.write(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
        return io
    }
}

