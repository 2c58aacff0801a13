import Foundation
import Testing
@testable import ReuseLabCLI
@testable import PageExport
@testable import LogImport
@testable import Exercises
import Calibration
import Comparison
import Lessons
import Recorder
import ReuseEngine
import ToolSupport
import TraceCoding
import TraceModel
import ReuseLabTestSupport

/// docs/limits.md lists every limit in one place with the name it has in the
/// code: each figure there must be the program's, and every limit must be there.
@Suite
struct LimitsDocumentTests {
    /// Every limit the page lists, by its name in the code, as the page states it
    /// (sizes in bytes, virtual time in hours, the rest as counts).
    static let limits: [String: Int] = [
        "TraceReader.maximumBytes": TraceReader.maximumBytes,
        "Recorder.maximumScenarioBytes": Recorder.maximumScenarioBytes,
        "LoadedLesson.maximumBytes": LoadedLesson.maximumBytes,
        "ExerciseCatalog.maximumBytes": ExerciseCatalog.maximumBytes,
        "InputFile.smallFileBytes": InputFile.smallFileBytes,
        "JSONParser.maximumStringBytes": JSONParser.maximumStringBytes,
        "JSONParser.maximumDepth": JSONParser.maximumDepth,
        "JSONParser.maximumArrayElements": JSONParser.maximumArrayElements,
        "TraceEvent.maximumListedRows": TraceEvent.maximumListedRows,
        "CarriedCode.maximumFiles": CarriedCode.maximumFiles,
        "CarriedCode.maximumLines": CarriedCode.maximumLines,
        "LogLines.maximumLineBytes": LogLines.maximumLineBytes,
        "LineReader.limit": LineReader.limit,
        "Scenario.Limits.maximumVisibleRows": Scenario.Limits.maximumVisibleRows,
        "Recorder.maximumRecordingSize": Recorder.maximumRecordingSize,
        "World.maximumTime": Int(World.maximumTime.microseconds / 3_600_000_000),
        "HTMLPages.maximumSteps": HTMLPages.maximumSteps,
        "TraceView.maximumRowsOnScreen": TraceView.maximumRowsOnScreen,
        "Calibrator.maximumDeviceEvents": Calibrator.maximumDeviceEvents,
        "StrategyRuns.maximumRuns": StrategyRuns.maximumRuns,
    ]

    /// The figures a cell states: "512 MB" → 512 × 2²⁰, "256 KB" → 256 × 2¹⁰, "1,000,000" → 1000000.
    static func figures(_ cell: String) -> [Int] {
        var out: [Int] = []
        let words = cell.replacingOccurrences(of: ",", with: "").split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" })
        for (index, word) in words.enumerated() {
            guard let number = Int(word) else { continue }
            let unit = index + 1 < words.count ? words[index + 1] : ""
            out.append(unit == "MB" ? number << 20 : unit == "KB" ? number << 10 : number)
        }
        return out
    }

    @Test func testEveryLimitOnThePageIsTheProgramsAndEveryLimitIsThere() throws {
        let page = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/limits.md"), encoding: .utf8)
        var named: Set<String> = []
        for line in page.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let names = cells[3].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let stated = Self.figures(cells[2])
            for name in names {
                named.insert(name)
                guard let value = Self.limits[name] else {
                    Issue.record("docs/limits.md names \(name), which this test does not know: add it to LimitsDocumentTests.limits")
                    continue
                }
                #expect(stated.contains(value), "docs/limits.md gives \(name) as '\(cells[2])'; the program's is \(value)")
            }
        }
        // Scenario.Limits.maximumVisibleRows is given in a sentence, not a table.
        #expect(page.contains("is 1,000 (`Scenario.Limits.maximumVisibleRows`)") && Scenario.Limits.maximumVisibleRows == 1_000)
        named.insert("Scenario.Limits.maximumVisibleRows")
        #expect(Set(Self.limits.keys).subtracting(named).sorted() == [], "limits missing from docs/limits.md")
    }
}
