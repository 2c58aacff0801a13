import XCTest
final class PTraceFormatTests: XCTestCase { func testNothing() {} }
