import Foundation
import XCTest

/// The browser the tests share: started by the first test that asks, closed
/// (killed) by each test class's `tearDown`, so one browser serves one class at a
/// time. A browser that stopped answering is replaced.
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

    func close() {
        lock.lock()
        defer { lock.unlock() }
        browser?.close()
        browser = nil
    }
}
