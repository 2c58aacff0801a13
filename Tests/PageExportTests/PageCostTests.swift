import Foundation
import Testing
@testable import PageExport
import ToolSupport
import TraceModel
import TraceCoding
import ReuseLabTestSupport

/// A page costs its changes, not its states: a list member changed by one
/// element is sent as that element (`ListEdits`), and keyframes never outweigh
/// the changes (`StateDeltas`). So bytes per step do not grow with the screen.
@Suite
struct PageCostTests {
    /// A list member of `elements` (each already JSON).
    static func member(_ elements: [String]) -> StateMember {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(element.utf8)
            ends.append(bytes.count)
        }
        return StateMember(elements: bytes, ends: ends)
    }

    /// Applies the edits as the page does: each in order, on the list as the ones before left it.
    static func apply(_ edits: ListEdits, to old: [String], new: [String]) -> [String] {
        var list = old
        for edit in edits.edits {
            list.replaceSubrange(edit.at..<(edit.at + edit.remove), with: new[edit.inserted])
        }
        return list
    }

    @Test func testEditsTurnAnyListIntoAnyOther() {
        // A fixed pseudo-random walk over small lists with repeats: every pair comes out right.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2000 {
            let old = (0..<next(14)).map { _ in "[\(next(6))]" }
            var new = old
            for _ in 0..<next(5) {
                switch next(3) {
                case 0 where !new.isEmpty: new.remove(at: next(new.count))
                case 1: new.insert("[\(next(9))]", at: next(new.count + 1))
                default: if !new.isEmpty { new[next(new.count)] = "[\(next(9))]" }
                }
            }
            let edits = ListEdits(from: Self.member(old), to: Self.member(new))
            #expect(Self.apply(edits, to: old, new: new) == new, "\(old) → \(new)")
        }
    }

    @Test func testAScrollByOneRowIsTwoSmallEdits() {
        let rows = (0..<1000).map { "[\($0)]" }
        let scrolled = Array(rows.dropFirst()) + ["[1000]"]
        let edits = ListEdits(from: Self.member(rows), to: Self.member(scrolled))
        #expect(edits.edits == [ListEdits.Edit(at: 0, remove: 1, inserted: 0..<0), ListEdits.Edit(at: 999, remove: 0, inserted: 999..<1000)])
        // One cell changing in the middle of the screen is one element.
        var changed = rows
        changed[500] = "[500,\"p\"]"
        #expect(ListEdits(from: Self.member(rows), to: Self.member(changed)).edits == [ListEdits.Edit(at: 500, remove: 1, inserted: 500..<501)])
    }

    /// A hand-written trace of `rows` rows that come on screen one by one and stay.
    static func trace(rows: Int) -> String {
        var events: [String] = []
        for row in 0..<rows {
            let seq = events.count
            events.append(#"{"seq":\#(seq),"t":0,"kind":"init","cell":\#(row + 1),"identifier":"C"}"#)
            events.append(#"{"seq":\#(seq + 1),"t":0,"kind":"cellForRowAt","row":\#(row),"cell":\#(row + 1)}"#)
            events.append(#"{"seq":\#(seq + 2),"t":0,"kind":"willDisplay","row":\#(row),"cell":\#(row + 1)}"#)
        }
        return #"{"format":"reuselab-trace","version":1,"title":"t","profile":"modern","events":["# + events.joined(separator: ",\n") + "]}"
    }

    /// The page's view of a hand-written trace.
    static func view(_ text: String, maximumRowsOnScreen: Int = TraceView.maximumRowsOnScreen) throws -> PageValue {
        let trace = try CheckedTraceReader.read(bytes: Array(text.utf8), file: "hand.trace.json")
        var notes = PageNotes()
        return try TraceView(trace: trace, file: "hand.trace.json", notes: &notes, maximumRowsOnScreen: maximumRowsOnScreen).value
    }

    @Test func testBytesPerStepDoNotGrowWithTheScreen() throws {
        func statesBytesPerStep(rows: Int) throws -> Double {
            guard case .object(let members) = try Self.view(Self.trace(rows: rows)),
                  case .raw(let states)? = members.first(where: { $0.0 == "states" })?.1 else { return .infinity }
            return Double(states.utf8.count) / Double(rows * 3)
        }
        let small = try statesBytesPerStep(rows: 24), large = try statesBytesPerStep(rows: 192)
        // Whole states would make the large screen's steps about eight times the small one's;
        // keyframes at most double the changes.
        #expect(large < small * 2, "bytes a step: \(small) with 24 rows, \(large) with 192")
        #expect(large < 200)
    }

    @Test func testAPageRefusesMoreRowsOnScreenThanItDraws() throws {
        // A page draws twice the rows a scenario's screen holds (a fast frame brings the
        // next screenful before the last one leaves); lowered here to keep the test quick.
        #expect(TraceView.maximumRowsOnScreen == 2 * Scenario.Limits.maximumVisibleRows)
        #expect {
            _ = try Self.view(Self.trace(rows: 21), maximumRowsOnScreen: 20)
        } throws: { error in
            guard let error = error as? ReuseLabError else { return false }
            return error.kind == .tooLarge && error.file == "hand.trace.json" && error.location.eventIndex == 21 * 3 - 1
                && error.message.contains("shows 21 rows on screen at once; a page draws at most 20")
        }
    }
}
