/// The part of `apply` about images, requests, caches, the main thread and memory.
extension ReplayState {
    /// The image number row `row` should show: its own (row r shows image r, or
    /// r mod `images.distinct` when the scenario shares images).
    public func expectedImage(forRow row: Int) -> Int {
        expectedImage(ofItem: rowItems.item(atRow: row))
    }

    /// The image number of the app's item `item` (`RowItems`): item i's own picture.
    public func expectedImage(ofItem item: Int) -> Int {
        images?.image(forRow: item) ?? item
    }

    /// The visible cells that show another row's image in `snapshot`: the stale image bug.
    public func staleCells(in snapshot: FrameSnapshot) -> [VisibleCell] {
        snapshot.cells.filter { visible in
            if case .image(let number) = visible.image { return number != expectedImage(forRow: visible.row) }
            return false
        }
    }

    /// The visible cells that show another row's image now: the screen as the
    /// cells' image views hold it, which the next frame will draw.
    public func currentStaleCells() -> [VisibleCell] {
        let visible = displayed.keys.sorted().flatMap { row in
            (displayed[row] ?? []).map { VisibleCell(row: row, cell: $0, image: cell($0)?.image) }
        }
        return staleCells(in: FrameSnapshot(frame: lastFrame?.frame ?? 0, offset: offset ?? 0, cells: visible))
    }

    /// A piece of work that holds the main thread (`mainThreadBlocked`): it
    /// starts at the event's time and lasts `ms`.
    public struct MainThreadWork: Sendable, Equatable {
        public var start: VirtualTime
        public var ms: Double
        public var cause: String

        /// True while the work still runs at `time`.
        public func isRunning(at time: VirtualTime) -> Bool {
            time.milliseconds < start.milliseconds + ms
        }
    }

    /// Requests asked for and not yet finished, failed or cancelled.
    public var requestsInFlight: [RequestRecord] {
        inFlightIDs.map { requests[$0 - 1] }
    }

    public func request(_ id: Int) -> RequestRecord? {
        id >= 1 && id <= requests.count ? requests[id - 1] : nil
    }

    mutating func applyLoading(_ body: EventBody) throws(LifecycleViolation) {
        switch body {
        case .imageRequest(let id, let row, let image, let cause, let sync):
            try checkNewRequest(id)
            try checkRow(row)
            try checkImage(image)
            requests.append(RequestRecord(id: id, row: row, item: rowItems.item(atRow: row), image: image, cause: cause, sync: sync,
                                          phase: .waiting, requestedAt: eventTime))
            inFlightIDs.append(id)
            lastRequestForImage[image] = id
        case .pageRequest(let id, let firstRow, _):
            try checkNewRequest(id)
            try checkRow(firstRow)
            requests.append(RequestRecord(id: id, row: nil, item: nil, image: nil, cause: nil, sync: false, phase: .waiting, requestedAt: eventTime))
            inFlightIDs.append(id)
        case .requestStarted(let id):
            let phase = try knownRequest(id, for: "requestStarted")
            guard phase == .waiting else {
                throw LifecycleViolation("request \(id) starts, but it is \(describe(phase)); only a waiting request can start")
            }
            requests[id - 1].phase = .started
            runningRequestCount += 1
        case .requestCoalesced(let id, let row):
            let phase = try knownRequest(id, for: "requestCoalesced")
            guard phase.isInFlight else {
                throw LifecycleViolation("row \(row) joins request \(id), but that request is \(describe(phase)); only a running download can be joined")
            }
            try checkRow(row)
            requests[id - 1].coalescedRows.append(row)
        case .response(let id, let bytes, let fromCache):
            let phase = try knownRequest(id, for: "response")
            guard phase.isInFlight else {
                throw LifecycleViolation("a response for request \(id), which is \(describe(phase)); a request answers once")
            }
            end(id, phase: phase)
            let now = eventTime
            changeRequest(id) { request in
                request.phase = .finished
                request.bytes = bytes
                request.fromCache = fromCache
                request.endedAt = now
            }
        case .requestFailed(let id, _), .requestCancelled(let id):
            let failed = body.kind == .requestFailed
            let phase = try knownRequest(id, for: failed ? "requestFailed" : "requestCancelled")
            guard phase.isInFlight else {
                throw LifecycleViolation("request \(id) is \(failed ? "failing" : "cancelled"), but it is \(describe(phase))")
            }
            end(id, phase: phase)
            let now = eventTime
            changeRequest(id) { request in
                request.phase = failed ? .failed : .cancelled
                request.endedAt = now
            }
        case .cacheHit(let row, let image, _):
            try checkRow(row)
            try checkImage(image)
        case .cacheEvict(let image, _):
            try checkImage(image)
        case .imageSet(let id, let image):
            _ = try liveCell(id, for: "imageSet")
            if case .image(let number) = image { try checkImage(number) }
            update(id) { $0.image = image }
        case .imageMemory(let bytes):
            imageMemory = bytes
            peakImageMemory = max(peakImageMemory, bytes)
        case .numberOfRows(let rows):
            if countAfterUpdate != nil { try checkCountAfterUpdate(rows) }
            if rowItems.updateCount == 0, let total = header.rowCount, rows > total {
                throw LifecycleViolation("the table reports \(rows) rows, but the scenario has \(total)")
            }
            currentRowCount = rows
        case .mainThreadBlocked(let ms, let cause):
            // The work starts at its own event's time.
            mainThreadWork = MainThreadWork(start: eventTime, ms: ms, cause: cause)
        case .hitch:
            break
        default:
            break
        }
    }

    /// A request in flight is over: it leaves the in-flight list (a few entries).
    private mutating func end(_ id: Int, phase: RequestRecord.Phase) {
        if phase == .started { runningRequestCount -= 1 }
        inFlightIDs.removeAll { $0 == id }
    }

    /// Request `id` (known to exist) changed where it is kept.
    private mutating func changeRequest(_ id: Int, _ change: (inout RequestRecord) -> Void) {
        change(&requests[id - 1])
    }

    private func checkNewRequest(_ id: Int) throws(LifecycleViolation) {
        guard id == requests.count + 1 else {
            throw LifecycleViolation("request \(id), but the next request must be number \(requests.count + 1) (requests count 1, 2, … in the order asked)")
        }
    }

    /// Where request `id` stands; refused when no such request was made.
    private func knownRequest(_ id: Int, for kind: String) throws(LifecycleViolation) -> RequestRecord.Phase {
        guard id >= 1 && id <= requests.count else {
            throw LifecycleViolation("\(kind) names request \(id), which was never made")
        }
        return requests[id - 1].phase
    }

    private func checkImage(_ image: Int) throws(LifecycleViolation) {
        guard let scenario = header.scenario else { return }
        // Each row inserted by an update brings a new item, with an image of its own.
        let count = scenario.world.images.distinct ?? max(scenario.table.rows, rowItems.nextItem)
        if image >= count {
            throw LifecycleViolation("image \(image) does not exist; the scenario has \(count) images (0–\(count - 1))")
        }
    }

    private func describe(_ phase: RequestRecord.Phase) -> String {
        switch phase {
        case .waiting: return "waiting for a connection"
        case .started: return "running"
        case .finished: return "already answered"
        case .failed: return "already failed"
        case .cancelled: return "already cancelled"
        }
    }
}
