import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// `replay --summary` measures each step from the Annotator's fold instead of
/// folding the trace a second time: on every bundled trace its metrics, counts
/// and notes must be those of a separate `TraceMetrics` fold, with each cell's
/// phase before a step read from that fold's own state.
@Suite
final class SummarySurveyTests {
    /// The sample traces; every bundled trace in `SummarySurveySecondTierTests`.
    @Test func testTheAnnotatorsFoldMeasuresWhatASeparateFoldMeasures() throws {
        try Self.checkSurvey(sampleTraceFiles())
    }

    static func checkSurvey(_ files: [(name: String, path: String)]) throws {
        for (name, path) in files {
            var survey: SummarySurvey?
            try TraceSource.file(path).replay(onHeader: { survey = SummarySurvey(header: $0) }) { step, annotator in
                survey?.note(step.event, after: annotator.state, phaseBefore: annotator.phaseBefore)
                return true
            }
            let noted = try #require(survey, Comment(rawValue: name))

            // The same by a fold of its own, as the summary measured before.
            let trace = try TraceReader.read(path: path)
            var metrics = TraceMetrics(header: trace.header)
            var facts = SummaryFacts()
            var notes: [String] = []
            for event in trace.events {
                let phaseBefore = event.body.cellField.flatMap { metrics.state.cell($0)?.phase }
                try metrics.apply(event)
                facts.note(event, phaseBefore: phaseBefore)
                if case .note(let text) = event.body { notes.append(VisibleText.escape(text)) }
            }
            #expect(noted.report == metrics.report, Comment(rawValue: name))
            #expect(noted.stepCount == trace.events.count, Comment(rawValue: name))
            #expect(noted.facts == facts, Comment(rawValue: name))
            #expect(noted.notes == notes, Comment(rawValue: name))
        }
    }
}

/// `SummarySurveyTests` over every bundled trace.
@Suite(SecondTier.enabled("the summary survey of every bundled trace"))
final class SummarySurveySecondTierTests {

    @Test func testTheAnnotatorsFoldMeasuresWhatASeparateFoldMeasures() throws {
        try SummarySurveyTests.checkSurvey(try bundledTraceFiles())
    }
}
