import Foundation
import Testing

/// The gate of the second tier of tests: fuzz campaigns, the browser checks, long
/// end-to-end runs and sweeps over every bundled trace or lesson. They run only
/// when `REUSELAB_SECOND_TIER=1` is set (`.ci/run` sets it); otherwise each of them
/// is skipped, saying why, so `swift test` stays under a minute and a skip is never
/// mistaken for a pass. A first-tier test keeps a small sample of what its
/// second-tier sweep covers (see `BundledFiles.sampleTraces`).
public enum SecondTier {
    /// The environment variable that turns the second tier on.
    public static let variable = "REUSELAB_SECOND_TIER"

    /// True when `REUSELAB_SECOND_TIER=1` is set.
    public static var isEnabled: Bool {
        ProcessInfo.processInfo.environment[variable] == "1"
    }


    /// The trait of a suite or test of the second tier: it runs only when
    /// `REUSELAB_SECOND_TIER=1` is set and is otherwise skipped, naming `what` it
    /// would have run. A suite with it must be named `…SecondTierTests` (or live in
    /// `Tests/BrowserTests`), the pattern `.ci/run` gives `swift test --filter`;
    /// `TestTierRuleTests` checks that the names and the traits agree.
    public static func enabled(_ what: String) -> ConditionTrait {
        .enabled(if: isEnabled, Comment(rawValue: "second tier: set \(variable)=1 to run \(what) (.ci/run does)"))
    }
}
