import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TraceModel
import ToolSupport
import TraceCoding
@testable import Comparison

/// The chart `--svg` writes is well-formed XML (read back with XMLParser), has
/// one panel per headline metric and network with a bar per column, fits one
/// screen with round ticks, escapes every text, and is replaced on a later run
/// but never overwrites another file without --force.
@Suite
final class ComparisonSVGTests: ScratchTestCase {
    /// What XMLParser saw: the charts (metric → bars' columns), every text, every element name.
    final class Reading: NSObject, XMLParserDelegate {
        var charts: [(metric: String, network: String, columns: [String], ticks: [String])] = []
        var elements: [String] = []
        var text = ""
        var rootAttributes: [String: String] = [:]
        var inTick = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if elements.isEmpty { rootAttributes = attributes }
            elements.append(name)
            if name == "g", attributes["class"] == "chart" { charts.append((attributes["data-metric"] ?? "", attributes["data-network"] ?? "", [], [])) }
            if name == "g", attributes["class"] == "bar", !charts.isEmpty { charts[charts.count - 1].columns.append(attributes["data-column"] ?? "") }
            if name == "text", attributes["class"] == "tick", !charts.isEmpty {
                inTick = true
                charts[charts.count - 1].ticks.append("")
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inTick = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
            if inTick, !charts.isEmpty, var ticks = charts.last?.ticks, !ticks.isEmpty {
                ticks[ticks.count - 1] += string
                charts[charts.count - 1].ticks = ticks
            }
        }
    }

