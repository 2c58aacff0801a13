import Foundation
import Testing
import LogImport

/// The recogniser on a collection view's log lines (issue 35): each callback's
/// item spellings, the forms an item's index path is printed in, and the lines
/// that still name no callback. An item line is its table counterpart's callback
/// with `namesItems` set.
@Suite
final class CollectionRecogniserTests {
    typealias E = Expect

    @Test func testCellForItemAtSpellings() {
        checkTable([
            ("cellForItemAt: [0, 3]", E.items(E.call(.cellForRowAt, row: 3))),
            ("collectionView(_:cellForItemAt:) [0, 3]", E.items(E.call(.cellForRowAt, row: 3))),
            ("-[ViewController collectionView:cellForItemAtIndexPath:] <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19}",
             E.items(E.call(.cellForRowAt, row: 19))),
            ("cellForItemAt item 1", E.items(E.call(.cellForRowAt, row: 1))),
            ("cellForItem: 5", E.items(E.call(.cellForRowAt, row: 5))),
            ("cell for item at 7", E.items(E.call(.cellForRowAt, row: 7))),
            ("cellForItemAt IndexPath(item: 1, section: 0)", E.items(E.call(.cellForRowAt, row: 1))),
            ("cellForItemAt: IndexPath(item: 4, section: 2)", E.items(E.call(.cellForRowAt, paths: [E.at(2, 4)]))),
            ("cellForItemAt [1, 2] <MyApp.PhotoCell: 0x7fb8c1d0a200; baseClass = UICollectionViewCell>",
             E.items(E.call(.cellForRowAt, paths: [E.at(1, 2)], cell: "0x7fb8c1d0a200"))),
        ])
    }

    @Test func testDisplayingForItemAt() {
        checkTable([
            ("collectionView(_:willDisplay:forItemAt:) [0, 3]", E.items(E.call(.willDisplay, row: 3))),
            ("willDisplay cell forItemAt [1, 2]", E.items(E.call(.willDisplay, paths: [E.at(1, 2)]))),
            ("willDisplay forItemAt: item 4", E.items(E.call(.willDisplay, row: 4))),
            ("collectionView:didEndDisplayingCell:forItemAtIndexPath: {length = 2, path = 0 - 3}",
             E.items(E.call(.didEndDisplaying, row: 3))),
            ("didEndDisplaying forItemAt IndexPath(item: 5, section: 1)", E.items(E.call(.didEndDisplaying, paths: [E.at(1, 5)]))),
            // Without `forItemAt` the line is in neither list's words: it joins whichever the log is.
            ("willDisplay: [0, 0]", E.call(.willDisplay, row: 0)),
            ("didEndDisplaying: item 2", E.call(.didEndDisplaying, row: 2)),
        ])
    }

    @Test func testPrefetchItemsAtSpellings() {
        checkTable([
            ("prefetchItemsAt: [[0, 2], [0, 3]]", E.items(E.call(.prefetchRowsAt, paths: [E.at(0, 2), E.at(0, 3)]))),
            ("collectionView(_:prefetchItemsAt:) [[0, 2], [1, 0]]", E.items(E.call(.prefetchRowsAt, paths: [E.at(0, 2), E.at(1, 0)]))),
            ("prefetchItemsAt [IndexPath(item: 2, section: 1), IndexPath(item: 0, section: 2)]",
             E.items(E.call(.prefetchRowsAt, paths: [E.at(1, 2), E.at(2, 0)]))),
            ("prefetchItemsAt: []", E.items(E.call(.prefetchRowsAt))),
            ("cancelPrefetchingForItemsAt: [[0, 8]]", E.items(E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 8)]))),
            ("collectionView(_:cancelPrefetchingForItemsAt:) [[0, 8], [0, 9]]",
             E.items(E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 8), E.at(0, 9)]))),
        ])
    }

    /// A table's rows printed with the section first keep it, before their rows.
    @Test func testASectionBeforeItsRowsStillCounts() {
        checkTable([
            ("prefetchRowsAt section: 0, row: 3, section: 1, row: 0", E.call(.prefetchRowsAt, paths: [E.at(0, 3), E.at(1, 0)])),
            ("cellForRowAt row 3 section 1", E.call(.cellForRowAt, paths: [E.at(1, 3)])),
        ])
    }

    @Test func testOtherCollectionOutputStaysOther() {
        checkTable([
            ("collectionView(_:didSelectItemAt:) [0, 4]", E.other),
            ("collectionView.prefetchDataSource = self", E.other),
            ("collectionView(_:willDisplaySupplementaryView:forElementKind:at:) [0, 0]", E.other),
            ("title: UICollectionViewDataSourcePrefetching", E.other),
            ("Configuring cell for item 3", E.other),
            ("func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {", E.other),
        ])
    }

    @Test func testLinesSayWhichListNamedThem() {
        let recogniser = LineRecogniser()
        func line(_ text: String) -> LogLine { recogniser.recognise(text, number: 1) }
        #expect(line("cellForRowAt: 3").namesRows)
        #expect(!line("cellForRowAt: 3").namesItems)
        #expect(line("cellForItemAt: [0, 3]").namesItems)
        #expect(!line("cellForItemAt: [0, 3]").namesRows)
        #expect(line("cellForItemAt: [0, 3]").callName == "cellForItemAt")
        #expect(line("prefetchItemsAt: [[0, 3]]").callName == "prefetchItemsAt")
        #expect(!line("willDisplay: 3").namesRows && !line("willDisplay: 3").namesItems)
    }
}
