import XCTest
@testable import TraceModel

/// Which function a line of carried code is in, and how Swift names it: what the
/// stepper's code pane and the page's highlighted block show.
final class CodeFunctionTests: XCTestCase {
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

    func testALineInsideClosuresBelongsToTheFunctionThatWroteThem() {
        XCTAssertEqual(function(13), CodeFunction(file: 0, start: 7, end: 17))
        XCTAssertEqual(function(10), CodeFunction(file: 0, start: 7, end: 17), "a blank line inside")
        XCTAssertEqual(function(7), CodeFunction(file: 0, start: 7, end: 17), "the declaring line itself")
        XCTAssertEqual(function(17), CodeFunction(file: 0, start: 7, end: 17), "its closing brace")
        XCTAssertEqual(function(4), CodeFunction(file: 0, start: 3, end: 5))
    }

    func testLinesOutsideAnyFunctionHaveNone() {
        XCTAssertNil(function(1), "a comment at the top")
        XCTAssertNil(function(6), "a computed class property is not a func")
        XCTAssertNil(function(2), "the class itself")
        XCTAssertNil(function(99), "past the end")
        XCTAssertNil(Self.code.function(containing: CodeLine(file: 3, line: 1)), "no such file")
    }

    func testFunctionsAreNamedAsSwiftNamesThem() throws {
        XCTAssertEqual(Self.code.name(of: try XCTUnwrap(function(13))), "tableView(_:cellForRowAt:)")
        XCTAssertEqual(Self.code.name(of: try XCTUnwrap(function(4))), "prepareForReuse()")
        XCTAssertEqual(Self.code.name(of: try XCTUnwrap(function(18))), "init(coder:style:)", "commas inside a type are not labels")
    }
}
