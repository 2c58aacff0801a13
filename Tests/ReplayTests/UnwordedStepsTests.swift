import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// A reader words only the steps it shows (the summary, the ones it quotes). A
/// step taken without words must still carry its marks and rule, and leave the
/// Annotator exactly as a worded step does: every later step reads the same
/// either way.
@Suite
final class UnwordedStepsTests {
    /// The sample traces; every bundled trace in `UnwordedStepsSecondTierTests`.
    @Test func testUnwordedStepsChangeNothingAfterThem() throws {
        try Self.checkUnwordedSteps(sampleTraceFiles())
    }

    static func checkUnwordedSteps(_ files: [(name: String, path: String)]) throws {
        var random = SeededGenerator(seed: 14)
        for (name, path) in files {
            let trace = try CheckedTraceReader.read(path: path)
            let worded = try Annotator.annotate(trace, file: name)
            // Every other step, one in ten, and none worded: each a different way to leave words out.
            for rate in [2, 10, Int.max] {
                var annotator = Annotator(trace: trace)
                var seq = 0
                while true {
                    let wanted = rate != Int.max && random.next() % UInt64(rate) == 0
                    guard let step = try annotator.nextStep(file: name) else { break }
                    let annotation = wanted ? annotator.worded(step) : step.annotation
                    let full = worded[seq]
                    #expect(annotation.text == (wanted ? full.text : ""), "\(name) step \(seq)")
                    #expect(annotation.marks == full.marks, "\(name) step \(seq)")
                    #expect(annotation.inferred == full.inferred, "\(name) step \(seq)")
                    #expect(annotation.frame == full.frame, "\(name) step \(seq)")
                    seq += 1
                }
                #expect(seq == worded.count, Comment(rawValue: name))
            }
        }
    }

    /// The summary words only the steps it quotes, and quotes each moment as a
    /// fully worded reading does: on every bundled trace, the same moments, every
    /// one with its words.
    /// The sample traces; every bundled trace in `UnwordedStepsSecondTierTests`.
    @Test func testTheSummaryQuotesWhatAFullyWordedReadingQuotes() throws {
        try Self.checkSummaryQuotes(sampleTraceFiles())
    }

    static func checkSummaryQuotes(_ files: [(name: String, path: String)]) throws {
        for (name, path) in files {
            let source = TraceSource.file(path)
            var sparing = SummaryMoments(), full = SummaryMoments()
            var worded = 0, steps = 0
            try source.replay { step, annotator in
                steps += 1
                sparing.note(step, after: annotator.state) {
                    worded += 1
                    return annotator.words(for: step)
                }
                return true
            }
            try source.replay { step, annotator in
                let text = annotator.words(for: step)
                full.note(step, after: annotator.state) { text }
                return true
            }
            #expect(sparing.quoted == full.quoted, Comment(rawValue: name))
            #expect(!(sparing.quoted.contains { $0.text.isEmpty }), Comment(rawValue: name))
            if steps > 1000 { #expect(worded < (steps / 2), "\(name): most steps need no words") }
        }
    }

    /// Only the step taken last can be worded: the Annotator has moved on from any other.
    @Test func testAnEarlierStepGetsNoWords() throws {
        let trace = try CheckedTraceReader.read(path: bundledTrace("first-screen"))
        var annotator = Annotator(trace: trace)
        let first = try #require(try annotator.nextStep())
        #expect(!(annotator.words(for: first).isEmpty))
        _ = try annotator.nextStep()
        #expect(annotator.words(for: first) == "")
    }
}

/// `UnwordedStepsTests` over every bundled trace.
@Suite(SecondTier.enabled("the unworded steps of every bundled trace"))
final class UnwordedStepsSecondTierTests {

    @Test func testUnwordedStepsChangeNothingAfterThem() throws {
        try UnwordedStepsTests.checkUnwordedSteps(try bundledTraceFiles())
    }

    @Test func testTheSummaryQuotesWhatAFullyWordedReadingQuotes() throws {
        try UnwordedStepsTests.checkSummaryQuotes(try bundledTraceFiles())
    }
}
