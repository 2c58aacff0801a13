import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TraceModel
import ToolSupport
import TraceCoding
@testable import Comparison

/// The chart `--svg` writes is well-formed XML (read back with XMLParser), has
/// one chart per cost metric with a bar per column, escapes every text, and is
/// replaced on a later run but never overwrites another file without --force.
final class ComparisonSVGTests: ScratchTestCase {
    /// What XMLParser saw: the charts (metric → bars' columns), every text, every element name.
    final class Reading: NSObject, XMLParserDelegate {
        var charts: [(metric: String, columns: [String])] = []
        var elements: [String] = []
        var text = ""
        var rootAttributes: [String: String] = [:]

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if elements.isEmpty { rootAttributes = attributes }
            elements.append(name)
            if name == "g", attributes["class"] == "chart" { charts.append((attributes["data-metric"] ?? "", [])) }
            if name == "g", attributes["class"] == "bar", !charts.isEmpty { charts[charts.count - 1].columns.append(attributes["data-column"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    func read(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Reading {
        let parser = try XCTUnwrap(XMLParser(contentsOf: URL(fileURLWithPath: path)), file: file, line: line)
        let reading = Reading()
        parser.delegate = reading
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
        return reading
    }

    func testOneChartPerCostMetricWithABarPerStrategy() throws {
        let svg = folder.path("compare.svg")
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "all", "--seeds", "1-3", "--network", "long-tail", "--json",
                            "--svg", svg])
        XCTAssertEqual(run.status, 0, run.err)
        let reading = try read(svg)
        XCTAssertEqual(reading.elements.first, "svg")
        XCTAssertEqual(reading.rootAttributes["data-generator"], "reuselab-compare")
        // The JSON printed beside it says which metrics are costs and measured.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap((object["blocks"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        let costs = rows.filter { $0["kind"] as? String == "cost" }.compactMap { $0["metric"] as? String }
        XCTAssertEqual(costs.count, 16)
        XCTAssertEqual(reading.charts.map(\.metric), costs)
        for chart in reading.charts {
            XCTAssertEqual(chart.columns, StrategyRunsTestNames.all, chart.metric)
        }
        XCTAssertTrue(reading.text.contains("stale image time (ms) — lower is better"))
        XCTAssertTrue(reading.text.contains("whisker: lowest to highest"))
        XCTAssertTrue(reading.text.contains("Network long-tail: latency 80–200 ms"))
    }

    func testHostileTitlesAndNamesAreEscaped() throws {
        let hostile = "</text><script>alert(1)</script> & \"q\" 'a' ]]> <!-- \u{1b}[31m \u{202e} \u{7}"
        var text = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(scenario("images-plain"))), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"Shared scroll, strategy plain\"", with: JSONWriter.compact(.string(hostile)))
        let scenarioPath = try folder.write("hostile.scenario.json", text)
        let svg = folder.path("hostile.svg")
        let run = reuselab(["compare", scenarioPath, "--strategies", "async-reset,plain", "--svg", svg])
        XCTAssertEqual(run.status, 0, run.err)
        let reading = try read(svg)
        XCTAssertFalse(reading.elements.contains("script"))
        XCTAssertTrue(reading.text.contains("</text><script>alert(1)</script> & \"q\" 'a' ]]> <!--"), reading.text)
        // Control and bidirectional characters are shown, never raw.
        XCTAssertTrue(reading.text.contains("\\e[31m \\u{202e} \\u{7}"), reading.text)
        XCTAssertFalse(reading.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 })
        XCTAssertFalse(run.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 })

        // Traces named in ways that would break XML, Markdown or CSV become column names.
        let bytes = try Data(contentsOf: packageRoot.appendingPathComponent(trace("images-async-reset")))
        let first = folder.path("a<b>&\"c'|*x*.trace.json"), second = folder.path("x<svg onload=alert(1)>&amp;,y.trace.json")
        try bytes.write(to: URL(fileURLWithPath: first))
        try bytes.write(to: URL(fileURLWithPath: second))
        let traces = folder.path("traces.svg")
        let markdown = reuselab(["compare", first, second, "--markdown", "--svg", traces])
        XCTAssertEqual(markdown.status, 0, markdown.err)
        let chart = try read(traces)
        XCTAssertEqual(chart.charts.first?.columns, ["a<b>&\"c'|*x*", "x<svg onload=alert(1)>&amp;,y"])
        XCTAssertEqual(chart.elements.filter { $0 == "svg" }.count, 1)
        XCTAssertTrue(markdown.out.contains("| metric | a\\<b\\>\\&\"c'\\|\\*x\\* | x\\<svg onload=alert(1)\\>\\&amp;,y |"), markdown.out)
        let csv = reuselab(["compare", first, second, "--csv"])
        XCTAssertTrue(csv.out.contains(",stale image time,cost,ms,\"a<b>&\"\"c'|*x*\","), csv.out)
        XCTAssertTrue(csv.out.contains(",\"x<svg onload=alert(1)>&amp;,y\","), csv.out)
    }

    func testMarkupTextEscaping() {
        XCTAssertEqual(MarkupText.escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;")
        XCTAssertEqual(MarkupText.escape("\u{0}\u{1b}\u{fffe}é"), "\\u{0}\\e\\u{fffe}é")
    }

    func testAChartReplacesAChartButNoOtherFileWithoutForce() throws {
        let traces = [trace("images-async-no-reset"), trace("images-async-reset")]
        let notes = try folder.write("notes.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>my own drawing</text></svg>\n")
        let refused = reuselab(["compare"] + traces + ["--svg", notes])
        assertFailure(refused, status: 64, ["notes.svg: exists and it is not a chart written by reuselab compare; refusing to overwrite it (use --force to replace it anyway)"])
        XCTAssertTrue(String(decoding: try folder.read("notes.svg"), as: UTF8.self).contains("my own drawing"))

        let forced = reuselab(["compare"] + traces + ["--svg", notes, "--force"])
        XCTAssertEqual(forced.status, 0, forced.err)
        XCTAssertTrue(forced.out.contains("\nWrote \(notes) ("), forced.out)
        // Now it is ours: a second run replaces it without --force.
        let again = reuselab(["compare"] + traces + ["--svg", notes, "--csv"])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertFalse(again.out.contains("Wrote"), "machine-readable output stays clean")
        XCTAssertEqual(try read(notes).rootAttributes["data-generator"], "reuselab-compare")

        // Never over an input, not even with --force.
        let overInput = reuselab(["compare"] + traces + ["--svg", traces[0], "--force"])
        assertFailure(overInput, status: 64, ["is an input of this comparison"])

        // `--svg -` prints the chart alone.
        let printed = reuselab(["compare"] + traces + ["--svg", "-"])
        XCTAssertEqual(printed.status, 0, printed.err)
        XCTAssertTrue(printed.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), String(printed.out.prefix(200)))
    }
}
