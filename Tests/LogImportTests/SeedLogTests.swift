import Testing
import Foundation
import LogImport

/// Seed 004, a real device's log from a Korean blog post (the bundled
/// `traces/device-seed004.log`, between the post's blank line and prose): `print` lines with the row after the name, the cell's stale row printed
/// by `init` and `prepareForReuse`, an `...(중략)` abridgement, and the blog's prose
/// after it.
@Suite
final class SeedLogTests {
    typealias E = Expect

    /// The bundled log (`traces/device-seed004.log`, lines 143–179 of the seed),
    /// with the blank line before it and the blog's first line of prose after it.
    static let log: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("traces/device-seed004.log").path
        let bundled = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return "\n" + bundled + "\n" + "로그에 찍힌 메서드들부터 알아보겠습니다. 애플 도큐먼트 참고했습니다."
    }()

    @Test func testSeed004IsRecognisedExactly() {
        let lines = Self.log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 40)
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
        #expect(expected.count == lines.count)
        let recogniser = LineRecogniser()
        for (offset, (text, want)) in zip(lines, expected).enumerated() {
            let number = 142 + offset
            var wanted = want
            wanted.lineNumber = number
            #expect(recogniser.recognise(text, number: number) == wanted, "line \(number): \(text)")
        }
    }
}
