import Foundation
import Testing
import TraceModel
import TraceCoding
import Replay
import ReuseLabTestSupport

/// Strategy `grid-registration`: the plain grid written with a
/// `UICollectionView.CellRegistration`. The bundled trace records the same
/// scenario as `grid-down-and-up`; only where the app's code is differs.
@Suite
final class RegistrationGridTests {
    func trace(_ name: String) throws -> Trace {
        try TraceReader.read(path: BundledFiles.tracePath(name))
    }

    /// An event with its code line and reuse identifier left out.
    static func withoutCode(_ event: TraceEvent) -> TraceEvent {
        var event = event
        event.code = nil
        switch event.body {
        case .initCell(let cell, _): event.body = .initCell(cell: cell, identifier: "")
        case .prepareForReuse(let cell, _, let previous): event.body = .prepareForReuse(cell: cell, identifier: "", previousRow: previous)
        case .enqueue(let cell, _): event.body = .enqueue(cell: cell, identifier: "")
        default: break
        }
        return event
    }

    @Test func testTheRegistrationReusesCellsAsTheRegisteredClassDoes() throws {
        let registered = try trace("grid-down-and-up")
        let registration = try trace("grid-registration")
        #expect(registration.header.scenario?.script == registered.header.scenario?.script)
        // The same inits, prepareForReuses, displays and frames, event by event.
        #expect(registration.events.count == registered.events.count)
        let differing = zip(registration.events, registered.events).first { Self.withoutCode($0) != Self.withoutCode($1) }
        #expect(differing == nil, "first difference: \(String(describing: differing))")
        #expect(registration.events.filter { $0.kind == .prepareForReuse }.count > 3)
        // What differs is the code: each side points at its own lines.
        #expect(registration.events.map(\.code) != registered.events.map(\.code))
    }

    @Test func testCellForItemAtPointsAtTheHandlerAndTheDequeueAtItsCall() throws {
        try RecordedCodeLineTests.check("grid-registration")
        let trace = try trace("grid-registration")
        let code = try #require(trace.header.code)
        #expect(code.files.map(\.name) == ["RegistrationGridStrategy.swift", "PlainGridStrategy.swift"])
        func text(_ kind: EventKind) throws -> String {
            let event = try #require(trace.events.first { $0.kind == kind }, "a \(kind.rawValue)")
            let place = try #require(event.code, "\(kind.rawValue) has a line")
            return (code.text(at: place) ?? "").trimmingCharacters(in: .whitespaces)
        }
        #expect(try text(.cellForRowAt) == "private let cellRegistration = UICollectionView.CellRegistration<MyGridCell, Int> { cell, indexPath, item in")
        #expect(try text(.initCell).hasPrefix("collectionView.dequeueConfiguredReusableCell(using: cellRegistration"))
        #expect(try text(.prepareForReuse).hasPrefix("collectionView.dequeueConfiguredReusableCell(using: cellRegistration"))
    }

    /// Replay names the call and the configurer from the carried lines, not from the strategy's name.
    @Test func testReplaySaysTheHandlerConfiguresTheCell() throws {
        let registration = try Annotator.annotate(try trace("grid-registration"), file: "grid-registration.trace.json")
        #expect(registration[1].text.hasPrefix("The cell registration's handler configures cell #1 for item 0."))
        #expect(registration[0].text.contains("dequeueConfiguredReusableCell finds the MyGridCell reuse pool empty"))
        let registered = try Annotator.annotate(try trace("grid-down-and-up"), file: "grid-down-and-up.trace.json")
        #expect(registered[1].text.hasPrefix("The data source configures cell #1 for item 0."))
        #expect(registered[0].text.contains("dequeueReusableCell finds the MyCell reuse pool empty"))
    }
}
