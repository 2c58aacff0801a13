import Foundation
import XCTest

/// docs/contributing.md's rule for the two tiers of tests, checked on the test
/// sources: a test class is second tier (asks `SecondTier.require` in its set-up,
/// itself or through its superclass) exactly when its name ends in
/// `SecondTierTests` or it lives in `Tests/BrowserTests`, and `.ci/run` runs the
/// second tier with the `--filter` that picks those names. So a second-tier class
/// is never run by `.ci/run`'s first tier alone nor left out of its second, and a
/// first-tier class is never run twice.
final class TestTierRuleTests: XCTestCase {
    /// What `.ci/run` gives `swift test --filter` for the second tier.
    static let secondTierFilter = #"SecondTierTests|BrowserTests\."#

    func testSecondTierClassesAreNamedSo() throws {
        let classes = try TestClass.all(in: DocumentLinkTests.packageRoot.appendingPathComponent("Tests"))
        XCTAssertGreaterThan(classes.count, 150, "the test classes are found")
        let byName = Dictionary(classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func isSecondTier(_ type: TestClass) -> Bool {
            var current: TestClass? = type
            var seen: Set<String> = []
            while let this = current, seen.insert(this.name).inserted {
                if this.superclass == "SecondTierTestCase" || this.asksForTheSecondTier { return true }
                current = byName[this.superclass]
            }
            return false
        }
        let filter = try NSRegularExpression(pattern: Self.secondTierFilter)
        var secondTier = 0
        for type in classes where type.hasTests {
            // swift test --filter matches "Target.Class/testMethod".
            let identifier = "\(type.target).\(type.name)/test"
            let picked = filter.firstMatch(in: identifier, range: NSRange(identifier.startIndex..., in: identifier)) != nil
            if isSecondTier(type) { secondTier += 1 }
            XCTAssertEqual(picked, isSecondTier(type), """
                \(type.file): \(type.name) is \(isSecondTier(type) ? "" : "not ")second tier but .ci/run's second tier \
                \(picked ? "runs" : "does not run") it; a second-tier class is named …SecondTierTests and derives from SecondTierTestCase
                """)
        }
        XCTAssertGreaterThan(secondTier, 20, "the second-tier classes are found")
    }

    func testCIRunsTheSecondTierWithThatFilter() throws {
        let script = try String(contentsOf: DocumentLinkTests.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        XCTAssertTrue(script.contains("second_tier='\(Self.secondTierFilter)'\n"), ".ci/run no longer names the second tier '\(Self.secondTierFilter)'")
        XCTAssertTrue(script.contains("REUSELAB_SECOND_TIER=1"))
        XCTAssertTrue(script.contains("swift test --filter \"$second_tier\""))
    }
}

/// A class declared in a test source, as far as the tier rule needs it.
struct TestClass {
    var name: String
    var superclass: String
    /// The test target: the folder under `Tests/`.
    var target: String
    var file: String
    /// Its body has `func test…` methods.
    var hasTests: Bool
    /// Its body calls `SecondTier.require`.
    var asksForTheSecondTier: Bool

    /// Every class declared at the top level of the Swift files under `folder`.
    static func all(in folder: URL) throws -> [TestClass] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var classes: [TestClass] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = url.path.dropFirst(folder.path.count + 1)
            let target = String(relative.prefix { $0 != "/" })
            let text = try String(contentsOf: url, encoding: .utf8)
            classes += declared(in: text, target: target, file: "Tests/" + relative)
        }
        return classes
    }

    /// The classes declared at the start of a line (`class` or `final class`), each
    /// with the text up to the next top-level declaration as its body.
    static func declared(in text: String, target: String, file: String) -> [TestClass] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let topLevel = ["class ", "final class ", "open class ", "public class ", "enum ", "struct ", "extension ",
                        "public enum ", "public struct ", "public final class ", "func ", "let ", "var "]
        let starts = lines.indices.filter { index in topLevel.contains { lines[index].hasPrefix($0) } }
        var classes: [TestClass] = []
        for (number, start) in starts.enumerated() {
            let line = lines[start]
            guard line.contains("class "), let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].split(separator: " ").last.map(String.init) ?? ""
            let superclass = line[line.index(after: colon)...].split(whereSeparator: { $0 == "," || $0 == "{" || $0 == " " }).first.map(String.init) ?? ""
            let end = number + 1 < starts.count ? starts[number + 1] : lines.endIndex
            let body = lines[start..<end].joined(separator: "\n")
            classes.append(TestClass(name: name, superclass: superclass, target: target, file: file,
                                     hasTests: body.contains("func test"), asksForTheSecondTier: body.contains("SecondTier.require(")))
        }
        return classes
    }
}
