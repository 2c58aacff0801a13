import Foundation

/// The DOM hooks of a ReuseLab page (docs/page-schema.md): readiness, the current
/// step, the annotation, and the embedded data, read through a `BrowserPage`.
extension BrowserPage {
    /// Opens an exported page and waits until it has drawn (`body[data-ready=1]`).
    /// A page that never gets ready fails with the console errors it printed.
    func openReuseLabPage(_ file: URL, timeout: TimeInterval = 15) throws {
        try open(file, timeout: timeout)
        do {
            try waitUntil("document.body && document.body.dataset.ready === '1'", timeout: timeout,
                          what: file.lastPathComponent)
        } catch let error as BrowserError {
            let errors = (try? consoleErrors()) ?? []
            guard !errors.isEmpty else { throw error }
            throw BrowserError(error.message + "; its console errors:\n" + errors.joined(separator: "\n"), logTail: error.logTail)
        }
    }

    /// `document.body.dataset.step` as a number.
    func currentStep() throws -> Int {
        guard let step = try integer("document.body.dataset.step") else {
            throw BrowserError("document.body.dataset.step is not a number: '\(try string("document.body.dataset.step"))'")
        }
        return step
    }

    /// Presses `key`, then waits until the current step differs from `before`
    /// (or, given `expected`, equals it) — a page that moves asynchronously
    /// still gets a fair chance; returns the step then.
    @discardableResult
    func step(with key: KeyboardKey, expecting expected: Int? = nil, timeout: TimeInterval = 2) throws -> Int {
        let before = try currentStep()
        try press(key)
        let condition = expected.map { "Number(document.body.dataset.step) === \($0)" }
            ?? "Number(document.body.dataset.step) !== \(before)"
        try? waitUntil(condition, timeout: timeout)
        return try currentStep()
    }

    /// `#annotation`'s text.
    func annotation() throws -> String {
        try string("(document.getElementById('annotation') || {}).textContent")
    }

    /// The page data's `notes`, `[["rule, rule", sentence], …]`: the caveats the page says once.
    func notes() throws -> [[String]] {
        try data("d.notes || []") as? [[String]] ?? []
    }

    /// The value of `expression` over the embedded data, which it calls `d` (such as
    /// `d.lesson.stops[0]`), as JSON values.
    func data(_ expression: String) throws -> Any? {
        try evaluate("(d => (\(expression)))(JSON.parse(document.getElementById('reuselab-data').textContent))")
    }

    /// How many elements match `selector`.
    func count(_ selector: String) throws -> Int {
        try integer("document.querySelectorAll(\(javaScriptString(selector))).length") ?? 0
    }

    /// The text of the first element matching `selector` ("" when none).
    func text(_ selector: String) throws -> String {
        try string("(document.querySelector(\(javaScriptString(selector))) || {}).textContent")
    }
}
