import TraceFormat
import Replay

/// Steps laid out and printed on a thread of their own, while the calling thread
/// goes on explaining the next ones: a replay's three stages (reading and
/// checking, explaining, laying out) each get a core when there are that many.
///
/// `handle` runs on the output thread only, one step at a time, in order; what
/// it uses is touched by no other thread until `finish` has returned.
final class OutputThread: @unchecked Sendable {
    private struct Step: Sendable {
        let annotation: Annotation
        let event: TraceEvent?
        let selected: Bool
    }
    private let channel = BatchChannel<[Step]>(capacity: 8)
    private var batch: [Step] = []
    private let worker: Background<Bool>
    private var finished = false
    private static let batchSize = 256

    init(_ handle: @escaping (Annotation, TraceEvent?, Bool) -> Void) {
        let channel = self.channel
        let box = UncheckedBox(handle)
        worker = Background { () throws(ReuseLabError) -> Bool in
            while let steps = channel.next() {
                for step in steps { box.value(step.annotation, step.event, step.selected) }
            }
            return true
        }
        batch.reserveCapacity(Self.batchSize)
    }

    /// Hands on one step (from the calling thread), with its event when the output
    /// reads it: an event shared between threads costs more than it seems.
    func send(_ annotation: Annotation, event: TraceEvent?, selected: Bool) {
        batch.append(Step(annotation: annotation, event: event, selected: selected))
        if batch.count == Self.batchSize {
            channel.put(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Hands on what is left and waits until every step has been handled; call it
    /// also when the pass fails (a second call does nothing).
    func finish() {
        guard !finished else { return }
        finished = true
        if !batch.isEmpty { channel.put(batch) }
        batch = []
        channel.finish()
        _ = try? worker.wait()
    }
}
