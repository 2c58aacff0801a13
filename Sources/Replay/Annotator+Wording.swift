import TraceModel
import ToolSupport
import TraceCoding

/// The words of the Annotator's steps: every sentence it says, made from the
/// event, the state before and after it, the events around it and what noting
/// the step found (see `Annotator.words(for:)`).
extension Annotator {
    // MARK: Wording a step

    /// The sentences of the step of `event`, from the state after it, `before`,
    /// the events around it and what noting it found (`noted`).
    func sentence(_ event: TraceEvent, index: Int, before: Before, noted: StepNote.Detail) -> String {
        switch event.body {
        case .initCell(let cell, let identifier):
            // init and prepareForReuse run inside cellForRowAt, in its dequeueReusableCell
            // call (Apple's documentation of both); a trace lists them first because they
            // finish first, so the row is the one the cell is configured for next.
            let pool = "the \(VisibleText.escape(identifier)) reuse pool"
            let reason = emptyPoolReason(index: index, before: before)
            let dequeue = dequeueCall(of: event)
            guard let row = rowConfigured(for: cell, after: index) else {
                return "\(dequeue) creates a new cell (init, cell #\(cell)) because \(pool) is empty: \(reason)."
            }
            return "Inside \(words.call(.cellForRowAt)) for \(named(row)), \(dequeue) finds \(pool) empty and creates cell #\(cell) (init): \(reason)."
        case .prepareForReuse(let cell, _, let previousRow):
            let showed = previousRow.map { ", which showed \(named($0))," } ?? ""
            var text: String
            let dequeue = dequeueCall(of: event)
            if let row = rowConfigured(for: cell, after: index) {
                text = "Inside \(words.call(.cellForRowAt)) for \(named(row)), \(dequeue) takes cell #\(cell)\(showed) from the pool and calls its prepareForReuse."
            } else {
                text = "\(dequeue) takes cell #\(cell)\(showed) from the pool and calls its prepareForReuse."
            }
            let waiting = before.waitingInPool
            if waiting > 1 {
                text += " It is the most recently pooled of the \(waiting) cells waiting."
            }
            if case .image(let image) = before.cell(cell)?.image ?? .nothing {
                text += " Its image view still holds image \(image) until something resets it."
            }
            return text
        case .cellForRowAt(let row, let cell):
            if Self.isReconfigured(row: row, cell: cell, before: before) {
                let place = before.cell(cell)?.phase == .displayed(row: row) ? "on screen" : "held off screen for it"
                return "\(words.call(.reconfigureRows)): the data source configures \(named(row))'s own cell #\(cell) again, \(place): dequeuing hands back that same cell, so there is no init, no prepareForReuse and no willDisplay."
            }
            let configurer = isRegistrationHandler(event) ? "The cell registration's handler" : "The data source"
            var text = "\(configurer) configures cell #\(cell) for \(named(row))."
            let reloading = before.reloadingRows.contains(row) || before.displayed(row) != nil
            if header.source?.unprinted.contains(.willDisplay) == true {
                // An imported log that never prints willDisplay cannot say when the row appears, under either profile.
                text += " This log does not print willDisplay, so when \(named(row)) comes on screen is not known."
            } else if prefetchingOff {
                // Nothing is prepared ahead with the property off (Apple: "When false, the
                // table view requests cells when they need to display"), whatever the times say.
                if !reloading, header.profile == .modern {
                    text += " isPrefetchingEnabled is false, so the \(words.view) asks for \(words.aRow)'s cell only when the \(words.row) is about to appear, never ahead of time."
                }
            } else if case .configured(true, let grid) = noted {
                if words.isCollection {
                    text += " " + preparedInGrid(row, grid)
                } else {
                    text += " \(capital(row)) is not on screen yet: while scrolling, the modern table view prepares the next row's cell ahead of time; the row will appear with it, without another cellForRowAt."
                }
            }
            if reloading {
                text += " The \(words.row) is being reloaded: this cell will take the place of its old one."
            }
            return text
        case .willDisplay(let row, let cell):
            guard case .shown(let preparedAt, let gridRow) = noted else { return "" }
            let moving = gridRowMoving(gridRow)
            switch before.cell(cell)?.phase {
            case .keptAside, .offscreen:
                return "\(capital(row)) comes back on screen with cell #\(cell), which was kept aside: it is shown again without \(words.call(.cellForRowAt)) or prepareForReuse." + moving
            default:
                if let at = preparedAt {
                    // An imported log without timestamps has times that are only its line order.
                    let synthetic = header.source?.syntheticTimes == true
                    return "\(capital(row)) appears with cell #\(cell), prepared ahead \(synthetic ? "earlier" : "at \(Wording.ms(at))")." + moving
                }
                return "\(capital(row)) appears with cell #\(cell) (willDisplay)." + moving
            }
        case .didEndDisplaying(let row, let cell):
            var fate = ""
            for later in samePass(after: index) {
                if case .keepAside(let id, _) = later.body, id == cell { fate = " Cell #\(cell) is kept aside, not pooled, in case \(named(row)) comes back."; break }
                if case .enqueue(let id, let identifier) = later.body, id == cell { fate = " Cell #\(cell) joins the \(VisibleText.escape(identifier)) reuse pool at once."; break }
                if case .viewDidDisappear = later.body { break }
            }
            // Recordings no longer send this at teardown; a hand-written or older trace may.
            if before.hasDisappeared { fate = " The \(words.view) is going away (UIKit is not known to send didEndDisplaying then)." }
            if before.leavesRemovedRow {
                return "Cell #\(cell) ends displaying (didEndDisplaying) with the index path its row had before the update, \(named(row)): the update removed that row, so the cell has nothing left to show." + fate
            }
            guard case .left(let gridRow) = noted else {
                return "\(capital(row))'s old cell #\(cell) ends displaying (didEndDisplaying): the reload replaces it, while the \(words.row) itself stays on screen." + fate
            }
            return "\(capital(row)) leaves the screen (didEndDisplaying, cell #\(cell))." + gridRowMoving(gridRow) + fate
        case .keepAside(let cell, let row):
            let near = words.isCollection ? "stays near the screen" : "stays within one row of the screen"
            return "Cell #\(cell) is kept aside with \(named(row))'s content, out of the reuse pool, while \(named(row)) \(near): if it comes back, it is shown again without \(words.call(.cellForRowAt))."
        case .enqueue(let cell, let rawIdentifier):
            let identifier = VisibleText.escape(rawIdentifier)
            let waiting = Wording.count(state.poolCount(rawIdentifier), "cell")
            switch before.cell(cell)?.phase {
            case .keptAside(let row):
                return "Cell #\(cell), kept aside since \(named(row)) left, joins the \(identifier) reuse pool (\(waiting) waiting): \(letGoReason(row: row))"
            case .configured(let row) where state.heights.measured(row)?.cell == cell:
                return measuredOnlySentence(cell: cell, row: row, identifier: identifier, waiting: waiting)
            case .configured(let row):
                return "Cell #\(cell) was prepared for \(named(row)), which did not appear; it goes back to the \(identifier) pool (\(waiting) waiting) without didEndDisplaying: \(letGoReason(row: row))"
            default:
                return "Cell #\(cell) joins the \(identifier) reuse pool (\(waiting) waiting)."
            }
        case .deinitCell(let cell):
            guard before.hasDisappeared else {
                return "Cell #\(cell) is deallocated (deinit): the pool was emptied (memory warning). Cells live as long as the \(words.view), not as long as \(words.aRow)."
            }
            // Teardown: the table or collection view is deallocated, and every cell it holds with it.
            switch before.cell(cell)?.phase {
            case .displayed(let row):
                return "Cell #\(cell), still showing \(named(row)), is deallocated (deinit) with the \(words.view), without didEndDisplaying: UIKit sends none when the screen goes away."
            case .keptAside(let row), .offscreen(let row):
                return "Cell #\(cell), kept aside since \(named(row)) left, is deallocated (deinit) with the \(words.view)."
            case .configured(let row):
                return "Cell #\(cell), prepared ahead for \(named(row)), is deallocated (deinit) with the \(words.view); \(named(row)) never appeared."
            case .pooled:
                return "Cell #\(cell), waiting in the reuse pool, is deallocated (deinit) with the \(words.view)."
            default:
                return "Cell #\(cell) is deallocated (deinit) with the \(words.view)."
            }
        case .prefetchRowsAt(let rows):
            if words.isCollection { return itemPrefetch(rows, before: before) }
            var text = "Prefetch batch \(prefetchBatches): \(rowsNamed(rows)) (\(Wording.count(rows.count, "row")))"
            if let visible = before.visibleRows {
                let below = rows.allSatisfy { $0 > visible.upperBound }, above = rows.allSatisfy { $0 < visible.lowerBound }
                if below {
                    text += ", past the bottom edge (\(named(visible.upperBound)) is the last on screen)"
                    text += visible.lowerBound == 0 ? ", looking down as it always does while the first row is on screen" : ", scrolling down"
                } else if above {
                    text += ", above the top edge (\(named(visible.lowerBound)) is the first on screen), nearest first"
                    if let count = state.currentRowCount, visible.upperBound == count - 1 {
                        text += ": the screen reaches the last row, so the table looks up even before the finger turns"
                    } else {
                        text += ", scrolling up"
                    }
                } else {
                    text += ", on both sides of the screen: away from either end of the list, the first batch looks both ways"
                }
            }
            return text + (rows.count == 1 ? ". It is not needed yet; the app can start loading its data." : ". They are not needed yet; the app can start loading their data.")
        case .cancelPrefetchingForRowsAt(let rows):
            let changed: Bool
            if case .cancelled(let rowCountChanged) = noted { changed = rowCountChanged } else { changed = false }
            let one = rows.count == 1
            if words.isCollection {
                if changed {
                    return "The number of items changed, so the collection view cancels every prefetch still outstanding: \(rowsNamed(rows)). Whatever the app started for them may now be for the wrong items."
                }
                return "The collection view cancels the prefetch of \(rowsNamed(rows)): \(one ? "it is" : "they are") no longer expected soon, and the app can stop loading \(one ? "its" : "their") data."
            }
            if changed {
                return "The number of rows changed, so the table cancels every prefetch still outstanding: \(rowsNamed(rows)). Whatever the app started for them may now be for the wrong rows."
            }
            let window = before.visibleRows.map { " (the window now reaches \(span(max(0, $0.lowerBound - 15), $0.upperBound + 15)))" } ?? ""
            return "\(rowsNamed(rows).capitalizedFirst) \(one ? "is" : "are") now more than 15 rows from the screen\(window): the table cancels \(one ? "its" : "their") prefetch. Cancellation is conservative: a change of direction alone cancels nothing, only distance does."
        case .scrollViewWillBeginDragging(let offset):
            return "A finger touches down at offset \(Wording.points(offset)) and starts dragging."
        case .scrollViewDidEndDragging(let offset, let willDecelerate):
            return willDecelerate ? "The finger lifts with speed at offset \(Wording.points(offset)): the content keeps moving and slows down."
                                  : "The finger stops and lifts at offset \(Wording.points(offset))."
        case .scrollViewDidEndDecelerating(let offset):
            return "The content comes to rest at offset \(Wording.points(offset))."
        case .scrollToRow(let row, let position, let animated):
            return "The app scrolls \(named(row)) to the \(position)\(animated ? ", animated" : " at once")."
        case .frame(let snapshot):
            return frameSentence(snapshot, noted: noted)
        case .imageRequest(let request, let row, let image, let cause, let sync):
            var text = "\(capital(row)) asks for image \(image) (request \(request), \(Wording.cause(cause, words: words)))."
            if sync {
                let blocksMain = samePass(after: index).contains { later in
                    if case .mainThreadBlocked(_, let cause) = later.body { return cause.contains("synchronous download of image \(image) ") }
                    return false
                }
                text += blocksMain ? " It is a synchronous download (Data(contentsOf:)) on the main thread: nothing else can happen there until it arrives."
                                   : " A background thread waits for the whole download (Data(contentsOf:)); the main thread stays free."
            }
            return text
        case .pageRequest(let request, let firstRow, let count):
            return "The loading cell asks for the next page: \(words.rows) \(firstRow)–\(firstRow + count - 1) (request \(request))."
        case .requestStarted(let request):
            let running = state.runningRequestCount
            let waited = event.time > (state.request(request)?.requestedAt ?? event.time)
            return "Request \(request) gets a connection (\(running) running)" + (waited ? ", after waiting for one to free up." : ".")
        case .requestCoalesced(let request, let row):
            return "\(capital(row)) wants the same image as request \(request), which is already downloading: it waits for that download instead of starting another."
        case .response(let request, let bytes, let fromCache):
            guard let record = state.request(request) else { return "Request \(request) answers." }
            let took = Wording.ms(event.time - record.requestedAt)
            if let row = record.row, let image = record.image {
                let source = fromCache ? "from URLCache" : "over the network (\(Wording.bytes(bytes)))"
                var text = "Image \(image) for \(named(row)) arrives \(source), \(took) after it was asked for."
                if let item = record.item, state.rowItems.updateCount > 0, state.rowItems.item(atRow: row) != item {
                    let now = state.rowItems.row(ofItem: item)
                    text += " A row update has moved that item since: " + (now.map { "it is \(named($0)) now, and \(named(row)) shows another item." } ?? "it was deleted.")
                }
                if !record.coalescedRows.isEmpty { text += " \(rowsNamed(record.coalescedRows).capitalizedFirst) waited for it too." }
                return text
            }
            return "The page arrives (\(Wording.bytes(bytes))), \(took) after it was asked for."
        case .requestFailed(let request, let reason):
            return "Request \(request) fails: \(VisibleText.escape(reason))."
        case .requestCancelled(let request):
            let record = state.request(request)
            let what = record?.row.map { "\(named($0))'s image" } ?? "the page"
            return "Request \(request) for \(what) is cancelled" + (record?.cause == .prefetch ? " (it was a prefetch)." : ".")
        case .cacheHit(let row, let image, let layer):
            return "Image \(image) for \(named(row)) is found \(Wording.layer(layer)): no download."
        case .cacheEvict(let image, _):
            if let budget = memoryBudget, state.imageMemory > budget {
                return "Memory is tight: images take \(Wording.bytes(state.imageMemory)), past the device's \(Wording.bytes(budget)), so the NSCache gives up image \(image), the one used least recently. It frees memory only if nothing else holds the image."
            }
            return "The NSCache drops image \(image) to stay within its limits."
        case .imageSet(let cell, let image):
            return imageSetSentence(cell: cell, image: image, index: index)
        case .mainThreadBlocked(let ms, let cause):
            return "The main thread is busy for \(Wording.ms(ms)): \(VisibleText.escape(cause)). No frame can be drawn until it is done."
        case .hitch(let first, let missed, let ms, let cause):
            var text = "HITCH: \(Wording.count(missed, "frame")) missed from frame \(first) (\(Wording.ms(ms)) of frozen screen), because of \(VisibleText.escape(cause))."
            if case .late(let work?) = noted {
                text += " Since frame \(max(first, 1) - 1) began, the main thread worked \(Wording.ms(work)): more than a frame's \(Wording.ms(frameWork.budgetMs))."
            }
            return text
        case .imageMemory(let bytes):
            return "Images now take \(Wording.bytes(bytes)) of memory."
        case .numberOfRows(let rows):
            let asks = words.isCollection ? "numberOfItemsInSection" : "numberOfRowsInSection"
            return "The \(words.view) asks \(asks): now \(Wording.count(rows, words.row))."
        case .reloadData:
            return "The app calls reloadData: every visible cell ends displaying and returns to the pool, then each visible \(words.row) is configured again with a dequeued cell."
        case .reloadRows(let rows):
            let discards = header.profile == .modern ? "; a cell prepared off screen for it is discarded to the pool" : ""
            let cellFor = words.call(.cellForRowAt)
            let which = rows.count == 1 ? "if it is on screen, it gets \(cellFor) again" : "each one on screen gets \(cellFor) again"
            return "The app reloads \(rowsNamed(rows)): \(which) with a dequeued cell, not its own\(discards)."
        case .reconfigureRows(let rows):
            let row = words.row
            return "The app reconfigures \(rowsNamed(rows)) (\(words.call(.reconfigureRows)), iOS 15+): " + (rows.count == 1 ? "if the \(row) has a cell" : "each \(row) that has a cell") + ", on screen or prepared off screen, gets \(words.call(.cellForRowAt)) again with that same cell. Unlike \(words.call(.reloadRows)) there is no new cell, no prepareForReuse, no willDisplay, and prepared cells are kept; \(words.aRow) without a cell is left alone."
        case .deleteRows, .insertRows, .moveRow, .performBatchUpdates, .endUpdates, .reloadSections:
            return updateSentence(event.body, before: before)
        case .didReceiveMemoryWarning:
            return "A memory warning: the \(words.view) empties its reuse pools."
        case .viewDidDisappear:
            return "The screen goes away (viewDidDisappear); then the \(words.view) is deallocated with every cell it holds: on screen, kept aside, prepared ahead or pooled. The \(words.rows) still on screen get no didEndDisplaying, so per-\(words.row) work has to stop here."
        case .note(let text):
            return "NOTE: \(VisibleText.escape(text))"
        case .gap(let text):
            let afresh = " What each cell did in between is not known, so the replay starts afresh: each cell's next call is taken as it comes."
            if text.hasPrefix(Self.importersGap) {
                return "GAP: \(VisibleText.escape(String(text.dropFirst(Self.importersGap.count))).capitalizedFirst).\(afresh)"
            }
            let printed = text.isEmpty ? "" : " (it prints \"\(VisibleText.escape(text))\")"
            return "GAP: the log leaves lines out here\(printed).\(afresh)"
        case .rowHeightMeasured, .estimatesCorrected:
            return heightSentence(event.body)
        case .recordingEnded:
            if before.hasDisappeared { return "The recording ends; the screen has gone away with its \(words.view) and cells." }
            return "The recording ends; the screen stays as the last frame showed it."
        }
    }

