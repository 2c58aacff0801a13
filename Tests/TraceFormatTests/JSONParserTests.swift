import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The positioned JSON reader: where it says things are, and how it refuses
/// everything that is not strict JSON without ever trapping.
@Suite
final class JSONParserTests {

    // MARK: Positions

    @Test func testPositionsOfValuesAndKeysAcrossLines() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": [true, null]\n}"
        let root = try #require(parse(text))
        #expect(root.position == SourcePosition(line: 1, column: 1))
        guard case .object(let object) = root.value else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b"])
        #expect(object.members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(object.members[0].value.position == SourcePosition(line: 2, column: 8))
        #expect(object.members[1].keyPosition == SourcePosition(line: 3, column: 3))
        let b = object.members[1].value
        #expect(b.position == SourcePosition(line: 3, column: 8))
        guard case .array(let elements) = b.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.position) == [SourcePosition(line: 3, column: 9), SourcePosition(line: 3, column: 15)])
        #expect(elements.map(\.value) == [.bool(true), .null])
    }

    @Test func testColumnsCountCharactersNotBytes() throws {
        // 한, 글 and é are 2–3 bytes each in UTF-8, 😀 is 4; each is one column.
        let text = "{\"한글\": \"é😀\", \"x\": 1}"
        let root = try #require(parse(text))
        guard case .object(let object) = root.value else { Issue.record("not an object"); return }
        #expect(object.keys == ["한글", "x"])
        #expect(object.members[0].value.value == .string("é😀"))
        #expect(object.members[1].keyPosition == SourcePosition(line: 1, column: 14))
        #expect(object.members[1].value.position == SourcePosition(line: 1, column: 19))
        #expect(object.members[1].value.position == locate("1", in: text))
    }

    @Test func testErrorColumnAfterMultiByteCharacters() {
        let text = "[\"é😀\" x]"
        let error = syntaxError(text)
        #expect(error?.position == SourcePosition(line: 1, column: 7))
        #expect(error?.message.contains("expected ',' or ']' after an array element, found 'x'") == true, "\(String(describing: error))")
    }

    @Test func testErrorLineAndColumnOnALaterLineWithKoreanText() {
        let text = "{\n  \"제목\": \"셀 재사용\",\n  \"행\": 12,\n  \"높이\": 44 45\n}"
        let error = syntaxError(text)
        #expect(error?.position == SourcePosition(line: 4, column: 12))
        #expect(error?.position == locate("45", in: text))
    }

    @Test func testCarriageReturnLineFeedAndTabs() {
        let text = "{\r\n\t\"a\": x}"
        let error = syntaxError(text)
        #expect(error?.position == SourcePosition(line: 2, column: 7))
        #expect(error?.message.contains("expected a JSON value, found 'x'") == true)
    }

    // MARK: Syntax errors

    private func assertSyntax(_ text: String, at position: SourcePosition, _ expected: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = syntaxError(text) else {
            Issue.record("\(text.debugDescription) was accepted", sourceLocation: sourceLocation); return
        }
        #expect(error.position == position, "position of: \(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(expected), "expected \"\(expected)\" in \"\(error.message)\"", sourceLocation: sourceLocation)
    }

    @Test func testMissingComma() {
        assertSyntax("[1 2]", at: SourcePosition(line: 1, column: 4), "expected ',' or ']' after an array element, found '2'")
        assertSyntax("{\n  \"a\": 1\n  \"b\": 2\n}", at: SourcePosition(line: 3, column: 3), "expected ',' or '}' after an object member, found '\"'")
        assertSyntax("{\"a\" 1}", at: SourcePosition(line: 1, column: 6), "expected ':' after the member name \"a\", found '1'")
    }

    @Test func testTrailingComma() {
        assertSyntax("[1,]", at: SourcePosition(line: 1, column: 4), "expected a JSON value, found ']'")
        assertSyntax("{\"a\": 1,}", at: SourcePosition(line: 1, column: 9), "expected a member name in double quotes, found '}'")
        assertSyntax("[1,\n  2,\n]", at: SourcePosition(line: 3, column: 1), "expected a JSON value, found ']'")
    }

    @Test func testUnterminatedStringPointsAtItsStart() {
        assertSyntax("{\"a\": \"abc", at: SourcePosition(line: 1, column: 7), "unexpected end of file inside a string that starts here (is the file truncated?)")
        assertSyntax("[\"ok\",\n \"no end]\n", at: SourcePosition(line: 2, column: 10), "a line break inside a string")
        assertSyntax("[\"a\\", at: SourcePosition(line: 1, column: 2), "unexpected end of file inside a string")
    }

    @Test func testBadEscapes() {
        assertSyntax("[\"a\\qb\"]", at: SourcePosition(line: 1, column: 4), "unknown escape '\\q' in a string")
        assertSyntax("[\"\\x41\"]", at: SourcePosition(line: 1, column: 3), "unknown escape '\\x'")
        assertSyntax("[\"\\u12G4\"]", at: SourcePosition(line: 1, column: 3), "expected four hexadecimal digits after \\u")
        assertSyntax("[\"\\u12", at: SourcePosition(line: 1, column: 3), "unexpected end of file inside a \\u escape")
    }

    @Test func testValidEscapes() throws {
        let node = try #require(parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\uD83D\uDE00"]"#))
        guard case .array(let elements) = node.value else { Issue.record("not an array"); return }
        #expect(elements.first?.value == .string("\"\\/\u{08}\u{0C}\n\r\tAé😀"))
    }

    @Test func testLeadingZerosAndOtherBadNumbers() {
        assertSyntax("[01]", at: SourcePosition(line: 1, column: 2), "numbers may not have leading zeros")
        assertSyntax("[1, -007]", at: SourcePosition(line: 1, column: 5), "numbers may not have leading zeros")
        assertSyntax("[.5]", at: SourcePosition(line: 1, column: 2), "expected a JSON value, found '.'")
        assertSyntax("[+1]", at: SourcePosition(line: 1, column: 2), "expected a JSON value, found '+'")
        assertSyntax("[1.]", at: SourcePosition(line: 1, column: 4), "expected a digit after the decimal point, found ']'")
        assertSyntax("[1e]", at: SourcePosition(line: 1, column: 4), "expected a digit in the exponent, found ']'")
        assertSyntax("[-]", at: SourcePosition(line: 1, column: 3), "expected a digit in a number, found ']'")
        assertSyntax("[1e999]", at: SourcePosition(line: 1, column: 2), "the number 1e999 is too large")
    }

    @Test func testValidNumbers() throws {
        let node = try #require(parse("[0, -0, 12, 1.5e3, 1E-2, -4.25]"))
        guard case .array(let elements) = node.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.value) == [.number(0), .number(-0.0), .number(12), .number(1500), .number(0.01), .number(-4.25)])
    }

    @Test func testLoneSurrogates() {
        assertSyntax(#"["\uD800"]"#, at: SourcePosition(line: 1, column: 3), "a \\u escape for a high surrogate must be followed by a low surrogate")
        assertSyntax(#"["\uD800\u0041"]"#, at: SourcePosition(line: 1, column: 3), "must be followed by a low surrogate")
        assertSyntax(#"["\uD800x"]"#, at: SourcePosition(line: 1, column: 3), "must be followed by a low surrogate")
        assertSyntax(#"["ab\uDC00"]"#, at: SourcePosition(line: 1, column: 5), "a lone low surrogate \\uDC00 is not a character")
    }

    @Test func testControlCharactersInsideStrings() {
        assertSyntax("[\"a\tb\"]", at: SourcePosition(line: 1, column: 4), "control character U+0009 inside a string (escape it as \\u0009)")
        assertSyntax("[\"\u{1F}\"]", at: SourcePosition(line: 1, column: 3), "control character U+001F")
        assertSyntax("[\"\u{0}\"]", at: SourcePosition(line: 1, column: 3), "control character U+0000")
        // DEL is not a control character in JSON's sense.
        #expect(syntaxError("[\"\u{7F}\"]") == nil)
    }

    @Test func testLiteralsAndStrayCharacters() {
        assertSyntax("[True]", at: SourcePosition(line: 1, column: 2), "expected a JSON value, found 'T'")
        assertSyntax("[nul]", at: SourcePosition(line: 1, column: 5), "expected the literal 'null', found ']'")
        assertSyntax("{a: 1}", at: SourcePosition(line: 1, column: 2), "expected a member name in double quotes, found 'a'")
        assertSyntax("{} {}", at: SourcePosition(line: 1, column: 4), "unexpected '{' after the end of the JSON document")
        assertSyntax("[1]\n]", at: SourcePosition(line: 2, column: 1), "unexpected ']' after the end of the JSON document")
        assertSyntax("'a'", at: SourcePosition(line: 1, column: 1), "expected a JSON value, found '''")
    }

    @Test func testEmptyAndWhitespaceOnlyDocuments() {
        assertSyntax("", at: SourcePosition(line: 1, column: 1), "unexpected end of file where a value was expected (is the file truncated?)")
        assertSyntax(" \n\n  ", at: SourcePosition(line: 3, column: 3), "unexpected end of file where a value was expected")
    }

    // MARK: Truncated input

    @Test func testEveryTruncationOfADocumentIsRefusedWithAnEndOfFileMessage() {
        let text = """
        {
          "title": "Seed 004 — 느린 스크롤",
          "table": {"rows": 100, "rowHeight": 44.5, "heights": [1e2, -3, 0.25]},
          "flags": [true, false, null],
          "escaped": "tab\\t and \\u00e9 and \\uD83D\\uDE00"
        }
        """
        #expect(syntaxError(text) == nil, "the whole document must parse")
        let bytes = utf8(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            guard let error = syntaxError(bytes: prefix) else {
                Issue.record("the first \(length) bytes were accepted as a document")
                continue
            }
            // A cut inside a multi-byte character is reported as invalid UTF-8 or as an
            // unterminated string; everything else must say the file ended early.
            // A cut between the two halves of an escaped surrogate pair says the low half is missing.
            let acceptable = error.message.contains("end of file") || error.message.contains("end of the file")
                || error.message.contains("not valid UTF-8") || error.message.contains("must be followed by a low surrogate")
            #expect(acceptable, "cut at \(length): \(error.message)")
            #expect((1...lines).contains(error.position.line), "cut at \(length): line \(error.position.line)")
            #expect(error.position.column >= 1)
        }
    }

    @Test func testTruncatedArrayMentionsTruncation() {
        assertSyntax("{\"a\": [1, 2", at: SourcePosition(line: 1, column: 12), "found the end of the file (is the file truncated?)")
        assertSyntax("{\"a\": tr", at: SourcePosition(line: 1, column: 7), "expected the literal 'true', found the end of the file")
    }

    // MARK: Depth

    @Test func testDeepNestingIsRefusedNotACrash() {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        assertSyntax(text, at: SourcePosition(line: 1, column: JSONParser.maximumDepth + 1),
                     "values are nested more than \(JSONParser.maximumDepth) deep")
        #expect(syntaxError(text)?.isLimit == true, "a limit: status 67, like every other")
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        assertSyntax(objects, at: SourcePosition(line: 1, column: 5 * JSONParser.maximumDepth + 1), "nested more than")
        // Only opening brackets, as in a truncated or hostile file.
        #expect(syntaxError(String(repeating: "[", count: 100_000)) != nil)
    }

    @Test func testNestingUpToTheLimitIsAccepted() {
        let depth = JSONParser.maximumDepth
        #expect(syntaxError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == nil)
        #expect(syntaxError(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)) != nil)
    }

    // MARK: Duplicate keys

    @Test func testDuplicateKeysAreRefusedAtTheSecondKey() {
        assertSyntax("{\"a\": 1, \"a\": 2}", at: SourcePosition(line: 1, column: 10), "the member \"a\" appears twice in one object")
        let nested = "{\"table\": {\n  \"rows\": 1,\n  \"rows\": 2}}"
        assertSyntax(nested, at: SourcePosition(line: 3, column: 3), "the member \"rows\" appears twice")
        // Keys are compared after unescaping.
        assertSyntax(#"{"a": 1, "\u0061": 2}"#, at: SourcePosition(line: 1, column: 10), "the member \"a\" appears twice")
        // The same key in two different objects is fine.
        #expect(syntaxError("[{\"a\": 1}, {\"a\": 2}]") == nil)
    }

    // MARK: Byte-order mark and encodings

    @Test func testByteOrderMarkIsTolerated() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let root = try parseTree(bom + utf8("{\"a\": 1}"))
        #expect(root.position == SourcePosition(line: 1, column: 1))
        guard case .object(let object) = root.value else { Issue.record("not an object"); return }
        #expect(object.members.first?.value.position == SourcePosition(line: 1, column: 7))
        // Positions after a BOM are those an editor shows (the BOM is not a column).
        #expect(syntaxError(bytes: bom + utf8("[1 2]"))?.position == SourcePosition(line: 1, column: 4))
        // A BOM anywhere else is not white space.
        #expect(syntaxError(bytes: utf8("[") + bom + utf8("1]"))?.message.contains("expected a JSON value") == true)
    }

    @Test func testInvalidUTF8InsideAString() {
        let cases: [[UInt8]] = [
            [0x5B, 0x22, 0xFF, 0x22, 0x5D],                    // ["\xFF"]
            [0x5B, 0x22, 0x61, 0xC0, 0xAF, 0x22, 0x5D],        // overlong "/"
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],        // an encoded surrogate
            [0x5B, 0x22, 0xE2, 0x82, 0x5C, 0x6E, 0xAC, 0x22, 0x5D], // a character split by an escape
        ]
        for bytes in cases {
            let error = syntaxError(bytes: bytes)
            #expect(error?.position == SourcePosition(line: 1, column: 2), "\(bytes)")
            #expect(error?.message.contains("the string is not valid UTF-8 text (is this a binary file?)") == true, "\(String(describing: error))")
        }
    }

    @Test func testInvalidBytesOutsideStrings() {
        let error = syntaxError(bytes: [0x5B, 0x31, 0x2C, 0xFE, 0x5D])
        #expect(error?.position == SourcePosition(line: 1, column: 4))
        #expect(error?.message == "expected a JSON value, found '\\xFE'")
    }

    @Test func testControlCharactersAreShownVisiblyInMessages() {
        let error = syntaxError("[1\u{1B}]")
        #expect(error?.message.contains("'\\x1B'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("\u{1B}") == false)
    }

    // MARK: Streaming pieces

    @Test func testStreamingReadsMembersAndElementsWithPositions() throws {
        try withParser("{\"a\": [1, 2], \"b\": {}}") { (parser: inout JSONParser) throws(JSONSyntaxError) in
            try parser.beginObject()
            let first = try parser.nextMemberKey(isFirst: true)
            #expect(first?.key == "a")
            #expect(first?.position == SourcePosition(line: 1, column: 2))
            try parser.beginArray()
            var values: [JSONValue] = []
            var isFirst = true
            while try parser.nextElement(isFirst: isFirst) {
                isFirst = false
                values.append(try parser.parseValue().root)
            }
            #expect(values == [.number(1), .number(2)])
            let second = try parser.nextMemberKey(isFirst: false)
            #expect(second?.key == "b")
            try parser.skipValue()
            #expect((try parser.nextMemberKey(isFirst: false)) == nil)
            try parser.expectEnd()
        }
    }

    @Test func testStreamingRefusesTrailingCommaInArray() {
        do {
            try withParser("[1,]") { (parser: inout JSONParser) throws(JSONSyntaxError) in
                try parser.beginArray()
                #expect(try parser.nextElement(isFirst: true))
                _ = try parser.parseValue()
                #expect(try parser.nextElement(isFirst: false))
                _ = try parser.parseValue()
            }
            Issue.record("a trailing comma was accepted")
        } catch {
            #expect(error.position == SourcePosition(line: 1, column: 4))
            #expect(error.message.contains("expected a JSON value, found ']'"))
        }
    }

    @Test func testSkipValueHonoursTheDepthLimit() {
        do {
            try withParser(String(repeating: "[", count: 10_000)) { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.skipValue() }
            Issue.record("deep nesting was skipped")
        } catch {
            #expect(error.message.contains("nested more than"))
        }
    }

    // MARK: Writer round trip

    @Test func testWriterOutputReadsBackToTheSameValue() throws {
        let text = #"{"s":"line\nbreak \"q\" \\ \u0001 é 😀","n":[0,-3,2.5,1e-7,123456789012],"b":[true,false,null],"o":{}}"#
        let node = try #require(parse(text))
        let written = JSONWriter.compact(node.json)
        let again = try #require(parse(written))
        #expect(JSONWriter.compact(again.json) == written)
        #expect(written.contains("\\u0001"), Comment(rawValue: written))
    }
}
