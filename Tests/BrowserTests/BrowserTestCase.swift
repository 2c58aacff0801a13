import Foundation
import Testing
import ReuseLabTestSupport

/// Every browser check, one at a time: the checks share one headless Chromium
/// (see `SharedBrowser`), whose connection serves one caller at a time. They are
/// second tier; without REUSELAB_SECOND_TIER=1 each is skipped, saying so.
@Suite(.serialized, SecondTier.enabled("the browser checks (headless Chromium)"))
enum BrowserChecks {}

/// A browser check's base: each test opens fresh tabs in the shared browser,
/// closed when the test ends. The browser itself is killed when the tests end
/// (`ProcessReaper`), or replaced when it stops answering.
class BrowserTestCase {
    static let shared = SharedBrowser()

    private var openPages: [BrowserPage] = []

    /// A new tab in the shared browser, closed after the test.
    func newPage() throws -> BrowserPage {
        let page = try Self.shared.get().newPage()
        openPages.append(page)
        return page
    }

    deinit {
        for page in openPages { page.close() }
    }
}
