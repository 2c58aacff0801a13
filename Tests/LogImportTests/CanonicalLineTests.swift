import Foundation
import Testing
import LogImport

/// The canonical line of ReuseLab's instrumentation snippet: every kind and every
/// key read back exactly, in a table view's words and in a collection view's,
/// prefixes, and malformed lines.
@Suite
final class CanonicalLineTests {
    typealias E = Expect

    /// The canonical text of a line, written as the snippet writes it: in a
    /// collection view's words (`cellForItemAt`, `item=`) when the line names items.
    func canonical(_ line: LogLine) -> String {
        guard case .callback(let callback) = line.content else { return "" }
        let (place, places) = line.namesItems ? ("item", "items") : ("row", "rows")
        var text = "ReuseLab"
        if let seconds = line.seconds { text += " t=\(seconds)" }
        text += " kind=\(line.callName)"
        if callback == .prefetchRowsAt || callback == .cancelPrefetchingForRowsAt {
            text += " \(places)=" + line.indexPaths.map { "\($0.section):\($0.row)" }.joined(separator: ",")
        } else if let path = line.indexPaths.first {
            text += " section=\(path.section) \(place)=\(path.row)"
        } else if line.rowIsNil {
            text += " \(place)=nil"
        }
        if let address = line.address { text += " cell=\(address)" }
        if let offset = line.offset { text += " offset=\(offset)" }
        return text
    }

