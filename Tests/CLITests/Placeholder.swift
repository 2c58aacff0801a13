import XCTest
final class PCLITests: XCTestCase { func testNothing() {} }
