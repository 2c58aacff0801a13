import Foundation
import Testing
import TraceModel
@testable import ReuseEngine

/// A cell that writes down, in a log its controller shares, when it is reset.
final class LoggingTile: CollectionViewCell {
    var log: (String) -> Void = { _ in }

    override func prepareForReuse() {
        log("prepareForReuse #\(id)")
    }
}

/// A grid whose data source dequeues with one cell registration made up front (or,
/// with `registrationPerCell`, a new one for every cell, the mistake UIKit warns of).
final class RegistrationGridController: CollectionViewController, CollectionViewDataSource {
    var calls: [String] = []
    var itemCount = 0
    let registrationPerCell: Bool
    private var registration: CollectionView.CellRegistration<LoggingTile, Int>?

    init(registrationPerCell: Bool = false) {
        self.registrationPerCell = registrationPerCell
    }

    private func makeRegistration() -> CollectionView.CellRegistration<LoggingTile, Int> {
        CollectionView.CellRegistration<LoggingTile, Int> { [unowned self] cell, indexPath, item in
            cell.log = { [unowned self] in self.calls.append($0) }
            calls.append("handler #\(cell.id) item \(indexPath.item) value \(item)")
            cell.textLabel.text = "Cell \(item)"
        }
    }

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        itemCount = environment.rowCount
        collectionView.dataSource = self
        // Up front, as Apple asks; a registration made in cellForItemAt is refused (see the tests).
        registration = makeRegistration()
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if registrationPerCell || registration == nil { registration = makeRegistration() }
        guard let registration else { return collectionView.dequeueReusableCell(withReuseIdentifier: "none", for: indexPath) }
        let cell = collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: 100 + indexPath.item)
        calls.append("returned #\(cell.id) text \(cell.textLabel.text ?? "none")")
        return cell
    }
}

/// The same grid written with `register(_:forCellWithReuseIdentifier:)`, its
/// identifier the cell class's name as the registration's is.
final class RegisteredGridController: CollectionViewController, CollectionViewDataSource {
    var itemCount = 0

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        itemCount = environment.rowCount
        collectionView.dataSource = self
        collectionView.register(LoggingTile.self, forCellWithReuseIdentifier: "LoggingTile")
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "LoggingTile", for: indexPath)
        cell.textLabel.text = "Cell \(100 + indexPath.item)"
        return cell
    }
}

/// `UICollectionView.CellRegistration` and `dequeueConfiguredReusableCell(using:for:item:)`:
/// the handler configures each dequeued cell, and the cells go through the reuse
/// pool exactly as with `dequeueReusableCell(withReuseIdentifier:for:)`.
@Suite
final class CellRegistrationTests {
    static let grid = CollectionSpec(items: 200, columns: 2, itemHeight: 180, viewportHeight: 736)
    static let downAndUp: [ScriptStep] = [.drag(by: 540, ms: 3000), .wait(ms: 300), .drag(by: -540, ms: 3000)]

    func run(_ controller: CollectionViewController, _ script: [ScriptStep] = downAndUp) throws -> [TraceEvent] {
        let simulation = Simulation(scenario: Scenario(title: "registration", collection: Self.grid, prefetching: true, script: script),
                                    screen: .collection(controller))
        return try simulation.run()
    }

