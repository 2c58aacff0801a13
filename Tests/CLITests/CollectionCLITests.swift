import ReuseLabTestSupport
import Foundation
import Testing

/// A collection view's trace through the commands that only check or convert it:
/// `validate` says what it is, `export` writes it, and a bad one is refused as a
/// table's would be.
@Suite
final class CollectionCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var grid: String { Self.root.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    @Test func testValidateSaysItIsACollectionView() throws {
        let text = reuselab(["validate", grid])
        #expect(text.status == 0, Comment(rawValue: text.err))
        #expect(text.out.flattened.hasSuffix("valid — collection view, 2 columns: 66 events, 14 cells created, 500 ms (A two-column grid, a short drag (written by hand))"), Comment(rawValue: text.out))
        let json = reuselab(["validate", grid, "--json"])
        #expect(json.out.hasSuffix(#""valid":true,"events":66,"cellsCreated":14,"durationMs":500,"list":"collection","columns":2}"# + "\n"), Comment(rawValue: json.out))
        let table = reuselab(["validate", Self.root.appendingPathComponent("traces/first-screen.trace.json").path, "--json"])
        #expect(!(table.out.contains("\"list\"")), Comment(rawValue: table.out))
    }

    @Test func testExportWritesTheGrid() throws {
        let out = folder.path("grid.perfetto.json")
        let run = reuselab(["export", grid, "-o", out])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(#""name":"collection view""#), Comment(rawValue: String(text.prefix(2000))))
        #expect(text.contains(#""name":"cellForItemAt""#))
        #expect(!text.contains("cellForRowAt"))
    }

    /// compare over a grid and a table: labels in both lists' words, and no profile for the grid.
    @Test func testCompareWordsALabelForBothLists() {
        let table = Self.root.appendingPathComponent("traces/first-screen.trace.json").path
        let run = reuselab(["compare", grid, table])
        #expect(run.status == 0, Comment(rawValue: run.err))
        #expect(run.out.contains("cellForItemAt or cellForRowAt calls"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("A two-column grid, a short drag (written by hand) first-screen"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("only visible rows get cells (modern profile)"), Comment(rawValue: run.out))
    }

    @Test func testABrokenGridIsRefusedWithTheValidatorsError() throws {
        let text = try String(contentsOfFile: grid, encoding: .utf8)
            .replacingOccurrences(of: #"{"seq":39,"t":200,"kind":"willDisplay","item":11,"cell":12}"#,
                                  with: #"{"seq":39,"t":200,"kind":"willDisplay","item":11,"cell":11}"#)
        let broken = try folder.write("broken.trace.json", text)
        for command in ["validate", "replay", "stats", "export"] {
            let arguments = command == "export" ? [command, broken, "-o", folder.path("x.json")] : [command, broken]
            let run = reuselab(arguments)
            #expect(run.status == 65, "\(command): \(run.err)")
            #expect(run.err.contains("event 39"), "\(command): \(run.err)")
        }
    }
}
