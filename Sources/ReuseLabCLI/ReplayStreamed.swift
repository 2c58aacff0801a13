import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The replay outputs written as the trace is read — the listing, JSON lines and
/// the summary — each in one reading that checks every event as `validate` does
/// (`TraceSource.annotateOnce`), with output held back until the trace has proved
/// good, up to `BufferedOutput.replayHoldLimit`. A longer output is printed as it
/// is made: a bad event past that point ends it with the error.
extension ReplayCommand {
    /// Which steps are listed: `--from`, `--to` and `--only`.
    struct Selection {
        let from: Int
        let to: Int
        /// Whether `--from` was given (then it must name a step of the trace).
        let fromGiven: Bool
        let filter: EventFilter?

        func selects(_ annotation: Annotation) -> Bool {
            annotation.seq >= from && (filter?.matches(annotation) ?? true)
        }

        func checkFrom(steps: Int, file: String) throws(ReuseLabError) {
            try ReplayCommand.checkFrom(given: fromGiven, from, lastSeq: steps > 0 ? steps - 1 : nil, file: file)
        }
    }

    /// `--summary`: each step is measured (`SummarySurvey`) from the Annotator's own
    /// fold, and the moments the summary quotes are noted from the annotations.
    static func summary(_ source: TraceSource, json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        // In a class, so noting changes the moments and the survey in place, and asking reads only what it needs.
        final class Noted { var moments = SummaryMoments(); var survey: SummarySurvey? }
        let noted = Noted()
        // Only the steps the summary may quote are put into words.
        _ = try source.annotateOnce(foldingWith: StepMeasure.self, onHeader: { noted.survey = SummarySurvey(header: $0) },
                                    wording: { noted.moments.wants.mayQuote($0) }) { annotation, event, pass in
            pass.note(event, into: &noted.survey)
            noted.moments.note(annotation, event: event, pass: pass)
            return true
        }
        guard let survey = noted.survey else { throw ReuseLabError(.badInput, file: source.name, "the trace has no header") }
        let summary = ReplaySummary(survey: survey, moments: noted.moments)
        io.out(json ? ReplayReport.summaryJSON(summary, report: survey.report, file: source.name)
                    : ReplayReport.summaryText(summary, report: survey.report, style: .detect(), width: io.width))
        return 0
    }

    /// `--json`: a line per selected step, made and printed on the output thread.
    static func jsonLines(_ source: TraceSource, _ selection: Selection, io: CommandIO,
                          holdLimit: Int = BufferedOutput.replayHoldLimit) throws(ReuseLabError) -> Int32 {
        let output = BufferedOutput(io, holdingUpTo: holdLimit)
        var thread: OutputThread?
        try endingOnError(output, { thread }) { () throws(ReuseLabError) in
            let survey = try source.annotateOnce(foldingWith: StepMeasure.self, through: selection.to, onHeader: { header in
                let list = header.list
                thread = OutputThread(stoppingWhen: io.outFailed) { annotation, _, _ in
                    output.write { ReplayReport.jsonLine(annotation, list: list, into: &$0) }
                }
            }) { annotation, event, pass in
                guard selection.selects(annotation), let thread else { return true }
                return handOn(annotation, event: nil, selected: true, to: thread, pass)
            }
            thread?.finish()
            // The output failed and the reading stopped: that failure is the error.
            if io.outFailed() { return }
            try selection.checkFrom(steps: survey.stepCount, file: source.name)
        }
        output.flush()
        return 0
    }

    /// Hands a step to the output thread; once the output has failed, the pass is
    /// abandoned (the reading stops) and false says so.
    private static func handOn(_ annotation: Annotation, event: TraceEvent?, selected: Bool, to thread: OutputThread,
                               _ pass: AnnotationPass) -> Bool {
        guard thread.send(annotation, event: event, selected: selected) else {
            pass.abandon()
            return false
        }
        return true
    }

