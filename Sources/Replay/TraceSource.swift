import TraceModel
import ToolSupport
import TraceCoding

/// Where a replay reads its trace: a file, read afresh for each reading, or
/// bytes already in memory (standard input, which cannot be read twice).
///
/// A replay reads the trace once (`replay`), folding each event through the
/// `Annotator` as it is read, and never holds the trace's events.
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
    /// stops early when `onEvent` returns false. `readingAhead`: see `TraceReader.stream`.
    public func stream(readingAhead: Bool = false, onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                       onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Bool) throws(ReuseLabError) {
        let handler = { (event: TraceEvent, position: SourcePosition) throws(ReuseLabError) -> Void in
            guard try onEvent(event, position) else { throw Self.enough }
        }
        do {
            switch self {
            case .file(let path):
                try TraceReader.stream(path: path, readingAhead: readingAhead, onHeader: onHeader, onEvent: handler)
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

    /// Reads the trace once, on the calling thread, and hands `body` each step the
    /// `Annotator` takes, in order, with the Annotator that took it: `body` words
    /// the steps it shows (`Annotator.words(for:)`) and reads the state after each
    /// (`Annotator.state`). `onHeader` comes before any step. When `body` returns
    /// false, reading stops there (an output that failed wants nothing more, not
    /// even the check of the rest); otherwise every event is checked, as
    /// `validate` checks it, by the Annotator's own fold.
    ///
    /// The one second reading: a trace found bad — the Annotator's fold refuses an
    /// event, or the reading refuses one further on — is read again by `validate`'s
    /// fold, whose error is thrown, so the words, line, column and exit status are
    /// `validate`'s (a syntax error further on comes first there, and an event
    /// the fold refuses before an undecodable one does). The steps before the bad
    /// event have been handed on by then, as they are in a trace that went on.
    /// `notingStarts`, if given, is told where each event starts (see `EventStart`).
    public func replay(notingStarts: ((EventStart) -> Void)? = nil,
                       onHeader: (TraceHeader) throws(ReuseLabError) -> Void = { _ in },
                       _ body: (AnnotatedStep, inout Annotator) -> Bool) throws(ReuseLabError) {
        var reading: Replaying?
        let file = name
        do throws(ReuseLabError) {
            try read(notingStarts: notingStarts, onHeader: { header throws(ReuseLabError) in
                reading = Replaying(header)
                try onHeader(header)
            }, onEvent: { event in
                guard let reading else { return false }
                reading.annotator.feed(event)
                return reading.takeSteps(file: file, body)
            })
            if let reading, !reading.refused, !reading.stopped {
                reading.annotator.endOfTrace()
                _ = reading.takeSteps(file: file, body)
            }
        } catch {
            throw validationError() ?? error
        }
        if let reading, reading.refused { throw validationError() ?? reading.refusal }
    }

    /// The Annotator of `replay`, in a box the reading closure changes in place.
    private final class Replaying {
        var annotator: Annotator
        /// True once `body` wants nothing more.
        var stopped = false
        /// True once the Annotator's fold refused an event, and the error it gave.
        var refused = false
        var refusal = ReuseLabError(.badInput, "the trace was refused")

        init(_ header: TraceHeader) { annotator = Annotator(header: header) }

        /// Takes every step whose events have come, handing each on; false once reading is to stop.
        func takeSteps(file: String, _ body: (AnnotatedStep, inout Annotator) -> Bool) -> Bool {
            do throws(ReuseLabError) {
                while !stopped, let step = try annotator.nextStep(file: file) {
                    if !body(step, &annotator) { stopped = true }
                }
                return !stopped
            } catch {
                refused = true
                refusal = error
                return false
            }
        }
    }

    /// `stream`, or `streamNotingStarts` when `notingStarts` is given.
    private func read(notingStarts: ((EventStart) -> Void)?, onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                      onEvent: (TraceEvent) throws(ReuseLabError) -> Bool) throws(ReuseLabError) {
        guard let notingStarts else {
            // Explaining a step costs about what decoding it does: a large trace is read ahead.
            return try stream(readingAhead: true, onHeader: onHeader) { event, _ throws(ReuseLabError) in try onEvent(event) }
        }
        do throws(ReuseLabError) {
            try streamNotingStarts(onHeader: onHeader) { event, _, start throws(ReuseLabError) in
                notingStarts(start)
                guard try onEvent(event) else { throw Self.enough }
            }
        } catch {
            if error != Self.enough { throw error }
        }
    }

    /// What `validate` says is wrong with this trace, nil if nothing.
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

    /// Annotates every event in order, in words, calling `body` with each
    /// annotation, its event and the state after it. Steps after `last` are not
    /// annotated: reading stops once the events step `last` looks at have come
    /// (the rest is not checked), or when `body` returns false; false then.
    @discardableResult
    public func annotate(through last: Int = Int.max,
                         _ body: (Annotation, TraceEvent, ReplayState) -> Bool) throws(ReuseLabError) -> Bool {
        var finished = true
        try replay { step, annotator in
            guard step.annotation.seq <= last, body(annotator.worded(step), step.event, annotator.state) else {
                finished = false
                return false
            }
            return true
        }
        return finished
    }
}
