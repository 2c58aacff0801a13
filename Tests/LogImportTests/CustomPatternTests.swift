import Foundation
import Testing
import LogImport

/// `KIND=REGEX` custom patterns: what their groups fill in, their precedence, and
/// every error a person can make writing one.
@Suite
final class CustomPatternTests {
    typealias E = Expect

    func recogniser(_ arguments: String...) throws -> LineRecogniser {
        LineRecogniser(patterns: try arguments.map { try CustomPattern(argument: $0) })
    }

    func error(_ argument: String, sourceLocation: SourceLocation = #_sourceLocation) -> PatternError? {
        do {
            _ = try CustomPattern(argument: argument)
            Issue.record("\(argument) was accepted", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Seed 000 logs `NSLog("제목:\(row.title!), 호출된 행번호:\(indexPath.row)")` from
    /// cellForRowAt — no callback name at all — and later the same with the parts swapped.
    @Test func testSeed000NeedsAndGetsAPattern() throws {
        let line = "2017-03-08 15:12:41.521 MyMovieChart[2870:91521] 제목:부산행, 호출된 행번호:5"
        #expect(LineRecogniser().recognise(line, number: 1).content == .other)
        let reader = try recogniser("cellForRowAt=호출된 행번호: ?(?<row>\\d+)")
        #expect(reader.recognise(line, number: 1).indexPaths == [E.at(0, 5)])
        #expect(reader.recognise(line, number: 1).content == .callback(.cellForRowAt))
        #expect(reader.recognise("호출된 행번호: 12, 제목:곡성", number: 1) == E.call(.cellForRowAt, row: 12))
    }

    @Test func testGroupsFillTheLine() throws {
        checkTable([
            ("WD s1 r3 0x7FB8C1D0A200 @12.5", E.call(.willDisplay, paths: [E.at(1, 3)], cell: "0x7fb8c1d0a200", seconds: 12.5)),
            ("PF [[0, 1], [0, 2]]", E.call(.prefetchRowsAt, paths: [E.at(0, 1), E.at(0, 2)])),
            ("reuse nil", E.call(.prepareForReuse, isNil: true)),
            ("reuse Optional(4)", E.call(.prepareForReuse, row: 4)),
            ("made <MyApp.MyCell: 0x600003a0c000; baseClass = UITableViewCell> at 20:11:28.5", E.call(.initCell, cell: "0x600003a0c000", seconds: 72_688.5)),
            ("gone", E.call(.deinitCell)),
            // Numbers too large for rows, and times that do not read, leave their fields empty.
            ("reuse 99999999999", E.call(.prepareForReuse)),
            ("WD s1 r3 0x0 @soon", E.call(.willDisplay, paths: [E.at(1, 3)])),
        ], recogniser: try recogniser(
            "willDisplay=^WD s(?<section>\\d+) r(?<row>\\d+) (?<cell>\\S+) @(?<t>\\S+)$",
            "prefetchRowsAt=^PF (?<row>.*)$",
            "prepareForReuse=^reuse (?<row>\\S+)$",
            "init=^made (?<cell><[^>]*>) at (?<t>[0-9:.]+)$",
            "deinit=^gone$"))
    }

    @Test func testPatternsComeFirstInOrderAfterThePrefix() throws {
        let reader = try recogniser("deinit=willDisplay", "init=willDisplay (?<row>\\d+)", "cellForRowAt=^custom (?<row>\\d+)$")
        // The first pattern that matches wins, over the built-in reading too.
        #expect(reader.recognise("willDisplay 3", number: 1) == E.call(.deinitCell))
        // Patterns see the message without its prefix, and the prefix's time is kept.
        let prefixed = reader.recognise("2021-09-02 20:11:28.5+0000 App[1:2] custom 8", number: 1)
        #expect(prefixed.content == .callback(.cellForRowAt))
        #expect(prefixed.indexPaths == [E.at(0, 8)])
        #expect(prefixed.seconds != nil)
        // A line no pattern matches is read as usual.
        #expect(reader.recognise("didEndDisplaying: 4", number: 1) == E.call(.didEndDisplaying, row: 4))
        // Unnamed groups, lookbehinds and quoted or bracketed parentheses do not shift the named ones.
        checkTable([
            ("x5 7", E.call(.willDisplay, row: 7)),
            ("LB 8", E.call(.didEndDisplaying, row: 8)),
            ("(x) (9)", E.call(.cellForRowAt, row: 9)),
        ], recogniser: try recogniser("willDisplay=x(\\d+) (?:y)?(?<row>\\d+)",
                                      "didEndDisplaying=(?<=LB )(?<row>\\d+)",
                                      "cellForRowAt=\\Q(x)\\E [(](?<row>\\d+)[)]"))
        // The argument splits at its first "=": the expression may hold more.
        #expect((try recogniser("init=a=b").recognise("a=b", number: 1)) == E.call(.initCell))
    }

    /// Group names are read as ICU reads them: not inside classes, quotes or comments.
    /// A collection view's names for the calls make the line a collection view's,
    /// and its index path may be named `item`.
    @Test func testItemKindsAndTheItemGroupMakeACollectionViewsLine() throws {
        let reader = try recogniser("cellForItemAt=^config (?<item>\\d+)$", "willDisplay=^show (?<item>\\d+)$",
                                    "prefetchItemsAt=^ahead (?<row>.*)$", "didEndDisplaying=^gone (?<row>\\d+)$")
        var configure = E.call(.cellForRowAt, row: 3)
        configure.namesItems = true
        #expect(reader.recognise("config 3", number: 1) == configure)
        #expect(reader.recognise("show 3", number: 1).namesItems, "an item group names an item")
        let ahead = reader.recognise("ahead [[0, 4], [0, 5]]", number: 1)
        #expect(ahead.content == .callback(.prefetchRowsAt) && ahead.namesItems && ahead.indexPaths == [E.at(0, 4), E.at(0, 5)])
        #expect(!reader.recognise("gone 2", number: 1).namesItems, "a shared call with a row group says neither")
        #expect(throws: PatternError.self) { try CustomPattern(argument: "cellForItemAt=(?<item>\\d+) (?<row>\\d+)") }
    }

    @Test func testGroupNamesAreReadLikeICUReadsThem() throws {
        checkTable([
            ("x5", E.call(.willDisplay, row: 5)),
            (" 6 ", E.call(.didEndDisplaying, row: 6)),
            ("<7>", E.call(.cellForRowAt, row: 7)),
        ], recogniser: try recogniser("cellForRowAt=(?#(?<bogus>)<(?<row>\\d+)\\Q>\\E",
                                      "willDisplay=[(?<x>)](?<row>\\d+)",
                                      "didEndDisplaying=(?x) (?<row>\\d+) # (?<bogus>"))
        // A pattern is tried before the canonical reading too.
        #expect((try recogniser("deinit=^ReuseLab").recognise("ReuseLab kind=willDisplay row=3", number: 1)) == E.call(.deinitCell))
    }

    @Test func testErrors() {
        #expect(error("cellForRowAt")?.message == "custom pattern \"cellForRowAt\" has no \"=\": write KIND=REGEX, for example cellForRowAt=cell (?<row>\\d+)")
        #expect(error("cellForRow=row (\\d+)")?.message == ("unknown kind \"cellForRow\" in custom pattern \"cellForRow=row (\\d+)\" (did you mean \"cellForRowAt\"?); "
                       + "kinds are init, prepareForReuse, cellForRowAt, willDisplay, didEndDisplaying, prefetchRowsAt, cancelPrefetchingForRowsAt, deinit, cancelPrefetchingForItemsAt, cellForItemAt, prefetchItemsAt"))
        #expect(error("appear=x")?.message == ("unknown kind \"appear\" in custom pattern \"appear=x\"; kinds are init, prepareForReuse, cellForRowAt, willDisplay, "
                       + "didEndDisplaying, prefetchRowsAt, cancelPrefetchingForRowsAt, deinit, cancelPrefetchingForItemsAt, cellForItemAt, prefetchItemsAt"))
        #expect(error("=x")?.message.hasPrefix("custom pattern \"=x\" has no kind before \"=\"; kinds are init,") == true)
        #expect(error("willDisplay=")?.message == "custom pattern \"willDisplay=\" has an empty regular expression after \"=\"")
        #expect(error("willDisplay=(?<rows>\\d+)")?.message == "unknown group name \"rows\" in custom pattern for willDisplay (did you mean \"row\"?); groups may be named row, item, section, cell or t")
        #expect(error("willDisplay=(?<index>\\d+)")?.message == "unknown group name \"index\" in custom pattern for willDisplay; groups may be named row, item, section, cell or t")

