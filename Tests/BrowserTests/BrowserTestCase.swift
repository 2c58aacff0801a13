import Foundation
import XCTest
import ReuseLabTestSupport

/// A test case whose tests share one headless Chromium (see `SharedBrowser`), each
/// in a fresh tab that is closed after the test.
class BrowserTestCase: XCTestCase {
    /// One per subclass would need class storage; one for all keeps a single
    /// browser for the whole run, closed when each class ends and started again by
    /// the next (about a second).
    static let shared = SharedBrowser()

    private var openPages: [BrowserPage] = []

    /// The browser checks are second tier: without REUSELAB_SECOND_TIER=1 each is skipped, saying so.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SecondTier.require("the browser checks (headless Chromium)")
    }

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