    /// `body`, which makes a streamed output; on an error the output thread is
    /// finished, and what is held dropped (or the rest of what was made handed on),
    /// before the error goes on.
    private static func endingOnError<Result>(_ output: BufferedOutput, _ thread: () -> OutputThread?,
                                              _ body: () throws(ReuseLabError) -> Result) throws(ReuseLabError) -> Result {
        do throws(ReuseLabError) {
            return try body()
        } catch {
            thread()?.finish()
            output.endBeforeError()
            throw error
        }
    }

    /// The listing. Its title says how many steps there are and its columns fit the
    /// widest step, before the first step is read: when the trace ends as `record`
    /// writes it, its last event says both (`TraceTail`), and the trace is read once,
    /// the steps laid out on the output thread (with --picture, which needs the
    /// state after the last step listed, on the annotating thread). Otherwise, or
    /// when a held listing finds the hint was wider than needed, the trace is read
    /// twice: once to measure and check, once to list.
    static func listing(_ source: TraceSource, _ selection: Selection, groupByFrame: Bool, picture: Bool,
                        io: CommandIO, holdLimit: Int = BufferedOutput.replayHoldLimit) throws(ReuseLabError) -> Int32 {
        guard let tail = source.tail else {
            return try measuredListing(source, selection, groupByFrame: groupByFrame, picture: picture, io: io)
        }
        let steps = tail.lastSeq + 1, widestTime = StepMeasure.widestTime(upTo: tail.lastTime)
        let output = BufferedOutput(io, holdingUpTo: holdLimit)
        final class Listing { var listing: ReplayListing; init(_ listing: ReplayListing) { self.listing = listing } }
        var box: Listing?
        var thread: OutputThread?
        let listed = try endingOnError(output, { thread }) { () throws(ReuseLabError) -> Bool in
            let survey = try source.annotateOnce(foldingWith: StepMeasure.self, through: selection.to, onHeader: { header in
                let layout = StepLayout(header: header, steps: steps, widestTime: widestTime, style: .detect(), width: io.width)
                let listing = Listing(ReplayListing(layout: layout, groupByFrame: groupByFrame, picture: picture, output: output))
                listing.listing.begin(header, steps: steps)
                box = listing
                if !picture {
                    thread = OutputThread(stoppingWhen: io.outFailed) { annotation, event, selected in
                        listing.listing.step(annotation, event: event, state: nil, selected: selected)
                    }
                }
            }) { annotation, event, pass in
                let selected = selection.selects(annotation)
                if let thread {
                    // A frame that is not listed still heads the steps after it (--frames).
                    if selected || annotation.kind == .frame {
                        return handOn(annotation, event: annotation.kind == .frame ? event : nil, selected: selected, to: thread, pass)
                    }
                } else {
                    box?.listing.step(annotation, event: event, state: pass.state, selected: selected)
                }
                return true
            }
            thread?.finish()
            // The output failed and the reading stopped: that failure is the error.
            if io.outFailed() { return true }
            if survey.stepCount != steps || survey.widestTime != widestTime, output.holding {
                output.discard()
                return false
            }
            try selection.checkFrom(steps: survey.stepCount, file: source.name)
            box?.listing.finish(steps: survey.stepCount)
            return true
        }
        guard listed else { return try measuredListing(source, selection, groupByFrame: groupByFrame, picture: picture, io: io) }
        output.flush()
        return 0
    }

    /// The listing in two readings: the first measures (and checks), the second lists.
    static func measuredListing(_ source: TraceSource, _ selection: Selection, groupByFrame: Bool, picture: Bool,
                                io: CommandIO) throws(ReuseLabError) -> Int32 {
        let survey = try source.fold(ReplaySurvey.self)
        try selection.checkFrom(steps: survey.stepCount, file: source.name)
        let output = BufferedOutput(io)
        let layout = StepLayout(survey: survey, style: .detect(), width: io.width)
        var listing = ReplayListing(layout: layout, groupByFrame: groupByFrame, picture: picture, output: output)
        listing.begin(survey.header, steps: survey.stepCount)
        try source.annotate(through: selection.to) { annotation, event, state in
            listing.step(annotation, event: event, state: state, selected: selection.selects(annotation))
            return true
        }
        listing.finish(steps: survey.stepCount)
        output.flush()
        return 0
    }
}
