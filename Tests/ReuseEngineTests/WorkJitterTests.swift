import Foundation
import Testing
import TraceModel
import Recorder

/// `mainThread.jitter` in the engine: each piece of timed work costs its figure
/// times a factor from 1 − jitter to 1 + jitter, drawn from the seed, so the
/// same seed gives the same recording; the network's draws (and the time spent
/// waiting on them) do not move; and with no jitter nothing is drawn at all,
/// which the bundled traces' byte-for-byte checks hold.
@Suite
final class WorkJitterTests {
    /// The package's `traces/` folder, from this file's place in it.
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("traces")

    func scenario(_ name: String, jitter: Double, seed: Int = 1) throws -> Scenario {
        var scenario = try Recorder.loadScenario(path: Self.traces.appendingPathComponent("\(name).scenario.json").path)
        scenario.world.mainThread.jitter = jitter
        scenario.seed = seed
        return scenario
    }

    /// Every `mainThreadBlocked` whose cause starts with `prefix`, in order.
    func blocks(_ events: [TraceEvent], _ prefix: String) -> [Double] {
        events.compactMap { event in
            guard case .mainThreadBlocked(let ms, let cause) = event.body, cause.hasPrefix(prefix) else { return nil }
            return ms
        }
    }

    /// The decodes of a frame's commit, per image: one piece of work decodes every
    /// image the frame draws for the first time ("decoding images 3, 4 and 5 …"),
    /// and its jitter applies to the whole piece.
    func decodesPerImage(_ events: [TraceEvent]) -> [Double] {
        events.compactMap { event in
            guard case .mainThreadBlocked(let ms, let cause) = event.body, cause.hasPrefix("decoding") else { return nil }
            let images = cause.split(whereSeparator: { !$0.isNumber }).count
            return images > 0 ? ms / Double(images) : nil
        }
    }

    @Test func testDecodingVariesWithinTheJitter() throws {
        let exact = decodesPerImage(record(try scenario("images-memo-main-async", jitter: 0)))
        let varied = decodesPerImage(record(try scenario("images-memo-main-async", jitter: 0.2)))
        // 300 × 300 pixels at 10 ms per megapixel: 0.9 ms each, exactly, without jitter.
        #expect(!exact.isEmpty && exact.allSatisfy { abs($0 - 0.9) < 1e-9 }, "\(exact)")
        #expect(varied.count >= 5, "the first frames, then each that scrolls new pictures in")
        #expect(varied.allSatisfy { $0 >= 0.72 - 1e-9 && $0 <= 1.08 + 1e-9 }, "\(varied)")
        #expect(Set(varied).count > varied.count / 2, "the pieces differ: \(varied)")
    }

    @Test func testTheSameSeedGivesTheSameRecording() throws {
        let once = record(try scenario("images-memo-main-async", jitter: 0.15, seed: 7))
        let again = record(try scenario("images-memo-main-async", jitter: 0.15, seed: 7))
        #expect(once == again)
        let other = record(try scenario("images-memo-main-async", jitter: 0.15, seed: 8))
        #expect(blocks(once, "decoding") != blocks(other, "decoding"))
    }

    @Test func testWaitingForTheNetworkDoesNotVary() throws {
        // The first screen's synchronous downloads come in the same order either
        // way: the same latencies, drawn from the network's own stream.
        let exact = blocks(record(try scenario("images-sync-download", jitter: 0)), "synchronous download")
        let varied = blocks(record(try scenario("images-sync-download", jitter: 0.5)), "synchronous download")
        #expect(exact.count >= 10)
        #expect(Array(varied.prefix(10)) == Array(exact.prefix(10)))
    }
}
