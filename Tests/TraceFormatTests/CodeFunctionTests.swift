import Foundation
import Testing
@testable import TraceModel

/// Which function a line of carried code is in, and how Swift names it: what the
/// stepper's code pane and the page's highlighted block show.
@Suite
final class CodeFunctionTests {
    static let code = CarriedCode(files: [
        CarriedCode.File(name: "Strategy.swift", lines: [
            "// A comment at the top of the file.",                                                   // 1
            "class ProfileCell: TableViewCell {",                                                     // 2
            "    override func prepareForReuse() {",                                                  // 3
            "        // profileImageView.image = nil",                                                // 4
            "    }",                                                                                  // 5
            "    class var cellClass: ProfileCell.Type { ProfileCell.self }",                         // 6
            "    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {", // 7
            "        let cell = tableView.dequeueReusableCell(withIdentifier: \"MyCell\", for: indexPath)", // 8
            "        DispatchQueue.global().async {",                                                 // 9
            "",                                                                                       // 10
            "            DispatchQueue.main.async {",                                                 // 11
            "                // whatever row it shows by now",                                        // 12
            "                cell.imageView.image = image",                                           // 13
            "            }",                                                                          // 14
            "        }",                                                                              // 15
            "        return cell",                                                                    // 16
            "    }",                                                                                  // 17
            "    required init?(coder: NSCoder, style: [Int: (String, Int)]) {",                      // 18
            "    }",                                                                                  // 19
            "}",                                                                                      // 20
        ]),
    ])

    func function(_ line: Int) -> CodeFunction? {
        Self.code.function(containing: CodeLine(line: line))
    }

    @Test func testALineInsideClosuresBelongsToTheFunctionThatWroteThem() {
        #expect(function(13) == CodeFunction(file: 0, start: 7, end: 17))
        #expect(function(10) == CodeFunction(file: 0, start: 7, end: 17), "a blank line inside")
        #expect(function(7) == CodeFunction(file: 0, start: 7, end: 17), "the declaring line itself")
        #expect(function(17) == CodeFunction(file: 0, start: 7, end: 17), "its closing brace")
        #expect(function(4) == CodeFunction(file: 0, start: 3, end: 5))
    }

    @Test func testLinesOutsideAnyFunctionHaveNone() {
        #expect(function(1) == nil, "a comment at the top")
        #expect(function(6) == nil, "a computed class property is not a func")
        #expect(function(2) == nil, "the class itself")
        #expect(function(99) == nil, "past the end")
        #expect(Self.code.function(containing: CodeLine(file: 3, line: 1)) == nil, "no such file")
    }

    @Test func testFunctionsAreNamedAsSwiftNamesThem() throws {
        #expect(Self.code.name(of: try #require(function(13))) == "tableView(_:cellForRowAt:)")
        #expect(Self.code.name(of: try #require(function(4))) == "prepareForReuse()")
        #expect(Self.code.name(of: try #require(function(18))) == "init(coder:style:)", "commas inside a type are not labels")
    }
}
