import XCTest
@testable import ReuseLabCLI
import Foundation

/// `bench --tools` says how busy the machine was while it measured: the host's
/// steal and other processes' CPU time, each as a share of all the machine had,
/// with the benchmark's own CPU time (its commands' included) left out.
final class MachineLoadTests: XCTestCase {
    private let sample = """
        cpu  42664 0 5897 158474 352 0 541 106 0 0
        cpu0 18963 0 2416 82203 56 0 273 54 0 0
        intr 1 2 3
        """

    func testTheCpuLineGivesEightCounters() {
        XCTAssertEqual(MachineLoad.ticks(procStat: sample), [42664, 0, 5897, 158474, 352, 0, 541, 106])
        XCTAssertNil(MachineLoad.ticks(procStat: "cpu0 1 2 3 4 5 6 7 8\n"), "only the machine's own line counts")
        XCTAssertNil(MachineLoad.ticks(procStat: "cpu  1 2 3\n"), "a line too short is no reading")
        XCTAssertNil(MachineLoad.ticks(procStat: ""))
    }

    func testSharesLeaveTheBenchmarksOwnTimeOut() throws {
        // 1000 ticks in all: 400 busy (of which the benchmark's 2.5 s at 100 a second), 50 stolen.
        let start = MachineLoad.Reading(ticks: [1000, 0, 100, 5000, 0, 0, 0, 10], ownSeconds: 1)
        let end = MachineLoad.Reading(ticks: [1350, 0, 150, 5550, 0, 0, 0, 60], ownSeconds: 3.5)
        let load = try XCTUnwrap(MachineLoad(from: start, to: end, ticksPerSecond: 100))
        XCTAssertEqual(load.steal, 0.05, accuracy: 1e-9)
        XCTAssertEqual(load.others, 0.15, accuracy: 1e-9)
        XCTAssertTrue(load.isBusy)
        XCTAssertEqual(load.sentence, "the host kept 5.0% of this machine's CPU time for itself (steal) and other processes used 15.0%")
    }

    func testAQuietMachineIsNotBusy() throws {
        // The benchmark's own CPU time is all the busy time there was.
        let start = MachineLoad.Reading(ticks: [0, 0, 0, 0, 0, 0, 0, 0], ownSeconds: 0)
        let end = MachineLoad.Reading(ticks: [180, 0, 20, 200, 0, 0, 0, 0], ownSeconds: 2.1)
        let load = try XCTUnwrap(MachineLoad(from: start, to: end, ticksPerSecond: 100))
        XCTAssertEqual(load.others, 0, "more of our own time than the counters saw is no one else's")
        XCTAssertEqual(load.steal, 0)
        XCTAssertFalse(load.isBusy)
    }

    func testReadingsThatCannotBeComparedGiveNoLoad() {
        let start = MachineLoad.Reading(ticks: [10, 0, 0, 10, 0, 0, 0, 0], ownSeconds: 0)
        XCTAssertNil(MachineLoad(from: start, to: start, ticksPerSecond: 100), "no time passed")
        let backwards = MachineLoad.Reading(ticks: [5, 0, 0, 30, 0, 0, 0, 0], ownSeconds: 0)
        XCTAssertNil(MachineLoad(from: start, to: backwards, ticksPerSecond: 100), "a counter went backwards")
        XCTAssertNil(MachineLoad(from: start, to: MachineLoad.Reading(ticks: [1], ownSeconds: 0), ticksPerSecond: 100))
    }

    func testThisMachineCanBeRead() throws {
        guard FileManager.default.fileExists(atPath: "/proc/stat") else { throw XCTSkip("no /proc/stat here") }
        let reading = try XCTUnwrap(MachineLoad.read())
        XCTAssertEqual(reading.ticks.count, 8)
        XCTAssertGreaterThan(reading.ownSeconds, 0)
    }
}