    /// Why the pool was empty.
    func emptyPoolReason(index: Int, before: Before) -> String {
        if !before.reloadingRows.isEmpty {
            return "the \(words.row) is being reloaded, and its old cell stays in use until the new one is displayed"
        }
        var reasons: [String] = []
        if let first = leavingLater(index: index, before: before) {
            reasons.append("\(named(first))'s cell leaves the screen in this same pass, but only after this \(words.row) asked for a cell")
        }
        let kept = before.keptAside.compactMap { id -> String? in
            guard case .keptAside(let row) = before.cell(id)?.phase else { return nil }
            return "cell #\(id) (\(named(row))'s) is kept aside, not in the pool, in case \(named(row)) comes back"
        }
        reasons.append(contentsOf: kept)
        if reasons.isEmpty {
            let live = before.liveCellCount
            switch live {
            case 0: reasons.append("no cell exists yet")
            case 1: reasons.append("the only cell that exists is in use")
            default: reasons.append("all \(live) cells that exist are on screen or in use")
            }
        }
        return reasons.joined(separator: "; ")
    }

    // MARK: A collection view's grid

    /// Why a collection view configures `item` before it is on screen: cells are
    /// prepared ahead, and when other items of its row of the grid are configured
    /// in the same pass, the sentence says the row is prepared together (once).
    func preparedInGrid(_ item: Int, _ grid: GridPreparation?) -> String {
        let cellFor = words.call(.cellForRowAt)
        switch grid {
        case nil:
            return ""
        case .told(let gridRow):
            return "\(capital(item)) is not on screen yet either: it is prepared with the rest of row \(gridRow) of the grid, and will appear with this cell, without another \(cellFor)."
        case .alone:
            return "\(words.nameInGrid(item).capitalizedFirst) is not on screen yet: while scrolling, the collection view prepares cells ahead of time; the item will appear with this cell, without another \(cellFor)."
        case .together(let gridRow, let items):
            return "\(capital(item)) is not on screen yet: while scrolling, the collection view prepares cells ahead of time, a row of the grid at a time: row \(gridRow), \(rowsNamed(items)). Each will appear with its cell, without another \(cellFor)."
        }
    }

