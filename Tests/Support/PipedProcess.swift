import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run with pipes for its standard input and output, for tests that
/// must act at a moment the program chooses: they read what it prints until the
/// words that mark that moment appear (a prompt), rather than guessing a delay.
/// Standard error goes to /dev/null.
public final class PipedProcess {
    public let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private let ended = DispatchSemaphore(value: 0)
    public private(set) var output: [UInt8] = []
    /// Where the next `expect` starts looking.
    private var mark = 0

    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = FileHandle.nullDevice
        // Told when the process ends, rather than asking now and then.
        process.terminationHandler = { [ended] _ in ended.signal() }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? input.fileHandleForWriting.close()
    }

    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Writes `text` to the program's standard input.
    public func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes the program's standard input: its next read sees the end.
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Reads the program's output until `needle` appears after what earlier
    /// expectations matched, the output ends, or `seconds` pass; true if it appeared.
    @discardableResult
    public func expect(_ needle: String, seconds: Double = 30) -> Bool {
        let target = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = outputPipe.fileHandleForReading.fileDescriptor
        while true {
            if let found = find(target) {
                mark = found + target.count
                return true
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(min(left, 1) * 1000)) >= 0 else { return false }
            guard request.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return find(target).map { mark = $0 + target.count; return true } ?? false }
            output += buffer[0..<count]
        }
    }

    /// Waits up to `seconds` for the program to end (told by its termination, not
    /// by asking); true if it ended. Reads the rest of its output then.
    public func waitForExit(seconds: Double) -> Bool {
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        ended.signal()   // later calls see it ended too
        process.waitUntilExit()
        let rest = outputPipe.fileHandleForReading.readDataToEndOfFile()
        output += rest
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
