import XCTest
@testable import Replay
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A `Sentence` gathers its latest pieces in place and moves them into its array
/// together: whatever the pieces, their sizes and their order, it must read
/// exactly as the same interpolation written as a `String`.
final class SentenceGatheringTests: XCTestCase {
    func testPiecesOfEverySizeKeepTheirOrder() {
        let long = String(repeating: "long piece ", count: 20)
        for filler in ["", "a", String(repeating: "x", count: 127), String(repeating: "y", count: 128), long] {
            let number = filler.count - 64
            let sentence: Sentence = "\(filler)Row \(number) has cell #\(Int.min) and \(Int.max); \(filler)\(Sentence("mid"))\(filler) end \(3)."
            let expected = "\(filler)Row \(number) has cell #\(Int.min) and \(Int.max); \(filler)mid\(filler) end 3."
            XCTAssertEqual(String(decoding: sentence.bytes, as: UTF8.self), expected, "filler of \(filler.count)")
        }
    }

    /// Row names write their noun and number into the gathered bytes, a section's
    /// name and any other value through the array: the two ways interleave in order.
    func testRowNamesAndOtherValuesInterleave() {
        let naming = RowNaming.single
        var sentence: Sentence = "\(RowName(row: 12, naming: naming, capitalized: true)) at \(points: 173.25), \(count: 3, "cell")"
        sentence += " then \(RowName(row: 0, naming: naming, capitalized: false)) \(ms: 1016.66)."
        XCTAssertEqual(String(decoding: sentence.bytes, as: UTF8.self), "Row 12 at 173.3 pt, 3 cells then row 0 1016.7 ms.")
    }

    func testGatheredBytesRefuseWhatDoesNotFitAndKeepWhatDid() {
        var gathered = GatheredBytes()
        let piece = [UInt8](repeating: 0x61, count: GatheredBytes.room - 3)
        XCTAssertTrue(piece.withUnsafeBufferPointer { gathered.append($0) })
        XCTAssertFalse(gathered.appendDecimal(-1234))
        XCTAssertTrue(gathered.appendDecimal(-12))
        XCTAssertFalse(gathered.appendDecimal(0))
        var bytes: [UInt8] = [0x62]
        gathered.move(into: &bytes)
        XCTAssertEqual(bytes, [0x62] + piece + Array("-12".utf8))
        XCTAssertEqual(gathered.count, 0)
    }
}
