import TraceModel
import ToolSupport

/// How events are written to and read from a trace: `seq`, `t`, `kind`, then the
/// kind's fields in a fixed order, one event per line.
///
/// Rows are global inside ReuseLab. In a table with sections an event names a row
/// as its index path: `section` (written only when not 0) and `row` within the
/// section; a list of rows is `rows` when every one is in section 0, else
/// `indexPaths`, `[[section, row], …]` as Swift prints index paths.
extension TraceEvent {
    /// The members each kind may carry besides `seq`, `t` and `kind`: its own, and
    /// `section` beside a `row` (or `indexPaths` instead of `rows`) for a table with sections.
    static func memberNames(of kind: EventKind, list: ListStyle = .table) -> [String] {
        var names = ownMemberNames(of: kind)
        if names.contains("row") { names.append("section") }
        if names.contains("previousRow") { names.append("previousSection") }
        if names.contains("rows") && kind != .numberOfRows { names.append("indexPaths") }
        return (names + ["inferred"]).map(list.member)
    }

    static func ownMemberNames(of kind: EventKind) -> [String] {
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
        case .note, .gap: return ["text"]
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
    public static func decode(_ field: JSONField, naming: RowNaming = .single) throws(ReuseLabError) -> TraceEvent {
        let object = try field.object()
        let seq = try object.required("seq", "the event's number, 0, 1, 2, …").nonNegativeInt()
        let ms = try object.required("t", "virtual time in milliseconds").nonNegativeDouble(max: 1e10)
        let kindField = try object.required("kind", "the callback or event name")
        let kindName = try kindField.string()
        let list = naming.list
        guard let kind = list.kind(named: kindName) else {
            if let other = list.counterpart(of: kindName) {
                throw kindField.error(list.isCollection
                    ? "a collection view calls \"\(other)\", not \"\(VisibleText.shortened(kindName))\" (this trace's header says \"list\": \"collection\")"
                    : "a table view calls \"\(other)\", not \"\(VisibleText.shortened(kindName))\" (a collection view's trace says \"list\": \"collection\" in its header)")
            }
            let known = EventKind.allCases.map(list.name(of:))
            var message = "unknown event kind \"\(VisibleText.shortened(kindName))\""
            if let guess = Suggestion.closest(to: kindName, among: known) {
                message += " (did you mean \"\(guess)\"?)"
            } else {
                message += "; known kinds: \(known.joined(separator: ", "))"
            }
            throw kindField.error(message)
        }
        try object.rejectUnknown(allowed: ["seq", "t", "kind"] + memberNames(of: kind, list: list))
        let rowKey = list.member("row"), rowsKey = list.member("rows")

        func cell() throws(ReuseLabError) -> Int { try object.required("cell", "the cell's id").positiveInt() }
        /// The global row of `section` (0 when absent) and `row`.
        func globalRow(_ rowField: JSONField, sectionField: JSONField?) throws(ReuseLabError) -> Int {
            let row = try rowField.nonNegativeInt()
            guard let sectionField else { return row }
            let section = try sectionField.nonNegativeInt()
            if section == 0 && !naming.hasSections { return row }
            guard let global = naming.globalRow(section: section, row: row) else {
                // Point at what is wrong: a section the table lacks, or a row past its section's end.
                let sectionExists = naming.hasSections && section < naming.sectionRowCounts.count && naming.sectionRowCounts[section] > 0
                throw (sectionExists ? rowField : sectionField).error(naming.describeMissing(section: section, row: row))
            }
            return global
        }
        func row(_ key: String? = nil, section sectionKey: String = "section") throws(ReuseLabError) -> Int {
            try globalRow(try object.required(key ?? rowKey), sectionField: object.optional(sectionKey))
        }
        func rows() throws(ReuseLabError) -> [Int] {
            let pathsField = object.optional("indexPaths")
            if pathsField != nil, let rowsField = object.optional(rowsKey) {
                throw rowsField.error("an event lists its \(rowsKey) either as \"\(rowsKey)\" or as \"indexPaths\", not both")
            }
            let field: JSONField
            if let pathsField { field = pathsField } else { field = try object.required(rowsKey, "the \(rowsKey), or \"indexPaths\" as [[section, \(rowKey)], …]") }
            let elements = try field.array()
            // A real prefetch batch, cancellation or reload names a screenful of rows or
            // two; a list far longer can only come from a broken or hostile file.
            guard elements.count <= TraceEvent.maximumListedRows else {
                throw field.error("\"\(pathsField == nil ? rowsKey : "indexPaths")\" lists \(elements.count) \(rowsKey); a \(kindName) event may list at most \(TraceEvent.maximumListedRows)")
            }
            var list: [Int] = []
            list.reserveCapacity(elements.count)
            for element in elements {
                guard pathsField != nil else {
                    list.append(try element.nonNegativeInt())
                    continue
                }
                let pair = try element.array()
                guard pair.count == 2 else {
                    throw element.error("an index path is [section, \(rowKey)], two numbers; found \(pair.count)")
                }
                list.append(try globalRow(pair[1], sectionField: pair[0]))
            }
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
                throw field.error("\"offset\" must be a content offset from -1000000000000 to 1000000000000 points, found \(NumberText.of(value))")
            }
            return value
        }

        let body: EventBody
        switch kind {
        case .initCell: body = .initCell(cell: try cell(), identifier: try identifier())
        case .prepareForReuse:
            let previous = object.optional(list.member("previousRow"))
            let previousRow: Int? = previous == nil || previous?.node.value == .null ? nil : try row(list.member("previousRow"), section: "previousSection")
            body = .prepareForReuse(cell: try cell(), identifier: try identifier(), previousRow: previousRow)
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
            for element in try object.required("cells", "the visible \(rowsKey) and their cells").array() {
                let entry = try element.object()
                try entry.rejectUnknown(allowed: ["section", rowKey, "cell", "image"])
                let image = try entry.optional("image").map { field throws(ReuseLabError) in try ImageShown.decode(field) }
                cells.append(VisibleCell(row: try globalRow(try entry.required(rowKey), sectionField: entry.optional("section")),
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
        case .gap: body = .gap(text: try object.optional("text")?.string() ?? "")
        case .imageRequest:
            let causeField = try object.required("cause", "why the image was requested")
            body = .imageRequest(request: try request(), row: try row(), image: try object.required("image").nonNegativeInt(),
                                 cause: RequestCause.cause(named: try causeField.choice(RequestCause.named(in: list).map(\.name)), in: list),
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
        case .numberOfRows: body = .numberOfRows(rows: try object.required(rowsKey).nonNegativeInt())
        }
        return TraceEvent(seq: seq, time: VirtualTime(traceMilliseconds: ms), body: body,
                          inferred: try object.optional("inferred")?.bool() ?? false)
    }
}

extension ImageShown {
    /// The two values a trace writes as words; an image is written as its number.
    static let words: [(word: String, shown: ImageShown)] = [("nothing", .nothing), ("placeholder", .placeholder)]

    static func decode(_ field: JSONField) throws(ReuseLabError) -> ImageShown {
        if case .number = field.node.value { return .image(try field.nonNegativeInt()) }
        let word = try field.choice(words.map(\.word))
        return words.first { $0.word == word }?.shown ?? .nothing
    }
}
