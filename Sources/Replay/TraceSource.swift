import TraceModel
import ToolSupport
import TraceCoding

/// Where a replay reads its trace: a file, read afresh for each pass, or bytes
/// already in memory (standard input, which cannot be read twice).
///
/// Replaying a long trace takes two passes, each folding events as they are
/// read: the first checks the trace as `validate` does and measures what the
/// output needs up front (how many steps, how wide the columns), the second
/// annotates and prints. Neither holds the trace's events.
public enum TraceSource: Sendable {
    case file(String)
    case bytes([UInt8], name: String)

    /// The trace at `path`; `-` is standard input, read into memory once.
    public static func open(_ path: String) throws(ReuseLabError) -> TraceSource {
        guard path == "-" else { return .file(path) }
        return .bytes(try InputFile.read(path, limit: TraceReader.maximumBytes), name: InputFile.displayName(path))
    }

    /// The name errors give the trace.
    public var name: String {
        switch self {
        case .file(let path): return InputFile.displayName(path)
        case .bytes(_, let name): return name
        }
    }

    /// The last event's `seq` and time read from the end, when the trace ends as
    /// `reuselab record` writes it (see `TraceTail`); nil otherwise.
    public var tail: TraceTail? {
        switch self {
        case .file(let path): return TraceTail.read(path: path)
        case .bytes(let bytes, _): return TraceTail.read(bytes: bytes)
        }
    }

    /// Folds the whole trace through `Folder`, refusing it as `validate` does.
    public func fold<Folder: TraceFolder>(_ type: Folder.Type) throws(ReuseLabError) -> Folder {
        switch self {
        case .file(let path): return try TraceFold.run(type, path: path)
        case .bytes(let bytes, let name): return try TraceFold.run(type, bytes: bytes, file: name)
        }
    }

    /// Reads the header, then each event in order with where it starts; reading
    /// stops early when `onEvent` returns false.
    public func stream(onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                       onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Bool) throws(ReuseLabError) {
        let handler = { (event: TraceEvent, position: SourcePosition) throws(ReuseLabError) -> Void in
            guard try onEvent(event, position) else { throw Self.enough }
        }
        do {
            switch self {
            case .file(let path):
                try TraceReader.stream(path: path, onHeader: onHeader, onEvent: handler)
            case .bytes(let bytes, let name):
                try TraceReader.stream(bytes: bytes, file: name, onHeader: onHeader, onEvent: handler)
            }
        } catch {
            if error != Self.enough { throw error }
        }
    }

    /// `stream`, telling `onEvent` where each event starts as well (see `EventStart`).
    public func streamNotingStarts(onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                   onEvent: (TraceEvent, SourcePosition, EventStart) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        switch self {
        case .file(let path): try TraceReader.streamNotingStarts(path: path, onHeader: onHeader, onEvent: onEvent)
        case .bytes(let bytes, let name): try TraceReader.streamNotingStarts(bytes: bytes, file: name, onHeader: onHeader, onEvent: onEvent)
        }
    }

    /// Up to `count` events from `start` on, read again under `header` (see `TraceReader.events`).
    public func events(header: TraceHeader, from start: EventStart, count: Int) throws(ReuseLabError) -> [TraceEvent] {
        switch self {
        case .file(let path): return try TraceReader.events(path: path, header: header, from: start, count: count)
        case .bytes(let bytes, let name): return try TraceReader.events(bytes: bytes, file: name, header: header, from: start, count: count)
        }
    }

    /// What `validate` says is wrong with this trace, nil if nothing: the error a
    /// reading throws when the Annotator's own fold refused an event, so that its
    /// words, line and column (and a syntax error further on, which comes first)
    /// are `validate`'s. Only a bad trace is read this second time.
    func validationError() -> ReuseLabError? {
        do throws(ReuseLabError) {
            _ = try fold(ReplayState.self)
            return nil
        } catch {
            return error
        }
    }

    /// Thrown to end a reading early, there and then; never leaves `stream`.
    private static let enough = TraceReader.stopReading

