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
    /// The device's lifecycle calls compared (gap markers are not calls).
    public var deviceEvents: Int
    /// The best recording's lifecycle calls.
    public var recordedEvents: Int
    /// How many scenarios were recorded and compared.
    public var candidatesTried: Int
    /// Plain sentences, at most `CalibrationResult.maximumDifferences`: where the
    /// device and the best recording part ways. Empty when they agree throughout.
    public var differences: [String]

    /// The most sentences `differences` holds; the last one says how many more stretches there are.
    public static let maximumDifferences = 8

    public init(scenario: Scenario, score: Double, matched: Int, deviceEvents: Int, recordedEvents: Int,
                candidatesTried: Int, differences: [String]) {
        self.scenario = scenario
        self.score = score
        self.matched = matched
        self.deviceEvents = deviceEvents
        self.recordedEvents = recordedEvents
        self.candidatesTried = candidatesTried
        self.differences = differences
    }
}
