/// Which table view behaviour to simulate (docs/engine.md, "The two profiles").
///
/// - `modern`: built with the iOS 15 SDK or later. While scrolling, the cell for the
///   row just past the leading edge is prepared (`cellForRowAt`) before the row is
///   visible, and a cell that scrolls off is kept aside for a while instead of going
///   straight to the reuse pool, so it can be shown again without `cellForRowAt`.
/// - `classic`: older SDKs. No cell is prepared ahead; a leaving row's cell joins the
///   pool at once and is reused by the very next entering row.
public enum TableProfile: String, Sendable, CaseIterable {
    case modern
    case classic
}
