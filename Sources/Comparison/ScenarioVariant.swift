import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// The scenario as one column of one block records it: the same table, script,
/// images and caches, with the strategy, the profile, the network and the
/// main-thread jitter changed.
///
/// A variant is checked by writing it out as JSON and reading it back with the
/// scenario reader, exactly as if the user had written that scenario file, so
/// every rule a scenario must keep applies to it with its own message (for
/// example, batch paging has no sections; `reconfigureRows` needs the modern
/// profile). A variant that breaks one is not run: its column is skipped with
/// that message.
enum ScenarioVariant {
    /// `base` with `strategy`, `profile`, `network` and `jitter` applied, checked;
    /// or why it cannot run.
    static func make(_ base: Scenario, strategy: String, profile: TableProfile,
                     network: NetworkCondition, jitter: Double? = nil) -> Result<Scenario, ReuseLabError> {
        var scenario = base
        scenario.strategy = strategy
        scenario.profile = profile
        scenario.world.network = network.applied(to: base.world.network)
        if let jitter { scenario.world.mainThread.jitter = jitter }
        return checked(scenario)
    }

    /// The scenario read back from its own JSON, or the reader's refusal.
    ///
    /// When what is read back equals `scenario`, `scenario` itself is kept: it
    /// shares the base's lists (a million row heights, say) where the copy read
    /// back holds its own, and a comparison keeps one variant per strategy and
    /// network, so its memory would grow with the scenario times their number.
    static func checked(_ scenario: Scenario) -> Result<Scenario, ReuseLabError> {
        let bytes = Array(JSONWriter.compact(scenario.jsonValue).utf8)
        do throws(ReuseLabError) {
            let read = try Recorder.parseScenario(bytes: bytes, file: "<variant>")
            return .success(read == scenario ? scenario : read)
        } catch {
            return .failure(error)
        }
    }

    /// The error's message with its JSON path ("at script[3]: …"), without the file
    /// and position, which would name the JSON written here, not the user's file.
    static func reason(_ error: ReuseLabError) -> String {
        var located = error
        located.file = nil
        located.location.position = nil
        return located.description
    }
}
