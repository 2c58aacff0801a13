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
                let simulation = makeSimulation(scenario, capacity: capacity)
                simulation.log.handOff = writing.take
                defer { simulation.log.handOff = nil }
                do throws(ReuseLabError) {
                    writing.take(try events(of: simulation, capacity: capacity))
                } catch {
                    throw named(error)
                }
                eventCount = simulation.log.recordedCount
                if let violation = writing.violation { throw named(violation) }
                guard writing.finish() else {
                    throw named(ReuseLabError(.tooLarge, location: InputLocation(path: "script"), tooLargeMessage(eventCount, maximumBytes: maximumBytes)))
                }
                if let failure = writing.writeFailure { throw failure }
            }
        }
        return eventCount
    }

    /// The events of a recording as the engine hands them off: each folded
    /// through `ReplayState`, then written. After an event the fold refuses,
    /// nothing more is taken (the engine still runs to its end, as its own error
    /// comes first); after a failure to write, the rest is still encoded (so a
    /// trace too large is still reported as that) but goes nowhere.
    final class Writing {
        private var state: ReplayState
        private var stream: TraceStream
        private let sink: OutputFile.Sink
        private(set) var violation: ReuseLabError?
        private(set) var writeFailure: ReuseLabError?

        init(header: TraceHeader, maximumBytes: Int, sink: @escaping OutputFile.Sink) {
            state = ReplayState(header: header)
            stream = TraceStream(header: header, upTo: maximumBytes)
            self.sink = sink
        }

        func take(_ batch: [TraceEvent]) {
            for event in batch where violation == nil {
                do throws(LifecycleViolation) {
                    try state.apply(event)
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
