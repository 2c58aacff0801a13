import XCTest
final class DiffPlaceholderTests: XCTestCase { func testNothing() {} }
