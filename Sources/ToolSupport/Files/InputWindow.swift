import Foundation

/// A window onto a file's bytes, read in chunks as a reader moves through it, so
/// a file of any size is read in memory bounded by the largest piece the reader
/// needs whole at once (one trace event, one header member), not by the file.
///
/// Bytes are named by their offset in the whole input. The window holds the bytes
/// from `start` to `end`; `fill` reads more, dropping those before the offset the
/// reader still needs. Bytes already in memory (`init(bytes:)`) are used as they are.
package final class InputWindow {
    /// Bytes read from the file at each `read` call, at least.
    package static let defaultChunkSize = 1 << 20
    /// The space the window starts with; it grows only for a piece larger than that.
    package static let defaultCapacity = 4 << 20

    /// The name of the input in messages.
    let name: String
    /// The offset of the first byte held, and the offset after the last.
    package private(set) var start = 0
    package private(set) var end = 0
    /// True once the input has no bytes after `end`.
    package private(set) var reachedEnd = false
    /// The most bytes the window ever had room for: its whole memory.
    package private(set) var largestCapacity = 0

    private let source: Source
    private var buffer: UnsafeMutableRawBufferPointer
    private let limit: Int
    private let chunkSize: Int

    private enum Source {
        case memory([UInt8])
        case file(descriptor: Int32, size: Int)
    }

    /// A window onto bytes already in memory: all of them, at once.
    package init(bytes: [UInt8], name: String) {
        self.name = name
        source = .memory(bytes)
        buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        limit = Int.max
        chunkSize = 0
        end = bytes.count
        reachedEnd = true
        largestCapacity = bytes.count
    }

    /// A window onto the regular file at `path`, refused as `InputFile.read` refuses
    /// it (missing, a folder, a device, larger than `limit`) before anything is read.
    /// Tests make `chunkSize` and `capacity` small, to move the window often.
    package init(path: String, limit: Int, chunkSize: Int = defaultChunkSize, capacity: Int = defaultCapacity) throws(ReuseLabError) {
        name = path
        let (descriptor, size) = try InputFile.openRegularFile(path)
        if size > limit {
            close(descriptor)
            throw InputFile.tooLarge(path, size: size, limit: limit)
        }
        source = .file(descriptor: descriptor, size: size)
        self.limit = limit
        self.chunkSize = max(1, chunkSize)
        let capacity = max(capacity, 2 * self.chunkSize)
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        largestCapacity = capacity
    }

    deinit {
        if case .file(let descriptor, _) = source {
            close(descriptor)
            buffer.deallocate()
        }
    }

    /// Reads until the window holds the bytes up to `wanted` (or the input ends),
    /// keeping those from `keep` on; bytes before `keep` may be dropped.
    package func fill(keeping keep: Int, through wanted: Int) throws(ReuseLabError) {
        guard case .file(let descriptor, _) = source else { return }
        while end < wanted, !reachedEnd {
            let kept = max(keep, start)
            let free = buffer.count - (end - start)
            if free < chunkSize || wanted - kept > buffer.count - chunkSize {
                makeRoom(keeping: kept, needed: wanted - kept)
            }
            guard let base = buffer.baseAddress else { return }
            let used = end - start
            let got = try InputFile.readSome(descriptor, into: base + used, count: buffer.count - used, name: name)
            if got == 0 {
                reachedEnd = true
            } else {
                end += got
                if end > limit { throw InputFile.grewPastLimit(name: name, limit: limit) }
            }
        }
    }

    /// Moves the bytes from `keep` to the front, growing the buffer when `needed`
    /// bytes from `keep` would not fit with a chunk to spare.
    private func makeRoom(keeping keep: Int, needed: Int) {
        let held = end - keep
        var capacity = buffer.count
        while capacity < needed + chunkSize || capacity - held < chunkSize { capacity *= 2 }
        if capacity != buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
            if held > 0, let from = buffer.baseAddress, let to = grown.baseAddress {
                to.copyMemory(from: from + (keep - start), byteCount: held)
            }
            buffer.deallocate()
            buffer = grown
            largestCapacity = max(largestCapacity, capacity)
        } else if held > 0, keep > start, let base = buffer.baseAddress {
            base.copyMemory(from: base + (keep - start), byteCount: held)
        }
        start = keep
    }

    /// Calls `body` with the bytes held, the first at offset `start`.
    package func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        switch source {
        case .memory(let bytes):
            return try bytes.withUnsafeBufferPointer(body)
        case .file:
            let held = UnsafeRawBufferPointer(rebasing: buffer[0..<(end - start)])
            return try held.withMemoryRebound(to: UInt8.self, body)
        }
    }

    /// A copy of the bytes from `from` to `to` (both within the window).
    package func copy(from: Int, to: Int) -> [UInt8] {
        withBytes { bytes in Array(bytes[(from - start)..<(to - start)]) }
    }

    /// Starts reading again at `offset` (a file is read again from there).
    package func rewind(to offset: Int) throws(ReuseLabError) {
        guard case .file(let descriptor, _) = source, offset < start || offset > end else { return }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw ReuseLabError(.missingFile, file: name, "the file cannot be read again: \(systemMessage(errno))")
        }
        start = offset
        end = offset
        reachedEnd = false
    }

    /// The last bytes of the input, up to `count` of them (read without moving the window).
    package func tail(_ count: Int) -> [UInt8] {
        switch source {
        case .memory(let bytes):
            return Array(bytes.suffix(count))
        case .file(let descriptor, let size):
            let wanted = min(count, size)
            var bytes = [UInt8](repeating: 0, count: wanted)
            let got = bytes.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress, wanted, off_t(size - wanted)) }
            return got == wanted ? bytes : []
        }
    }
}
