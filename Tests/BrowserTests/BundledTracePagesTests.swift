import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// Every bundled trace (`traces/*.trace.json`) exports to a page under 2 MB that
    /// loads, draws (`body[data-ready=1]`) and goes to its last step without a console
    /// error — all in one tab. The pages are exported in parallel first.
    @Suite
    final class BundledTracePagesTests: BrowserTestCase {
        static let sizeLimit = 2 * 1024 * 1024

        @Test func testEveryBundledTraceLoads() throws {
            let page = try newPage()
            let traces = try FileManager.default.contentsOfDirectory(atPath: Golden.packageRoot.appendingPathComponent("traces").path)
                .filter { $0.hasSuffix(".trace.json") }.sorted()
            #expect(traces.count > 10, "the bundled traces")
            let folder = try TemporaryFolder(prefix: "reuselab-browser-bundled", removeWhenReleased: true)
            let exported = ParallelExport.traces(traces.map { "traces/\($0)" }, into: folder.url)
            for trace in traces {
                let file: URL
                switch exported["traces/\(trace)"] {
                case .success(let url)?: file = url
                case .failure(let error)?: Issue.record("\(trace): \(error)"); continue
                case nil: Issue.record("\(trace): not exported"); continue
                }
                let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
                #expect(size < Self.sizeLimit, "\(trace): the page is \(size) bytes")
                do {
                    try page.openReuseLabPage(file)
                    let last = (try page.data("d.traces[0].steps.length") as? Int ?? 1) - 1
                    try page.step(with: .end, expecting: last)
                    #expect((try page.currentStep()) == last, "\(trace): End")
                    #expect((try page.consoleErrors()) == [], "\(trace): console errors")
                } catch {
                    Issue.record("\(trace): \(error)")
                }
            }
        }
    }
}
