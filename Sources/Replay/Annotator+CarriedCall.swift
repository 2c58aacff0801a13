import TraceModel

/// What the code a trace carries says about how the app dequeues and configures
/// its cells, read from the line each event points at: replay names the call
/// the app really made, whatever the strategy, and says nothing new for a trace
/// without code.
extension Annotator {
    /// The carried line an event points at, or nil.
    private func carriedText(of event: TraceEvent) -> String? {
        guard let place = event.code, let code = header.code else { return nil }
        return code.text(at: place)
    }

    /// The dequeue call an `init` or `prepareForReuse` happened in:
    /// `dequeueConfiguredReusableCell` when its line makes that call (a cell
    /// registration), else `dequeueReusableCell`.
    func dequeueCall(of event: TraceEvent) -> String {
        carriedText(of: event)?.contains("dequeueConfiguredReusableCell") == true
            ? "dequeueConfiguredReusableCell" : "dequeueReusableCell"
    }

    /// True when a `cellForRowAt` points at a cell registration's handler (the
    /// line that makes the `CellRegistration`), not at the data source method.
    func isRegistrationHandler(_ event: TraceEvent) -> Bool {
        carriedText(of: event)?.contains("CellRegistration") == true
    }
}
