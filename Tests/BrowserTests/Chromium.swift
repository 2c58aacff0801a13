import Foundation
import ReuseLabTestSupport

/// A headless Chromium driven over `--remote-debugging-pipe`: one browser process
/// with its own throw-away profile folder, which opens pages (`BrowserPage`) and is
/// always killed by `close()` (or, failing that, at the test process's exit).
final class Chromium {
    let executable: String
    private let process: SpawnedProcess
    let connection: DevToolsConnection
    private let profile: TemporaryFolder
    private var closed = false

    /// Starts the browser and checks it answers (`Browser.getVersion`).
    init(executable: String, startupTimeout: TimeInterval = 30) throws {
        self.executable = executable
        profile = try TemporaryFolder(prefix: "reuselab-chromium", removeWhenReleased: true)
        let arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--remote-debugging-pipe", "--user-data-dir=\(profile.path("profile"))", "about:blank",
        ]
        process = try SpawnedProcess(executable: executable, arguments: arguments, logPath: profile.path("chromium.log"))
        let process = self.process
        connection = DevToolsConnection(pipe: MessagePipe(writeEnd: process.toChild, readEnd: process.fromChild),
                                        logTail: { process.logTail() })
        do {
            try connection.send("Browser.getVersion", timeout: startupTimeout)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// The browser process's id (its process group's too).
    var pid: pid_t { process.pid }

    /// True until the browser process has exited and been reaped.
    var isRunning: Bool { process.isRunning }

    /// The end of Chromium's standard output and error.
    var logTail: String { process.logTail() }

    /// A new tab at about:blank, attached with a flat session, 1400×900, with the
    /// Page, Runtime and Log domains on.
    func newPage(width: Int = 1400, height: Int = 900) throws -> BrowserPage {
        let target = try connection.send("Target.createTarget", ["url": "about:blank"])
        guard let targetId = target["targetId"] as? String else {
            throw connection.failure("Target.createTarget gave no targetId")
        }
        let attached = try connection.send("Target.attachToTarget", ["targetId": targetId, "flatten": true])
        guard let sessionId = attached["sessionId"] as? String else {
            throw connection.failure("Target.attachToTarget gave no sessionId")
        }
        let page = BrowserPage(connection: connection, targetId: targetId, sessionId: sessionId)
        do {
            try page.prepare(width: width, height: height)
        } catch {
            page.close()
            throw error
        }
        return page
    }

    /// Asks the browser to quit, then kills its process group whatever happened.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? connection.send("Browser.close", timeout: 2)
        process.terminate(graceSeconds: 2)
        profile.remove()
    }
}
