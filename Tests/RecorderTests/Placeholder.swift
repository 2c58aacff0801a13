import XCTest
final class PRecorderTests: XCTestCase { func testNothing() {} }
