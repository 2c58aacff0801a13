import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Event kinds are hashed and compared by their place among the cases, not by
/// their names: each case must have its own place, the one `allCases` gives it.
@Suite
final class EventKindHashingTests {
    @Test func testEveryKindHasItsOwnPlace() {
        for (index, kind) in EventKind.allCases.enumerated() {
            #expect(kind.ordinal == index, "\(kind)")
        }
        #expect(Set(EventKind.allCases).count == EventKind.allCases.count)
        for a in EventKind.allCases {
            for b in EventKind.allCases { #expect((a == b) == (a.rawValue == b.rawValue)) }
        }
        var counts: [EventKind: Int] = [:]
        for kind in EventKind.allCases + EventKind.allCases { counts[kind, default: 0] += 1 }
        #expect(counts.values.allSatisfy { $0 == 2 })
    }
}
