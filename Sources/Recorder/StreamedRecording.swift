import TraceModel
import ToolSupport
import TraceCoding
import ReuseEngine
import Strategies

extension Recorder {
    /// Runs the scenario and writes its trace to `path` under `OutputFile`'s rules,
    /// returning how many events it has. The engine runs on one thread, folds
    /// each event it records through `ReplayState` (the check `checkReadable`
    /// makes) and hands the checked events on in batches; this thread writes them,
    /// so the recording is never held whole, as events or as text. (The check
    /// goes beside the engine rather than the writing because that brings the two
    /// threads' work closer: 474M and 358M instructions on a 110k-event
    /// recording, against 308M and 590M the other way round.)
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
            let engine = Background { () throws(ReuseLabError) -> Recorded in
                defer { channel.finish() }
                let checking = Checking(header: header)
                let simulation = makeSimulation(scenario, capacity: capacity)
                simulation.log.handOff = { checking.handOn($0, to: channel) }
                let rest = try events(of: simulation, capacity: capacity)
                checking.handOn(rest, to: channel)
                return Recorded(eventCount: simulation.log.recordedCount, violation: checking.violation)
            }
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
                for event in batch { stream.append(event, to: guardedSink) }
            }
            let recorded: Recorded
            do throws(ReuseLabError) {
                recorded = try engine.wait()
            } catch {
                throw named(error)
            }
            eventCount = recorded.eventCount
            if let violation = recorded.violation { throw named(violation) }
            guard stream.finish(to: guardedSink) else {
                throw named(ReuseLabError(.tooLarge, location: InputLocation(path: "script"), tooLargeMessage(eventCount, maximumBytes: maximumBytes)))
            }
            if let writeFailure { throw writeFailure }
        }
        return eventCount
    }

    /// What the engine's thread hands back: how many events it recorded, and the
    /// first one no table view could take, if any.
    private struct Recorded: Sendable {
        let eventCount: Int
        let violation: ReuseLabError?
    }

    /// The check of a recording, on the engine's thread: each batch is folded
    /// through `ReplayState` before it is handed on. After an event the fold
    /// refuses, nothing more is handed on (the engine still runs to its end, as its
    /// own error comes first).
    final class Checking {
        private var state: ReplayState
        private(set) var violation: ReuseLabError?

        init(header: TraceHeader) { state = ReplayState(header: header) }

        func handOn(_ batch: [TraceEvent], to channel: BatchChannel<[TraceEvent]>) {
            guard violation == nil, !batch.isEmpty else { return }
            // Each event is folded where it lies in the batch, not copied out of it.
            let refused = batch.withUnsafeBufferPointer { events -> (index: Int, error: LifecycleViolation)? in
                for index in events.indices {
                    do throws(LifecycleViolation) { try state.apply(events[index]) } catch {
                        return (index, error)
                    }
                }
                return nil
            }
            if let (index, error) = refused {
                violation = Recorder.unreadable(batch[index], index: batch[index].seq, error)
                if index > 0 { channel.put(Array(batch[..<index])) }
                return
            }
            channel.put(batch)
        }
    }
}