    /// One reading of the whole trace, on two threads: one reads each event and
    /// folds it through `Folder` (refusing a trace that breaks a lifecycle rule in
    /// `validate`'s words, with line and column, if `Folder` folds `ReplayState`);
    /// the calling thread annotates the events behind it and calls `body` with
    /// each annotation and its event, and the pass, which holds the state after
    /// that step (read it only when needed: copying a state per step costs more
    /// than explaining it). Steps after `last` are not annotated, nor any after
    /// `body` returns false, but the trace is checked to its end, unless `body`
    /// abandons the pass (`AnnotationPass.abandon`, when its output has failed):
    /// then reading stops, nothing read after that is reported, and the fold
    /// returned covers only what was read, if anything. `onHeader` comes
    /// before any step. Steps whose event `wording` refuses come without their text
    /// (see `Annotator.nextStep(file:worded:)`); by default every step is worded.
    ///
    /// The Annotator's own fold checks every event too, so `Folder` need not (a
    /// `StepMeasure` only measures, and the trace is folded once, not twice). An
    /// event it refuses ends the annotating, and the error thrown is the one
    /// `validate` gives for the trace, read again to find it (a syntax error
    /// further on comes first, as there). An error comes after the steps before the
    /// bad event have been handed on: their explanations may have looked at the
    /// events after it, as they would in a trace that went on.
    public func annotateOnce<Folder: TraceFolder>(
        foldingWith _: Folder.Type, through last: Int = Int.max,
        onHeader: (TraceHeader) throws(ReuseLabError) -> Void = { _ in },
        wording: ((TraceEvent) -> Bool)? = nil,
        _ body: (Annotation, TraceEvent, AnnotationPass) throws(ReuseLabError) -> Bool
    ) throws(ReuseLabError) -> Folder {
        let channel = BatchChannel<CheckedDelivery>(capacity: 8)
        let source = self
        let reader = Background { () throws(ReuseLabError) -> UncheckedBox<Folder> in
            defer { channel.finish() }
            var checking: TraceFold.Checking<Folder>?
            var batch: [TraceEvent] = []
            batch.reserveCapacity(Self.batchSize)
            let onHeader = { (header: TraceHeader) throws(ReuseLabError) -> Void in
                checking = TraceFold.Checking(header: header, file: source.name)
                channel.put(.header(header))
            }
            do throws(ReuseLabError) {
                if Folder.notesStarts {
                    try source.streamNotingStarts(onHeader: onHeader) { event, position, start throws(ReuseLabError) in
                        checking?.noteStart(start)
                        guard try Self.handOn(event, at: position, checking: &checking, batch: &batch, channel) else { throw Self.enough }
                    }
                } else {
                    try source.stream(onHeader: onHeader) { event, position throws(ReuseLabError) in
                        try Self.handOn(event, at: position, checking: &checking, batch: &batch, channel)
                    }
                }
            } catch {
                // The annotating thread cancelled: the rest of the trace is not wanted.
                if error == Self.enough, let checking { return UncheckedBox(checking.folder) }
                // The events read before the bad one are explained before the error.
                if !batch.isEmpty { channel.put(.events(batch)) }
                throw error
            }
            if !batch.isEmpty { channel.put(.events(batch)) }
            guard let checking else { throw ReuseLabError(.badInput, file: source.name, "the trace has no header") }
            // The reading's fold, handed back once this thread is done with it.
            return UncheckedBox(checking.folder)
        }

        let pass = AnnotationPass(file: name, last: last, wording: wording)
        var header: TraceHeader?
        var failure: ReuseLabError?
        // Every batch is taken until the reading thread finishes, so it never waits
        // forever; once nothing more is wanted, it is told to stop reading.
        while let delivery = channel.next() {
            guard failure == nil, !pass.abandoned else { continue }
            do throws(ReuseLabError) {
                switch delivery {
                case .header(let read):
                    header = read
                    pass.annotator = Annotator(header: read)
                    try onHeader(read)
                case .events(let events):
                    try pass.take(events, body)
                }
            } catch {
                failure = error
                pass.end()
            }
            if failure != nil || pass.abandoned { channel.cancel() }
        }
        let read: Result<UncheckedBox<Folder>, ReuseLabError>
        do throws(ReuseLabError) { read = .success(try reader.wait()) } catch { read = .failure(error) }
        if failure == nil, case .success = read, pass.annotating {
            // The steps that waited for the events after them.
            pass.annotator?.endOfTrace()
            do throws(ReuseLabError) { try pass.drain(body) } catch { failure = error }
        }
        // Abandoned, the pass answers the same however far the reading got meanwhile.
        if failure == nil, pass.abandoned, let header {
            if case .success(let folder) = read { return folder.value }
            return Folder(header: header)
        }
        if pass.refused, let error = validationError() { throw error }
        // An error in the steps explained comes before one further on in the trace.
        if let failure { throw failure }
        return try read.get().value
    }

    /// Events handed from the reading thread to the annotating one at a time.
    static let batchSize = 512

    /// The reading thread of `annotateOnce` with one event read: checked, then
    /// handed on with the batch it fills; false once the annotating thread has
    /// cancelled, and reading stops. (Its variables are passed, not captured by a
    /// local function: captured ones were kept on the heap, a few percent of the
    /// reading.)
    @inline(__always)
    private static func handOn<Folder: TraceFolder>(_ event: TraceEvent, at position: SourcePosition,
                                                    checking: inout TraceFold.Checking<Folder>?, batch: inout [TraceEvent],
                                                    _ channel: BatchChannel<CheckedDelivery>) throws(ReuseLabError) -> Bool {
        try checking?.apply(event, at: position)
        batch.append(event)
        guard batch.count == batchSize else { return true }
        defer { batch.removeAll(keepingCapacity: true) }
        return channel.put(.events(batch))
    }

