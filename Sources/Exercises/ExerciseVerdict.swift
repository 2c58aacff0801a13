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
        /// What makes the step wrong, when its sentence does not say it.
        public var why: String?
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
            // Read once: measured by the fold `stats` uses, then walked for the first wrong step.
            let trace = try TraceReader.read(path: path)
            var metrics = TraceMetrics(header: trace.header)
            for (index, event) in trace.events.enumerated() {
                do throws(LifecycleViolation) { try metrics.apply(event) } catch {
                    throw error.error(at: event, index: index, file: path, list: trace.header.list)
                }
            }
            let report = metrics.report
            let offMainThread = trace.events.count { MainThreadRule.isOffMainThreadNote($0.body) }
            var failing: [ExerciseCheck] = []
            for check in exercise.checks {
                let (figure, passes) = check.measure(report, offMainThread: offMainThread)
                outcomes.append(Outcome(check: check, scenario: scenario, figure: figure, passes: passes))
                if !passes { failing.append(check) }
            }
            if moment == nil, !failing.isEmpty {
                moment = try firstWrongStep(trace, path: path, scenario: scenario, failing: failing, width: pictureWidth)
            }
        }
        return ExerciseVerdict(outcomes: outcomes, firstFailure: moment)
    }

    /// The first step that shows a failing check at work: a frame marked STALE or
    /// LATE (no stale image), a block of the main thread (main thread), a picture
    /// downloaded again (downloads), with the table's picture after it. Nil when
    /// the failing checks have no single step to show (a row left without its
    /// picture is an absence; wasted downloads are known only at the end).
    static func firstWrongStep(_ trace: Trace, path: String, scenario: String, failing: [ExerciseCheck], width: Int) throws(ReuseLabError) -> Moment? {
        let stale = failing.contains(.noStaleImage)
        let blocking = failing.contains { if case .mainThreadBlockedAtMost = $0 { return true } else { return false } }
        let downloading = failing.contains { if case .downloadsAtMost = $0 { return true } else { return false } }
        let offMain = failing.contains(.viewsOnMainThread)
        guard stale || blocking || downloading || offMain else { return nil }
        var annotator = Annotator(trace: trace)
        var state = ReplayState(header: trace.header)
        var imageOfRequest: [Int: Int] = [:]
        var downloaded = Set<Int>()
        var index = 0
        while let annotation = try annotator.step(file: path) {
            let event = trace.events[index]
            do throws(LifecycleViolation) { try state.apply(event) } catch { return nil }
            index += 1
            var shows = stale && (annotation.marks.contains(.stale) || annotation.marks.contains(.late) || annotation.marks.contains(.wrongRow))
            var why: String?
            switch event.body {
            case .mainThreadBlocked: shows = shows || blocking
            case .imageSet: shows = shows || (offMain && index < trace.events.count && MainThreadRule.isOffMainThreadNote(trace.events[index].body))
            case .imageRequest(let request, _, let image, _, _): imageOfRequest[request] = image
            case .response(let request, _, false):
                if let image = imageOfRequest[request], !downloaded.insert(image).inserted, downloading {
                    shows = true
                    why = "Image \(image) was downloaded before: this download is one too many."
                }
            default: break
            }
            guard shows else { continue }
            // A write lands between frames: draw the table at the next frame, the
            // first to show what the write did (STALE marks come from frames).
            if case .imageSet = event.body {
                while index < trace.events.count {
                    let next = trace.events[index]
                    do throws(LifecycleViolation) { try state.apply(next) } catch { break }
                    index += 1
                    if case .frame = next.body { break }
                }
            }
            return Moment(scenario: scenario, step: annotation.seq, time: annotation.time, text: annotation.text, why: why,
                          code: annotation.code, relatedCode: annotation.relatedCode,
                          picture: CompactPicture.draw(state, width: width))
        }
        return nil
    }
}
