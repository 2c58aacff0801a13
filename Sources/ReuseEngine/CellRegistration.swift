import Foundation

extension CollectionView {
    /// `UICollectionView.CellRegistration<Cell, Item>` (iOS 14+): a cell class and
    /// the handler that configures a cell of it for an item. It replaces
    /// `register(_:forCellWithReuseIdentifier:)`: the app never names a reuse
    /// identifier, it passes the registration to
    /// `dequeueConfiguredReusableCell(using:for:item:)`.
    ///
    /// Each registration has its own reuse pool, under an identifier the collection
    /// view gives it the first time it dequeues with it: the cell class's name, with
    /// `#2`, `#3`, … for a second or third registration of the same class. So a
    /// registration made anew for every cell (inside `cellForItemAt`) would never
    /// reuse a cell; since iOS 15 UIKit raises an exception when one is used, and
    /// so does the engine (`raisedException`: the recording stops there).
    ///
    /// Where the registration is created (`#fileID`, `#line`, given by default
    /// arguments) is where its handler begins, so the recorder can point a
    /// configured cell's `cellForItemAt` at the handler rather than at the data
    /// source method that only dequeues.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// `(cell, indexPath, item)`: configures the dequeued cell for the item.
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        let handler: Handler
        /// The handler's place in the app's code.
        let handlerSite: CodeSite
        /// The registration's identity (a struct has none of its own), shared by its copies.
        let identity = RegistrationIdentity()

        /// `init(handler:)`.
        public init(file: StaticString = #fileID, line: UInt = #line, handler: @escaping Handler) {
            self.handler = handler
            handlerSite = .call(file: file, line: line)
        }
    }

    /// `dequeueConfiguredReusableCell(using:for:item:)`: a cell of the
    /// registration's class, taken from the reuse pool after its `prepareForReuse`
    /// or made new (`init`) exactly as `dequeueReusableCell(withReuseIdentifier:for:)`
    /// does, then configured by the registration's handler before it is returned.
    ///
    /// `init` and `prepareForReuse` are noted at this call's line; `cellForItemAt`
    /// and what the handler does (an image it sets, a download it starts) at the
    /// handler's.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: IndexPath, item: Item?,
                                                          file: StaticString = #fileID, line: UInt = #line) -> Cell {
        let identifier = reuseIdentifier(of: registration.identity, cellClass: Cell.self)
        let world = machinery.world
        if registration.identity.madeForACell, machinery.raisedException == nil {
            // iOS 15 and later refuse it (an Apple engineer's forum answer, docs/engine.md [E2]).
            machinery.raisedException = "UIKit raises NSInternalInconsistencyException (iOS 15 and later): a cell is dequeued with a registration created inside collectionView(_:cellForItemAt:); a new registration for every cell prevents reuse and keeps its cells for the collection view's lifetime, so create registrations up front and reuse them"
        }
        let dequeued = world.with(site: registration.handlerSite) {
            machinery.dequeueReusableCell(withIdentifier: identifier, for: indexPath, file: file, line: line)
        }
        let cell: Cell
        if let typed = dequeued as? Cell {
            cell = typed
        } else {
            // Only an app that registered another class under the same name gets here
            // (UIKit would raise). A new cell of the right class keeps the simulation
            // going; the collection view records it as a cell it did not dequeue.
            machinery.createdCellCount += 1
            cell = Cell(id: machinery.createdCellCount, reuseIdentifier: identifier)
        }
        // UIKit takes an optional item and documents nothing for nil: here the handler then does not run.
        if let item { world.with(site: registration.handlerSite) { registration.handler(cell, indexPath, item) } }
        return cell
    }
}

/// The identity of one `CellRegistration` and its copies.
final class RegistrationIdentity {
    /// True when the registration was made while the list was asking for a cell
    /// (inside `collectionView(_:cellForItemAt:)` or a cell provider).
    let madeForACell: Bool

    init() {
        madeForACell = CurrentWorld.world?.isRequestingACell ?? false
    }
}

extension CollectionView {
    /// The reuse identifier of a registration, given (and its class registered) the
    /// first time it is used: the class's name, then `Name#2`, `Name#3`, … for
    /// further registrations of one class. In the order of first use, so a
    /// recording made twice names them alike.
    func reuseIdentifier(of identity: RegistrationIdentity, cellClass: CollectionViewCell.Type) -> String {
        if let known = registrations.first(where: { $0.identity === identity }) { return known.identifier }
        let name = String(describing: cellClass)
        let sameClass = registrations.filter { $0.className == name }.count
        let identifier = sameClass == 0 ? name : "\(name)#\(sameClass + 1)"
        registrations.append((identity, name, identifier))
        machinery.register(cellClass, forCellReuseIdentifier: identifier)
        return identifier
    }
}
