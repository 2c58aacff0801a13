import Foundation
import Testing
import ReuseLabTestSupport

/// Where images are decoded, in the bundled traces: every strategy whose frames
/// show pictures decodes them on the main thread (a `mainThreadBlocked` whose
/// cause is decoding), except one that prepares its images for display first.
@Suite
final class MainThreadDecodeTests {
    /// Strategies that prepare every image off the main thread before it is shown.
    static let preparing: Set<String> = ["cache-coalesce-prepare"]

    @Test(arguments: ["images-cache-coalesce", "images-cache-coalesce-prepare", "images-task-identity-cancel", "grid-async-reset"])
    func testDecodingLandsOnTheMainThreadUnlessPrepared(name: String) throws {
        try Self.check(BundledFiles.tracePath(name))
    }

    static func check(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let trace = try RawTrace(path: path)
        let events = trace.events
        guard let strategy = trace.scenario?["strategy"] as? String else { return }
        let showsPictures = events.contains { event in
            event["kind"] as? String == "frame"
                && ((event["cells"] as? [[String: Any]]) ?? []).contains { $0["image"] is Int }
        }
        guard showsPictures else { return }
        let decodesOnMain = events.contains { event in
            event["kind"] as? String == "mainThreadBlocked" && (event["cause"] as? String ?? "").hasPrefix("decoding")
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(decodesOnMain == !preparing.contains(strategy),
                "\(name) (\(strategy)): decodes on the main thread: \(decodesOnMain)", sourceLocation: sourceLocation)
    }
}

@Suite(SecondTier.enabled("where every bundled trace decodes its pictures"))
final class MainThreadDecodeSecondTierTests {
    @Test func testEveryBundledTrace() throws {
        for name in try BundledFiles.allTraces() {
            try MainThreadDecodeTests.check(BundledFiles.tracePath(name))
        }
    }
}