    @Test func testTheExampleReadsExactly() {
        #expect(LineRecogniser().recognise("ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0", number: 7) == LogLine(content: .callback(.cellForRowAt), indexPaths: [LogIndexPath(row: 19)], address: "0x600003a0c000",
                               seconds: 12.345678, offset: -47, lineNumber: 7))
    }

    @Test func testEveryKindRoundTrips() {
        let lines: [LogLine] = [
            E.call(.initCell, cell: "0x600003a0c000", seconds: 0.000001, offset: 0),
            E.call(.initCell, paths: [E.at(2, 5)], cell: "0x600003a0c000", seconds: 1.5, offset: 120.25),
            E.call(.prepareForReuse, row: 3, cell: "0x600003a0c000", seconds: 2, offset: 480),
            E.call(.prepareForReuse, isNil: true, cell: "0x600003a0c0f0", seconds: 2.25, offset: -0.5),
            E.call(.cellForRowAt, paths: [E.at(1, 19)], cell: "0x7fb8c1d0a200", seconds: 12.345678, offset: -47),
            E.call(.willDisplay, row: 0, cell: "0x7fb8c1d0a200", seconds: 12.345679, offset: 1e-3),
            E.call(.didEndDisplaying, row: 1_000_000_000, cell: "0xabcdef0123456789", seconds: 1e6, offset: 99999.75),
            E.call(.prefetchRowsAt, paths: [E.at(0, 19), E.at(0, 20), E.at(1, 0)], seconds: 3, offset: 10),
            E.call(.prefetchRowsAt, seconds: 3.5),
            E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 40)], seconds: 4, offset: 800),
            E.call(.deinitCell, row: 22, cell: "0x600003a0c000", seconds: 60, offset: 0),
            E.call(.deinitCell),
        ]
        let recogniser = LineRecogniser()
        for expected in lines {
            let text = canonical(expected)
            #expect(recogniser.recognise(text, number: 1) == expected, Comment(rawValue: text))
        }
        #expect(Set(lines.compactMap { line -> String? in
            if case .callback(let callback) = line.content { return callback.rawValue } else { return nil }
        }) == Set(LogLine.Callback.allCases.map(\.rawValue)))
    }

    @Test func testEveryItemKindRoundTrips() {
        let lines: [LogLine] = [
            E.items(E.call(.initCell, paths: [E.at(2, 5)], cell: "0x600003a0c000", seconds: 1.5, offset: 120.25)),
            E.items(E.call(.prepareForReuse, row: 3, cell: "0x600003a0c000", seconds: 2, offset: 480)),
            E.items(E.call(.prepareForReuse, isNil: true, cell: "0x600003a0c0f0", seconds: 2.25, offset: -0.5)),
            E.items(E.call(.cellForRowAt, paths: [E.at(1, 19)], cell: "0x7fb8c1d0a200", seconds: 12.345678, offset: -47)),
            E.items(E.call(.cellForRowAt, seconds: 12.5)),
            E.items(E.call(.willDisplay, row: 0, cell: "0x7fb8c1d0a200", seconds: 12.345679, offset: 1e-3)),
            E.items(E.call(.didEndDisplaying, row: 1_000_000_000, cell: "0xabcdef0123456789", seconds: 1e6, offset: 99999.75)),
            E.items(E.call(.prefetchRowsAt, paths: [E.at(0, 19), E.at(0, 20), E.at(1, 0)], seconds: 3, offset: 10)),
            E.items(E.call(.prefetchRowsAt, seconds: 3.5)),
            E.items(E.call(.cancelPrefetchingForRowsAt, paths: [E.at(0, 40)], seconds: 4, offset: 800)),
            E.items(E.call(.deinitCell, row: 22, cell: "0x600003a0c000", seconds: 60, offset: 0)),
        ]
        let recogniser = LineRecogniser()
        var kinds: Set<String> = []
        for expected in lines {
            let text = canonical(expected)
            #expect(recogniser.recognise(text, number: 1) == expected, Comment(rawValue: text))
            kinds.insert(expected.callName)
        }
        #expect(kinds == ["init", "prepareForReuse", "cellForItemAt", "willDisplay", "didEndDisplaying",
                          "prefetchItemsAt", "cancelPrefetchingForItemsAt", "deinit"])
    }

    @Test func testItemKeysAndKindsNameACollectionView() {
        checkTable([
            // An item kind, or a shared kind with item= or items=, is a collection view's line.
            ("ReuseLab kind=cellForItemAt section=1 item=4", E.items(E.call(.cellForRowAt, paths: [E.at(1, 4)]))),
            ("ReuseLab item=4 kind=willDisplay", E.items(E.call(.willDisplay, row: 4))),
            ("ReuseLab kind=didEndDisplaying item=0 cell=0x7fb8c1d0a200", E.items(E.call(.didEndDisplaying, row: 0, cell: "0x7fb8c1d0a200"))),
            ("ReuseLab kind=prepareForReuse section=0 item=9", E.items(E.call(.prepareForReuse, row: 9))),
            ("ReuseLab kind=deinit item=nil", E.items(E.call(.deinitCell, isNil: true))),
            ("ReuseLab kind=init item=2", E.items(E.call(.initCell, row: 2))),
            ("ReuseLab kind=prefetchItemsAt items=0:7,8", E.items(E.call(.prefetchRowsAt, paths: [E.at(0, 7), E.at(0, 8)]))),
            ("ReuseLab kind=cancelPrefetchingForItemsAt items=", E.items(E.call(.cancelPrefetchingForRowsAt))),
            ("ReuseLab kind=willDisplay items=1:2", E.items(E.call(.willDisplay, paths: [E.at(1, 2)]))),
            ("ReuseLab kind=cellForItemAt section=2", E.items(E.call(.cellForRowAt))),
            // A shared kind without an index path names neither list; with row= it is read as before.
            ("ReuseLab kind=willDisplay", E.call(.willDisplay)),
            ("ReuseLab kind=willDisplay row=4", E.call(.willDisplay, row: 4)),
            // Rows and items in one line: malformed, never guessed at.
            ("ReuseLab kind=willDisplay row=3 item=3", E.other),
            ("ReuseLab kind=willDisplay item=3 row=3", E.other),
            ("ReuseLab kind=willDisplay row=nil item=nil", E.other),
            ("ReuseLab kind=cellForItemAt row=3", E.other),
            ("ReuseLab kind=cellForRowAt item=3", E.other),
            ("ReuseLab kind=prefetchItemsAt rows=0:1", E.other),
            ("ReuseLab kind=prefetchRowsAt items=0:1", E.other),
            ("ReuseLab kind=cancelPrefetchingForRowsAt items=", E.other),
            ("ReuseLab kind=willDisplay rows=0:1 item=2", E.other),
            ("ReuseLab kind=prepareForReuse item=1 rows=0:1", E.other),
            // Item values and kinds that do not read.
            ("ReuseLab kind=cellForItemAt item=abc", E.other),
            ("ReuseLab kind=cellForItemAt item=-1", E.other),
            ("ReuseLab kind=cellForItemAt item=1000000001", E.other),
            ("ReuseLab kind=prefetchItemsAt items=0:1:2", E.other),
            ("ReuseLab kind=prefetchItemsAt items=0:1,,0:2", E.other),
            ("ReuseLab kind=CellForItemAt item=3", E.other),
            ("ReuseLab kind=cellForItem item=3", E.other),
            ("ReuseLab kind=reloadItems items=0:1", E.other),
        ])
    }

    @Test func testAnItemLineUnderAPrefixIsACollectionViewsCall() {
        let line = LineRecogniser().recognise("2021-09-02 20:11:28.629969+0900 App[67460:9088556] ReuseLab t=3.25 kind=cellForItemAt section=0 item=2 cell=0x600003a0c000",
                                              number: 4)
        var expected = E.items(E.call(.cellForRowAt, row: 2, cell: "0x600003a0c000", seconds: 3.25))
        expected.lineNumber = 4
        #expect(line == expected)
        #expect(line.callName == "cellForItemAt")
        #expect(!line.namesRows)
    }

    @Test func testDetailsOfTheFormat() {
        checkTable([
            // Keys in any order, a section without a row ignored, bare rows in a list, unknown keys skipped.
            ("ReuseLab row=4 kind=willDisplay section=2", E.call(.willDisplay, paths: [E.at(2, 4)])),
            ("ReuseLab kind=willDisplay section=2", E.call(.willDisplay)),
            ("ReuseLab kind=prefetchRowsAt rows=7,8", E.call(.prefetchRowsAt, paths: [E.at(0, 7), E.at(0, 8)])),
            ("ReuseLab kind=cancelPrefetchingForRowsAt rows=", E.call(.cancelPrefetchingForRowsAt)),
            ("ReuseLab kind=willDisplay row=3 future=yes", E.call(.willDisplay, row: 3)),
            ("ReuseLab kind=willDisplay row=3 cell=0X7FB8C1D0A200", E.call(.willDisplay, row: 3, cell: "0x7fb8c1d0a200")),
            ("ReuseLab kind=willDisplay row=3 cell=0x0", E.call(.willDisplay, row: 3)),
            ("ReuseLab kind=willDisplay row=3 cell=nil", E.call(.willDisplay, row: 3)),
            ("  ReuseLab  kind=deinit\trow=0  ", E.call(.deinitCell, row: 0)),
            ("ReuseLab kind=willDisplay row=007", E.call(.willDisplay, row: 7)),
            // As the snippet prints a pointer: sixteen digits, zero-padded.
            ("ReuseLab t=0.016667 kind=willDisplay section=0 row=3 cell=0x0000600003a0c000 offset=-0.0",
             E.call(.willDisplay, row: 3, cell: "0x0000600003a0c000", seconds: 0.016667, offset: 0)),
            // Malformed: never guessed at.
            ("ReuseLab", E.other),
            ("ReuseLab t=1", E.other),
            ("ReuseLab kind=bogus row=3", E.other),
            ("ReuseLab kind=WillDisplay row=3", E.other),
            ("ReuseLab kind=willDisplay row=abc", E.other),
            ("ReuseLab kind=willDisplay row=-1", E.other),
            ("ReuseLab kind=willDisplay row=1000000001", E.other),
            ("ReuseLab kind=willDisplay row=9223372036854775808", E.other),
            ("ReuseLab kind=willDisplay cell=0xZZ", E.other),
            ("ReuseLab kind=willDisplay cell=0x12345678901234567", E.other),
            ("ReuseLab kind=willDisplay willDisplay", E.other),
            ("ReuseLab kind=prefetchRowsAt rows=0:1:2", E.other),
            ("ReuseLab kind=prefetchRowsAt rows=0:1,,0:2", E.other),
            ("ReuseLab t=nan kind=init", E.other),
            ("ReuseLab t=1e999 kind=init", E.other),
            ("ReuseLab t=0x1p3 kind=init", E.other),
            ("ReuseLab kind=init offset=inf", E.other),
            // Not the marker: read as any other line.
            ("ReuseLabs kind=init", E.other),
            ("reuselab kind=willDisplay row=3", E.call(.willDisplay, row: 3)),
        ])
    }

    @Test func testTheTimeOfTheLineWinsOverThePrefix() throws {
        let recogniser = LineRecogniser()
        let withTime = recogniser.recognise("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [ReuseLab] ReuseLab t=3.25 kind=willDisplay row=2", number: 1)
        #expect(withTime == E.call(.willDisplay, row: 2, seconds: 3.25))
        let withoutTime = recogniser.recognise("2021-09-02 20:11:28.629969+0900 App[67460:9088556] ReuseLab kind=willDisplay row=2", number: 1)
        #expect(withoutTime.content == .callback(.willDisplay))
        #expect(abs((try #require(withoutTime.seconds)) - 652_273_888.629969) <= 1e-5)
        let logShow = recogniser.recognise("2021-09-02 20:11:28.629969+0900 0x8a1b2c Default 0x0 67460 0 App: [com.example:reuselab] ReuseLab t=9 kind=init cell=0x600003a0c000",
                                           number: 1)
        #expect(logShow == E.call(.initCell, cell: "0x600003a0c000", seconds: 9))
    }
}