    @Test func testTheHandlerConfiguresEachDequeuedCellBeforeItIsReturned() throws {
        let controller = RegistrationGridController()
        let events = try run(controller)
        let configured = events.compactMap { event -> (Int, Int)? in
            if case .cellForRowAt(let row, let cell) = event.body { return (row, cell) }
            return nil
        }
        #expect(configured.count > 10)
        let handled = controller.calls.filter { $0.hasPrefix("handler") }
        #expect(handled == configured.map { "handler #\($0.1) item \($0.0) value \(100 + $0.0)" },
                "one handler call per cellForItemAt, with its cell, index path and item")
        // Each handler call comes right before its cell is returned, already configured.
        for (index, call) in controller.calls.enumerated() where call.hasPrefix("handler") {
            let cell = call.split(separator: " ")[1]
            let value = call.split(separator: " ").last ?? ""
            #expect(controller.calls.dropFirst(index + 1).first == "returned \(cell) text Cell \(value)")
        }
    }

    @Test func testAReusedCellIsResetBeforeTheHandlerConfiguresIt() throws {
        let controller = RegistrationGridController()
        let events = try run(controller)
        let reused = events.filter { if case .prepareForReuse = $0.body { return true }; return false }
        #expect(!reused.isEmpty)
        for (index, call) in controller.calls.enumerated() where call.hasPrefix("prepareForReuse") {
            let cell = call.split(separator: " ")[1]
            #expect(controller.calls.dropFirst(index + 1).first?.hasPrefix("handler \(cell) ") == true,
                    "\(call) is followed by the handler configuring that cell")
        }
    }

    @Test func testCellsGoThroughThePoolAsWithDequeueReusableCell() throws {
        let registered = try run(RegisteredGridController())
        let registration = try run(RegistrationGridController())
        #expect(registration.map(\.body) == registered.map(\.body), "the same inits, reuses and frames, event by event")
        #expect(registration.contains { if case .initCell(_, "LoggingTile") = $0.body { return true }; return false })
    }

    /// A registration made inside cellForItemAt: since iOS 15 UIKit raises when a
    /// cell is dequeued with it, and the recording stops there, at the first layout.
    @Test func testARegistrationMadeForEveryCellRaisesUIKitsException() throws {
        do {
            _ = try run(RegistrationGridController(registrationPerCell: true))
            Issue.record("a registration made for every cell was accepted")
        } catch {
            let stop = error as? Simulation.TooManyEvents
            #expect(stop?.stepIndex == 0)
            #expect(stop?.impossibleStep?.contains("a cell is dequeued with a registration created inside collectionView(_:cellForItemAt:)") == true,
                    Comment(rawValue: stop?.impossibleStep ?? "none"))
        }
        // Made up front, the same registration code reuses cells.
        let events = try run(RegistrationGridController())
        #expect(events.contains { if case .prepareForReuse = $0.body { return true }; return false })
    }

    /// UIKit's item parameter is optional; with nil the handler does not run, and the cell still comes back.
    @Test func testANilItemDequeuesACellWithoutTheHandler() throws {
        final class NilItems: CollectionViewController, CollectionViewDataSource {
            var handled = 0
            lazy var registration = CollectionView.CellRegistration<LoggingTile, Int> { [unowned self] _, _, _ in handled += 1 }
            func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
                _ = registration
                collectionView.dataSource = self
            }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item % 2 == 0 ? indexPath.item : nil)
            }
        }
        let controller = NilItems()
        let events = try run(controller, [.wait(ms: 100)])
        let configured = events.filter { $0.kind == .cellForRowAt }.count
        #expect(configured > 0)
        #expect(controller.handled == configured / 2, "only the even items, which have an item, are handled")
    }

    @Test func testRecordingTwiceNamesTheRegistrationsAlike() throws {
        let first = try run(TwoRegistrationsController(), [.drag(by: 540, ms: 1000)])
        let second = try run(TwoRegistrationsController(), [.drag(by: 540, ms: 1000)])
        #expect(first == second)
        let identifiers = Set(first.compactMap { event -> String? in
            if case .initCell(_, let identifier) = event.body { return identifier } else { return nil }
        })
        #expect(identifiers == ["LoggingTile", "LoggingTile#2"], "two registrations of one class, two pools, named in the order of first use")
    }
}

/// Two registrations of one cell class, made up front: even items use one, odd items the other.
final class TwoRegistrationsController: CollectionViewController, CollectionViewDataSource {
    private let even = CollectionView.CellRegistration<LoggingTile, Int> { cell, _, item in cell.textLabel.text = "Even \(item)" }
    private let odd = CollectionView.CellRegistration<LoggingTile, Int> { cell, _, item in cell.textLabel.text = "Odd \(item)" }

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) { collectionView.dataSource = self }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: indexPath.item % 2 == 0 ? even : odd, for: indexPath, item: indexPath.item)
    }
}

/// An app that registers another class under the name a registration uses: UIKit
/// would raise; the simulation must not trap.
final class CollidingGridController: CollectionViewController, CollectionViewDataSource {
    private let registration = CollectionView.CellRegistration<LoggingTile, Int> { cell, _, item in
        cell.textLabel.text = "Cell \(item)"
    }

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        collectionView.dataSource = self
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "LoggingTile")
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        // Even items through the registration, odd ones through the same-named plain class.
        if indexPath.item % 2 == 0 {
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
        }
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "LoggingTile")
        return collectionView.dequeueReusableCell(withReuseIdentifier: "LoggingTile", for: indexPath)
    }
}

extension CellRegistrationTests {
    @Test func testAClassRegisteredUnderTheRegistrationsNameDoesNotTrap() throws {
        let scenario = Scenario(title: "collision", collection: Self.grid, prefetching: true, script: Self.downAndUp)
        let simulation = Simulation(scenario: scenario, screen: .collection(CollidingGridController()))
        let events = try simulation.run()
        #expect(events.contains { if case .prepareForReuse = $0.body { return true }; return false })
        // Every cell the registration returns is its own class, and the trace stays one readers accept.
        replay(events, header: TraceHeader(title: "collision", profile: .modern, list: scenario.list, scenario: scenario))
    }
}
