import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The replay outputs written as the trace is read — the listing, JSON lines and
/// the summary — each in one reading that checks every event as `validate` does
/// (`TraceSource.replay`), with output held back until the trace has proved
/// good, up to `BufferedOutput.replayHoldLimit`. A longer output is printed as it
/// is made: a bad event past that point ends it with the error. An output that
/// fails (a full disk, a closed pipe) stops the reading; `ReuseLab.run` reports it.
extension ReplayCommand {
    /// Which steps are listed: `--from`, `--to` and `--only`.
    struct Selection {
        let from: Int
        let to: Int
        /// Whether `--from` was given (then it must name a step of the trace).
        let fromGiven: Bool
        let filter: EventFilter?

        func selects(_ annotation: Annotation) -> Bool {
            annotation.seq >= from && annotation.seq <= to && (filter?.matches(annotation) ?? true)
        }

        func checkFrom(steps: Int, file: String) throws(ReuseLabError) {
            try ReplayCommand.checkFrom(given: fromGiven, from, lastSeq: steps > 0 ? steps - 1 : nil, file: file)
        }
    }

    /// `--summary`: what the trace teaches, from one replay of it (`ReplaySummary.of`).
    static func summary(_ source: TraceSource, json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let (summary, report) = try ReplaySummary.of(source)
        io.out(json ? ReplayReport.summaryJSON(summary, report: report, file: source.name)
                    : ReplayReport.summaryText(summary, report: report, style: .detect(), width: io.width))
        return 0
    }

    /// `--json`: a line per selected step.
    static func jsonLines(_ source: TraceSource, _ selection: Selection, io: CommandIO,
                          holdLimit: Int = BufferedOutput.replayHoldLimit) throws(ReuseLabError) -> Int32 {
        let output = BufferedOutput(io, holdingUpTo: holdLimit)
        try output.endingOnError { () throws(ReuseLabError) in
            var list = ListStyle.table
            var steps = 0
            var functions = CodeFunctions(code: nil)
            try source.replay(onHeader: { list = $0.list; functions = CodeFunctions(code: $0.code) }) { step, annotator in
                steps += 1
                guard selection.selects(step.annotation) else { return true }
                let annotation = annotator.worded(step)
                output.write(ReplayReport.jsonLine(annotation, list: list, function: annotation.code.flatMap { functions.name(containing: $0.at) }))
                return !output.failed
            }
            if output.failed { return }
            try selection.checkFrom(steps: steps, file: source.name)
            output.flush()
        }
        return 0
    }

    /// The listing. Its title says how many steps there are and its columns fit the
    /// widest step, before the first step is read (`TraceSource.listingMeasure`).
    static func listing(_ source: TraceSource, _ selection: Selection, groupByFrame: Bool, picture: Bool,
                        io: CommandIO, holdLimit: Int = BufferedOutput.replayHoldLimit) throws(ReuseLabError) -> Int32 {
        let output = BufferedOutput(io, holdingUpTo: holdLimit)
        try output.endingOnError { () throws(ReuseLabError) in
            let measured = try source.listingMeasure()
            var listing: ReplayListing?
            var steps = 0
            try source.replay(onHeader: { header in
                let layout = StepLayout(header: header, steps: measured.steps, widestTime: measured.widestTime, style: .detect(), width: io.width)
                listing = ReplayListing(layout: layout, groupByFrame: groupByFrame, picture: picture, output: output)
                listing?.begin(header, steps: measured.steps)
            }) { step, annotator in
                steps += 1
                guard step.annotation.seq <= selection.to else { return true }
                let selected = selection.selects(step.annotation)
                listing?.step(selected ? annotator.worded(step) : step.annotation, event: step.event,
                              state: annotator.state, selected: selected)
                return !output.failed
            }
            if output.failed { return }
            try selection.checkFrom(steps: steps, file: source.name)
            listing?.finish(steps: steps)
            output.flush()
        }
        return 0
    }
}
