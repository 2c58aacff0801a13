import Foundation
import Testing
import ReuseLabTestSupport
#if canImport(Glibc)
import Glibc
#endif

extension BrowserChecks {
    /// A browser that stops answering fails the check at its deadline instead of
    /// hanging the suite, and `close()` still kills it (and its helpers).
    @Suite
    final class FrozenBrowserTests {

        @Test func testAFrozenBrowserTimesOutAndIsKilled() throws {
            let browser = try Chromium(executable: try ChromiumBinary.require())
            defer { browser.close() }
            let page = try browser.newPage()
            #expect((try page.integer("6 * 7")) == 42)

            kill(browser.pid, SIGSTOP)
            let started = Date()
            if let error = #expect(throws: (any Error).self, performing: { try page.evaluate("1", timeout: 1) }) {
                #expect("\(error)".contains("no answer to Runtime.evaluate"), "\(error)")
            }
            #expect(Date().timeIntervalSince(started) < 5, "the deadline held")

            let closing = Date()
            browser.close()
            #expect(Date().timeIntervalSince(closing) < 10, "close() gave up waiting and killed it")
            #expect(!browser.isRunning, "the browser process is gone")
            // SIGKILL is delivered at once, but a helper may take a moment to finish exiting:
            // wait (up to 3 s) for the group to hold only zombies.
            let exiting = Deadline(seconds: 3)
            var living = Self.livingProcesses(inGroup: browser.pid)
            while !living.isEmpty, !exiting.hasPassed {
                usleep(10_000)
                living = Self.livingProcesses(inGroup: browser.pid)
            }
            #expect(living == [], "no live process is left in the browser's group")
        }

        /// The ids of processes in process group `group` that are not zombies (a killed
        /// helper stays a zombie until init reaps it), read from /proc.
        static func livingProcesses(inGroup group: pid_t) -> [Int] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> Int? in
                guard let pid = Int(entry),
                      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return nil }
                // After "pid (name)": state, ppid, pgrp, …
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 2, fields[0] != "Z", fields[0] != "X", Int(fields[2]) == Int(group) else { return nil }
                return pid
            }
        }
    }
}
