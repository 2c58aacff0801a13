import ReuseLabTestSupport
import Foundation
import XCTest

/// A collection view's trace through the commands that only check or convert it:
/// `validate` says what it is, `export` writes it, and a bad one is refused as a
/// table's would be.
final class CollectionCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var grid: String { Self.root.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    func testValidateSaysItIsACollectionView() throws {
        let text = reuselab(["validate", grid])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.flattened.hasSuffix("valid — collection view, 2 columns: 66 events, 14 cells created, 500 ms (A two-column grid, a short drag (written by hand))"), text.out)
        let json = reuselab(["validate", grid, "--json"])
        XCTAssertTrue(json.out.hasSuffix(#""valid":true,"events":66,"cellsCreated":14,"durationMs":500,"list":"collection","columns":2}"# + "\n"), json.out)
        let table = reuselab(["validate", Self.root.appendingPathComponent("traces/first-screen.trace.json").path, "--json"])
        XCTAssertFalse(table.out.contains("\"list\""), table.out)
    }

    func testExportWritesTheGrid() throws {
        let out = folder.path("grid.perfetto.json")
        let run = reuselab(["export", grid, "-o", out])
        XCTAssertEqual(run.status, 0, run.err)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(text.contains(#""name":"collection view""#), String(text.prefix(2000)))
        XCTAssertTrue(text.contains(#""name":"cellForItemAt""#))
        XCTAssertFalse(text.contains("cellForRowAt"))
    }

    /// compare over a grid and a table: labels in both lists' words, and no profile for the grid.
    func testCompareWordsALabelForBothLists() {
        let table = Self.root.appendingPathComponent("traces/first-screen.trace.json").path
        let run = reuselab(["compare", grid, table])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("cellForItemAt or cellForRowAt calls"), run.out)
        XCTAssertTrue(run.out.flattened.contains("A two-column grid, a short drag (written by hand) first-screen"), run.out)
        XCTAssertTrue(run.out.flattened.contains("only visible rows get cells (modern profile)"), run.out)
    }

    func testABrokenGridIsRefusedWithTheValidatorsError() throws {
        let text = try String(contentsOfFile: grid, encoding: .utf8)
            .replacingOccurrences(of: #"{"seq":39,"t":200,"kind":"willDisplay","item":11,"cell":12}"#,
                                  with: #"{"seq":39,"t":200,"kind":"willDisplay","item":11,"cell":11}"#)
        let broken = try folder.write("broken.trace.json", text)
        for command in ["validate", "replay", "stats", "export"] {
            let arguments = command == "export" ? [command, broken, "-o", folder.path("x.json")] : [command, broken]
            let run = reuselab(arguments)
            XCTAssertEqual(run.status, 65, "\(command): \(run.err)")
            XCTAssertTrue(run.err.contains("event 39"), "\(command): \(run.err)")
        }
    }
}