    /// Annotates every event in order, calling `body` with each annotation, its
    /// event and the state after it, holding only the Annotator's window of the
    /// trace. Steps after `last` are not annotated, and reading stops once the
    /// events they look at have come, or when `body` returns false.
    @discardableResult
    public func annotate(through last: Int = Int.max,
                         _ body: (Annotation, TraceEvent, ReplayState) throws(ReuseLabError) -> Bool) throws(ReuseLabError) -> Bool {
        // The Annotator lives in a box the reading closure changes in place: held in
        // an optional, each event would copy its every field in and out.
        final class Holder { var annotator: Annotator?; var fed = 0; var stopped = false }
        let holder = Holder()
        let file = name
        // Events past `last` and the look-ahead it needs are not read.
        let feedLimit = last > Int.max - Annotator.lookAhead - 2 ? Int.max : last + Annotator.lookAhead + 2
        func drain() throws(ReuseLabError) {
            while !holder.stopped, let step = try holder.annotator?.nextStep(file: file) {
                guard step.annotation.seq <= last else {
                    holder.stopped = true
                    return
                }
                if let state = holder.annotator?.state, try !body(step.annotation, step.event, state) {
                    holder.stopped = true
                }
            }
        }
        try stream(onHeader: { header in holder.annotator = Annotator(header: header) }, onEvent: { event, _ throws(ReuseLabError) in
            guard !holder.stopped, holder.fed < feedLimit, holder.annotator != nil else { return false }
            holder.annotator?.feed(event)
            holder.fed += 1
            try drain()
            return !holder.stopped
        })
        if !holder.stopped, holder.annotator != nil {
            holder.annotator?.endOfTrace()
            try drain()
        }
        return !holder.stopped
    }
}

/// The Annotator of `TraceSource.annotateOnce`, on the annotating thread. A
/// class, so it is not copied to be read or changed.
///
/// The steps are taken here, not in `annotateOnce` itself: that function is
/// generic over the reading thread's fold and is not specialised, and every
/// step taken inside it went through runtime generics (about a tenth of the
/// annotating thread).
public final class AnnotationPass {
    /// What is handed each step: its annotation, its event, and this pass.
    typealias Body = (Annotation, TraceEvent, AnnotationPass) throws(ReuseLabError) -> Bool

    var annotator: Annotator?
    private(set) var annotating = true
    /// True once nothing more is wanted of the trace, not even its check.
    public private(set) var abandoned = false
    /// True once the Annotator's fold refused an event.
    private(set) var refused = false
    private let file: String
    /// The last step to annotate.
    private let last: Int
    /// Which events are worded (see `annotateOnce`); all when nil.
    private let wording: ((TraceEvent) -> Bool)?

    init(file: String, last: Int, wording: ((TraceEvent) -> Bool)?) {
        self.file = file
        self.last = last
        self.wording = wording
    }

    /// Feeds `events` in order, explaining each step once the events it may look
    /// at have come (only checking them once no more steps are wanted).
    func take(_ events: [TraceEvent], _ body: Body) throws(ReuseLabError) {
        guard !abandoned else { return }
        // The batch goes in whole: fed one by one, each event was copied twice more.
        // The steps are the same, since a step waits for its look-ahead either way.
        annotator?.feed(contentsOf: events)
        if annotating { try drain(body) } else { try check() }
    }

    /// Folds the events fed and not explained, to check them.
    private func check() throws(ReuseLabError) {
        guard !abandoned else { return }
        do throws(LifecycleViolation) {
            try annotator?.foldUnexplained()
        } catch {
            refused = true
            throw ReuseLabError(.badInput, file: file, error.message)
        }
    }

    /// Takes every step whose events have come, handing each to `body`.
    func drain(_ body: Body) throws(ReuseLabError) {
        while annotating {
            // Decided before the step: the Annotator is not to be read while it steps.
            var worded = true
            if let wording, let wanted = annotator?.upcoming(satisfies: wording) { worded = wanted }
            let step: AnnotatedStep?
            do throws(ReuseLabError) {
                step = try annotator?.nextStep(file: file, worded: worded)
            } catch {
                refused = true
                throw error
            }
            guard let step else { return }
            guard step.annotation.seq <= last, try body(step.annotation, step.event, self) else {
                stopAnnotating()
                try check()
                return
            }
        }
    }

    /// No more steps are wanted: the events left are only folded, to check them.
    func stopAnnotating() {
        annotating = false
    }

    /// Nothing more is wanted of the trace, not even its check (the output it
    /// was for has failed): the pass ends, and the reading stops soon after.
    public func abandon() {
        annotating = false
        abandoned = true
    }

    /// Nothing more is done with the trace.
    func end() {
        annotating = false
        annotator = nil
    }

    /// The state after the step being handed on.
    public var state: ReplayState? { annotator?.state }

    /// `survey`, if any, notes the step being handed on, `event`, from the state
    /// after it (read in place: `state` copies it).
    public func note(_ event: TraceEvent, into survey: inout SummarySurvey?) {
        annotator?.note(event, into: &survey)
    }
}

/// What the reading thread of `annotateOnce` hands on: the header, then checked events.
enum CheckedDelivery: Sendable {
    case header(TraceHeader)
    case events([TraceEvent])
}
