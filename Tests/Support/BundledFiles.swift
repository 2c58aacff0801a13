import Foundation
import Testing

/// The bundled traces and lessons the tests read, and the sample of them a
/// first-tier test covers when its sweep over all of them is second tier.
public enum BundledFiles {
    /// `traces/` under the package.
    public static let tracesFolder = Golden.packageRoot.appendingPathComponent("traces")
    /// `lessons/` under the package.
    public static let lessonsFolder = Golden.packageRoot.appendingPathComponent("lessons")

    /// One trace of each kind the readers treat differently: a table view (under
    /// the modern profile, with images arriving late over a network), a table under
    /// the classic profile, a collection view's grid, a table with sections, and
    /// the trace imported from a device's console log.
    public static let sampleTraces = [
        "late-response-async-reset", "seed004-slow-scroll-classic", "grid-slow-drag", "sections", "device-seed004",
    ]

    /// Every bundled trace's name (without `.trace.json`), in name order.
    public static func allTraces() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: tracesFolder.path)
            .filter { $0.hasSuffix(".trace.json") }.map { String($0.dropLast(".trace.json".count)) }.sorted()
        #expect(names.count > 30, "the bundled traces are found")
        return names
    }

    /// `traces/NAME.trace.json`, as an absolute path.
    public static func tracePath(_ name: String) -> String {
        tracesFolder.appendingPathComponent("\(name).trace.json").path
    }

    /// One lesson of each kind: the first (a table's first screen), one that
    /// compares two traces, one on sections, the device log's, and a grid's.
    public static let sampleLessons = [
        "01-first-screen", "11-late-response", "17-sections", "18-real-device", "19-grid-rows",
    ]

    /// Every bundled lesson's name (without `.json`), in order.
    public static func allLessons() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
        #expect(names.count >= 20, "the bundled lessons are found")
        return names
    }

    /// The last step (event `seq`) of `traces/NAME.trace.json`: a test about stepping
    /// or listing reads it here, so that an engine change that adds or removes events
    /// does not break a test whose point is not the count.
    public static func lastStep(of name: String) throws -> Int {
        let last = try RawTrace(path: tracePath(name)).events.last?["seq"] as? Int
        #expect(last != nil, "\(name) has events")
        return last ?? 0
    }

    /// `lessons/NAME.json`, as an absolute path.
    public static func lessonPath(_ name: String) -> String {
        lessonsFolder.appendingPathComponent("\(name).json").path
    }
}
