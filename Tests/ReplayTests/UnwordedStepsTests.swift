import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// The summary puts into words only the steps it may quote. A step explained
/// without words must still carry its marks and rule, and leave the Annotator
/// exactly as a worded step does: every later step reads the same either way.
final class UnwordedStepsTests: XCTestCase {
    func testUnwordedStepsChangeNothingAfterThem() throws {
        var random = SeededGenerator(seed: 14)
        for (name, path) in try bundledTraceFiles() {
            let trace = try CheckedTraceReader.read(path: path)
            let worded = try Annotator.annotate(trace, file: name)
            // Every other step, one in ten, and none worded: each a different way to leave words out.
            for rate in [2, 10, Int.max] {
                var annotator = Annotator(trace: trace)
                var seq = 0
                while true {
                    let wanted = rate != Int.max && random.next() % UInt64(rate) == 0
                    guard let annotation = try annotator.nextStep(file: name, worded: wanted)?.annotation else { break }
                    let full = worded[seq]
                    XCTAssertEqual(annotation.text, wanted ? full.text : "", "\(name) step \(seq)")
                    XCTAssertEqual(annotation.marks, full.marks, "\(name) step \(seq)")
                    XCTAssertEqual(annotation.inferred, full.inferred, "\(name) step \(seq)")
                    XCTAssertEqual(annotation.frame, full.frame, "\(name) step \(seq)")
                    seq += 1
                }
                XCTAssertEqual(seq, worded.count, name)
            }
        }
    }

    /// The summary words only the steps it may quote, and quotes each moment as a
    /// fully worded reading does: on every bundled trace, the same moments, every
    /// one with its words.
    func testTheSummaryQuotesWhatAFullyWordedReadingQuotes() throws {
        for (name, path) in try bundledTraceFiles() {
            let source = TraceSource.file(path)
            var sparing = SummaryMoments(), full = SummaryMoments()
            var worded = 0, steps = 0
            _ = try source.annotateOnce(foldingWith: StepMeasure.self, wording: { sparing.wants.mayQuote($0) }) { annotation, event, pass in
                if !annotation.text.isEmpty { worded += 1 }
                steps += 1
                sparing.note(annotation, event: event, pass: pass)
                return true
            }
            _ = try source.annotateOnce(foldingWith: StepMeasure.self) { annotation, event, pass in
                full.note(annotation, event: event, pass: pass)
                return true
            }
            XCTAssertEqual(sparing.quoted, full.quoted, name)
            XCTAssertFalse(sparing.quoted.contains { $0.text.isEmpty }, name)
            if steps > 1000 { XCTAssertLessThan(worded, steps / 2, "\(name): most steps need no words") }
        }
    }
}
