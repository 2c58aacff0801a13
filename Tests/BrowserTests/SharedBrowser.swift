import Foundation
import Testing

/// The browser the tests share: started by the first test that asks and killed
/// when the tests end (`ProcessReaper`); the checks run one at a time
/// (`BrowserChecks` is serialized). A browser that stopped answering is replaced.
final class SharedBrowser: @unchecked Sendable {
    private let lock = NSLock()
    private var browser: Chromium?

    /// The running browser, started now if needed; a skip when Chromium is not
    /// installed (a failure with REUSELAB_REQUIRE_BROWSER=1).
    func get() throws -> Chromium {
        lock.lock()
        defer { lock.unlock() }
        if let browser, (try? browser.connection.send("Browser.getVersion", timeout: 5)) != nil {
            return browser
        }
        browser?.close()
        browser = nil
        let started = try Chromium(executable: try ChromiumBinary.require())
        browser = started
        return started
    }
}