    func read(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Reading {
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)), sourceLocation: sourceLocation)
        let reading = Reading()
        parser.delegate = reading
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", sourceLocation: sourceLocation)
        return reading
    }

    @Test func testOnePanelPerHeadlineMetricWithABarPerStrategy() throws {
        let svg = folder.path("compare.svg")
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "all", "--seeds", "1-3", "--network", "long-tail", "--json",
                            "--svg", svg])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let reading = try read(svg)
        #expect(reading.elements.first == "svg")
        #expect(reading.rootAttributes["data-generator"] == "reuselab-compare")
        #expect(reading.charts.map(\.metric) == ComparisonSVG.headline)
        for chart in reading.charts {
            #expect(chart.columns == StrategyRunsTestNames.all, Comment(rawValue: chart.metric))
            #expect(chart.network == "long-tail")
        }
        // The JSON printed beside it: every headline metric is a cost.
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let rows = try #require((object["blocks"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        let costs = Set(rows.filter { $0["kind"] as? String == "cost" }.compactMap { $0["metric"] as? String })
        #expect(Set(ComparisonSVG.headline).isSubset(of: costs))
        #expect(reading.text.contains("stale image time"))
        #expect(reading.text.contains("ms, lower is better"))
        #expect(reading.text.contains("whisker: lowest to highest"))
        #expect(reading.text.contains("Network long-tail: latency 80–200 ms"))
    }

    /// Three networks of every table strategy fit 1280 × 800, and every axis
    /// ticks at multiples of 1, 2 or 5 times a power of ten, from 0.
    @Test func testThreeNetworksFitOneScreenWithRoundTicks() throws {
        // The picture scroll cut to a one-second drag: the chart's size and axes do not
        // depend on the script's length, and 216 recordings of it stay cheap.
        var text = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(scenario("images-plain"))), as: UTF8.self)
        let script = try #require(text.range(of: #""script": ["#))
        text = String(text[..<script.lowerBound]) + #""script": [{ "drag": { "by": 880, "ms": 1000 } }, { "wait": { "ms": 300 } }] }"#
        let scenarioPath = try folder.write("short.scenario.json", text)
        let svg = folder.path("three.svg")
        let run = reuselab(["compare", scenarioPath, "--strategies", "all", "--seeds", "1-6", "--network", "wifi,3g,long-tail",
                            "--svg", svg, "--csv"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let reading = try read(svg)
        let width = try #require(Int(reading.rootAttributes["width"] ?? ""))
        let height = try #require(Int(reading.rootAttributes["height"] ?? ""))
        #expect(width <= 1280 && height <= 800, "\(width) × \(height)")
        #expect(reading.rootAttributes["viewBox"] == "0 0 \(width) \(height)")
        #expect(reading.charts.count == 3 * ComparisonSVG.headline.count)
        #expect(Set(reading.charts.map(\.network)) == ["wifi", "3g", "long-tail"])
        for chart in reading.charts {
            let values = chart.ticks.compactMap(Double.init)
            #expect(values.count == chart.ticks.count && values.count >= 3, "\(chart.metric): \(chart.ticks)")
            #expect(values.first == 0, "\(chart.metric): \(chart.ticks)")
            let step = values.count > 1 ? values[1] - values[0] : 0
            #expect(NiceTicks.isRound(step), "\(chart.metric) \(chart.network): step \(step) of \(chart.ticks)")
            for (index, value) in values.enumerated() {
                #expect(abs(value - Double(index) * step) < step * 1e-6, "\(chart.metric): \(chart.ticks)")
            }
        }
        // A metric's panels share one axis down the column, whatever the network.
        for metric in ComparisonSVG.headline {
            let axes = Set(reading.charts.filter { $0.metric == metric }.map(\.ticks))
            #expect(axes.count == 1, "\(metric): \(axes)")
        }
    }

    @Test func testHostileTitlesAndNamesAreEscaped() throws {
        let hostile = "</text><script>alert(1)</script> & \"q\" 'a' ]]> <!-- \u{1b}[31m \u{202e} \u{7}"
        var text = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(scenario("images-plain"))), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"The picture scroll with text-only cells: the list's own behaviour\"", with: JSONWriter.compact(.string(hostile)))
        let scenarioPath = try folder.write("hostile.scenario.json", text)
        let svg = folder.path("hostile.svg")
        let run = reuselab(["compare", scenarioPath, "--strategies", "async-reset,plain", "--svg", svg])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let reading = try read(svg)
        #expect(!reading.elements.contains("script"))
        #expect(reading.text.contains("</text><script>alert(1)</script> & \"q\" 'a' ]]> <!--"), Comment(rawValue: reading.text))
        // Control and bidirectional characters are shown, never raw.
        #expect(reading.text.contains("\\e[31m \\u{202e} \\u{7}"), Comment(rawValue: reading.text))
        #expect(!(reading.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 }))
        #expect(!(run.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 }))

        // Traces named in ways that would break XML, Markdown or CSV become column names.
        let bytes = try Data(contentsOf: packageRoot.appendingPathComponent(trace("images-async-reset")))
        let first = folder.path("a<b>&\"c'|*x*.trace.json"), second = folder.path("x<svg onload=alert(1)>&amp;,y.trace.json")
        try bytes.write(to: URL(fileURLWithPath: first))
        try bytes.write(to: URL(fileURLWithPath: second))
        let traces = folder.path("traces.svg")
        let markdown = reuselab(["compare", first, second, "--markdown", "--svg", traces])
        #expect(markdown.status == 0, Comment(rawValue: markdown.err))
        let chart = try read(traces)
        #expect(chart.charts.first?.columns == ["a<b>&\"c'|*x*", "x<svg onload=alert(1)>&amp;,y"])
        #expect(chart.elements.filter { $0 == "svg" }.count == 1)
        #expect(markdown.out.contains("| metric | a\\<b\\>\\&\"c'\\|\\*x\\* | x\\<svg onload=alert(1)\\>\\&amp;,y |"), Comment(rawValue: markdown.out))
        let csv = reuselab(["compare", first, second, "--csv"])
        #expect(csv.out.contains("summary,,\"a<b>&\"\"c'|*x*\",,user-visible cost,staleMs,stale image time,cost,ms,"), Comment(rawValue: csv.out))
        #expect(csv.out.contains(",\"x<svg onload=alert(1)>&amp;,y\","), Comment(rawValue: csv.out))
    }

    @Test func testMarkupTextEscaping() {
        #expect(MarkupText.escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(MarkupText.escape("\u{0}\u{1b}\u{fffe}é") == "\\u{0}\\e\\u{fffe}é")
    }

    @Test func testAChartReplacesAChartButNoOtherFileWithoutForce() throws {
        let traces = [trace("images-async-no-reset"), trace("images-async-reset")]
        let notes = try folder.write("notes.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>my own drawing</text></svg>\n")
        let refused = reuselab(["compare"] + traces + ["--svg", notes])
        assertFailure(refused, status: 64, ["notes.svg: exists and it is not a chart written by reuselab compare; refusing to overwrite it (use --force to replace it anyway)"])
        #expect(String(decoding: try folder.read("notes.svg"), as: UTF8.self).contains("my own drawing"))

        let forced = reuselab(["compare"] + traces + ["--svg", notes, "--force"])
        #expect(forced.status == 0, Comment(rawValue: forced.err))
        #expect(forced.out.flattened.contains(" Wrote \(notes) ("), Comment(rawValue: forced.out))
        // Now it is ours: a second run replaces it without --force.
        let again = reuselab(["compare"] + traces + ["--svg", notes, "--csv"])
        #expect(again.status == 0, Comment(rawValue: again.err))
        #expect(!again.out.contains("Wrote"), "machine-readable output stays clean")
        #expect((try read(notes).rootAttributes["data-generator"]) == "reuselab-compare")

        // Never over an input, not even with --force.
        let overInput = reuselab(["compare"] + traces + ["--svg", traces[0], "--force"])
        assertFailure(overInput, status: 64, ["is an input of this comparison"])

        // `--svg -` prints the chart alone.
        let printed = reuselab(["compare"] + traces + ["--svg", "-"])
        #expect(printed.status == 0, Comment(rawValue: printed.err))
        #expect(printed.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), Comment(rawValue: String(printed.out.prefix(200))))
    }
}
