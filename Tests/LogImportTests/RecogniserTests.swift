import Foundation
import Testing
import LogImport

/// The recogniser on invented log lines of every family: each callback in many
/// spellings, every printed form of a row, cell addresses, gap markers, and app
/// output that must stay `.other`.
@Suite
final class RecogniserTests {
    typealias E = Expect

    @Test func testCellForRowAtSpellings() {
        checkTable([
            ("cellForRowAt: 19", E.call(.cellForRowAt, row: 19)),
            ("tableView(_:cellForRowAt:) [0, 19]", E.call(.cellForRowAt, row: 19)),
            ("-[ViewController tableView:cellForRowAtIndexPath:] <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19}",
             E.call(.cellForRowAt, row: 19)),
            ("cell for row at 7", E.call(.cellForRowAt, row: 7)),
            ("Cell For Row At: 8", E.call(.cellForRowAt, row: 8)),
            ("--> cellForRowAt(3)", E.call(.cellForRowAt, row: 3)),
            ("CELL_FOR_ROW_AT row=4", E.call(.cellForRowAt, row: 4)),
            ("cellforrowat 6", E.call(.cellForRowAt, row: 6)),
            ("cellForRow: 5", E.call(.cellForRowAt, row: 5)),
            ("tableView(_:cellForRowAt:) section: 1, row: 3", E.call(.cellForRowAt, paths: [E.at(1, 3)])),
            ("dequeued <MyApp.PhotoCell: 0x7FB8C1D0A200; baseClass = UITableViewCell; frame = (0 0; 375 44); layer = <CALayer: 0x600000f3c1a0>> in cellForRowAt for [0, 12]",
             E.call(.cellForRowAt, row: 12, cell: "0x7fb8c1d0a200")),
            ("📦 cellForRowAt indexPath.row = 11", E.call(.cellForRowAt, row: 11)),
        ])
    }

    @Test func testWillDisplaySpellings() {
        checkTable([
            ("willDisplay: 0", E.call(.willDisplay, row: 0)),
            ("tableView(_:willDisplay:forRowAt:) [0, 3]", E.inTable(E.call(.willDisplay, row: 3))),
            ("tableView:willDisplayCell:forRowAtIndexPath: <NSIndexPath: 0x8a3c2b1e00000000> {length = 2, path = 2 - 8}",
             E.inTable(E.call(.willDisplay, paths: [E.at(2, 8)]))),
            ("Will display cell: 3", E.call(.willDisplay, row: 3)),
            ("Will display cell for row at 4", E.inTable(E.call(.willDisplay, row: 4))),
            ("🟢 willDisplay 3", E.call(.willDisplay, row: 3)),
            ("19: willDisplay", E.call(.willDisplay, row: 19)),
            ("WILL DISPLAY row 4 height 44", E.call(.willDisplay, row: 4)),
            ("willDisplay cell 0x7fb8c1d0a200 at row Optional(5)", E.call(.willDisplay, row: 5, cell: "0x7fb8c1d0a200")),
            ("[MyApp] willDisplay 3", E.call(.willDisplay, row: 3)),
        ])
    }

    @Test func testDidEndDisplayingSpellings() {
        checkTable([
            ("didEndDisplaying: 0", E.call(.didEndDisplaying, row: 0)),
            ("tableView(_:didEndDisplaying:forRowAt:) [0, 1]", E.inTable(E.call(.didEndDisplaying, row: 1))),
            ("tableView:didEndDisplayingCell:forRowAtIndexPath: {length = 2, path = 0 - 1}", E.inTable(E.call(.didEndDisplaying, row: 1))),
            ("did end displaying row 4", E.call(.didEndDisplaying, row: 4)),
            ("<<< didEndDisplaying >>> indexPath.row = 12", E.call(.didEndDisplaying, row: 12)),
            ("End displaying cell at [1, 2]", E.call(.didEndDisplaying, paths: [E.at(1, 2)])),
            ("DID_END_DISPLAYING 9", E.call(.didEndDisplaying, row: 9)),
        ])
    }

