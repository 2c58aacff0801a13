import Foundation

/// One tab of a `Chromium`, reached through its flat DevTools session: navigation,
/// JavaScript evaluation, real keyboard and mouse input, screenshots, and the
/// console errors the page produced.
final class BrowserPage {
    let connection: DevToolsConnection
    let targetId: String
    let sessionId: String
    /// Index into the connection's events where this page's console errors start counting.
    private var errorsFrom = 0

    init(connection: DevToolsConnection, targetId: String, sessionId: String) {
        self.connection = connection
        self.targetId = targetId
        self.sessionId = sessionId
    }

    /// Sends `method` to this page's session.
    @discardableResult
    func send(_ method: String, _ params: JSONObject = [:], timeout: TimeInterval = 15) throws -> JSONObject {
        try connection.send(method, params, sessionId: sessionId, timeout: timeout)
    }

    /// Turns on the domains the checks read and sets the window size.
    func prepare(width: Int, height: Int) throws {
        try send("Page.enable")
        try send("Runtime.enable")
        try send("Log.enable")
        try send("Emulation.setDeviceMetricsOverride",
                 ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try send("Emulation.setFocusEmulationEnabled", ["enabled": true])
        try send("Page.bringToFront")
    }

    /// Opens `file` and waits for its load event; console errors count from here.
    func open(_ file: URL, timeout: TimeInterval = 30) throws {
        let start = connection.events.count
        errorsFrom = start
        let result = try send("Page.navigate", ["url": file.absoluteString], timeout: timeout)
        if let problem = result["errorText"] as? String {
            throw connection.failure("could not open \(file.path): \(problem)")
        }
        try connection.waitForEvent(from: start, timeout: timeout, what: "the load event of \(file.lastPathComponent)") {
            $0.method == "Page.loadEventFired" && $0.sessionId == self.sessionId
        }
    }

    /// The value of the JavaScript `expression` (promises awaited), as JSON gives it.
    /// An exception in the page throws.
    func evaluate(_ expression: String, timeout: TimeInterval = 15) throws -> Any? {
        let result = try send("Runtime.evaluate",
                              ["expression": expression, "returnByValue": true, "awaitPromise": true],
                              timeout: timeout)
        if let details = result["exceptionDetails"] as? JSONObject {
            let exception = (details["exception"] as? JSONObject)?["description"] ?? details["text"] ?? details
            throw BrowserError("evaluating `\(expression.prefix(200))` threw: \(exception)")
        }
        return (result["result"] as? JSONObject)?["value"]
    }

    /// `expression`'s value as text ("" for null or undefined).
    func string(_ expression: String) throws -> String {
        switch try evaluate(expression) {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return ""
        }
    }

    /// `expression`'s value as a whole number, or nil.
    func integer(_ expression: String) throws -> Int? {
        switch try evaluate(expression) {
        case let number as NSNumber: return number.intValue
        case let text as String: return Int(text)
        default: return nil
        }
    }

    /// Waits until `condition`, a JavaScript expression over the page's DOM, is
    /// true: the page checks it now and again at every change to the document (a
    /// MutationObserver), and answers when it holds; after `timeout` it throws,
    /// naming `what` and the condition.
    func waitUntil(_ condition: String, timeout: TimeInterval = 10, what: String = "") throws {
        let script = """
            new Promise((resolve, reject) => {
              const holds = () => Boolean(\(condition));
              if (holds()) return resolve(true);
              let timer = null;
              const observer = new MutationObserver(() => {
                let held = false;
                try { held = holds(); } catch (error) { observer.disconnect(); clearTimeout(timer); return reject(error); }
                if (held) { observer.disconnect(); clearTimeout(timer); resolve(true); }
              });
              observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
              timer = setTimeout(() => { observer.disconnect(); resolve(false); }, \(Int(timeout * 1000)));
            })
            """
        guard try evaluate(script, timeout: timeout + 10) as? Bool == true else {
            throw BrowserError("\(what.isEmpty ? "the page" : what) never satisfied `\(condition)` within \(timeout) s")
        }
    }

    /// Waits until every animation and CSS transition on the page has finished
    /// (each one's `finished` promise; a cancelled one counts as finished).
    func waitForAnimations(timeout: TimeInterval = 10) throws {
        _ = try evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(() => true)",
                         timeout: timeout)
    }

