/// How events are written to and read from a trace: `seq`, `t`, `kind`, then the
/// kind's fields in a fixed order, one event per line.
extension TraceEvent {
    /// The event as one line of JSON.
    public var jsonLine: String {
        JSONWriter.compact(jsonValue)
    }

    public var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        out.add("seq", seq)
        out.add("t", time.milliseconds)
        out.add("kind", kind.rawValue)
        switch body {
        case .initCell(let cell, let identifier):
            out.add("cell", cell)
            out.add("identifier", identifier)
        case .prepareForReuse(let cell, let identifier, let previousRow):
            out.add("cell", cell)
            out.add("identifier", identifier)
            out.add("previousRow", previousRow.map { JSONValue.number(Double($0)) } ?? .null)
        case .cellForRowAt(let row, let cell), .willDisplay(let row, let cell), .didEndDisplaying(let row, let cell):
            out.add("row", row)
            out.add("cell", cell)
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows), .reloadRows(let rows), .reconfigureRows(let rows):
            out.add("rows", rows)
        case .deinitCell(let cell):
            out.add("cell", cell)
        case .enqueue(let cell, let identifier):
            out.add("cell", cell)
            out.add("identifier", identifier)
        case .keepAside(let cell, let row):
            out.add("cell", cell)
            out.add("row", row)
        case .scrollViewWillBeginDragging(let offset), .scrollViewDidEndDecelerating(let offset):
            out.add("offset", offset)
        case .scrollViewDidEndDragging(let offset, let willDecelerate):
            out.add("offset", offset)
            out.add("willDecelerate", willDecelerate)
        case .scrollToRow(let row, let position, let animated):
            out.add("row", row)
            out.add("position", position)
            out.add("animated", animated)
        case .frame(let snapshot):
            out.add("frame", snapshot.frame)
            out.add("offset", snapshot.offset)
            out.add("cells", .list(snapshot.cells.map { visible in
                var cell = JSONObjectBuilder()
                cell.add("row", visible.row)
                cell.add("cell", visible.cell)
                if let image = visible.image { cell.add("image", image.jsonValue) }
                return cell.value
            }))
        case .note(let text):
            out.add("text", text)
        case .imageRequest(let request, let row, let image, let cause, let sync):
            out.add("request", request)
            out.add("row", row)
            out.add("image", image)
            out.add("cause", cause.rawValue)
            out.add("sync", sync)
        case .pageRequest(let request, let firstRow, let count):
            out.add("request", request)
            out.add("firstRow", firstRow)
            out.add("count", count)
        case .requestStarted(let request), .requestCancelled(let request):
            out.add("request", request)
        case .requestCoalesced(let request, let row):
            out.add("request", request)
            out.add("row", row)
        case .response(let request, let bytes, let fromCache):
            out.add("request", request)
            out.add("bytes", bytes)
            out.add("fromCache", fromCache)
        case .requestFailed(let request, let reason):
            out.add("request", request)
            out.add("reason", reason)
        case .cacheHit(let row, let image, let layer):
            out.add("row", row)
            out.add("image", image)
            out.add("layer", layer.rawValue)
        case .cacheEvict(let image, let layer):
            out.add("image", image)
            out.add("layer", layer.rawValue)
        case .imageSet(let cell, let image):
            out.add("cell", cell)
            out.add("image", image.jsonValue)
        case .mainThreadBlocked(let ms, let cause):
            out.add("ms", ms)
            out.add("cause", cause)
        case .hitch(let frame, let missed, let ms, let cause):
            out.add("frame", frame)
            out.add("missedFrames", missed)
            out.add("ms", ms)
            out.add("cause", cause)
        case .imageMemory(let bytes):
            out.add("bytes", bytes)
        case .numberOfRows(let rows):
            out.add("rows", rows)
        case .reloadData, .didReceiveMemoryWarning, .viewDidDisappear, .recordingEnded:
            break
        }
        return out.value
    }

    /// The members each kind carries besides `seq`, `t` and `kind`.
    static func memberNames(of kind: EventKind) -> [String] {
        switch kind {
        case .initCell, .enqueue: return ["cell", "identifier"]
        case .prepareForReuse: return ["cell", "identifier", "previousRow"]
        case .cellForRowAt, .willDisplay, .didEndDisplaying: return ["row", "cell"]
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt, .reloadRows, .reconfigureRows: return ["rows"]
        case .deinitCell: return ["cell"]
        case .keepAside: return ["cell", "row"]
        case .scrollViewWillBeginDragging, .scrollViewDidEndDecelerating: return ["offset"]
        case .scrollViewDidEndDragging: return ["offset", "willDecelerate"]
        case .scrollToRow: return ["row", "position", "animated"]
        case .frame: return ["frame", "offset", "cells"]
        case .note: return ["text"]
        case .imageRequest: return ["request", "row", "image", "cause", "sync"]
        case .pageRequest: return ["request", "firstRow", "count"]
        case .requestStarted, .requestCancelled: return ["request"]
        case .requestCoalesced: return ["request", "row"]
        case .response: return ["request", "bytes", "fromCache"]
        case .requestFailed: return ["request", "reason"]
        case .cacheHit: return ["row", "image", "layer"]
        case .cacheEvict: return ["image", "layer"]
        case .imageSet: return ["cell", "image"]
        case .mainThreadBlocked: return ["ms", "cause"]
        case .hitch: return ["frame", "missedFrames", "ms", "cause"]
        case .imageMemory: return ["bytes"]
        case .numberOfRows: return ["rows"]
        case .reloadData, .didReceiveMemoryWarning, .viewDidDisappear, .recordingEnded: return []
        }
    }

    /// Reads one event, checking its members and their types. `index` is its place
    /// in the `events` array, used in messages and checked against `seq`.
    public static func decode(_ field: JSONField) throws(ReuseLabError) -> TraceEvent {
        let object = try field.object()
        let seq = try object.required("seq", "the event's number, 0, 1, 2, …").nonNegativeInt()
        let ms = try object.required("t", "virtual time in milliseconds").nonNegativeDouble(max: 1e10)
        let kindField = try object.required("kind", "the callback or event name")
        let kindName = try kindField.string()
        guard let kind = EventKind(rawValue: kindName) else {
            var message = "unknown event kind \"\(VisibleText.shortened(kindName))\""
            if let guess = Suggestion.closest(to: kindName, among: EventKind.allCases.map(\.rawValue)) {
                message += " (did you mean \"\(guess)\"?)"
            } else {
                message += "; known kinds: \(EventKind.allCases.map(\.rawValue).joined(separator: ", "))"
            }
            throw kindField.error(message)
        }
        try object.rejectUnknown(allowed: ["seq", "t", "kind"] + memberNames(of: kind))

        func cell() throws(ReuseLabError) -> Int { try object.required("cell", "the cell's id").positiveInt() }
        func row() throws(ReuseLabError) -> Int { try object.required("row").nonNegativeInt() }
        func rows() throws(ReuseLabError) -> [Int] {
            let field = try object.required("rows")
            let elements = try field.array()
            // A real prefetch batch, cancellation or reload names a screenful of rows or
            // two; a list far longer can only come from a broken or hostile file.
            guard elements.count <= TraceEvent.maximumListedRows else {
                throw field.error("\"rows\" lists \(elements.count) rows; a \(kindName) event may list at most \(TraceEvent.maximumListedRows)")
            }
            var list: [Int] = []
            list.reserveCapacity(elements.count)
            for element in elements { list.append(try element.nonNegativeInt()) }
            return list
        }
        func identifier() throws(ReuseLabError) -> String { try object.required("identifier", "the reuse identifier").string() }
        func request() throws(ReuseLabError) -> Int { try object.required("request", "the request's number").positiveInt() }
        func layer() throws(ReuseLabError) -> CacheLayer {
            CacheLayer(rawValue: try object.required("layer", "which cache").choice(CacheLayer.allCases.map(\.rawValue))) ?? .memory
        }
        func offset() throws(ReuseLabError) -> Double {
            let field = try object.required("offset", "the content offset in points")
            let value = try field.double()
            guard abs(value) <= 1e12 else {
                throw field.error("\"offset\" must be a content offset from -1000000000000 to 1000000000000 points, found \(JSONWriter.formatNumber(value))")
            }
            return value
        }

        let body: EventBody
        switch kind {
        case .initCell: body = .initCell(cell: try cell(), identifier: try identifier())
        case .prepareForReuse:
            body = .prepareForReuse(cell: try cell(), identifier: try identifier(),
                                    previousRow: try object.optional("previousRow")?.nonNegativeInt())
        case .cellForRowAt: body = .cellForRowAt(row: try row(), cell: try cell())
        case .willDisplay: body = .willDisplay(row: try row(), cell: try cell())
        case .didEndDisplaying: body = .didEndDisplaying(row: try row(), cell: try cell())
        case .prefetchRowsAt: body = .prefetchRowsAt(rows: try rows())
        case .cancelPrefetchingForRowsAt: body = .cancelPrefetchingForRowsAt(rows: try rows())
        case .deinitCell: body = .deinitCell(cell: try cell())
        case .enqueue: body = .enqueue(cell: try cell(), identifier: try identifier())
        case .keepAside: body = .keepAside(cell: try cell(), row: try row())
        case .scrollViewWillBeginDragging: body = .scrollViewWillBeginDragging(offset: try offset())
        case .scrollViewDidEndDragging:
            body = .scrollViewDidEndDragging(offset: try offset(), willDecelerate: try object.required("willDecelerate").bool())
        case .scrollViewDidEndDecelerating: body = .scrollViewDidEndDecelerating(offset: try offset())
        case .scrollToRow:
            body = .scrollToRow(row: try row(),
                                position: try object.optional("position")?.choice(ScrollPosition.allCases.map(\.rawValue)) ?? "top",
                                animated: try object.optional("animated")?.bool() ?? false)
        case .frame:
            let frameNumber = try object.required("frame").nonNegativeInt()
            var cells: [VisibleCell] = []
            for element in try object.required("cells", "the visible rows and their cells").array() {
                let entry = try element.object()
                try entry.rejectUnknown(allowed: ["row", "cell", "image"])
                let image = try entry.optional("image").map { field throws(ReuseLabError) in try ImageShown.decode(field) }
                cells.append(VisibleCell(row: try entry.required("row").nonNegativeInt(),
                                         cell: try entry.required("cell").positiveInt(),
                                         image: image))
            }
            body = .frame(FrameSnapshot(frame: frameNumber, offset: try offset(), cells: cells))
        case .reloadData: body = .reloadData
        case .recordingEnded: body = .recordingEnded
        case .reloadRows: body = .reloadRows(rows: try rows())
        case .reconfigureRows: body = .reconfigureRows(rows: try rows())
        case .didReceiveMemoryWarning: body = .didReceiveMemoryWarning
        case .viewDidDisappear: body = .viewDidDisappear
        case .note: body = .note(text: try object.required("text").string())
        case .imageRequest:
            let causeField = try object.required("cause", "why the image was requested")
            body = .imageRequest(request: try request(), row: try row(), image: try object.required("image").nonNegativeInt(),
                                 cause: RequestCause(rawValue: try causeField.choice(RequestCause.allCases.map(\.rawValue))) ?? .cellForRowAt,
                                 sync: try object.optional("sync")?.bool() ?? false)
        case .pageRequest:
            body = .pageRequest(request: try request(), firstRow: try object.required("firstRow").nonNegativeInt(),
                                count: try object.required("count").positiveInt())
        case .requestStarted: body = .requestStarted(request: try request())
        case .requestCancelled: body = .requestCancelled(request: try request())
        case .requestCoalesced: body = .requestCoalesced(request: try request(), row: try row())
        case .response:
            body = .response(request: try request(), bytes: try object.required("bytes").nonNegativeInt(),
                             fromCache: try object.optional("fromCache")?.bool() ?? false)
        case .requestFailed: body = .requestFailed(request: try request(), reason: try object.optional("reason")?.string() ?? "")
        case .cacheHit:
            body = .cacheHit(row: try row(), image: try object.required("image").nonNegativeInt(), layer: try layer())
        case .cacheEvict: body = .cacheEvict(image: try object.required("image").nonNegativeInt(), layer: try layer())
        case .imageSet: body = .imageSet(cell: try cell(), image: try ImageShown.decode(try object.required("image", "\"nothing\", \"placeholder\" or an image number")))
        case .mainThreadBlocked:
            body = .mainThreadBlocked(ms: try object.required("ms").nonNegativeDouble(max: 1e9), cause: try object.optional("cause")?.string() ?? "")
        case .hitch:
            body = .hitch(frame: try object.required("frame").nonNegativeInt(), missedFrames: try object.required("missedFrames").nonNegativeInt(),
                          ms: try object.required("ms").nonNegativeDouble(max: 1e9), cause: try object.optional("cause")?.string() ?? "")
        case .imageMemory: body = .imageMemory(bytes: try object.required("bytes").nonNegativeInt())
        case .numberOfRows: body = .numberOfRows(rows: try object.required("rows").nonNegativeInt())
        }
        return TraceEvent(seq: seq, time: VirtualTime(microseconds: Int64((ms * 1000).rounded())), body: body)
    }
}

extension ImageShown {
    /// `"nothing"`, `"placeholder"`, or the row whose image is shown.
    public var jsonValue: JSONValue {
        switch self {
        case .nothing: return .string("nothing")
        case .placeholder: return .string("placeholder")
        case .image(let number): return .number(Double(number))
        }
    }

    static func decode(_ field: JSONField) throws(ReuseLabError) -> ImageShown {
        if case .number = field.node.value { return .image(try field.nonNegativeInt()) }
        switch try field.choice(["nothing", "placeholder"]) {
        case "placeholder": return .placeholder
        default: return .nothing
        }
    }
}
