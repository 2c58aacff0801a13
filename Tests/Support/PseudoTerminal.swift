import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The binary on the slave side of a new 80×24 pseudo-terminal; the test
/// types on the master side and reads what the binary draws.
public final class PseudoTerminal {
    public let process = Process()
    private let master: Int32
    private let slave: Int32
    public private(set) var output: [UInt8] = []
    /// Where the next `expect` starts looking.
    private var mark = 0

    /// Starts `executable` with `arguments` in `directory` on a new terminal of
    /// `columns` × `rows`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL,
                columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { try Test.cancel("openpty is not available here") }
        self.master = master
        self.slave = slave
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        close(slave)
    }

    public var text: String { String(decoding: output, as: UTF8.self) }
    /// The end of the output, for failure messages.
    public var tail: String { String(text.suffix(1500)) }

    public func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `needle` appears after what earlier expectations matched, or
    /// `seconds` pass; true if it appeared.
    @discardableResult
    public func expect(_ needle: String, seconds: Double = 20) -> Bool {
        let target = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let found = find(target) {
                mark = found + target.count
                return true
            }
            guard Date() < deadline, readAvailable(waitingMs: 50) || process.isRunning else { return false }
        }
    }

    /// Reads until the process has ended; its exit status (nil if a signal ended it).
    public func finish(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { _ = readAvailable(waitingMs: 50) }
        guard !process.isRunning else { return nil }
        while readAvailable(waitingMs: 50) {}
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// How the process ended, or nil while it still runs (asking Foundation then traps).
    public var ending: Process.TerminationReason? {
        process.isRunning ? nil : process.terminationReason
    }

    /// The terminal's local modes now (ICANON, ECHO, …).
    public var localModes: tcflag_t {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings.c_lflag
    }

    private func readAvailable(waitingMs: Int32) -> Bool {
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, waitingMs) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        output += buffer[0..<count]
        return true
    }

    private func find(_ target: [UInt8]) -> Int? {
        guard !target.isEmpty, output.count >= target.count, mark <= output.count - target.count else { return nil }
        for start in mark...(output.count - target.count) where output[start] == target[0] {
            if Array(output[start..<(start + target.count)]) == target { return start }
        }
        return nil
    }
}
