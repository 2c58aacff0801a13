import TraceModel

/// What `Calibrator.calibrate` found: the scenario whose recording best reproduces
/// an imported device trace, how well it does, and where the two still part ways.
///
/// It exists so an instructor can go from a real device's console log to a
/// scenario ReuseLab can record, replay and teach from — and see honestly how far
/// the engine's recording is from what the device did.
public struct CalibrationResult: Sendable {
    /// The best scenario, titled "Calibrated to <log name>", ready to save and record.
    public var scenario: Scenario
    /// From 0 to 1: the share of the device's compared lifecycle calls that the
    /// recording makes in the same order (`matched / deviceEvents`).
    public var score: Double
    /// The device's calls matched, in order, by the recording's.
    public var matched: Int
    /// The device's lifecycle calls compared: those its log prints (gap markers
    /// are not calls; calls the import reconstructed are not the device's).
    public var deviceEvents: Int
    /// The best recording's lifecycle calls compared: all but those of the
    /// kinds the log never prints.
    public var recordedEvents: Int
    /// The lifecycle kinds the log never prints, compared on neither side.
    public var unprinted: [EventKind]
    /// Calls of the other kinds the import reconstructed (`"inferred": true`),
    /// left out of the device's side.
    public var reconstructed: Int
    /// The one sentence saying what was not compared and why; nil when every
    /// call was compared.
    public var notCompared: String?
    /// How many scenarios were recorded and compared.
    public var candidatesTried: Int
    /// Plain sentences, at most `CalibrationResult.maximumDifferences`: where the
    /// device and the best recording part ways. Empty when they agree throughout.
    public var differences: [String]

    /// The most sentences `differences` holds; the last one says how many more stretches there are.
    public static let maximumDifferences = 8

    public init(scenario: Scenario, score: Double, matched: Int, deviceEvents: Int, recordedEvents: Int,
                candidatesTried: Int, differences: [String],
                unprinted: [EventKind] = [], reconstructed: Int = 0, notCompared: String? = nil) {
        self.unprinted = unprinted
        self.reconstructed = reconstructed
        self.notCompared = notCompared
        self.scenario = scenario
        self.score = score
        self.matched = matched
        self.deviceEvents = deviceEvents
        self.recordedEvents = recordedEvents
        self.candidatesTried = candidatesTried
        self.differences = differences
    }
}
