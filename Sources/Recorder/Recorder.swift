import TraceModel
import ToolSupport
import TraceCoding
import ReuseEngine
import Strategies

/// Records a scenario: runs it through the engine with its strategy and captures
/// every event into a trace whose header carries the full scenario.
///
/// Recording is a pure function of the scenario — no clock, no randomness but the
/// scenario's seed, no paths — so the same scenario always gives the same bytes.
public enum Recorder {
    /// Scenario files larger than this are refused.
    public static let maximumScenarioBytes = 16 << 20

    /// Reads and checks a scenario file (`-` for standard input).
    public static func loadScenario(path: String) throws(ReuseLabError) -> Scenario {
        let bytes = try InputFile.read(path, limit: maximumScenarioBytes)
        return try parseScenario(bytes: bytes, file: InputFile.displayName(path))
    }

    public static func parseScenario(bytes: [UInt8], file: String) throws(ReuseLabError) -> Scenario {
        let root = try JSONDocument.parse(bytes, file: file)
        do {
            return try Scenario.decode(root, knownStrategies: StrategyCatalog.names, knownCollectionStrategies: StrategyCatalog.collectionNames,
                                       strategiesChangingData: StrategyCatalog.changingDataNames)
        } catch {
            throw error.inFile(file)
        }
    }

    /// The most a recording may hold (events, plus one per cell listed in a frame):
    /// about a gigabyte of trace text. Past it, recording stops with an error.
    public static let maximumRecordingSize = 20_000_000

    /// Runs the scenario and returns the trace.
    public static func record(_ scenario: Scenario, capacity: Int = maximumRecordingSize) throws(ReuseLabError) -> Trace {
        let trace = try simulate(scenario, capacity: capacity)
        try checkReadable(trace)
        return trace
    }

    /// Runs the scenario through the engine and returns the trace, unchecked (see `checkReadable`).
    public static func simulate(_ scenario: Scenario, capacity: Int = maximumRecordingSize) throws(ReuseLabError) -> Trace {
        let simulation = makeSimulation(scenario, capacity: capacity)
        return Trace(header: header(of: scenario), events: try events(of: simulation, capacity: capacity))
    }

    /// The scenario's strategy on its list: a table view's view controller, or a
    /// collection view's. A scenario read from a file names a strategy with a
    /// version for its list (the reader refuses any other); one built in code that
    /// does not is recorded with `plain`.
    static func makeSimulation(_ scenario: Scenario, capacity: Int) -> Simulation {
        let (screen, showsImages) = StrategyCatalog.screen(for: scenario.strategy, on: scenario.list)
        return makeSimulation(scenario, screen: screen, showsImages: showsImages,
                              locator: CodeLocator(strategy: scenario.strategy, list: scenario.list, updates: scenario.script.contains(where: \.isRowUpdate)), capacity: capacity)
    }

    static func makeSimulation(_ scenario: Scenario, screen: AppScreen, showsImages: Bool, locator: CodeLocator?,
                               capacity: Int) -> Simulation {
        let simulation = Simulation(scenario: scenario, screen: screen, showsImages: showsImages, logCapacity: capacity)
        // Each event the app's code caused is stamped with its line in the code the trace carries.
        if let locator {
            simulation.world.codeLine = { site, kind in locator.line(of: site, for: kind) }
        }
        return simulation
    }

    /// A recorded trace's header: the scenario's title and profile, the whole
    /// scenario, and the strategy's code that its events point into.
    public static func header(of scenario: Scenario) -> TraceHeader {
        TraceHeader(title: scenario.title, profile: scenario.profile, scenario: scenario,
                    code: CodeLocator(strategy: scenario.strategy, list: scenario.list, updates: scenario.script.contains(where: \.isRowUpdate))?.code)
    }

    /// Records `scenario` with app code that is not in the catalog (an exercise's,
    /// as the learner wrote it): `screen` is its view controller, `code` the source
    /// files the trace carries and its events point into, the learner's first.
    /// The scenario's own strategy is not run; the header's title says whose code ran.
    public static func record(_ scenario: Scenario, screen: AppScreen, showsImages: Bool, code: [CarriedCode.File],
                              title: String, capacity: Int = maximumRecordingSize) throws(ReuseLabError) -> Trace {
        let locator = CodeLocator(files: code, list: scenario.list)
        let simulation = makeSimulation(scenario, screen: screen, showsImages: showsImages, locator: locator, capacity: capacity)
        let header = TraceHeader(title: title, profile: scenario.profile, scenario: scenario, code: locator?.code)
        let trace = Trace(header: header, events: try events(of: simulation, capacity: capacity))
        try checkReadable(trace)
        return trace
    }

