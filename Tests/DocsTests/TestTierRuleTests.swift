import Foundation
import Testing

/// docs/contributing.md's rule for the two tiers of tests, checked on the test
/// sources: a suite is second tier (carries `SecondTier.enabled(…)`, itself or
/// through the suite it is nested in) exactly when its name ends in
/// `SecondTierTests` or it lives in `Tests/BrowserTests`, and `.ci/run` runs the
/// second tier with the `--filter` that picks those names. So a second-tier suite
/// is never run by `.ci/run`'s first tier alone nor left out of its second, and a
/// first-tier suite is never run twice.
@Suite
struct TestTierRuleTests {
    /// What `.ci/run` gives `swift test --filter` for the second tier.
    static let secondTierFilter = #"SecondTierTests|BrowserTests\."#

    @Test func testSecondTierSuitesAreNamedSo() throws {
        let suites = try TestSuite.all(in: DocumentLinkTests.packageRoot.appendingPathComponent("Tests"))
        #expect(suites.count > 150, "the test suites are found")
        let byName = Dictionary(suites.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func isSecondTier(_ suite: TestSuite) -> Bool {
            suite.hasSecondTierTrait || suite.parent.flatMap { byName[$0] }.map(isSecondTier) == true
        }
        let filter = try NSRegularExpression(pattern: Self.secondTierFilter)
        var secondTier = 0
        for suite in suites where suite.hasTests {
            // swift test --filter matches "Target.Suite/test()" (nested: "Target.Parent/Suite/test()").
            let identifier = "\(suite.target).\(suite.parent.map { "\($0)/" } ?? "")\(suite.name)/test"
            let picked = filter.firstMatch(in: identifier, range: NSRange(identifier.startIndex..., in: identifier)) != nil
            if isSecondTier(suite) { secondTier += 1 }
            #expect(picked == isSecondTier(suite), """
                \(suite.file): \(suite.name) is \(isSecondTier(suite) ? "" : "not ")second tier but .ci/run's second tier \
                \(picked ? "runs" : "does not run") it; a second-tier suite is named …SecondTierTests and has the \
                trait SecondTier.enabled(…)
                """)
        }
        #expect(secondTier > 20, "the second-tier suites are found")
    }

    @Test func testCIRunsTheSecondTierWithThatFilter() throws {
        let script = try String(contentsOf: DocumentLinkTests.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.contains("second_tier='\(Self.secondTierFilter)'\n"), ".ci/run no longer names the second tier '\(Self.secondTierFilter)'")
        #expect(script.contains("REUSELAB_SECOND_TIER=1"))
        #expect(script.contains("swift test --filter \"$second_tier\""))
    }
}

/// A suite declared in a test source, as far as the tier rule needs it.
struct TestSuite {
    var name: String
    /// The suite it is declared in (through `extension Parent {`), if any.
    var parent: String?
    /// The test target: the folder under `Tests/`.
    var target: String
    var file: String
    /// Its body has `@Test` functions.
    var hasTests: Bool
    /// Its `@Suite(…)` carries `SecondTier.enabled(…)`.
    var hasSecondTierTrait: Bool

    /// Every suite declared in the Swift files under `folder`.
    static func all(in folder: URL) throws -> [TestSuite] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var suites: [TestSuite] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = url.path.dropFirst(folder.path.count + 1)
            let target = String(relative.prefix { $0 != "/" })
            let text = try String(contentsOf: url, encoding: .utf8)
            suites += declared(in: text, target: target, file: "Tests/" + relative)
        }
        return suites
    }

    /// The types marked `@Suite`, each with the text up to the next `@Suite` as
    /// its body, and the top-level `extension` it sits in.
    static func declared(in text: String, target: String, file: String) -> [TestSuite] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marks = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("@Suite") }
        var suites: [TestSuite] = []
        for (number, mark) in marks.enumerated() {
            guard let declaration = lines[(mark + 1)...].first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
                  let name = Self.typeName(in: declaration) else { continue }
            let parent = lines[..<mark].last { $0.hasPrefix("extension ") || $0.hasPrefix("}") }
                .flatMap { $0.hasPrefix("extension ") ? $0.split(separator: " ").dropFirst().first.map(String.init) : nil }
            let end = number + 1 < marks.count ? marks[number + 1] : lines.endIndex
            let body = lines[mark..<end].joined(separator: "\n")
            suites.append(TestSuite(name: name, parent: parent, target: target, file: file,
                                    hasTests: body.contains("@Test"),
                                    hasSecondTierTrait: lines[mark].contains("SecondTier.enabled(")))
        }
        return suites
    }

    /// `Name` in `final class Name: Base {`, `struct Name {` or `enum Name {`.
    static func typeName(in line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" })
        guard let kind = words.firstIndex(where: { $0 == "class" || $0 == "struct" || $0 == "enum" }),
              kind + 1 < words.count else { return nil }
        return String(words[kind + 1])
    }
}
