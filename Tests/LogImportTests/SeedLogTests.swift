import XCTest
import LogImport

/// Seed 004, a real device's log from a Korean blog post (lines 142–181 of
/// `/work/shared/seeds/004_95fe5afde51fcc69.txt`, copied here so the test stands
/// alone): `print` lines with the row after the name, the cell's stale row printed
/// by `init` and `prepareForReuse`, an `...(중략)` abridgement, and the blog's prose
/// after it.
final class SeedLogTests: XCTestCase {
    typealias E = Expect

    static let log = """

init, row:0
cellForRowAt: 0
willDisplay: 0
init, row:0
cellForRowAt: 1
willDisplay: 1
init, row:0
cellForRowAt: 2
willDisplay: 2
init, row:0
cellForRowAt: 3
willDisplay: 3
...(중략)
init, row:0
cellForRowAt: 18
willDisplay: 18
prefetchRowsAt: [[0, 19], [0, 20], [0, 21], [0, 22], [0, 23], [0, 24], [0, 25], [0, 26], [0, 27], [0, 28]]
init, row:0
cellForRowAt: 19
init, row:0
cellForRowAt: 21
didEndDisplaying: 0
willDisplay: 21
init, row:0
cellForRowAt: 22
didEndDisplaying: 1
willDisplay: 22
prepareForReuse, row:0
cellForRowAt: 23
didEndDisplaying: 2
willDisplay: 23
prepareForReuse, row:1
cellForRowAt: 24
didEndDisplaying: 3
willDisplay: 24
prepareForReuse, row:2
cellForRowAt: 25

로그에 찍힌 메서드들부터 알아보겠습니다. 애플 도큐먼트 참고했습니다.
"""

    func testSeed004IsRecognisedExactly() {
        let lines = Self.log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 40)
        let prefetched = (19...28).map { E.at(0, $0) }
        let expected: [LogLine] = [
            E.other,
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 0), E.call(.willDisplay, row: 0),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 1), E.call(.willDisplay, row: 1),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 2), E.call(.willDisplay, row: 2),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 3), E.call(.willDisplay, row: 3),
            E.gap,
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 18), E.call(.willDisplay, row: 18),
            E.call(.prefetchRowsAt, paths: prefetched),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 19),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 21), E.call(.didEndDisplaying, row: 0), E.call(.willDisplay, row: 21),
            E.call(.initCell, row: 0), E.call(.cellForRowAt, row: 22), E.call(.didEndDisplaying, row: 1), E.call(.willDisplay, row: 22),
            E.call(.prepareForReuse, row: 0), E.call(.cellForRowAt, row: 23), E.call(.didEndDisplaying, row: 2), E.call(.willDisplay, row: 23),
            E.call(.prepareForReuse, row: 1), E.call(.cellForRowAt, row: 24), E.call(.didEndDisplaying, row: 3), E.call(.willDisplay, row: 24),
            E.call(.prepareForReuse, row: 2), E.call(.cellForRowAt, row: 25),
            E.other,
            E.other,
        ]
        XCTAssertEqual(expected.count, lines.count)
        let recogniser = LineRecogniser()
        for (offset, (text, want)) in zip(lines, expected).enumerated() {
            let number = 142 + offset
            var wanted = want
            wanted.lineNumber = number
            XCTAssertEqual(recogniser.recognise(text, number: number), wanted, "line \(number): \(text)")
        }
    }
}
