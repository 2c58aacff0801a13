import XCTest
import TraceModel
import TraceCoding
import Replay
import ReuseLabTestSupport

/// A recording carries its strategy's code, and each event the app's code caused
/// points at the line that caused it: a dequeue's init and prepareForReuse at the
/// `dequeueReusableCell` call, cellForRowAt at the data source's method, an image
/// set at the line that assigns the image, a request at the call that made it.
final class RecordedCodeLineTests: XCTestCase {
    static func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath(name))
        guard let code = trace.header.code else {
            XCTAssertNotNil(trace.header.source, "\(name): only an imported trace carries no code", file: file, line: line)
            XCTAssertFalse(trace.events.contains { $0.code != nil }, name, file: file, line: line)
            return
        }
        XCTAssertTrue(code.files.allSatisfy { $0.name.hasSuffix(".swift") && !$0.lines.isEmpty }, name, file: file, line: line)
        var counted: [EventKind: Int] = [:]
        for event in trace.events {
            guard let place = event.code else { continue }
            let text = try XCTUnwrap(code.text(at: place), "\(name) event \(event.seq)", file: file, line: line)
            counted[event.kind, default: 0] += 1
            let what = "\(name) event \(event.seq) (\(event.kind.rawValue)) points at \(code.files[place.file].name):\(place.line): \(text)"
            switch event.kind {
            case .initCell, .prepareForReuse:
                XCTAssertTrue(text.contains("dequeueReusableCell("), what, file: file, line: line)
            case .cellForRowAt:
                XCTAssertTrue(text.contains("func tableView(") || text.contains("func collectionView(") || text.contains("dequeueReusableCell("),
                              what, file: file, line: line)
            case .willDisplay, .didEndDisplaying, .prefetchRowsAt, .cancelPrefetchingForRowsAt:
                XCTAssertTrue(text.contains("func tableView(") || text.contains("func collectionView("), what, file: file, line: line)
            case .imageSet:
                XCTAssertTrue(text.contains("image = ") || text.contains("func "), what, file: file, line: line)
            case .response, .requestFailed:
                // The answer arrives in the handler: the line that writes it, or a synchronous load's own line.
                XCTAssertTrue(text.contains("dataTask(with:") || text.contains("pageTask(") || text.contains("Data(contentsOf:"), what, file: file, line: line)
            case .reloadRows, .reconfigureRows, .reloadData:
                XCTAssertTrue(text.contains("reload") || text.contains("reconfigure") || text.contains("apply("), what, file: file, line: line)
            default:
                break
            }
        }
        XCTAssertGreaterThan(counted[.cellForRowAt, default: 0] + counted[.initCell, default: 0], 0, "\(name): lines are recorded", file: file, line: line)
    }

    func testTheStaleImageTracePointsAtTheClosureAndTheDequeue() throws {
        try Self.check("images-async-no-reset")
        let trace = try TraceReader.read(path: BundledFiles.tracePath("images-async-no-reset"))
        let code = try XCTUnwrap(trace.header.code)
        XCTAssertEqual(code.files.map(\.name), ["AsyncNoResetStrategy.swift"])
        // Step 248 reuses cell #1 for row 23; its image arrives later from the closure.
        let reuse = trace.events[248]
        XCTAssertEqual(reuse.kind, .prepareForReuse)
        XCTAssertTrue(code.text(at: try XCTUnwrap(reuse.code))?.contains("tableView.dequeueReusableCell(withIdentifier:") ?? false)
        let set = try XCTUnwrap(trace.events.first { $0.kind == .imageSet })
        XCTAssertEqual(code.text(at: try XCTUnwrap(set.code))?.trimmingCharacters(in: .whitespaces),
                       "cell.profileImageView.image = UIImage(data: imageData)")
    }

    /// The first STALE frame of the stale-image trace shows, without any file
    /// opened, the closure line that set the image and the empty prepareForReuse.
    func testTheFirstStaleFrameShowsTheClosureAndTheEmptyPrepareForReuse() throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath("images-async-no-reset"))
        let annotations = try Annotator.annotate(trace, file: "images-async-no-reset.trace.json")
        let stale = try XCTUnwrap(annotations.first { $0.marks.contains(.stale) })
        XCTAssertEqual(stale.seq, 265)
        XCTAssertEqual(stale.code?.text.trimmingCharacters(in: .whitespaces), "cell.profileImageView.image = UIImage(data: imageData)")
        XCTAssertEqual(stale.relatedCode.map { $0.text.trimmingCharacters(in: .whitespaces) }.first, "override func prepareForReuse() {")
        XCTAssertEqual(stale.relatedCode.last?.text.trimmingCharacters(in: .whitespaces), "}")
        XCTAssertTrue(stale.relatedCode.contains { $0.text.contains("// profileImageView.image = nil") }, "the reset is shown commented out")
        // With the reset in place there is no stale image to explain.
        let reset = try TraceReader.read(path: BundledFiles.tracePath("images-async-reset"))
        XCTAssertFalse(try Annotator.annotate(reset, file: "images-async-reset.trace.json").contains { !$0.relatedCode.isEmpty })
    }

    func testTheSampleTracesPointAtTheirCode() throws {
        for name in BundledFiles.sampleTraces + ["images-async-reset", "grid-stale-images", "images-task-identity-cancel"] {
            try Self.check(name)
        }
    }

    /// seed 001's cellForRowAt hands the cell to a helper that clears the image; the
    /// answer arrives in the dataTask's handler, which writes the image on the main
    /// queue only if the cell still shows the row that asked.
    func testHandlersAndHelpersArePointedAtWhereTheyAreWritten() throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath("late-response-task-identity-cancel"))
        let code = try XCTUnwrap(trace.header.code)
        func text(_ event: TraceEvent) throws -> String {
            try XCTUnwrap(code.text(at: try XCTUnwrap(event.code, "event \(event.seq)")))?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        let firstSet = try XCTUnwrap(trace.events.first { $0.kind == .imageSet })
        XCTAssertEqual(try text(firstSet), "cell.image = nil")
        let response = try XCTUnwrap(trace.events.first { $0.kind == .response })
        XCTAssertEqual(try text(response), "let task = URLSession.shared.dataTask(with: menuItem) { data, _ in")
        let answered = try XCTUnwrap(trace.events.first { event in
            if case .imageSet(_, .image) = event.body { return true } else { return false }
        })
        XCTAssertEqual(try text(answered), "cell.image = (currentIndexPath == indexPath) ? image : nil")
        // A reload the handler asks for points at the reload itself.
        let reloads = try TraceReader.read(path: BundledFiles.tracePath("images-prefetch-reload"))
        let reload = try XCTUnwrap(reloads.events.first { $0.kind == .reloadRows })
        XCTAssertEqual(reloads.header.code?.text(at: try XCTUnwrap(reload.code))?.trimmingCharacters(in: .whitespaces),
                       "self.newsTableView?.reloadRows(at: [indexPath], with: .fade)")
    }
}

/// Every bundled trace's lines (second tier: it reads them all).
final class RecordedCodeLineSecondTierTests: SecondTierTestCase {
    func testEveryBundledTracePointsAtItsCode() throws {
        for name in try BundledFiles.allTraces() { try RecordedCodeLineTests.check(name) }
    }
}
