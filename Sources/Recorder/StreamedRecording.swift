import TraceFormat
import ReuseEngine
import Strategies

extension Recorder {
    /// Runs the scenario and writes its trace to `path` under `OutputFile`'s rules,
    /// returning how many events it has. The engine runs on one thread and hands
    /// its events on in batches; this thread folds each through `ReplayState` (the
    /// check `checkReadable` makes) and writes it, so the recording is never held
    /// whole, as events or as text.
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
            let channel = BatchChannel<[TraceEvent]>()
            let engine = Background { () throws(ReuseLabError) -> Int in
                defer { channel.finish() }
                let simulation = makeSimulation(scenario, capacity: capacity)
                simulation.log.handOff = { if !$0.isEmpty { channel.put($0) } }
                let rest = try events(of: simulation, capacity: capacity)
                if !rest.isEmpty { channel.put(rest) }
                return simulation.log.recordedCount
            }
            var state = ReplayState(header: header)
            var violation: ReuseLabError?
            var writeFailure: ReuseLabError?
            var stream = TraceStream(header: header, upTo: maximumBytes)
            // After a failure to write, the rest is still encoded (so a trace too large
            // is still reported as that) but goes nowhere.
            let guardedSink = { (chunk: UnsafeRawBufferPointer) in
                guard writeFailure == nil else { return }
                do throws(ReuseLabError) { try sink(chunk) } catch { writeFailure = error }
            }
            // Every batch is taken, whatever fails, so the engine's thread never waits forever.
            while let batch = channel.next() {
                for event in batch {
                    if violation == nil {
                        do throws(LifecycleViolation) { try state.apply(event) } catch {
                            violation = unreadable(event, index: event.seq, error)
                        }
                    }
                    if violation == nil { stream.append(event, to: guardedSink) }
                }
            }
            do throws(ReuseLabError) {
                eventCount = try engine.wait()
            } catch {
                throw named(error)
            }
            if let violation { throw named(violation) }
            guard stream.finish(to: guardedSink) else {
                throw named(ReuseLabError(.tooLarge, location: InputLocation(path: "script"), tooLargeMessage(eventCount, maximumBytes: maximumBytes)))
            }
            if let writeFailure { throw writeFailure }
        }
        return eventCount
    }
}
