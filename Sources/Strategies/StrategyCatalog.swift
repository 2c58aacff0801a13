import ReuseEngine

/// One app strategy the engine can simulate: its scenario name, what it teaches,
/// the seed article its code comes from, and how to build its view controller.
public struct StrategyEntry: Sendable {
    public var name: String
    public var summary: String
    public var seeds: [String]
    /// Whether the cells show images (frame snapshots then say what each image view holds).
    public var showsImages: Bool
    let make: @Sendable () -> TableViewController

    /// A fresh view controller for one recording.
    public func makeViewController() -> TableViewController { make() }
}

/// Every strategy ReuseLab knows, by the name a scenario's `"strategy"` uses.
public enum StrategyCatalog {
    public static let all: [StrategyEntry] = [
        StrategyEntry(name: "plain",
                      summary: "text-only cells: only visible rows get cellForRowAt; cells are reused instead of created",
                      seeds: ["000", "004"], showsImages: false,
                      make: { PlainTextViewController() }),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> StrategyEntry? {
        all.first { $0.name == name }
    }
}