    /// Waits until `count` console errors have arrived since the page was opened,
    /// as the browser reports them; their lines then.
    func waitForConsoleErrors(_ count: Int, timeout: TimeInterval = 10) throws -> [String] {
        var seen = 0
        _ = try connection.waitForEvent(from: errorsFrom, timeout: timeout, what: "\(count) console errors") { event in
            if event.sessionId == sessionId, ConsoleError.text(event) != nil { seen += 1 }
            return seen >= count
        }
        return try consoleErrors()
    }

    /// Presses and releases `key` (a real keyboard event through the browser's input pipeline).
    func press(_ key: KeyboardKey) throws {
        var down: JSONObject = [
            "type": key.text.isEmpty ? "rawKeyDown" : "keyDown", "key": key.key, "code": key.code,
            "windowsVirtualKeyCode": key.virtualKeyCode, "nativeVirtualKeyCode": key.virtualKeyCode,
            "modifiers": key.modifiers,
        ]
        if !key.text.isEmpty {
            down["text"] = key.text
            down["unmodifiedText"] = key.text
        }
        try send("Input.dispatchKeyEvent", down)
        try send("Input.dispatchKeyEvent", [
            "type": "keyUp", "key": key.key, "code": key.code,
            "windowsVirtualKeyCode": key.virtualKeyCode, "nativeVirtualKeyCode": key.virtualKeyCode,
            "modifiers": key.modifiers,
        ])
    }

    /// Presses `key` `times` times.
    func press(_ key: KeyboardKey, times: Int) throws {
        for _ in 0..<times { try press(key) }
    }

    /// Types `text` into the focused field, as an input method would (`Input.insertText`).
    func insertText(_ text: String) throws {
        try send("Input.insertText", ["text": text])
    }

    /// Clicks the middle of the element `selector` (the `index`th match) with the
    /// mouse, scrolled into view first.
    func click(_ selector: String, index: Int = 0) throws {
        let box = try evaluate("""
            (() => { const e = document.querySelectorAll(\(javaScriptString(selector)))[\(index)];
              if (!e) return null; e.scrollIntoView({block: 'center'});
              const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()
            """) as? [NSNumber]
        guard let box, box.count == 4 else { throw BrowserError("no element \(index) matches \(selector)") }
        guard box[2].doubleValue > 0, box[3].doubleValue > 0 else {
            throw BrowserError("\(selector) is not visible (its box is empty)")
        }
        let point: JSONObject = ["x": box[0].doubleValue, "y": box[1].doubleValue, "button": "left", "clickCount": 1]
        try send("Input.dispatchMouseEvent", point.merging(["type": "mouseMoved"]) { $1 })
        try send("Input.dispatchMouseEvent", point.merging(["type": "mousePressed"]) { $1 })
        try send("Input.dispatchMouseEvent", point.merging(["type": "mouseReleased"]) { $1 })
    }

    /// A PNG of the window, written to `url`.
    func screenshot(to url: URL) throws {
        let result = try send("Page.captureScreenshot", ["format": "png"], timeout: 30)
        guard let encoded = result["data"] as? String, let png = Data(base64Encoded: encoded) else {
            throw connection.failure("Page.captureScreenshot gave no image")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: url)
    }

    /// Every console error since the page was opened: `console.error` calls, uncaught
    /// exceptions, and error log entries (CSP violations, failed loads), one line each.
    func consoleErrors() throws -> [String] {
        try connection.drain()
        return connection.events[errorsFrom...].filter { $0.sessionId == sessionId }.compactMap(ConsoleError.text)
    }

    /// Closes the tab.
    func close() {
        _ = try? connection.send("Target.closeTarget", ["targetId": targetId], timeout: 5)
    }
}
