import Foundation
import XCTest

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

    /// Returns when the second tier runs; throws a skip naming `what` otherwise.
    public static func require(_ what: String) throws {
        guard isEnabled else {
            throw XCTSkip("second tier: set \(variable)=1 to run \(what) (.ci/run does)")
        }
    }
}

/// A test case whose every test belongs to the second tier: its `setUp` asks
/// `SecondTier.require` first. Its name must end in `SecondTierTests` (or it lives
/// in `Tests/BrowserTests`), the pattern `.ci/run` gives `swift test --filter`;
/// `TierRuleTests` checks that the names and the classes agree.
open class SecondTierTestCase: XCTestCase {
    /// What the class runs, in a few words, for the skip message.
    open class var secondTierWork: String { "this long test" }

    override open func setUpWithError() throws {
        try super.setUpWithError()
        try SecondTier.require(Self.secondTierWork)
    }
}
