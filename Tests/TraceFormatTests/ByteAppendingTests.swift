import XCTest
import TraceModel
import ToolSupport
import TraceCoding

/// Numbers and text written straight into bytes read as `String` would write them.
final class ByteAppendingTests: XCTestCase {
    func testDecimalsAreWhatStringWrites() {
        var values: [Int] = [0, 1, -1, 9, 10, 99, 100, 1265, -1265, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 { values += [power, power - 1, -power]; power *= 10 }
        for value in values {
            var bytes: [UInt8] = [UInt8(ascii: "<")]
            bytes.appendDecimal(value)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "<\(value)")
        }
    }

    func testTextAndSpaces() {
        var bytes: [UInt8] = []
        bytes.append(utf8: "rows 3–23")
        bytes.appendSpaces(200)
        bytes.append(utf8: "é"[...])
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "rows 3–23" + String(repeating: " ", count: 200) + "é")
    }
}
