import Foundation
import Testing
import TraceModel
import TraceCoding
import Replay
import ReuseLabTestSupport

/// A recording carries its strategy's code, and each event the app's code caused
/// points at the line that caused it: a dequeue's init and prepareForReuse at the
/// `dequeueReusableCell` call, cellForRowAt at the data source's method, an image
/// set at the line that assigns the image, a request at the call that made it.
@Suite
final class RecordedCodeLineTests {
    static func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath(name))
        guard let code = trace.header.code else {
            #expect(trace.header.source != nil, "\(name): only an imported trace carries no code", sourceLocation: sourceLocation)
            #expect(!(trace.events.contains { $0.code != nil }), Comment(rawValue: name), sourceLocation: sourceLocation)
            return
        }
        #expect(code.files.allSatisfy { $0.name.hasSuffix(".swift") && !$0.lines.isEmpty }, Comment(rawValue: name), sourceLocation: sourceLocation)
        var counted: [EventKind: Int] = [:]
        for event in trace.events {
            guard let place = event.code else { continue }
            let text = try #require(code.text(at: place), "\(name) event \(event.seq)", sourceLocation: sourceLocation)
            counted[event.kind, default: 0] += 1
            let what = "\(name) event \(event.seq) (\(event.kind.rawValue)) points at \(code.files[place.file].name):\(place.line): \(text)"
            switch event.kind {
            case .initCell, .prepareForReuse:
                #expect(text.contains("dequeueReusableCell(") || text.contains("dequeueConfiguredReusableCell("), Comment(rawValue: what), sourceLocation: sourceLocation)
            case .cellForRowAt:
                // A cell registration's handler, or a diffable data source's cell provider, configures
                // its cells: the line that makes the registration or the data source.
                #expect(text.contains("func tableView(") || text.contains("func collectionView(") || text.contains("dequeueReusableCell(") || text.contains("CellRegistration<")
                        || text.contains("DiffableDataSource<"), Comment(rawValue: what), sourceLocation: sourceLocation)
            case .willDisplay, .didEndDisplaying, .prefetchRowsAt, .cancelPrefetchingForRowsAt:
                #expect(text.contains("func tableView(") || text.contains("func collectionView("), Comment(rawValue: what), sourceLocation: sourceLocation)
            case .imageSet:
                #expect(text.contains("image = ") || text.contains("func "), Comment(rawValue: what), sourceLocation: sourceLocation)
            case .response, .requestFailed:
                // The answer arrives in the handler: the line that writes it, or a synchronous load's own line.
                #expect(text.contains("dataTask(with:") || text.contains("pageTask(") || text.contains("Data(contentsOf:"), Comment(rawValue: what), sourceLocation: sourceLocation)
            case .deleteRows, .insertRows, .moveRow, .performBatchUpdates, .endUpdates:
                // The app's call, or the snapshot's apply that a diffable data source turns into it.
                #expect(text.contains("Rows(at:") || text.contains("moveRow(at:") || text.contains("performBatchUpdates(") || text.contains("apply("),
                        Comment(rawValue: what), sourceLocation: sourceLocation)
            case .reloadRows, .reconfigureRows, .reloadData:
                #expect(text.contains("reload") || text.contains("reconfigure") || text.contains("apply("), Comment(rawValue: what), sourceLocation: sourceLocation)
            default:
                break
            }
        }
        #expect((counted[.cellForRowAt, default: 0] + counted[.initCell, default: 0]) > 0, "\(name): lines are recorded", sourceLocation: sourceLocation)
    }

    @Test func testTheStaleImageTracePointsAtTheClosureAndTheDequeue() throws {
        try Self.check("images-async-no-reset")
        let trace = try TraceReader.read(path: BundledFiles.tracePath("images-async-no-reset"))
        let code = try #require(trace.header.code)
        #expect(code.files.map(\.name) == ["AsyncNoResetStrategy.swift"])
        // Step 248 reuses cell #1 for row 23; its image arrives later from the closure.
        let reuse = trace.events[248]
        #expect(reuse.kind == .prepareForReuse)
        #expect(code.text(at: try #require(reuse.code))?.contains("tableView.dequeueReusableCell(withIdentifier:") ?? false)
        let set = try #require(trace.events.first { $0.kind == .imageSet })
        #expect(code.text(at: try #require(set.code))?.trimmingCharacters(in: .whitespaces) == "cell.profileImageView.image = UIImage(data: imageData)")
    }

    /// The first STALE frame of the stale-image trace shows, without any file
    /// opened, the closure line that set the image and the empty prepareForReuse.
    @Test func testTheFirstStaleFrameShowsTheClosureAndTheEmptyPrepareForReuse() throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath("images-async-no-reset"))
        let annotations = try Annotator.annotate(trace, file: "images-async-no-reset.trace.json")
        let stale = try #require(annotations.first { $0.marks.contains(.stale) })
        #expect(stale.seq == 265)
        #expect(stale.code?.text.trimmingCharacters(in: .whitespaces) == "cell.profileImageView.image = UIImage(data: imageData)")
        #expect(stale.relatedCode.map { $0.text.trimmingCharacters(in: .whitespaces) }.first == "override func prepareForReuse() {")
        #expect(stale.relatedCode.last?.text.trimmingCharacters(in: .whitespaces) == "}")
        #expect(stale.relatedCode.contains { $0.text.contains("// profileImageView.image = nil") }, "the reset is shown commented out")
        // With the reset in place there is no stale image to explain.
        let reset = try TraceReader.read(path: BundledFiles.tracePath("images-async-reset"))
        #expect(!(try Annotator.annotate(reset, file: "images-async-reset.trace.json").contains { !$0.relatedCode.isEmpty }))
    }

    @Test func testTheSampleTracesPointAtTheirCode() throws {
        for name in BundledFiles.sampleTraces + ["images-async-reset", "grid-stale-images", "images-task-identity-cancel"] {
            try Self.check(name)
        }
    }

    /// seed 001's cellForRowAt hands the cell to a helper that clears the image; the
    /// answer arrives in the dataTask's handler, which writes the image on the main
    /// queue only if the cell still shows the row that asked.
    @Test func testHandlersAndHelpersArePointedAtWhereTheyAreWritten() throws {
        let trace = try TraceReader.read(path: BundledFiles.tracePath("late-response-task-identity-cancel"))
        let code = try #require(trace.header.code)
        func text(_ event: TraceEvent) throws -> String {
            try #require(code.text(at: try #require(event.code, "event \(event.seq)")))?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        let firstSet = try #require(trace.events.first { $0.kind == .imageSet })
        #expect((try text(firstSet)) == "cell.image = nil")
        let response = try #require(trace.events.first { $0.kind == .response })
        #expect((try text(response)) == "let task = URLSession.shared.dataTask(with: menuItem) { data, _ in")
        let answered = try #require(trace.events.first { event in
            if case .imageSet(_, .image) = event.body { return true } else { return false }
        })
        #expect((try text(answered)) == "cell.image = (currentIndexPath == indexPath) ? image : nil")
        // A reload the handler asks for points at the reload itself.
        let reloads = try TraceReader.read(path: BundledFiles.tracePath("images-prefetch-reload"))
        let reload = try #require(reloads.events.first { $0.kind == .reloadRows })
        #expect(reloads.header.code?.text(at: try #require(reload.code))?.trimmingCharacters(in: .whitespaces) == "self.newsTableView?.reloadRows(at: [indexPath], with: .fade)")
    }
}

/// Every bundled trace's lines (second tier: it reads them all).
@Suite(SecondTier.enabled("the code lines of every bundled trace"))
final class RecordedCodeLineSecondTierTests {
    @Test func testEveryBundledTracePointsAtItsCode() throws {
        for name in try BundledFiles.allTraces() { try RecordedCodeLineTests.check(name) }
    }
}
