import XCTest
final class PReuseEngineTests: XCTestCase { func testNothing() {} }