    /// " Row 5 of the grid enters the screen: items 10–11 appear together.", or
    /// nothing when noting the step found no row of the grid moving together.
    func gridRowMoving(_ move: GridRowMove?) -> String {
        guard let move else { return "" }
        return move.entering ? " Row \(move.gridRow) of the grid enters the screen: \(rowsNamed(move.items)) appear together."
                             : " Row \(move.gridRow) of the grid leaves the screen: \(rowsNamed(move.items)) leave together."
    }

    /// A collection view's prefetch batch: the items, their rows of the grid and
    /// where they lie from the screen. A collection view's prefetching follows the
    /// scrolling's speed and direction; the table view's rules of which rows a
    /// batch names are not claimed for it.
    func itemPrefetch(_ items: [Int], before: Before) -> String {
        var text = "Prefetch batch \(prefetchBatches): \(rowsNamed(items)) (\(Wording.count(items.count, "item"))"
        if let low = items.min(), let high = items.max(), let rows = words.gridRows(low, high) { text += ", \(rows)" }
        text += ")"
        if let visible = before.visibleRows {
            if items.allSatisfy({ $0 > visible.upperBound }) {
                text += ", past the bottom edge (\(named(visible.upperBound)) is the last on screen)"
            } else if items.allSatisfy({ $0 < visible.lowerBound }) {
                text += ", above the top edge (\(named(visible.lowerBound)) is the first on screen)"
            } else {
                text += ", on both sides of the screen"
            }
        }
        return text + (items.count == 1 ? ". It is not needed yet; the app can start loading its data." : ". They are not needed yet; the app can start loading their data.")
    }

