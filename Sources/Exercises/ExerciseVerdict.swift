import ToolSupport
import TraceModel
import TraceCoding
import Replay

/// What the recordings of an exercise's scenarios show against its checks,
/// measured from the traces alone (the learner's code never decides it).
public struct ExerciseVerdict: Sendable {
    /// One check on one scenario's recording.
    public struct Outcome: Sendable {
        public var check: ExerciseCheck
        public var scenario: String
        public var figure: String
        public var passes: Bool
    }

    /// The first step of a recording where a check fails, as a lesson shows it:
    /// the step's sentence, the learner's line that caused it, the lines that
    /// explain it, and the compact picture of the table after it.
    public struct Moment: Sendable {
        public var scenario: String
        public var step: Int
        public var time: VirtualTime
        public var text: String
        public var code: Annotation.CodePlace?
        public var relatedCode: [Annotation.CodePlace]
        public var picture: [String]
    }

    public var outcomes: [Outcome]
    public var firstFailure: Moment?
    public var passes: Bool { outcomes.allSatisfy(\.passes) }

    /// Checks the traces `paths` (one per scenario, in order) against `exercise`.
    public static func check(_ exercise: Exercise, traces paths: [String], pictureWidth: Int = 80) throws(ReuseLabError) -> ExerciseVerdict {
        var outcomes: [Outcome] = []
        var moment: Moment?
        for (index, path) in paths.enumerated() {
            let scenario = index < exercise.scenarios.count ? exercise.scenarios[index] : path
            let report = try TraceMetrics.measure(path: path)
            var staleFails = false
            for check in exercise.checks {
                let (figure, passes) = check.measure(report)
                outcomes.append(Outcome(check: check, scenario: scenario, figure: figure, passes: passes))
                if !passes, check == .noStaleImage { staleFails = true }
            }
            if moment == nil, staleFails {
                moment = try firstStaleStep(path: path, scenario: scenario, width: pictureWidth)
            }
        }
        return ExerciseVerdict(outcomes: outcomes, firstFailure: moment)
    }

    /// The first step marked STALE or LATE, and the table's picture after it.
    static func firstStaleStep(path: String, scenario: String, width: Int) throws(ReuseLabError) -> Moment? {
        let trace = try TraceReader.read(path: path)
        var annotator = Annotator(trace: trace)
        var state = ReplayState(header: trace.header)
        var index = 0
        while let annotation = try annotator.step(file: path) {
            do throws(LifecycleViolation) { try state.apply(trace.events[index]) } catch { return nil }
            index += 1
            guard annotation.marks.contains(.stale) || annotation.marks.contains(.late) else { continue }
            return Moment(scenario: scenario, step: annotation.seq, time: annotation.time, text: annotation.text,
                          code: annotation.code, relatedCode: annotation.relatedCode,
                          picture: CompactPicture.draw(state, width: width))
        }
        return nil
    }
}
