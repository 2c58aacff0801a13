import Foundation
import XCTest

/// A test case whose tests share one headless Chromium (see `SharedBrowser`), each
/// in a fresh tab that is closed after the test.
class BrowserTestCase: XCTestCase {
    /// One per subclass would need class storage; one for all keeps a single
    /// browser for the whole run, closed when each class ends and started again by
    /// the next (about a second).
    static let shared = SharedBrowser()

    private var openPages: [BrowserPage] = []

    /// A new tab in the shared browser, closed after the test.
    func newPage() throws -> BrowserPage {
        let page = try Self.shared.get().newPage()
        openPages.append(page)
        return page
    }

    override func tearDown() {
        for page in openPages { page.close() }
        openPages = []
        super.tearDown()
    }

    override class func tearDown() {
        shared.close()
        super.tearDown()
    }
}
