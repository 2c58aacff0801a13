import XCTest
final class LessonPlaceholderTests: XCTestCase { func testNothing() {} }
