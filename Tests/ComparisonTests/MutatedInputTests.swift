import Testing
import Foundation
import ReuseLabTestSupport

/// `compare` on mangled scenarios and traces (seeded, so a failure is reproduced
/// from its case number): whatever the input, it ends with a status from the
/// table in docs/commands.md, one `reuselab: error:` line and nothing on standard output
/// when it fails, and a table when it does not — never a crash.
class MutatedInputChecking: ScratchTestCase {
    /// A byte changed to another printable one, a cut, or a line removed.
    func mutate(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        switch generator.below(3) {
        case 0:
            for _ in 0...generator.below(3) {
                out[generator.below(out.count)] = UInt8(0x20 + generator.below(0x5F))
            }
        case 1:
            out = Array(out.prefix(generator.below(out.count)))
        default:
            var lines = out.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lines.remove(at: generator.below(lines.count))
            out = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
        return out
    }

    /// Runs that succeeded and failed, so a test can see it tried both.
    var outcomes: [Bool] = []

    func check(_ run: CompareRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        outcomes.append(run.status == 0)
        #expect([0, 64, 65, 66, 67].contains(run.status), "\(what): status \(run.status): \(run.err)", sourceLocation: sourceLocation)
        if run.status == 0 {
            #expect(run.out.contains("user-visible cost"), Comment(rawValue: what), sourceLocation: sourceLocation)
        } else {
            #expect(run.err.hasPrefix("reuselab: error: "), "\(what): \(run.err)", sourceLocation: sourceLocation)
            #expect(run.out == "", Comment(rawValue: what), sourceLocation: sourceLocation)
        }
    }

    func mangleScenarios(cases: Int) throws {
        let original = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent(scenario("first-screen"))))
        for number in 0..<cases {
            var generator = SeededGenerator(seed: 4_100 + UInt64(number))
            let path = try folder.write("case-\(number).scenario.json", bytes: mutate(original, &generator))
            check(reuselab(["compare", path, "--strategies", "plain,async-reset,batch-paging", "--seeds", "1-2",
                            "--network", "scenario,lossy"]), "scenario case \(number)")
        }
        print("mangled scenarios: \(outcomes.filter { $0 }.count) compared, \(outcomes.filter { !$0 }.count) refused")
        #expect(outcomes.contains(true) && outcomes.contains(false))
    }

    func mangleTraces(cases: Int) throws {
        // first-screen without its carried code: any change to a recorded trace's code
        // is refused (its fingerprint), which would leave hardly a mangled trace accepted.
        let recorded = try String(contentsOf: packageRoot.appendingPathComponent(trace("first-screen")), encoding: .utf8)
        let withoutCode = recorded.replacingOccurrences(of: #"  "code": \{"fingerprint"[\s\S]*?\n  \]\},\n"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #","line":[0-9]+(,"file":[0-9]+)?"#, with: "", options: .regularExpression)
        #expect(!(withoutCode.contains("\"line\"")))
        let original = Array(withoutCode.utf8)
        for number in 0..<cases {
            var generator = SeededGenerator(seed: 8_200 + UInt64(number))
            let path = try folder.write("case-\(number).trace.json", bytes: mutate(original, &generator))
            check(reuselab(["compare", trace("first-screen"), path]), "trace case \(number)")
        }
        print("mangled traces: \(outcomes.filter { $0 }.count) compared, \(outcomes.filter { !$0 }.count) refused")
        #expect(outcomes.contains(true) && outcomes.contains(false))
    }
}

/// `compare` on mangled scenarios and traces: 8 of each here, 60 of each in
/// `MutatedInputSecondTierTests` (the first 8 being these).
@Suite
final class MutatedInputTests: MutatedInputChecking {
    @Test func testMangledScenarios() throws {
        try mangleScenarios(cases: 8)
    }

    @Test func testMangledTraces() throws {
        try mangleTraces(cases: 8)
    }
}

/// `MutatedInputTests` at full length: 60 mangled scenarios and 60 mangled traces.
@Suite(SecondTier.enabled("compare on 120 mangled inputs"))
final class MutatedInputSecondTierTests: MutatedInputChecking {
    @Test func testMangledScenarios() throws {
        try mangleScenarios(cases: 60)
    }

    @Test func testMangledTraces() throws {
        try mangleTraces(cases: 60)
    }
}
