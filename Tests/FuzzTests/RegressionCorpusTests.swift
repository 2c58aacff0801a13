import Foundation
import Testing
import ReuseLabTestSupport

/// Runs every file in `Tests/FuzzTests/Regressions/<kind>/` through the commands of
/// its kind, with the same rules as the fuzzer, on every `swift test`.
///
/// A file is named `<origin>--<anything><suffix>`: `scenario/` holds `*.scenario.json`,
/// `trace/` `*.trace.json` (compared with `traces/<origin>.trace.json` too, if that exists),
/// `lesson/` `*.json` (run as `lessons/<origin>.json` in a project with the bundled traces
/// it names), `answers/` `*.answers.txt` (answers to `lessons/<origin>.json`). Files the
/// fuzzer saves are named this way already.
@Suite
final class RegressionCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    /// Every regression file as a fuzz input.
    static func inputs() throws -> [FuzzInput] {
        var inputs: [FuzzInput] = []
        for kind in FuzzInputKind.allCases {
            let kindFolder = folder.appendingPathComponent(kind.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: kindFolder.path)) ?? []
            for file in names.sorted() where file.hasSuffix(kind.fileSuffix) && !file.hasPrefix(".") {
                let stem = String(file.dropLast(kind.fileSuffix.count))
                let origin = stem.components(separatedBy: "--").first ?? stem
                let url = kindFolder.appendingPathComponent(file)
                inputs.append(FuzzInput(seed: nil, kind: kind, name: origin, bytes: [UInt8](try Data(contentsOf: url)),
                                        notes: ["Tests/FuzzTests/Regressions/\(kind.rawValue)/\(file)"]))
            }
        }
        return inputs
    }

    @Test func testEveryRegressionFileKeepsTheRules() throws {
        let settings = FuzzSettings.fromEnvironment()
        let executable = try settings.executable ?? ReuselabExecutable.require()
        let inputs = try Self.inputs()
        #expect(!inputs.isEmpty, "no files in \(Self.folder.path)")
        let campaign = FuzzCampaign(executable: executable, timeout: settings.timeout, jobs: settings.jobs)
        let start = Date()
        campaign.run(count: inputs.count) { inputs[$0] }
        print("""
            RegressionCorpusTests: \(inputs.count) files, \(campaign.tally.commandsRun) commands, exit statuses \(campaign.tally.statusSummary); \
            \(String(format: "%.1f", Date().timeIntervalSince(start))) s
            """)
        // One message per file and bug, so each file says what it still breaks.
        let byFile = Dictionary(grouping: campaign.failures) { $0.input.notes.joined() + "\u{0}" + $0.signature }
        for key in byFile.keys.sorted() {
            Issue.record(Comment(rawValue: FuzzFailureReport.message(byFile[key]!)))
        }
    }
}
