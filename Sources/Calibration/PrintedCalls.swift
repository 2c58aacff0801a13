import TraceModel

/// What a device's log lets calibration hold the device to: the calls it prints.
///
/// An imported trace mixes the log's own calls with the importer's
/// reconstructions (`Inference.call`: a dequeue before a printed
/// `cellForRowAt`, a `didEndDisplaying` before a row shows again). Those are the
/// importer's reading of UIKit's rules, not anything the device was seen to do,
/// so they are left out of the device's side. And a kind of call the log never
/// prints at all (the import's `unprinted`) cannot disagree with a recording:
/// it is left out of both sides. A call printed with an inferred cell or with
/// rows dropped (`.cell`, `.rows`) is the device's own call and is compared.
struct PrintedCalls: Sendable {
    /// The lifecycle kinds the log never prints, in `ImportSource.lifecycleCalls` order.
    var unprinted: [EventKind]

    init(_ source: ImportSource?) {
        let unprinted = Set(source?.unprinted ?? [])
        self.unprinted = ImportSource.lifecycleCalls.filter { unprinted.contains($0) }
    }

    /// True when calls of `kind` are compared at all (on both sides).
    func compares(_ kind: EventKind) -> Bool {
        !unprinted.contains(kind)
    }

    /// True when `event` is one the log shows: of a kind the log prints, and not
    /// reconstructed by the import. Every event of a recording is.
    func shows(_ event: TraceEvent) -> Bool {
        event.inferred != .call && compares(event.kind)
    }

    /// The call that tells a row is on screen: `willDisplay`, or — in a log that
    /// never prints it — `cellForRowAt`, which comes just before it (the modern
    /// profile's one row configured ahead aside). Nil when the log prints neither.
    var shownKind: EventKind? {
        [EventKind.willDisplay, .cellForRowAt].first(where: compares)
    }

    /// The one sentence that says what was not compared and why, or nil when
    /// every call was: "The log never prints init or prepareForReuse, so they are
    /// not compared; 12 other calls the import reconstructed (marked inferred)
    /// are not compared either." `reconstructed` counts the calls of compared
    /// kinds the import made up.
    func sentence(reconstructed: Int) -> String? {
        let calls = reconstructed == 1 ? "1 call" : "\(reconstructed) calls"
        guard let kinds = PrintedCalls.alternatives(unprinted.map(\.rawValue)) else {
            guard reconstructed > 0 else { return nil }
            return "\(calls) the import reconstructed (marked inferred: the log does not print \(reconstructed == 1 ? "it" : "them")) \(reconstructed == 1 ? "is" : "are") not compared."
        }
        let them = unprinted.count == 1 ? "it is" : "they are"
        var text = "The log never prints \(kinds), so \(them) not compared"
        if reconstructed > 0 {
            text += "; \(calls) of other kinds the import reconstructed (marked inferred) \(reconstructed == 1 ? "is" : "are") not compared either"
        }
        return text + "."
    }

    /// "init", "init or prepareForReuse", "init, prepareForReuse or willDisplay"; nil for none.
    static func alternatives(_ names: [String]) -> String? {
        guard let last = names.last else { return nil }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}
