import Testing
import Foundation
import TraceModel
import StrategySource
import ReuseLabTestSupport

/// The binary carries the strategies' source text (for traces that carry the code
/// that ran): every file of `Sources/Strategies` is embedded, through a link in
/// `Sources/StrategySource/Resources`, and what is embedded is that file's text.
@Suite
final class StrategySourceTests {
    @Test func testEveryStrategyFileIsEmbeddedAsItIs() throws {
        let folder = Golden.packageRoot.appendingPathComponent("Sources/Strategies")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!names.isEmpty)
        #expect(StrategySource.files.map(\.name) == names, "each file of Sources/Strategies needs a link in Sources/StrategySource/Resources and a line in Package.swift and StrategySource.swift")
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let file = try #require(StrategySource.file(named: name), Comment(rawValue: name))
            #expect((file.lines.joined(separator: "\n") + "\n") == text, Comment(rawValue: name))
        }
        #expect(StrategySource.file(named: "NoSuchStrategy.swift") == nil)
    }
}
