import TraceModel

/// The words for row updates: what the app's call does to the rows and their
/// cells, in the two numberings a batch uses.
extension Annotator {
    func updateSentence(_ body: EventBody, before: Before) -> String {
        let waits = before.inBatch ? " Inside the batch it waits: the table view applies every call of the block together when the block returns." : ""
        switch body {
        case .deleteRows(let rows):
            let one = rows.count == 1
            return "The app removes \(one ? "an item" : "items") from its data and deletes \(rowsNamed(rows)) (deleteRows(at:with:)), numbered as before the update. "
                + "\(one ? "A cell showing it ends displaying" : "Cells showing them end displaying") with the old index path; the rows below move up and keep their cells, renumbered without cellForRowAt — so an index path kept from before now names another item's row." + waits
        case .insertRows(let rows):
            let one = rows.count == 1
            return "The app adds \(one ? "a new item" : "new items") to its data and inserts \(rowsNamed(rows)) (insertRows(at:with:)), numbered as after the update. "
                + "The rows from there down move down and keep their cells, renumbered without cellForRowAt; \(one ? "the new row gets" : "each new row gets") cellForRowAt if it is on screen." + waits
        case .moveRow(let row, let toRow):
            return "The app moves \(named(row))'s item to \(named(toRow)) (moveRow(at:to:)): the item keeps its cell, if it has one, and the rows between shift one place, renumbered without cellForRowAt." + waits
        case .performBatchUpdates:
            return "The app calls performBatchUpdates: the deletes, inserts, moves and reloads in its block are applied together when it returns — deleted, reloaded and moved-from rows numbered as before the update, inserted and moved-to rows as after it."
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