    @Test func testPrefetchSpellings() {
        checkTable([
            ("prefetchRowsAt: [[0, 19], [0, 20], [0, 21]]", E.call(.prefetchRowsAt, paths: [E.at(0, 19), E.at(0, 20), E.at(0, 21)])),
            ("tableView(_:prefetchRowsAt:) [[1, 0], [1, 1]]", E.call(.prefetchRowsAt, paths: [E.at(1, 0), E.at(1, 1)])),
            ("Prefetching rows [[0, 5]]", E.call(.prefetchRowsAt, row: 5)),
            ("prefetch rows 5, 6, 7", E.call(.prefetchRowsAt, paths: [E.at(0, 5), E.at(0, 6), E.at(0, 7)])),
            ("prefetchRowsAt [19, 20, 21]", E.call(.prefetchRowsAt, paths: [E.at(0, 19), E.at(0, 20), E.at(0, 21)])),
            ("prefetchRowsAt: []", E.call(.prefetchRowsAt)),
            ("tableView:prefetchRowsAtIndexPaths: ( \"<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19}\", \"<NSIndexPath: 0xc000000000000036> {length = 2, path = 0 - 20}\" )",
             E.call(.prefetchRowsAt, paths: [E.at(0, 19), E.at(0, 20)])),
            ("section 2 prefetch [4, 5]", E.call(.prefetchRowsAt, paths: [E.at(2, 4), E.at(2, 5)])),
            // Seed 002's print("prefetching row of \(indexPaths)").
            ("prefetching row of [[0, 5], [0, 6]]", E.call(.prefetchRowsAt, paths: [E.at(0, 5), E.at(0, 6)])),
        ])
    }

