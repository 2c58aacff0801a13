import Testing
import LogImport

/// Lines that say whether a cell is new or reused (issue 35): what each spelling
/// states, the row it names, and the lines that only seem to say it.
@Suite struct CellOriginRecogniserTests {
    typealias E = Expect

    /// A previous row kept by the cell: nil for a new cell, a row for a reused one.
    @Test func testAPreviousRowSaysNewOrReusedAndWhichRow() {
        checkTable([
            ("oldIndexPath: nil", E.origin(.new)),
            ("oldIndexPath: Optional(nil)", E.origin(.new)),
            ("oldIndexPath: Optional([0, 3])", E.origin(.reused(previousRow: LogIndexPath(row: 3)))),
            ("old_indexPath = [1, 4]", E.origin(.reused(previousRow: LogIndexPath(section: 1, row: 4)))),
            ("previousRow: Optional(7)", E.origin(.reused(previousRow: LogIndexPath(row: 7)))),
            ("prevRow=none", E.origin(.new)),
            ("[MyApp] dequeued cell, old row 12", E.origin(.reused(previousRow: LogIndexPath(row: 12)))),
            ("reused cell for row 9 (was row 2)", E.origin(.reused(previousRow: LogIndexPath(row: 2)), row: 9)),
            ("2026-11-29 10:00:00.123 App[1:2] oldIndexPath: nil", E.origin(.new)),
        ])
    }

    /// Words that say it plainly, with the row the cell is for when printed.
    @Test func testWordsSayNewOrReused() {
        checkTable([
            ("new cell for row 5", E.origin(.new, row: 5)),
            ("reused cell for row 5", E.origin(.reused(previousRow: nil), row: 5)),
            ("Creating cell", E.origin(.new)),
            ("MyCell created", E.origin(.new)),
            ("recycled cell", E.origin(.reused(previousRow: nil))),
            ("isReused: true", E.origin(.reused(previousRow: nil))),
            ("isReused: false", E.origin(.new)),
            ("isNew = true", E.origin(.new)),
            ("isNew = false", E.origin(.reused(previousRow: nil))),
        ])
    }

    /// A cellForRowAt line that says it too keeps its call, and carries the origin.
    @Test func testACellForRowAtLineCarriesWhatItSays() {
        checkTable([
            ("cellForRowAt: 5 (reused cell)", E.stating(.reused(previousRow: nil), E.call(.cellForRowAt, row: 5))),
            ("cellForRowAt row 5, oldIndexPath: nil", E.stating(.new, E.call(.cellForRowAt, row: 5))),
            ("cellForRowAt: 5", E.call(.cellForRowAt, row: 5)),
            // A prepareForReuse line is itself the evidence; its words add nothing.
            ("prepareForReuse: Optional(0)", E.call(.prepareForReuse, row: 0)),
        ])
    }

    /// App output that says none of it stays skipped; a previous row printed in a
    /// form that cannot be read is marked, so the import can point to --pattern.
    @Test func testOtherLinesAreNotReadAsEvidence() {
        checkTable([
            ("Loading new data", E.other),
            ("Created session 4", E.other),
            ("Fetched 20 rows from server", E.other),
            ("oldIndexPath: <unknown>", E.unreadableOrigin),
            ("previous row: ?", E.unreadableOrigin),
        ])
    }
}
