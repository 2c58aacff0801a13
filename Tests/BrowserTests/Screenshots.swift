import Foundation
import ReuseLabTestSupport

/// Where the browser checks leave their screenshots: `$REUSELAB_SCREENSHOTS` if set,
/// else `.build/browser-checks/` in the package. The folder is said once per run.
final class Screenshots: @unchecked Sendable {
    static let shared = Screenshots()

    let folder: URL = {
        if let chosen = ProcessInfo.processInfo.environment["REUSELAB_SCREENSHOTS"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        return Golden.packageRoot.appendingPathComponent(".build/browser-checks", isDirectory: true)
    }()

    private let lock = NSLock()
    private var announced = false

    /// Saves a PNG of `page` as `name`.png and returns its path.
    @discardableResult
    func save(_ page: BrowserPage, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name + ".png")
        try page.screenshot(to: url)
        lock.lock()
        let first = !announced
        announced = true
        lock.unlock()
        if first { print("browser checks: screenshots are in \(folder.path)") }
        print("browser checks: saved \(url.path)")
        return url.path
    }
}
