import TraceModel
import ToolSupport

/// A large trace file read on a second thread: `TraceStreamer` decodes events
/// there, in batches, while the calling thread folds and explains them. A replay
/// then takes about as long as decoding alone, where one thread would add the
/// explaining to it.
///
/// The caller sees exactly what a reading on one thread gives: the same events
/// in the same order, and the same error. The streamer on the second thread
/// never sees the caller's callbacks, so its own outcome is the trace's. An
/// error from a callback is the one case that needs more: on one thread the
/// rest of the file would still be checked and a syntax error there would come
/// first, so the file is checked again, on the calling thread, to find it.
enum ReadAhead {
    /// Files smaller than this are read on one thread: every bundled trace, and
    /// anything read before a person notices.
    static let threshold = 4 << 20
    /// Events handed over at a time, and batches waiting at most.
    static let batchSize = 1024
    static let batchesWaiting = 4

    /// An event and where it starts.
    struct Placed: Sendable {
        let event: TraceEvent
        let position: SourcePosition
    }

    /// What the reading thread hands over, in order.
    enum Piece: Sendable {
        case header(TraceHeader)
        case events([Placed])
        /// The reading ended: how, when it failed.
        case end(ReuseLabError?)
    }

    /// `TraceReader.stream(path:)` over a file of `threshold` bytes or more.
    static func stream(path: String,
                       onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                       onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        let handoff = Handoff<Piece>(capacity: batchesWaiting) { handoff in read(path: path, into: handoff) }
        var outcome: ReuseLabError?
        var callbackFailed = false
        reading: while let piece = handoff.take() {
            do throws(ReuseLabError) {
                switch piece {
                case .header(let header):
                    try onHeader(header)
                case .events(let events):
                    for placed in events { try onEvent(placed.event, placed.position) }
                case .end(let error):
                    outcome = error
                    break reading
                }
            } catch {
                outcome = error
                callbackFailed = true
                break reading
            }
        }
        handoff.cancel()
        handoff.finish()
        guard let outcome else { return }
        guard callbackFailed, outcome != TraceReader.stopReading else { throw outcome }
        throw syntaxErrorAfter(outcome, path: path)
    }

    /// The reading thread: the whole trace through one streamer, batch by batch,
    /// until its end or until the caller wants no more.
    private static func read(path: String, into handoff: Handoff<Piece>) {
        var batch: [Placed] = []
        batch.reserveCapacity(batchSize)
        var failure: ReuseLabError?
        do throws(ReuseLabError) {
            var streamer = TraceStreamer(window: try TraceReader.window(path: path), file: InputFile.displayName(path))
            _ = try streamer.run(onHeader: { header throws(ReuseLabError) in
                guard handoff.put(.header(header)) else { throw TraceReader.stopReading }
            }, onEvent: { event, position throws(ReuseLabError) in
                batch.append(Placed(event: event, position: position))
                guard batch.count == batchSize else { return }
                guard handoff.put(.events(batch)) else { throw TraceReader.stopReading }
                batch.removeAll(keepingCapacity: true)
            })
        } catch {
            failure = error
        }
        if !batch.isEmpty, !handoff.put(.events(batch)) { return }
        _ = handoff.put(.end(failure))
    }

    /// What a reading on one thread throws after a callback failed with
    /// `callbackError`: a syntax error anywhere in the file comes first (a bad
    /// header member after the events too), else the callback's error.
    private static func syntaxErrorAfter(_ callbackError: ReuseLabError, path: String) -> ReuseLabError {
        let marker = ReuseLabError(.badInput, "the caller's error")
        do throws(ReuseLabError) {
            var streamer = TraceStreamer(window: try TraceReader.window(path: path), file: InputFile.displayName(path))
            // A failing header callback leaves the streamer only checking the rest.
            _ = try streamer.run(onHeader: { _ throws(ReuseLabError) in throw marker }, onEvent: { _, _ in })
        } catch {
            return error == marker ? callbackError : error
        }
        return callbackError
    }
}
