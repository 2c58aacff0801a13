import TraceCoding

/// An explanation being written, kept as UTF-8 bytes until it is done.
///
/// The `Annotator` writes a sentence or more for every event of a trace, a
/// million of them for a long recording. Written as `String` interpolation, each
/// literal piece and each value went through the general string machinery
/// (growing, checking, copying), which cost more than everything else a replay
/// does per event. A `Sentence` reads the same in code — `"Row \(row) appears."`
/// — but appends each piece's bytes to one buffer.
struct Sentence: ExpressibleByStringInterpolation, Equatable {
    private(set) var bytes: [UInt8]

    /// Room enough for most whole explanations (they average about 100 bytes).
    static let usualRoom = 256

    init() { bytes = [] }

    init(stringLiteral literal: String) {
        bytes = []
        bytes.append(utf8: literal)
    }

    /// Text made elsewhere (a reason, a note), as it is.
    init(_ text: String) {
        bytes = []
        bytes.append(utf8: text)
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.finished()
    }

    struct Interpolation: StringInterpolationProtocol {
        /// What is written, but for the latest pieces, which gather in `gathered`.
        private var written: [UInt8] = []
        private var gathered = GatheredBytes()

        /// What is written so far, for a piece appended in any other way: the
        /// gathered pieces are moved in first, so the order holds.
        var bytes: [UInt8] {
            get {
                var copy = written
                var pieces = gathered
                pieces.move(into: &copy)
                return copy
            }
            _modify {
                gathered.move(into: &written)
                yield &written
            }
        }

        init(literalCapacity: Int, interpolationCount: Int) {
            // Room for the literal pieces and a row name or number in each gap, and
            // for the sentences that usually follow in the same explanation: most
            // explanations then live in this one buffer, never moved to a larger one.
            written.reserveCapacity(max(Sentence.usualRoom, literalCapacity + interpolationCount * 12 + 32))
        }

        /// The whole sentence, its gathered pieces moved in.
        consuming func finished() -> [UInt8] { bytes }

        /// `text`'s bytes, gathered when there is room.
        mutating func append(utf8 text: String) {
            let done = text.utf8.withContiguousStorageIfAvailable { gathered.append($0) }
            if done != true { bytes.append(utf8: text) }
        }

        /// Bytes already in UTF-8, gathered when there is room.
        mutating func append(utf8Bytes piece: UnsafeBufferPointer<UInt8>) {
            if !gathered.append(piece) { bytes.append(contentsOf: piece) }
        }

        mutating func appendLiteral(_ literal: String) { append(utf8: literal) }

        mutating func appendInterpolation(_ text: String) { append(utf8: text) }

        mutating func appendInterpolation(_ sentence: Sentence) { bytes.append(contentsOf: sentence.bytes) }

        mutating func appendInterpolation(_ number: Int) {
            if !gathered.appendDecimal(number) { bytes.appendDecimal(number) }
        }

        /// Anything else as it describes itself (a scroll position's name).
        mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            append(utf8: value.description)
        }
    }

    static func + (lhs: Sentence, rhs: Sentence) -> Sentence {
        var result = lhs
        result.bytes.append(contentsOf: rhs.bytes)
        return result
    }

    static func += (lhs: inout Sentence, rhs: Sentence) { lhs.bytes.append(contentsOf: rhs.bytes) }
}
