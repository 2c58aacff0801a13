import TraceModel

/// Where in the app's code the simulated world is, as the engine can know it: a
/// call the app made into UIKit (`#fileID` and `#line`, given by default
/// arguments, so the strategies still read as UIKit code), or a method of the app
/// that UIKit called (by its selector). The recorder turns a site into a line of
/// the code the trace carries (`CodeLine`); the engine only notes it.
public enum CodeSite: Sendable {
    /// A call the app's code made: `dequeueReusableCell`, `DispatchQueue.main.async`,
    /// `dataTask(with:)`, `resume()`, `cancel()`, `reloadRows(at:with:)`, ….
    case call(file: StaticString, line: UInt)
    /// A method of the app that UIKit called: `tableView(_:cellForRowAt:)`, `prepareForReuse()`, ….
    case method(UIKitCall)
}

/// The methods of the app that UIKit calls and the engine notes, by their
/// table view selectors (a collection view's are found from these).
public enum UIKitCall: Int, CaseIterable, Sendable {
    case cellForRowAt, willDisplay, didEndDisplaying, prefetchRowsAt, cancelPrefetchingForRowsAt, prepareForReuse

    public var selector: String {
        switch self {
        case .cellForRowAt: return "tableView(_:cellForRowAt:)"
        case .willDisplay: return "tableView(_:willDisplay:forRowAt:)"
        case .didEndDisplaying: return "tableView(_:didEndDisplaying:forRowAt:)"
        case .prefetchRowsAt: return "tableView(_:prefetchRowsAt:)"
        case .cancelPrefetchingForRowsAt: return "tableView(_:cancelPrefetchingForRowsAt:)"
        case .prepareForReuse: return "prepareForReuse()"
        }
    }
}
