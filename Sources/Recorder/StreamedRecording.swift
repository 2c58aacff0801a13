import TraceModel
import ToolSupport
import TraceCoding
import ReuseEngine
import Strategies

extension Recorder {
    /// Runs the scenario and writes its trace to `path` under `OutputFile`'s rules,
    /// returning how many events it has. As the engine records, each batch of
    /// events it hands off is folded through `ReplayState` (the check
    /// `checkReadable` makes) and written, so the recording is never held whole,
    /// as events or as text.
    ///
    /// The outcome is what recording, then checking, then writing gives: the
    /// engine's error first, then the check's, then a trace too large, then a
    /// failure to write; on any of them nothing is written (the temporary file is
    /// removed, standard output gets nothing). Errors of the recording name
    /// `scenarioName` as the file at fault.
    @discardableResult
    public static func record(_ scenario: Scenario, to path: String, permission: OutputFile.Permission,
                              standardOutput: (String) -> Void, scenarioName: String? = nil,
                              capacity: Int = maximumRecordingSize, maximumBytes: Int = TraceReader.maximumBytes) throws(ReuseLabError) -> Int {
        func named(_ error: ReuseLabError) -> ReuseLabError { scenarioName.map { error.inFile($0) } ?? error }
        let header = header(of: scenario)
        var eventCount = 0
        try OutputFile.stream(to: path, permission: permission, standardOutput: standardOutput) { (sink: OutputFile.Sink) throws(ReuseLabError) in
            // The writing lives only as long as this call, as the sink does.
            try withoutActuallyEscaping(sink) { (sink) throws(ReuseLabError) in
                let writing = Writing(header: header, maximumBytes: maximumBytes, sink: sink)
                do throws(ReuseLabError) {
                    eventCount = try run(scenario, capacity: capacity, maximumBytes: maximumBytes, writing: writing)
                } catch {
                    throw named(error)
                }
                if let failure = writing.writeFailure { throw failure }
            }
        }
        return eventCount
    }

    /// Runs the scenario as `record(_:to:…)` does — the same engine, the same
    /// `capacity` and `maximumBytes`, the same refusals in the same order, each
    /// event encoded as trace text to be counted against `maximumBytes` — but
    /// keeps and writes nothing: each event goes to `fold` as the engine hands
    /// it off, and is dropped. Returns how many events the recording has.
    ///
    /// `fold` takes the place of `record`'s check, so it must fold each event
    /// through `ReplayState` (as `TraceMetrics.apply` does): its refusal is
    /// reported as `record` reports one, and no event after it is folded.
    /// Memory stays what one batch of events and `fold`'s state need, however
    /// large the recording: this is how `compare` measures a recording within
    /// `record`'s limits.
    @discardableResult
    public static func fold(_ scenario: Scenario, capacity: Int = maximumRecordingSize, maximumBytes: Int = TraceReader.maximumBytes,
                            into fold: (TraceEvent) throws(LifecycleViolation) -> Void) throws(ReuseLabError) -> Int {
        try withoutActuallyEscaping(fold) { (fold) throws(ReuseLabError) -> Int in
            let writing = Writing(header: header(of: scenario), maximumBytes: maximumBytes, sink: { _ in }, fold: fold)
            return try run(scenario, capacity: capacity, maximumBytes: maximumBytes, writing: writing)
        }
    }

    /// The one recording both of the above make: the engine's events handed off
    /// in batches to `writing`, then the engine's error, the check's, or the
    /// refusal of a trace larger than `maximumBytes`, in that order. Returns
    /// how many events the recording has.
    static func run(_ scenario: Scenario, capacity: Int, maximumBytes: Int, writing: Writing) throws(ReuseLabError) -> Int {
        let simulation = makeSimulation(scenario, capacity: capacity)
        simulation.log.handOff = writing.take
        defer { simulation.log.handOff = nil }
        writing.take(try events(of: simulation, capacity: capacity))
        let eventCount = simulation.log.recordedCount
        if let violation = writing.violation { throw violation }
        guard writing.finish() else {
            throw ReuseLabError(.tooLarge, location: InputLocation(path: "script"), tooLargeMessage(eventCount, maximumBytes: maximumBytes))
        }
        return eventCount
    }

    /// The events of a recording as the engine hands them off: each folded
    /// (through `ReplayState`, unless told otherwise), then written. After an
    /// event the fold refuses, nothing more is taken (the engine still runs to
    /// its end, as its own error comes first); after a failure to write, the
    /// rest is still encoded (so a trace too large is still reported as that)
    /// but goes nowhere.
    final class Writing {
        private let fold: (TraceEvent) throws(LifecycleViolation) -> Void
        private var stream: TraceStream
        private let sink: OutputFile.Sink
        private(set) var violation: ReuseLabError?
        private(set) var writeFailure: ReuseLabError?

        /// Folds each event through a `ReplayState` of its own: `record`'s check.
        convenience init(header: TraceHeader, maximumBytes: Int, sink: @escaping OutputFile.Sink) {
            var state = ReplayState(header: header)
            self.init(header: header, maximumBytes: maximumBytes, sink: sink) { (event) throws(LifecycleViolation) in
                try state.apply(event)
            }
        }

        init(header: TraceHeader, maximumBytes: Int, sink: @escaping OutputFile.Sink,
             fold: @escaping (TraceEvent) throws(LifecycleViolation) -> Void) {
            self.fold = fold
            stream = TraceStream(header: header, upTo: maximumBytes)
            self.sink = sink
        }

        func take(_ batch: [TraceEvent]) {
            for event in batch where violation == nil {
                do throws(LifecycleViolation) {
                    try fold(event)
                } catch {
                    violation = Recorder.unreadable(event, index: event.seq, error)
                    return
                }
                stream.append(event, to: write)
            }
        }

        /// Ends the trace; false when it is larger than a reader accepts.
        func finish() -> Bool { stream.finish(to: write) }

        private func write(_ chunk: UnsafeRawBufferPointer) {
            guard writeFailure == nil else { return }
            do throws(ReuseLabError) { try sink(chunk) } catch { writeFailure = error }
        }
    }
}