    @Test func testCancelPrefetchingSpellings() {
        checkTable([
            ("cancelPrefetchingForRowsAt: [[0, 9]]", E.call(.cancelPrefetchingForRowsAt, row: 9)),
            ("tableView(_:cancelPrefetchingForRowsAt:) [[0, 9], [0, 10]]", E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 9), E.at(0, 10)])),
            ("Cancel prefetching for [[0, 9]]", E.call(.cancelPrefetchingForRowsAt, row: 9)),
            ("prefetch cancelled: [[2, 3]]", E.call(.cancelPrefetchingForRowsAt, paths: [E.at(2, 3)])),
            ("tableView:cancelPrefetchingForRowsAtIndexPaths: (\"<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19}\")",
             E.call(.cancelPrefetchingForRowsAt, row: 19)),
            ("❌ cancelled prefetching rows 30, 31", E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 30), E.at(0, 31)])),
            // Seed 002's print("cancel prefetch row of \(indexPaths)").
            ("cancel prefetch row of [[0, 9]]", E.call(.cancelPrefetchingForRowsAt, row: 9)),
        ])
    }

    @Test func testPrepareForReuseSpellings() {
        checkTable([
            ("prepareForReuse, row:0", E.call(.prepareForReuse, row: 0)),
            ("prepareForReuse()", E.call(.prepareForReuse)),
            ("===== prepareForReuse =====", E.call(.prepareForReuse)),
            ("Preparing for reuse", E.call(.prepareForReuse)),
            ("-[PhotoCell prepareForReuse]", E.call(.prepareForReuse)),
            ("MyCell.prepareForReuse() was showing row Optional(7)", E.call(.prepareForReuse, row: 7)),
            ("prepareForReuse row: nil", E.call(.prepareForReuse, isNil: true)),
            ("prepareForReuse <MyApp.MyCell: 0x600003a0c000; baseClass = UITableViewCell; frame = (0 132; 390 44); text = 'Cell 3'; layer = <CALayer: 0x600002d3e2a0>> row Optional(nil)",
             E.call(.prepareForReuse, isNil: true, cell: "0x600003a0c000")),
            ("MyCell.prepareForReuse() - cancelling download for row 3", E.call(.prepareForReuse, row: 3)),
        ])
    }

    @Test func testInitSpellings() {
        checkTable([
            ("init, row:0", E.call(.initCell, row: 0)),
            ("init(style:reuseIdentifier:)", E.call(.initCell)),
            ("awakeFromNib", E.call(.initCell)),
            ("awakeFromNib()", E.call(.initCell)),
            ("awakeFromNib, row:0", E.call(.initCell, row: 0)),
            ("MyCell init 0x600003a0c000", E.call(.initCell, cell: "0x600003a0c000")),
            ("-[MyCell initWithStyle:reuseIdentifier:]", E.call(.initCell)),
            ("🆕 init <MyApp.MyCell: 0x7fa1c4008a00; baseClass = UITableViewCell; frame = (0 0; 320 44); layer = <CALayer: 0x600000f3c1a0>>",
             E.call(.initCell, cell: "0x7fa1c4008a00")),
            ("INIT", E.call(.initCell)),
            ("init, row: 0 (from cellForRowAt)", E.call(.initCell, row: 0)),
            ("MyCell.init(coder:)", E.call(.initCell)),
        ])
    }

    @Test func testDeinitSpellings() {
        checkTable([
            ("deinit, row:3", E.call(.deinitCell, row: 3)),
            ("deinit", E.call(.deinitCell)),
            ("MyCell deinitialized", E.call(.deinitCell)),
            ("-[MyCell dealloc]", E.call(.deinitCell)),
            ("dealloc 0x600003a0c000", E.call(.deinitCell, cell: "0x600003a0c000")),
            ("💀 deinit <MyApp.MyCell: 0x7fa1c4008a00>", E.call(.deinitCell, cell: "0x7fa1c4008a00")),
            ("De-init row: Optional(4)", E.call(.deinitCell, row: 4)),
            ("MyCell deinit (was init at row 2)", E.call(.deinitCell, row: 2)),
        ])
    }

    /// Every printed form of a row, on one callback.
    @Test func testIndexPathForms() {
        checkTable([
            ("willDisplay 19", E.call(.willDisplay, row: 19)),
            ("willDisplay row 19", E.call(.willDisplay, row: 19)),
            ("willDisplay row:19", E.call(.willDisplay, row: 19)),
            ("willDisplay indexPath.row = 19", E.call(.willDisplay, row: 19)),
            ("willDisplay(19)", E.call(.willDisplay, row: 19)),
            ("willDisplay [0, 19]", E.call(.willDisplay, row: 19)),
            ("willDisplay [2,19]", E.call(.willDisplay, paths: [E.at(2, 19)])),
            ("willDisplay [[0, 19], [0, 20]]", E.call(.willDisplay, row: 19)),
            ("willDisplay <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19}", E.call(.willDisplay, row: 19)),
            ("willDisplay section: 1, row: 3", E.call(.willDisplay, paths: [E.at(1, 3)])),
            ("willDisplay row 3 section 1", E.call(.willDisplay, paths: [E.at(1, 3)])),
            ("willDisplay Optional(3)", E.call(.willDisplay, row: 3)),
            ("willDisplay Optional([1, 3])", E.call(.willDisplay, paths: [E.at(1, 3)])),
            ("willDisplay nil", E.call(.willDisplay, isNil: true)),
            ("willDisplay row: Optional(nil)", E.call(.willDisplay, isNil: true)),
            ("19: willDisplay", E.call(.willDisplay, row: 19)),
            ("[3] willDisplay", E.call(.willDisplay, row: 3)),
            ("willDisplay: 3, height 44.5", E.call(.willDisplay, row: 3)),
            ("willDisplay height 44", E.call(.willDisplay)),
            ("willDisplay at 12:30:01.250 row 4", E.call(.willDisplay, row: 4)),
            ("UITableViewCell2 willDisplay 5", E.inTable(E.call(.willDisplay, row: 5))),
            ("willDisplay 2021-09-02 row 6", E.call(.willDisplay, row: 6)),
            ("willDisplay 3 of 20", E.call(.willDisplay, row: 3)),
            ("willDisplay offset -47", E.call(.willDisplay)),
            ("willDisplay 0x7fb8c1d0a200", E.call(.willDisplay, cell: "0x7fb8c1d0a200")),
            ("willDisplay row 99999999999999999999", E.call(.willDisplay)),
            ("willDisplay row 1000000001", E.call(.willDisplay)),
            ("willDisplay row 1000000000", E.call(.willDisplay, row: 1_000_000_000)),
            ("→ tableView(_:willDisplay:forRowAt:) row 3, section 0", E.inTable(E.call(.willDisplay, row: 3))),
            ("willDisplay row 3 of section 1", E.call(.willDisplay, paths: [E.at(1, 3)])),
            ("FeedCell.swift:42 prepareForReuse() row 3", E.call(.prepareForReuse, row: 3)),
            ("indexPath: <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 19} willDisplay", E.call(.willDisplay, row: 19)),
            // A value labelled by another word is not the row, even a printed index path.
            ("cellForRowAt: 3 (visible: [[0, 0], [0, 1], [0, 2]])", E.call(.cellForRowAt, row: 3)),
            ("willDisplay tag 5 row 3", E.call(.willDisplay, row: 3)),
        ])
    }

    /// The cell's address and the addresses that are not the cell's.
    @Test func testAddresses() {
        checkTable([
            ("cellForRowAt 3 0x7FB8C1D0A200", E.call(.cellForRowAt, row: 3, cell: "0x7fb8c1d0a200")),
            ("cellForRowAt 3 cell=0x0", E.call(.cellForRowAt, row: 3)),
            ("cellForRowAt <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 3}", E.call(.cellForRowAt, row: 3)),
            ("cellForRowAt 3 ObjectIdentifier(0x0000600003a0c000)", E.call(.cellForRowAt, row: 3, cell: "0x0000600003a0c000")),
            ("cellForRowAt <UITableView: 0x7f9e0b00a000; frame = (0 0; 390 844)> <MyApp.PhotoCell: 0x7f9e0c01b200; baseClass = UITableViewCell> [0, 3]",
             E.call(.cellForRowAt, row: 3, cell: "0x7f9e0c01b200")),
            ("cellForRowAt [0, 3] <PhotoTile: 0x7f9e0c01b200>", E.call(.cellForRowAt, row: 3, cell: "0x7f9e0c01b200")),
            ("prepareForReuse <UITableViewCellContentView: 0x7f9e0d000000; frame = (0 0; 390 44)>", E.call(.prepareForReuse)),
            ("willDisplay 3 0x1234567890abcdef12", E.call(.willDisplay, row: 3)),
            ("[Cell 0x7fb8c1d0a200] prepareForReuse", E.call(.prepareForReuse, cell: "0x7fb8c1d0a200")),
            ("PhotoCell<0x600003a0c000> deinit", E.call(.deinitCell, cell: "0x600003a0c000")),
        ])
    }

    /// Precedence between names found in one line.
    @Test func testPrecedence() {
        checkTable([
            ("tableView:willDisplayCell:forRowAtIndexPath: [0, 2]", E.inTable(E.call(.willDisplay, row: 2))),
            ("tableView:didEndDisplayingCell:forRowAtIndexPath: [0, 2]", E.inTable(E.call(.didEndDisplaying, row: 2))),
            ("cancelPrefetchingForRowsAt [[0, 2]]", E.call(.cancelPrefetchingForRowsAt, row: 2)),
            ("deinit", E.call(.deinitCell)),
            ("init, row: 0 (from cellForRowAt)", E.call(.initCell, row: 0)),
            ("cellForRowAt 3: init new cell", E.stating(.new, E.call(.cellForRowAt, row: 3))),
            ("willDisplay 3 (prefetched)", E.call(.willDisplay, row: 3)),
        ])
    }

    @Test func testGapMarkers() {
        checkTable([
            ("...", E.gap), ("…", E.gap), ("…(중략)", E.gap), ("...(중략)", E.gap), ("(중략)", E.gap),
            ("[...]", E.gap), ("(snip)", E.gap), ("(...)", E.gap), ("   ...   ", E.gap), ("-- snip --", E.gap),
            ("[... 42 lines omitted ...]", E.gap), (". . .", E.gap), ("⋯", E.gap), ("중략", E.gap), ("(생략)", E.gap),
            ("<snip>", E.gap), ("..", E.gap), ("[…]", E.gap),
            (".", E.other), ("---", E.other), ("=====", E.other), ("... 3", E.other), ("more", E.other),
        ])
    }

    /// App output, UIKit's own messages, other delegate methods, source code and
    /// prose: none names a callback as its own line does.
    @Test func testOtherOutputStaysOther() {
        checkTable([
            ("loaded image for cell 3", E.other),
            ("", E.other),
            ("    ", E.other),
            ("viewDidLoad", E.other),
            ("heightForRowAt: 3", E.other),
            ("tableView(_:heightForRowAt:) [0, 3]", E.other),
            ("numberOfRowsInSection: 20", E.other),
            ("tableView(_:didSelectRowAt:) [0, 4]", E.other),
            ("initialize image cache", E.other),
            ("Initialized store", E.other),
            ("tableView(_:willDisplayHeaderView:forSection:) 0", E.other),
            ("tableView:willDisplayFooterView:forSection: 1", E.other),
            ("tableView.prefetchDataSource = self", E.other),
            ("isPrefetchingEnabled = true", E.other),
            ("print(\"cellForRowAt: \\(indexPath.row)\")", E.other),
            ("override func prepareForReuse() {", E.other),
            ("func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {", E.other),
            ("deinit {", E.other),
            ("ViewController deinit", E.other),
            ("ImageLoader init", E.other),
            ("<MyApp.ViewController: 0x7f9e0b00a000> deinit", E.other),
            ("Loading init data", E.other),
            ("Reloading data because prefetch finished early", E.other),
            ("[Assert] Attempted to call -cellForRowAtIndexPath: on the table view while it was in the process of updating its visible cells, which is not allowed.",
             E.other),
            ("willDisplay 메서드가 호출됩니다.", E.other),
            ("  • 그 다음은 cellForRowAt 메서드가 호출됩니다. 이 시점에서 row값을 받습니다.", E.other),
            ("  • 먼저 init메서드가 호출됩니다. 이 메서드에서 row값이 0으로 나온 이유는 당연하게도 아직 cellForRow 메서드가 작동하지 않은 시점이기에 row값이 들어오지 않았기 때문입니다.",
             E.other),
            ("    • cancelPrefetchingForRowsAt은 필요치 않은 셀들에 대해 작업을 취소하는 메서드입니다.", E.other),
            ("The user scrolled past the prefetch window, so images are loading slowly", E.other),
            ("Fetched 20 users", E.other),
            ("cell 3 tapped", E.other),
            ("Configuring cell for row 3", E.other),
            ("The cell will display soon", E.other),
            ("deinit ImageCache", E.other),
            // (A collection view's calls are its own lines now: CollectionRecogniserTests.)
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [UIKitCore] Warning once only: UITableView was told to layout its visible cells",
             E.other),
            // Seed 002's outline and front matter, and a source line of the protocol.
            ("title: UITableViewDataSource Prefetching", E.other),
            ("> 4. How prefetching works", E.other),
            ("  optional public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])", E.other),
            // Seed 004's list of the methods, before its log.
            ("    • prepareForReuse → UITableViewCell Method", E.other),
            ("    • willDisplay → Delegate Method", E.other),
            ("    • prefetchRowsAt → DataSource Prefetching Method", E.other),
            ("    print(\"prepareForReuse, row:\\(row ?? 0)\")", E.other),
        ])
    }
}
