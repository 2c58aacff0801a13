import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Steps laid out and printed on a thread of their own, while the calling thread
/// goes on explaining the next ones: a replay's three stages (reading and
/// checking, explaining, laying out) each get a core when there are that many.
///
/// `handle` runs on the output thread only, one step at a time, in order; what
/// it uses is touched by no other thread until `finish` has returned.
///
/// A step crosses as a few numbers and its text copied into its batch's one
/// buffer, never as the `Annotation` itself: each annotation's text (and its set
/// of marks) would otherwise be allocated on one thread and freed on the other,
/// which cost the output thread a fifth of its time. The output thread hands
/// `handle` one `Annotation` it keeps and fills again for every step, so it is
/// valid only during the call.
final class OutputThread: @unchecked Sendable {
    /// One step without its text: where the text lies in its batch's buffer.
    private struct StepHead: Sendable {
        let seq: Int
        let time: VirtualTime
        let kind: EventKind
        let frame: Int
        /// `Annotation.Mark`s, one bit each, at their `ordinal` (see `markBits`).
        let marks: UInt8
        let inferred: InferredRule?
        let text: Range<Int>
        let event: TraceEvent?
        let selected: Bool
    }
    private struct Batch: Sendable {
        var steps: [StepHead] = []
        var text: [UInt8] = []
    }
    private let channel = BatchChannel<Batch>(capacity: 8)
    private var batch = Batch()
    private let worker: Background<Bool>
    private var finished = false
    private static let batchSize = 256

    /// `failed` is asked after each batch: once it says the output has failed,
    /// no more steps are handled, and `send` returns false.
    init(stoppingWhen failed: @escaping () -> Bool = { false }, _ handle: @escaping (Annotation, TraceEvent?, Bool) -> Void) {
        let channel = self.channel
        let box = UncheckedBox(handle), failedBox = UncheckedBox(failed)
        worker = Background { () throws(ReuseLabError) -> Bool in
            // Filled again for each step: its text buffer and mark set keep their room.
            var annotation = Annotation(seq: 0, time: .zero, kind: .note, frame: 0, text: "", marks: [])
            while let batch = channel.next() {
                for step in batch.steps {
                    annotation.seq = step.seq
                    annotation.time = step.time
                    annotation.kind = step.kind
                    annotation.frame = step.frame
                    annotation.inferred = step.inferred
                    annotation.utf8Text.removeAll(keepingCapacity: true)
                    annotation.utf8Text.append(contentsOf: batch.text[step.text])
                    if step.marks == 0 {
                        if !annotation.marks.isEmpty { annotation.marks.removeAll(keepingCapacity: true) }
                    } else {
                        annotation.marks.removeAll(keepingCapacity: true)
                        for (bit, mark) in Annotation.Mark.allCases.enumerated() where step.marks & (1 << bit) != 0 {
                            annotation.marks.insert(mark)
                        }
                    }
                    box.value(annotation, step.event, step.selected)
                }
                if failedBox.value() {
                    channel.cancel()
                    break
                }
            }
            return true
        }
        startBatch()
    }

    /// `marks` one bit each, at their `ordinal` (their place in `allCases`).
    private static func markBits(_ marks: Set<Annotation.Mark>) -> UInt8 {
        guard !marks.isEmpty else { return 0 }
        var bits: UInt8 = 0
        for mark in marks { bits |= 1 << mark.ordinal }
        return bits
    }

    private func startBatch() {
        batch = Batch()
        batch.steps.reserveCapacity(Self.batchSize)
        batch.text.reserveCapacity(Self.batchSize * 128)
    }

    /// Hands on one step (from the calling thread), with its event when the output
    /// reads it: an event shared between threads costs more than it seems. False
    /// once the output has failed: no more steps are wanted.
    @discardableResult
    func send(_ annotation: Annotation, event: TraceEvent?, selected: Bool) -> Bool {
        let start = batch.text.count
        batch.text.append(contentsOf: annotation.utf8Text)
        batch.steps.append(StepHead(seq: annotation.seq, time: annotation.time, kind: annotation.kind, frame: annotation.frame,
                                    marks: Self.markBits(annotation.marks), inferred: annotation.inferred,
                                    text: start..<batch.text.count, event: event, selected: selected))
        guard batch.steps.count == Self.batchSize else { return true }
        let wanted = channel.put(batch)
        startBatch()
        return wanted
    }

    /// Hands on what is left and waits until every step has been handled; call it
    /// also when the pass fails (a second call does nothing).
    func finish() {
        guard !finished else { return }
        finished = true
        if !batch.steps.isEmpty { channel.put(batch) }
        batch = Batch()
        channel.finish()
        _ = try? worker.wait()
    }
}
