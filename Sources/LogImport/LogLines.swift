import ToolSupport

/// Splits a log, read in chunks, into lines: `\n`, `\r\n` or `\r` ends a line,
/// bytes are decoded as UTF-8 (invalid bytes become U+FFFD), and a line longer
/// than `maximumLineBytes` is cut there (the rest of it is dropped, as no
/// lifecycle line is that long). Memory stays bounded whatever the log's size.
struct LogLines {
    static let maximumLineBytes = 1 << 20

    private var pending: [UInt8] = []
    private var overflowing = false
    private var afterCarriageReturn = false
    private(set) var lineCount = 0

    /// Feeds the next chunk; calls `body` with each complete line and its 1-based number.
    mutating func feed(_ chunk: ArraySlice<UInt8>, _ body: (String, Int) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        var index = chunk.startIndex
        while index < chunk.endIndex {
            if chunk[index] == 0x0A && afterCarriageReturn {
                // The \n of a \r\n: the line already ended at the \r.
                afterCarriageReturn = false
                index += 1
                continue
            }
            afterCarriageReturn = false
            // The bytes up to the line's end are taken at once, not one by one.
            var end = index
            while end < chunk.endIndex, chunk[end] != 0x0A, chunk[end] != 0x0D { end += 1 }
            let taken = min(max(0, Self.maximumLineBytes - pending.count), end - index)
            pending.append(contentsOf: chunk[index..<(index + taken)])
            if taken < end - index { overflowing = true }
            guard end < chunk.endIndex else { return }
            afterCarriageReturn = chunk[end] == 0x0D
            try emit(body)
            index = end + 1
        }
    }

    /// Hands over the last line if the log does not end with a line break.
    mutating func finish(_ body: (String, Int) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        if !pending.isEmpty || overflowing { try emit(body) }
    }

    private mutating func emit(_ body: (String, Int) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        lineCount += 1
        let text = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        overflowing = false
        try body(text, lineCount)
    }
}
