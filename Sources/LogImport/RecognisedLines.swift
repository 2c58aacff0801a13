import ToolSupport

/// A log read and its lines recognised ahead, on other threads, and handed one
/// by one, in the log's order, to the thread that asked.
///
/// Recognising a line is most of an import's work, and it reads nothing but the
/// line: `LineRecogniser` is a pure function, so lines can be read in any order
/// on any thread and give the same `LogLine`. A second thread (`Handoff`) reads
/// the log, splits it into lines (`LogLines`) and recognises each batch of them
/// side by side on the machine's cores (`ParallelMap`), while the caller takes
/// the batches before it (the whole-log facts, the copy of the lines, the skipped
/// lines of `--verbose`) and sees exactly what reading in order would show it. A
/// batch holds some thousands of lines and at most two wait, so memory stays
/// bounded.
enum RecognisedLines {
    /// Lines a batch holds before it is recognised.
    static let batchSize = 16_384
    /// Fewer lines than this are not worth a thread of their own.
    static let smallestPiece = 1_024

    /// Reads the log at `path` (`-` for standard input) and hands each line to
    /// `body` with its number and what it shows (nil for a blank line, which is
    /// not recognised). Returns how many lines the log has. A failure to read is
    /// thrown once the lines before it have been handed on, as reading in order
    /// would; an error `body` throws stops the reading.
    static func read(_ path: String, recogniser: LineRecogniser, jobs: Int = ParallelMap.defaultJobs,
                     _ body: (String, Int, LogLine?) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Int {
        let handoff = Handoff<Piece>(capacity: 2) { handoff in
            produce(path, recogniser: recogniser, jobs: max(1, jobs), into: handoff)
        }
        defer {
            handoff.cancel()
            handoff.finish()
        }
        while let piece = handoff.take() {
            switch piece {
            case .batch(let batch):
                for index in batch.texts.indices {
                    try body(batch.texts[index], batch.firstNumber + index, batch.lines[index])
                }
            case .end(let lineCount):
                return lineCount
            case .failed(let error):
                throw error
            }
        }
        return 0
    }

    /// What the reading thread hands on: a batch of lines, then the end or the failure.
    enum Piece: Sendable {
        case batch(Batch)
        case end(lineCount: Int)
        case failed(ReuseLabError)
    }

    struct Batch: Sendable {
        var texts: [String]
        var lines: [LogLine?]
        /// The number of the batch's first line (lines are numbered one after another).
        var firstNumber: Int
    }

    /// The reading thread: every line, batch by batch, then the end, unless the
    /// caller stops taking (then it stops reading).
    private static func produce(_ path: String, recogniser: LineRecogniser, jobs: Int, into handoff: Handoff<Piece>) {
        var lines = LogLines()
        var texts: [String] = []
        texts.reserveCapacity(batchSize)
        var firstNumber = 1
        // Set, and an error thrown to stop reading, once the caller wants nothing more.
        var stopped = false
        func flush() throws(ReuseLabError) {
            guard !texts.isEmpty else { return }
            let batch = Batch(texts: texts, lines: recognise(texts, firstNumber: firstNumber, recogniser: recogniser, jobs: jobs),
                              firstNumber: firstNumber)
            texts.removeAll(keepingCapacity: true)
            guard handoff.put(.batch(batch)) else {
                stopped = true
                throw ReuseLabError(.interrupted, "the reading stopped")
            }
        }
        func take(_ text: String, _ number: Int) throws(ReuseLabError) {
            if texts.isEmpty { firstNumber = number }
            texts.append(text)
            if texts.count >= batchSize { try flush() }
        }
        do throws(ReuseLabError) {
            try InputFile.stream(path, what: "a console log") { (chunk: ArraySlice<UInt8>) throws(ReuseLabError) in
                try lines.feed(chunk, take)
            }
            try lines.finish(take)
            try flush()
            _ = handoff.put(.end(lineCount: lines.lineCount))
        } catch {
            // Lines read before a failure are handed on first, as reading in order would.
            guard !stopped else { return }
            do throws(ReuseLabError) { try flush() } catch { return }
            _ = handoff.put(.failed(error))
        }
    }

    /// What each of `texts` shows, recognised side by side in up to `jobs` pieces.
    static func recognise(_ texts: [String], firstNumber: Int, recogniser: LineRecogniser, jobs: Int) -> [LogLine?] {
        let pieces = min(jobs, max(1, texts.count / smallestPiece))
        let size = (texts.count + pieces - 1) / pieces
        let results = ParallelMap.map(pieces, jobs: pieces) { piece -> [LogLine?] in
            let range = min(piece * size, texts.count)..<min((piece + 1) * size, texts.count)
            return range.map { index in
                LogImporter.isBlank(texts[index]) ? nil : recogniser.recognise(texts[index], number: firstNumber + index)
            }
        }
        return Array(results.joined())
    }
}
