import Foundation
import Testing

/// Where the Chromium executable is: `REUSELAB_CHROMIUM` if set, else the first of
/// `chromium`, `chromium-browser`, `google-chrome` on `PATH`.
///
/// Without one the browser checks skip, saying so, unless `REUSELAB_REQUIRE_BROWSER=1`
/// (as `.ci/run` sets), where a missing browser is a failure.
enum ChromiumBinary {
    static let skipMessage = "browser checks skipped: Chromium is not installed "
        + "(.ci/run installs Debian's chromium with apt-get and runs them)"

    static let names = ["chromium", "chromium-browser", "google-chrome"]

    /// The executable found, or nil.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment["REUSELAB_CHROMIUM"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where !folder.isEmpty {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// True when `REUSELAB_REQUIRE_BROWSER=1`: a missing Chromium fails instead of skipping.
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["REUSELAB_REQUIRE_BROWSER"] == "1"
    }

    /// The executable, or a skip (a failure when the browser is required, or when
    /// `REUSELAB_CHROMIUM` names something that is not an executable).
    static func require() throws -> String {
        if let found = find() { return found }
        let chosen = ProcessInfo.processInfo.environment["REUSELAB_CHROMIUM"] ?? ""
        if !chosen.isEmpty {
            throw BrowserError("REUSELAB_CHROMIUM=\(chosen) is not an executable file")
        }
        if isRequired {
            throw BrowserError("REUSELAB_REQUIRE_BROWSER=1 but Chromium was not found: none of "
                               + "\(names.joined(separator: ", ")) is on PATH")
        }
        try Test.cancel(Comment(rawValue: skipMessage))
    }
}
