import ToolSupport

/// A log's lines recognised in batches, each batch side by side on the
/// machine's cores (`ParallelMap`), and handed on one by one in the log's order.
///
/// Recognising a line is most of an import's work, and it reads nothing but the
/// line: `LineRecogniser` is a pure function, so lines can be read in any order
/// on any thread and give the same `LogLine`. Whatever reads the results (the
/// whole-log facts, the builder) still sees them one at a time, in order. A
/// batch holds a few thousand lines, so memory stays bounded.
struct RecognisedLines {
    /// Lines a batch holds before it is recognised.
    static let batchSize = 16_384
    /// Fewer lines than this are not worth a thread of their own.
    static let smallestPiece = 1_024

    let recogniser: LineRecogniser
    let jobs: Int
    private var texts: [String] = []
    /// The number of the batch's first line (lines are numbered one after another).
    private var firstNumber = 1

    init(_ recogniser: LineRecogniser, jobs: Int = ParallelMap.defaultJobs) {
        self.recogniser = recogniser
        self.jobs = max(1, jobs)
        texts.reserveCapacity(Self.batchSize)
    }

    /// Takes line `number` (the one after the last taken). Once a batch is full,
    /// hands each of its lines on to `body` with its number and what it shows,
    /// nil for a blank line, which is not recognised.
    mutating func take<E: Error>(_ text: String, _ number: Int, _ body: (String, Int, LogLine?) throws(E) -> Void) throws(E) {
        if texts.isEmpty { firstNumber = number }
        texts.append(text)
        if texts.count >= Self.batchSize { try flush(body) }
    }

    /// Hands on the lines still waiting, at the end of the log.
    mutating func finish<E: Error>(_ body: (String, Int, LogLine?) throws(E) -> Void) throws(E) {
        try flush(body)
    }

    private mutating func flush<E: Error>(_ body: (String, Int, LogLine?) throws(E) -> Void) throws(E) {
        guard !texts.isEmpty else { return }
        let texts = self.texts, recogniser = self.recogniser, first = firstNumber
        let pieces = min(jobs, max(1, texts.count / Self.smallestPiece))
        let size = (texts.count + pieces - 1) / pieces
        let results = ParallelMap.map(pieces, jobs: pieces) { piece -> [LogLine?] in
            let range = min(piece * size, texts.count)..<min((piece + 1) * size, texts.count)
            return range.map { index in
                LogImporter.isBlank(texts[index]) ? nil : recogniser.recognise(texts[index], number: first + index)
            }
        }
        self.texts.removeAll(keepingCapacity: true)
        var index = 0
        for part in results {
            for line in part {
                try body(texts[index], first + index, line)
                index += 1
            }
        }
    }
}
