import ToolSupport

/// The lifecycle lines and gap markers of a log as the first pass of an import
/// recognised them, kept on disk (`SpoolFile`) for the second pass, which makes
/// the trace from them: each line is recognised once, standard input is read
/// once, and the trace is made from exactly the lines the first pass judged,
/// even if the file changes meanwhile.
///
/// A line is a record of a few bytes: its number, what it is, its flags, its
/// index paths (zigzag variable-length integers), its address, times and, for a
/// gap marker, what the log printed there. Every field of `LogLine` is written
/// (`LineSpoolTests` counts them): a field added to `LogLine` must be added here.
/// Reading checks every length, so a damaged copy is an error, never a trap.
final class LineSpool {
    /// Made when the first chunk is written: a log with no lifecycle line (refused)
    /// makes no file, and a log that cannot be read is refused for that first.
    private var file: SpoolFile?
    private let name: String
    private var pending: [UInt8] = []
    /// Bytes gathered before they are written.
    static let chunkSize = 1 << 20

    init(of name: String) {
        self.name = name
        pending.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Keeps `line`, with `gapText` for a gap marker.
    func append(_ line: LogLine, gapText: String?) throws(ReuseLabError) {
        Record.encode(line, gapText: gapText, into: &pending)
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Writes what is still gathered; called once the last line is kept.
    func finish() throws(ReuseLabError) { try flush() }

    private func flush() throws(ReuseLabError) {
        guard !pending.isEmpty else { return }
        let file: SpoolFile
        if let made = self.file {
            file = made
        } else {
            file = try SpoolFile(of: name)
            self.file = file
        }
        let failure = pending.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> ReuseLabError? in
            do throws(ReuseLabError) { try file.append(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
        pending.removeAll(keepingCapacity: true)
    }

    /// Hands each line kept, in order, to `body`, with its gap text.
    func stream(_ body: (LogLine, String?) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        guard let file else { return }
        var carried: [UInt8] = []
        try file.stream { (chunk: ArraySlice<UInt8>) throws(ReuseLabError) in
            carried.append(contentsOf: chunk)
            var consumed = 0
            do {
                var reader = Record.Reader(carried)
                while let (line, gapText) = try reader.next() { try body(line, gapText) }
                consumed = reader.consumed
            }
            carried.removeFirst(consumed)
        }
        guard carried.isEmpty else { throw Record.damaged }
    }

    /// One line's bytes.
    enum Record {
        private enum Flag {
            static let rowIsNil: UInt8 = 1, namesItems: UInt8 = 2, address: UInt8 = 4, seconds: UInt8 = 8, offset: UInt8 = 16, gapText: UInt8 = 32
            /// A second byte of flags follows.
            static let more: UInt8 = 64
        }

        /// The second byte of flags: the rarer fields, and the cell's stated origin in two bits.
        private enum More {
            static let namesTableView: UInt8 = 1, unreadableOrigin: UInt8 = 2, originLine: UInt8 = 4
            static let originShift: UInt8 = 3, originMask: UInt8 = 3 << 3
            /// The origin's two bits: none, new, reused (no row), reused from a row (which follows).
            static let new: UInt8 = 1, reused: UInt8 = 2, reusedFrom: UInt8 = 3
        }

        /// The kind byte of a line that states a cell's origin (after the gap, other and callback kinds).
        static let originKind: UInt8 = 0xFE

        /// The callbacks, numbered by their place here (made once: `allCases` makes a new array each time).
        static let callbacks = LogLine.Callback.allCases

        static func encode(_ line: LogLine, gapText: String?, into bytes: inout [UInt8]) {
            appendNumber(line.lineNumber, to: &bytes)
            switch line.content {
            case .gap: bytes.append(0)
            case .other: bytes.append(1)
            case .callback(let callback): bytes.append(2 + UInt8(truncatingIfNeeded: callbacks.firstIndex(of: callback) ?? 0))
            case .origin: bytes.append(originKind)
            }
            var more: UInt8 = 0
            if line.namesTableView { more |= More.namesTableView }
            if line.unreadableOrigin { more |= More.unreadableOrigin }
            if line.originLine != nil { more |= More.originLine }
            switch line.origin {
            case .new?: more |= More.new << More.originShift
            case .reused(nil)?: more |= More.reused << More.originShift
            case .reused(.some)?: more |= More.reusedFrom << More.originShift
            case nil: break
            }
            var flags: UInt8 = 0
            if line.rowIsNil { flags |= Flag.rowIsNil }
            if line.namesItems { flags |= Flag.namesItems }
            if line.address != nil { flags |= Flag.address }
            if line.seconds != nil { flags |= Flag.seconds }
            if line.offset != nil { flags |= Flag.offset }
            if gapText != nil { flags |= Flag.gapText }
            if more != 0 { flags |= Flag.more }
            bytes.append(flags)
            if more != 0 { bytes.append(more) }
            appendNumber(line.indexPaths.count, to: &bytes)
            for path in line.indexPaths {
                appendNumber(path.section, to: &bytes)
                appendNumber(path.row, to: &bytes)
            }
            if let address = line.address { appendText(address, to: &bytes) }
            if let seconds = line.seconds { appendWord(seconds.bitPattern, to: &bytes) }
            if let offset = line.offset { appendWord(offset.bitPattern, to: &bytes) }
            if let gapText { appendText(gapText, to: &bytes) }
            if let originLine = line.originLine { appendNumber(originLine, to: &bytes) }
            if case .reused(let previous?)? = line.origin {
                appendNumber(previous.section, to: &bytes)
                appendNumber(previous.row, to: &bytes)
            }
        }

        /// A zigzag variable-length integer: seven bits a byte, small numbers of either sign short.
        private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
            var zigzag = UInt64(bitPattern: Int64(value) << 1) ^ UInt64(bitPattern: Int64(value) >> 63)
            while zigzag >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
                zigzag >>= 7
            }
            bytes.append(UInt8(truncatingIfNeeded: zigzag))
        }

        private static func appendWord(_ value: UInt64, to bytes: inout [UInt8]) {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        private static func appendText(_ text: String, to bytes: inout [UInt8]) {
            appendNumber(text.utf8.count, to: &bytes)
            bytes.append(contentsOf: text.utf8)
        }

        /// Reads whole records from the start of some bytes; a record cut off at
        /// the end is left for when more bytes come.
        struct Reader {
            private let bytes: [UInt8]
            private var position = 0
            /// The bytes of the whole records read so far.
            private(set) var consumed = 0

            init(_ bytes: [UInt8]) { self.bytes = bytes }

            /// The next whole record, or nil when the bytes end before one does.
            mutating func next() throws(ReuseLabError) -> (LogLine, String?)? {
                position = consumed
                guard position < bytes.count else { return nil }
                guard let record = try read() else { return nil }
                consumed = position
                return record
            }

            /// Nil when the bytes end inside the record; an error when it cannot be one.
            private mutating func read() throws(ReuseLabError) -> (LogLine, String?)? {
                guard let lineNumber = number(), let kind = byte(), let flags = byte() else { return nil }
                var more: UInt8 = 0
                if flags & Flag.more != 0 {
                    guard let read = byte() else { return nil }
                    more = read
                }
                guard let count = number() else { return nil }
                let content: LogLine.Content
                switch kind {
                case 0: content = .gap
                case 1: content = .other
                case originKind: content = .origin
                default:
                    let index = Int(kind) - 2
                    guard index < callbacks.count else { throw damaged }
                    content = .callback(callbacks[index])
                }
                guard count >= 0 else { throw damaged }
                // Each index path takes two bytes at least: more than are left, and the record goes on in the next chunk.
                guard count <= bytes.count - position else { return nil }
                var paths: [LogIndexPath] = []
                paths.reserveCapacity(count)
                for _ in 0..<count {
                    guard let section = number(), let row = number() else { return nil }
                    paths.append(LogIndexPath(section: section, row: row))
                }
                var line = LogLine(content: content, indexPaths: paths, rowIsNil: flags & Flag.rowIsNil != 0, lineNumber: lineNumber)
                line.namesItems = flags & Flag.namesItems != 0
                if flags & Flag.address != 0 {
                    guard let address = try text() else { return nil }
                    line.address = address
                }
                if flags & Flag.seconds != 0 {
                    guard let seconds = word() else { return nil }
                    line.seconds = Double(bitPattern: seconds)
                }
                if flags & Flag.offset != 0 {
                    guard let offset = word() else { return nil }
                    line.offset = Double(bitPattern: offset)
                }
                var gapText: String?
                if flags & Flag.gapText != 0 {
                    guard let text = try text() else { return nil }
                    gapText = text
                }
                line.namesTableView = more & More.namesTableView != 0
                line.unreadableOrigin = more & More.unreadableOrigin != 0
                if more & More.originLine != 0 {
                    guard let originLine = number() else { return nil }
                    line.originLine = originLine
                }
                switch (more & More.originMask) >> More.originShift {
                case More.new: line.origin = .new
                case More.reused: line.origin = .reused(previousRow: nil)
                case More.reusedFrom:
                    guard let section = number(), let row = number() else { return nil }
                    line.origin = .reused(previousRow: LogIndexPath(section: section, row: row))
                default: break
                }
                return (line, gapText)
            }

            private mutating func byte() -> UInt8? {
                guard position < bytes.count else { return nil }
                position += 1
                return bytes[position - 1]
            }

            private mutating func number() -> Int? {
                var value: UInt64 = 0
                var shift: UInt64 = 0
                while let byte = byte() {
                    guard shift < 64 else { return nil }
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))) }
                    shift += 7
                }
                return nil
            }

            private mutating func word() -> UInt64? {
                guard bytes.count - position >= 8 else { return nil }
                var value: UInt64 = 0
                for shift in stride(from: 0, to: 64, by: 8) {
                    value |= UInt64(bytes[position]) << UInt64(shift)
                    position += 1
                }
                return value
            }

            private mutating func text() throws(ReuseLabError) -> String? {
                guard let length = number() else { return nil }
                guard length >= 0 else { throw damaged }
                guard length <= bytes.count - position else { return nil }
                defer { position += length }
                return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
            }

            private var damaged: ReuseLabError { Record.damaged }
        }

        static let damaged = ReuseLabError(.badInput, "the import's temporary copy of the log's lines is damaged")
    }
}
