import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
import ToolSupport
@testable import LogImport

/// A collection view's log imports as a collection view's trace (issue 35): cells
/// per item, reuse and prefetching as in a table's log, the grid's columns given
/// or read from the log, and a log of both lists refused.
@Suite
final class CollectionImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    func importText(_ text: String, options: ImportOptions = ImportOptions(logName: "grid.log")) throws -> ImportReport {
        try folder.importLog(text, name: "grid.log", options: options)
    }

    /// The error an import throws, if any.
    func refusal(_ text: String, options: ImportOptions = ImportOptions(logName: "grid.log")) throws -> ReuseLabError? {
        let path = try folder.write("grid.log", text)
        do {
            _ = try LogImporter.importLog(path: path, options: options)
            return nil
        } catch {
            return error
        }
    }

    static let smallGrid = """
        init
        cellForItemAt: [0, 0]
        willDisplay: [0, 0]
        init
        collectionView(_:cellForItemAt:) [0, 1]
        collectionView(_:willDisplay:forItemAt:) [0, 1]
        prefetchItemsAt: [[0, 2], [0, 3]]
        didEndDisplaying forItemAt: [0, 0]
        prepareForReuse
        cellForItemAt: IndexPath(item: 2, section: 0)
        willDisplay: item 2
        cancelPrefetchingForItemsAt: [[0, 3]]

        """

    @Test func testAGridLogBecomesACollectionTraceWithCellsReusedAndPrefetched() throws {
        let report = try importText(Self.smallGrid)
        assertValid(report.trace)
        #expect(report.trace.header.list == .collection(columns: 1))
        #expect(report.recognised == 12)
        #expect(report.skipped == 0)
        #expect(report.leftOut.isEmpty, "\(report.leftOut)")
        let bodies = report.trace.events.map(\.body)
        #expect(bodies == [
            .initCell(cell: 1, identifier: TraceBuilder.identifier),
            .cellForRowAt(row: 0, cell: 1),
            .willDisplay(row: 0, cell: 1),
            .initCell(cell: 2, identifier: TraceBuilder.identifier),
            .cellForRowAt(row: 1, cell: 2),
            .willDisplay(row: 1, cell: 2),
            .prefetchRowsAt(rows: [2, 3]),
            .didEndDisplaying(row: 0, cell: 1),
            .prepareForReuse(cell: 1, identifier: TraceBuilder.identifier, previousRow: 0),
            .cellForRowAt(row: 2, cell: 1),
            .willDisplay(row: 2, cell: 1),
            .cancelPrefetchingForRowsAt(rows: [3]),
        ])
        #expect(report.profile.contains("line 2: cellForItemAt"), Comment(rawValue: report.profile))
        #expect(report.columns.contains("assumed to have 1 column"), Comment(rawValue: report.columns))
        #expect(report.columns.contains("--columns N"), Comment(rawValue: report.columns))
        #expect(report.printOrder.contains("cellForItemAt"), Comment(rawValue: report.printOrder))
    }

    @Test func testColumnsAreGivenOrReadFromRowsLeavingTogether() throws {
        let given = try importText(Self.smallGrid, options: ImportOptions(logName: "grid.log", columns: 3))
        #expect(given.trace.header.list == .collection(columns: 3))
        #expect(given.columns == "The grid has 3 columns, as --columns says.")

        // Two columns: items 0–5 on screen, then rows of two leave together twice.
        var log = (0...5).map { "cellForItemAt: [0, \($0)]\nwillDisplay: [0, \($0)]" }
        log += ["didEndDisplaying forItemAt: [0, 0]", "didEndDisplaying forItemAt: [0, 1]",
                "cellForItemAt: [0, 6]", "willDisplay: [0, 6]", "cellForItemAt: [0, 7]", "willDisplay: [0, 7]",
                "didEndDisplaying forItemAt: [0, 2]", "didEndDisplaying forItemAt: [0, 3]"]
        let read = try importText(log.joined(separator: "\n"))
        assertValid(read.trace)
        #expect(read.trace.header.list == .collection(columns: 2))
        #expect(read.columns.contains("taken to have 2 columns"), Comment(rawValue: read.columns))
        // One row leaving is no evidence.
        let once = try importText(log.dropLast(2).joined(separator: "\n"))
        #expect(once.trace.header.list == .collection(columns: 1))
    }

    @Test func testALogOfRowsAndItemsIsRefusedAtTheFirstLineOfTheOtherKind() throws {
        let items = try #require(try refusal("cellForItemAt: [0, 0]\nwillDisplay: [0, 0]\nhello\ncellForRowAt: 1\n"))
        #expect(items.kind.exitStatus == 65, Comment(rawValue: items.message))
        #expect(items.location.position?.line == 4)
        #expect(items.message.contains("line 4 prints a table view's cellForRowAt, but line 1 printed a collection view's cellForItemAt"),
                Comment(rawValue: items.message))
        let rows = try #require(try refusal("prefetchRowsAt: [[0, 1]]\nwillDisplay: 0\ncollectionView(_:willDisplay:forItemAt:) [0, 1]\n"))
        #expect(rows.kind.exitStatus == 65)
        #expect(rows.message.contains("line 3 prints a collection view's willDisplay, but line 1 printed a table view's prefetchRowsAt"),
                Comment(rawValue: rows.message))
        // A call both lists share says which list it is in when it names the table view.
        let shared = try #require(try refusal("cellForItemAt: [0, 1]\ntableView(_:willDisplay:forRowAt:) [0, 1]\n"))
        #expect(shared.kind.exitStatus == 65)
        #expect(shared.message.contains("line 2 prints a table view's willDisplay, but line 1 printed a collection view's cellForItemAt"),
                Comment(rawValue: shared.message))
    }

    @Test func testOptionsOfTheOtherListAreRefused() throws {
        let columns = try #require(try refusal("cellForRowAt: 0\n", options: ImportOptions(logName: "grid.log", columns: 2)))
        #expect(columns.kind.exitStatus == 64)
        #expect(columns.message.contains("--columns 2"), Comment(rawValue: columns.message))
        let profile = try #require(try refusal("cellForItemAt: [0, 0]\n", options: ImportOptions(logName: "grid.log", profile: .classic)))
        #expect(profile.kind.exitStatus == 64)
        #expect(profile.message.contains("--profile classic"), Comment(rawValue: profile.message))
        // --rows counts items, and says so.
        let rows = try #require(try refusal("cellForItemAt: [0, 7]\n", options: ImportOptions(logName: "grid.log", rows: 5)))
        #expect(rows.message.contains("the log names item 7, but --rows says the collection view has 5 items"), Comment(rawValue: rows.message))
    }
}
