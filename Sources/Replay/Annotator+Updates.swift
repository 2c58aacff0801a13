import TraceModel

/// The words for row updates: what the call does to the rows and their cells,
/// in the two numberings a batch uses. The call is the app's own, or a diffable
/// data source's applying the app's snapshot, so the sentences name no caller.
extension Annotator {
    func updateSentence(_ body: EventBody, before: Before) -> String {
        let waits = before.inBatch ? " Inside the batch it waits: the table view applies every call of the block together when the block returns." : ""
        switch body {
        case .deleteRows(let rows):
            let one = rows.count == 1
            return "\(rowsNamed(rows).capitalizedFirst) \(one ? "is" : "are") deleted (deleteRows(at:with:), numbered as before the update): \(one ? "its item is" : "their items are") gone from the app's data. "
                + "\(one ? "A cell showing it ends displaying" : "Cells showing them end displaying") with the old index path; the rows below move up and keep their cells, renumbered without cellForRowAt — so an index path kept from before now names another item's row." + waits
        case .insertRows(let rows):
            let one = rows.count == 1
            return "\(rowsNamed(rows).capitalizedFirst) \(one ? "is" : "are") inserted (insertRows(at:with:), numbered as after the update), for \(one ? "a new item" : "new items") in the app's data. "
                + "The rows from there down move down and keep their cells, renumbered without cellForRowAt; \(one ? "the new row gets" : "each new row gets") cellForRowAt if it is on screen." + waits
        case .moveRow(let row, let toRow):
            return "\(named(row).capitalizedFirst)'s item moves to \(named(toRow)) (moveRow(at:to:)): the item keeps its cell, if it has one, and the rows between shift one place, renumbered without cellForRowAt." + waits
        case .performBatchUpdates:
            return "performBatchUpdates begins (the app's call, or a diffable data source's applying a snapshot): the deletes, inserts, moves and reloads in its block are applied together when it returns — deleted, reloaded and moved-from rows numbered as before the update, inserted and moved-to rows as after it."
        case .endUpdates:
            return "The batch's block returns and the table view applies its calls together (endUpdates): rows that stay keep their cells, renumbered; a reloaded or deleted row's cell ends displaying; each new or reloaded row on screen gets cellForRowAt."
        case .reloadSections(let sections):
            let named = sections.count == 1 ? "section \(sections[0])" : "sections " + sections.map(String.init).joined(separator: ", ")
            return "The app reloads \(named) (reloadSections(_:with:)): each visible row of it ends displaying and returns its cell to the pool, then is configured again with a dequeued cell."
        default:
            return ""
        }
    }
}