    /// Runs the simulation and returns its events (those it did not hand on), or says why it stopped.
    static func events(of simulation: Simulation, capacity: Int) throws(ReuseLabError) -> [TraceEvent] {
        do {
            return try simulation.run()
        } catch {
            if let reason = error.impossibleStep {
                throw ReuseLabError(.badInput, location: InputLocation(path: "script[\(error.stepIndex)]"), reason)
            }
            if error.pastTimeLimit {
                let hours = World.maximumTime.microseconds / 3_600_000_000
                throw ReuseLabError(.badInput, location: InputLocation(path: "script[\(error.stepIndex)]"),
                                    "main-thread work would take the recording's virtual time past \(hours) hours by this step; use a faster network (\"bandwidth\", \"latency\"), smaller images or cheaper \"mainThread\" costs")
            }
            throw ReuseLabError(.tooLarge, location: InputLocation(path: "script[\(error.stepIndex)]"),
                                "the recording grew past \(capacity) entries (\(error.eventCount) events) by this step; shorten the script, slow it down or use taller rows")
        }
    }

    /// Every recording is folded through the same `ReplayState` as `validate` before
    /// it is written, so the recorder never writes a trace its own readers refuse;
    /// if the engine ever recorded an impossible step, that is reported as a bug.
    static func checkReadable(_ trace: Trace) throws(ReuseLabError) {
        var state = ReplayState(header: trace.header)
        for (index, event) in trace.events.enumerated() {
            do throws(LifecycleViolation) { try state.apply(event) } catch {
                throw unreadable(event, index: index, error)
            }
        }
    }

    static func unreadable(_ event: TraceEvent, index: Int, _ error: LifecycleViolation) -> ReuseLabError {
        ReuseLabError(.badInput, location: InputLocation(path: "script", eventIndex: index),
                      "the engine recorded a step no table view could take (\(event.kind.rawValue): \(error.message)); this is a ReuseLab bug, not a mistake in the scenario: please report it with this scenario. Nothing was written")
    }

    /// Runs the scenario and returns the trace file's text. A recording larger than
    /// every reader accepts (`TraceReader.maximumBytes`) is refused, not written.
    public static func recordText(_ scenario: Scenario, capacity: Int = maximumRecordingSize,
                                  maximumBytes: Int = TraceReader.maximumBytes) throws(ReuseLabError) -> String {
        String(decoding: try bytes(of: try record(scenario, capacity: capacity), maximumBytes: maximumBytes), as: UTF8.self)
    }

    /// The trace file's bytes, or the refusal of a trace larger than `maximumBytes`.
    public static func bytes(of trace: Trace, maximumBytes: Int = TraceReader.maximumBytes) throws(ReuseLabError) -> [UInt8] {
        guard let bytes = TraceWriter.bytes(trace, upTo: maximumBytes) else { throw tooLarge(trace, maximumBytes: maximumBytes) }
        return bytes
    }

    /// Writes the trace to `path` under `OutputFile`'s rules, streamed in chunks
    /// (see `OutputFile.stream`); returns how many bytes were written. A trace
    /// larger than every reader accepts is refused, and nothing is written: the
    /// refusal, and only it, names `scenarioName` as the file at fault.
    @discardableResult
    public static func write(_ trace: Trace, to path: String, permission: OutputFile.Permission,
                             standardOutput: (String) -> Void, scenarioName: String? = nil,
                             maximumBytes: Int = TraceReader.maximumBytes) throws(ReuseLabError) -> Int {
        var written = 0
        try OutputFile.stream(to: path, permission: permission, standardOutput: standardOutput) { (sink: OutputFile.Sink) throws(ReuseLabError) in
            let fits = try TraceWriter.stream(trace, upTo: maximumBytes) { (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in
                written += chunk.count
                try sink(chunk)
            }
            guard fits else {
                let refusal = tooLarge(trace, maximumBytes: maximumBytes)
                throw scenarioName.map { refusal.inFile($0) } ?? refusal
            }
        }
        return written
    }

    static func tooLarge(_ trace: Trace, maximumBytes: Int) -> ReuseLabError {
        ReuseLabError(.tooLarge, location: InputLocation(path: "script"), tooLargeMessage(trace.events.count, maximumBytes: maximumBytes))
    }

    static func tooLargeMessage(_ eventCount: Int, maximumBytes: Int) -> String {
        "the recording (\(eventCount) events) would be larger than \(InputFile.describeSize(maximumBytes)), the most any reuselab command reads; shorten the script, slow it down, use fewer rows or taller rows"
    }
}