    /// Why a prepared or kept cell is let go: its row is now more than one row from the screen.
    func letGoReason(row: Int) -> String {
        let rows = state.displayed.keys
        guard words.isCollection else {
            guard let first = rows.min(), let last = rows.max() else {
                return "\(named(row)) is no longer within one row of the screen."
            }
            return "\(named(row)) is no longer within one row of the screen (\(span(first, last)) are on screen)."
        }
        // A collection view: said by rows of the grid, without claiming how far "near" reaches.
        guard let first = rows.min(), let last = rows.max() else {
            return "\(words.nameInGrid(row)) is no longer near the screen."
        }
        let grid = words.gridRows(first, last).map { ", \($0)," } ?? ""
        return "\(words.nameInGrid(row)) is no longer near the screen (\(span(first, last))\(grid) are on screen)."
    }

    func imageSetSentence(cell: Int, image: ImageShown, index: Int) -> String {
        let record = state.cell(cell)
        if record?.phase == .dequeued {
            let next = rowConfigured(for: cell, after: index).map { " before it is configured for \(named($0))" } ?? ""
            return "prepareForReuse clears cell #\(cell)'s image view (\(image.describe))\(next), so the previous \(words.row)'s image cannot show there."
        }
        guard let row = rowOfCell(record) else { return "Cell #\(cell)'s image view is set to \(image.describe)." }
        switch image {
        case .nothing, .placeholder:
            return "Cell #\(cell) (\(named(row))) is cleared: its image view shows \(image.describe)."
        case .image(let number):
            if number == state.expectedImage(forRow: row) {
                return "Cell #\(cell) (\(named(row))) now shows its image, image \(number)."
            }
            if state.landsInAnotherItemsRow(image: number, row: row) {
                return "WRONG ROW: image \(number) (\(imageOwner(number))) is written into \(named(row)) (cell #\(cell)). It was asked for \(named(row)), and a row update has moved that item elsewhere since; the answer still found its row by the index path kept from before the update, so it lands on the item that took the place."
            }
            return "LATE: image \(number) (\(imageOwner(number))) is written into cell #\(cell), which has moved on to \(named(row)): the response arrived after the cell was reused, and nothing checked which \(words.row) the cell shows now."
        }
    }

    func frameSentence(_ snapshot: FrameSnapshot, noted: StepNote.Detail) -> String {
        var text = "Frame \(snapshot.frame): offset \(Wording.points(snapshot.offset)), "
        if let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row {
            let grid = words.gridRows(first, last).map { " (\($0))" } ?? ""
            text += "\(span(first, last))\(grid) on screen (\(Wording.count(snapshot.cells.count, "cell")))."
        } else {
            text += "no \(words.rows) on screen."
        }
        guard case .frame(let stale, let gone) = noted else { return text }
        for image in stale {
            if image.carriedOver {
                text += " STALE: cell #\(image.cell) now shows \(named(image.row)) but its image view still holds \(imageOwner(image.image)) (image \(image.image)) — nothing reset it in prepareForReuse."
            } else {
                text += " STALE: \(named(image.row)) (cell #\(image.cell)) shows \(imageOwner(image.image)) (image \(image.image)), written there by a response for another \(words.row)."
            }
        }
        for pair in gone {
            text += " Cell #\(pair.cell) no longer shows image \(pair.image)."
        }
        return text
    }
}