        let unclosed = error("willDisplay=row (\\d+")?.message ?? ""
        #expect(unclosed.hasPrefix("invalid regular expression \"row (\\d+\" for willDisplay: NSRegularExpression says \""), Comment(rawValue: unclosed))
        #expect(unclosed.hasSuffix(" (a ( is not closed)\""), Comment(rawValue: unclosed))
        #expect(error("willDisplay=[a-")?.message.hasSuffix(" (a [ is not closed)\"") == true)
        #expect(error("willDisplay=a)")?.message.hasSuffix(" (a ) closes no group)\"") == true)
        #expect(error("willDisplay=*a")?.message.hasPrefix("invalid regular expression \"*a\" for willDisplay: NSRegularExpression says") == true)
        #expect(error("willDisplay=(?<row>a)(?<row>b)")?.message.hasPrefix("invalid regular expression") == true)

        // Control characters in an argument are shown escaped, and a long one shortened.
        let shown = error("\u{1B}[31mcell\u{7}") ?? PatternError(message: "")
        #expect(!(shown.message.contains("\u{1B}")), Comment(rawValue: shown.message))
        #expect(shown.message.contains("\\e[31mcell\\u{7}"), Comment(rawValue: shown.message))
        #expect((error(String(repeating: "x", count: 10_000))?.message.count ?? .max) < 300)
    }
}
