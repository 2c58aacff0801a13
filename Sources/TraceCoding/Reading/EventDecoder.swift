import TraceModel
import ToolSupport

/// Reads trace events straight from a trace's bytes: the one decoder of an event.
///
/// An event is read in two steps. `read` takes its text, which must be JSON — no
/// member named twice, no list too long — before anything it says counts, and
/// notes where each member is. `decode` then reads what the members say, in a
/// fixed order (the event's number, its time, its kind, then the kind's own
/// members), so the first thing wrong is always the same one, and a value that
/// is wrong is told as every JSON value is (`JSONValueReading`).
struct EventDecoder {
    let naming: RowNaming
    /// The code the trace's header carries, which events' lines point into.
    let code: CarriedCode?
    private let words: EventWords
    /// The event's members: kept from one event to the next.
    private var members: [EventMemberRead] = []
    /// Where in `members` each `EventMember` is (by its raw value), or -1.
    private var memberAt = [Int](repeating: -1, count: EventMember.allCases.count)
    /// The event's lists, read as they came: its rows (or items), its index
    /// paths and its cells, each with the first thing wrong in them, if any.
    private var rowList = ListRead<Int>()
    private var indexPathList = ListRead<Int>()
    private var cellList = ListRead<VisibleCell>()
    private var sectionList = ListRead<Int>()

    /// A list of an event as it was read.
    private struct ListRead<Element> {
        var values: [Element] = []
        var error: ReuseLabError?
        var count = 0

        mutating func reset() {
            values.removeAll(keepingCapacity: true)
            error = nil
            count = 0
        }
    }

    init(naming: RowNaming, code: CarriedCode? = nil) {
        self.naming = naming
        self.code = code
        words = EventWords.of(naming.list)
    }

    // MARK: The text

    /// Reads the event at the parser's place, checking its text and noting its
    /// members and lists; returns the event's value. What the members say waits
    /// for `decode`, which must follow before the next event is read.
    mutating func read(_ parser: inout JSONParser, context: EventContext) throws(JSONSyntaxError) -> JSONParser.ValueToken {
        for member in members {
            if let name = member.name { memberAt[name.rawValue] = -1 }
        }
        members.removeAll(keepingCapacity: true)
        rowList.reset()
        indexPathList.reset()
        cellList.reset()
        sectionList.reset()
        guard parser.nextByte() == UInt8(ascii: "{") else { return try parser.readValue() }
        let start = parser.index
        try parser.beginObject()
        var first = true
        var named: UInt64 = 0
        var unnamed: [JSONParser.StringToken] = []
        var names: Set<String> = []
        while let key = try parser.readMemberKey(isFirst: first) {
            first = false
            let name = try checkKey(key, &parser, named: &named, unnamed: &unnamed, names: &names)
            try parser.readColon(after: key)
            let place = EventPlace().member(keyAt: key.start)
            var value: JSONParser.ValueToken
            if parser.nextByte() == UInt8(ascii: "[") && (name == words.rowsMember || name == .indexPaths || name == .cells || name == .sections) {
                if name == .cells {
                    value = try readCells(&parser, context, place)
                } else if name == .sections {
                    value = try readRows(&parser, context, place, into: &sectionList, asIndexPaths: false)
                } else if name == .indexPaths {
                    value = try readRows(&parser, context, place, into: &indexPathList, asIndexPaths: true)
                } else {
                    value = try readRows(&parser, context, place, into: &rowList, asIndexPaths: false)
                }
            } else {
                value = try parser.readValue()
            }
            if let name { memberAt[name.rawValue] = members.count }
            members.append(EventMemberRead(keyStart: key.start, keyEnd: key.end, keyEscaped: key.escaped, name: name, value: value))
        }
        return JSONParser.ValueToken(kind: .object, start: start, end: parser.index, number: 0, escaped: false)
    }

    /// The member `key` names, refusing a key named before in its object: a
    /// member of an event is told by its number (`named` holds those read), any
    /// other key by its text (`unnamed` holds those read).
    private func checkKey(_ key: JSONParser.StringToken, _ parser: inout JSONParser, named: inout UInt64,
                          unnamed: inout [JSONParser.StringToken], names: inout Set<String>) throws(JSONSyntaxError) -> EventMember? {
        let name = key.escaped ? EventMember.named(parser.decode(key)) : EventMember.named(parser.text(of: key))
        if let name {
            let bit = UInt64(1) << UInt64(name.rawValue)
            if named & bit != 0 { throw parser.duplicateMember(key) }
            named |= bit
            return name
        }
        if parser.isDuplicate(key, among: unnamed, count: unnamed.count, names: &names) { throw parser.duplicateMember(key) }
        unnamed.append(key)
        return nil
    }

    /// Reads a list of rows (or items), or of index paths, noting each row and the first thing wrong.
    private func readRows(_ parser: inout JSONParser, _ context: EventContext, _ place: EventPlace,
                          into list: inout ListRead<Int>, asIndexPaths: Bool) throws(JSONSyntaxError) -> JSONParser.ValueToken {
        let start = parser.index
        try parser.beginArray()
        var first = true
        while try parser.nextElement(isFirst: first) {
            first = false
            guard list.count < parser.arrayLimit else { throw parser.arrayTooLong(startingAt: start) }
            let element = EventValue(context: context, token: try parser.readValue(), place: place.element(list.count))
            list.count += 1
            guard list.error == nil else { continue }
            do throws(ReuseLabError) {
                list.values.append(asIndexPaths ? try indexPath(element, context) : try element.nonNegativeInt())
            } catch {
                list.error = error
            }
        }
        return JSONParser.ValueToken(kind: .array, start: start, end: parser.index, number: 0, escaped: false)
    }

    /// The global row an index path `[section, row]` (read whole before) names.
    private func indexPath(_ element: EventValue, _ context: EventContext) throws(ReuseLabError) -> Int {
        guard element.kind == .array else { throw element.typeError("an array") }
        var pair: [EventValue] = []
        var parser = JSONParser(context.text, at: element.token.start)
        do throws(JSONSyntaxError) {
            try parser.beginArray()
            while try parser.nextElement(isFirst: pair.isEmpty) {
                pair.append(EventValue(context: context, token: try parser.readValue(), place: element.place.element(pair.count)))
            }
        } catch {
            throw element.error("an index path read once cannot be read again: \(error.message)")
        }
        guard pair.count == 2 else {
            throw element.error("an index path is [section, \(words.row)], two numbers; found \(pair.count)")
        }
        return try globalRow(pair[1], sectionField: pair[0])
    }

    /// Reads a frame's cells, each object's members checked and noted as read,
    /// noting each cell and the first thing wrong.
    private mutating func readCells(_ parser: inout JSONParser, _ context: EventContext, _ place: EventPlace) throws(JSONSyntaxError) -> JSONParser.ValueToken {
        let start = parser.index
        try parser.beginArray()
        var first = true
        while try parser.nextElement(isFirst: first) {
            first = false
            guard cellList.count < parser.arrayLimit else { throw parser.arrayTooLong(startingAt: start) }
            let elementPlace = place.element(cellList.count)
            cellList.count += 1
            guard parser.nextByte() == UInt8(ascii: "{") else {
                let element = EventValue(context: context, token: try parser.readValue(), place: elementPlace)
                if cellList.error == nil { cellList.error = element.typeError("an object") }
                continue
            }
            let objectStart = parser.index
            try parser.beginObject()
            // Each member a cell may have, where its key is and its value; and the first other key.
            var members = CellMembers()
            var firstKey = true
            var named: UInt64 = 0
            var unnamed: [JSONParser.StringToken] = []
            var names: Set<String> = []
            while let key = try parser.readMemberKey(isFirst: firstKey) {
                firstKey = false
                let name = try checkKey(key, &parser, named: &named, unnamed: &unnamed, names: &names)
                try parser.readColon(after: key)
                members.note(name, key: key, value: try parser.readValue(), rowMember: words.rowMember)
            }
            guard cellList.error == nil else { continue }
            let token = JSONParser.ValueToken(kind: .object, start: objectStart, end: parser.index, number: 0, escaped: false)
            do throws(ReuseLabError) {
                cellList.values.append(try cell(EventValue(context: context, token: token, place: elementPlace), members))
            } catch {
                cellList.error = error
            }
        }
        return JSONParser.ValueToken(kind: .array, start: start, end: parser.index, number: 0, escaped: false)
    }

    /// The members of a frame's cell, as read.
    private struct CellMembers {
        typealias Member = (keyStart: Int, value: JSONParser.ValueToken)
        var row, section, cell, image: Member?
        var unknown: JSONParser.StringToken?

        mutating func note(_ name: EventMember?, key: JSONParser.StringToken, value: JSONParser.ValueToken, rowMember: EventMember) {
            let member = (key.start, value)
            switch name {
            case rowMember?: row = member
            case .section?: section = member
            case .cell?: cell = member
            case .image?: image = member
            default: if unknown == nil { unknown = key }
            }
        }
    }

    /// One cell of a frame, its members checked in order: no other member, then
    /// the image, the row (and section), the cell. The usual cell — a row, a
    /// cell and an image number, each keeping its rules — is taken at once; any
    /// other goes through the accessors, which say what is wrong.
    private func cell(_ object: EventValue, _ members: CellMembers) throws(ReuseLabError) -> VisibleCell {
        if members.unknown == nil, members.section == nil, let row = members.row, let cell = members.cell,
           let rowNumber = ValueRules.nonNegativeInt(row.value.kind, row.value.number),
           let cellNumber = ValueRules.positiveInt(cell.value.kind, cell.value.number) {
            guard let image = members.image else { return VisibleCell(row: rowNumber, cell: cellNumber, image: nil) }
            if let imageNumber = ValueRules.nonNegativeInt(image.value.kind, image.value.number) {
                return VisibleCell(row: rowNumber, cell: cellNumber, image: .image(imageNumber))
            }
        }
        if let key = members.unknown {
            throw UnknownMember.error(object.context.string(start: key.start, end: key.end, escaped: key.escaped), objectPath: object.path,
                                      allowed: words.cellMembers.spellings, position: object.context.position(at: key.start),
                                      eventIndex: object.context.index)
        }
        /// The member, unless it is missing or null.
        func value(_ member: CellMembers.Member?) -> EventValue? {
            guard let member, member.value.kind != .null else { return nil }
            return EventValue(context: object.context, token: member.value, place: object.place.member(keyAt: member.keyStart))
        }
        func required(_ member: CellMembers.Member?, _ spelling: String) throws(ReuseLabError) -> EventValue {
            guard let value = value(member) else { throw object.error(EventValue.missingMember(spelling, "", objectPath: object.path)) }
            return value
        }
        let image = try value(members.image).map { field throws(ReuseLabError) in try ImageShown.decode(field) }
        let row = try globalRow(try required(members.row, words.row), sectionField: value(members.section))
        return VisibleCell(row: row, cell: try required(members.cell, "cell").positiveInt(), image: image)
    }

    // MARK: What it says

    /// The event read last by `read` (whose value is `root`), from the bytes `context` names.
    mutating func decode(_ root: JSONParser.ValueToken, context: EventContext) throws(ReuseLabError) -> TraceEvent {
        let event = EventValue(context: context, token: root, place: EventPlace())
        guard event.kind == .object else { throw event.typeError("an object") }
        let object = EventObject(value: event, members: members, memberAt: memberAt)
        let seq = try object.required(.seq, nil, "the event's number, 0, 1, 2, …").nonNegativeInt()
        let ms = try object.required(.t, nil, "virtual time in milliseconds").nonNegativeDouble(max: 1e10)
        let kindField = try object.required(.kind, nil, "the callback or event name")
        let kind = try self.kind(kindField)
        try object.rejectUnknown(allowed: words.allowed[kind.ordinal])
        let body = try self.body(kind, object)
        return TraceEvent(seq: seq, time: VirtualTime(traceMilliseconds: ms), body: body,
                          inferred: try inference(object), code: try codeLine(object))
    }

    /// What the importer inferred: `"inferred": true` (or `"call"`) for a call the
    /// log does not print, `"cell"` or `"rows"` for a printed call it completed;
    /// `false` or no member for none.
    func inference(_ object: EventObject) throws(ReuseLabError) -> Inference? {
        guard let value = try object.optional(.inferred) else { return nil }
        if value.kind == .bool { return try value.bool() ? .call : nil }
        return Inference(rawValue: try value.choice(Inference.allCases.map(\.rawValue)))
    }

    /// The event's place in the carried code (`"line"`, and `"file"` unless it is
    /// the first file), checked against the code the header carries.
    private func codeLine(_ object: EventObject) throws(ReuseLabError) -> CodeLine? {
        let fileField = object.optional(.file)
        guard let lineField = object.optional(.line) else {
            if let fileField { throw fileField.error("\"file\" names the source file of a \"line\", and this event has no \"line\"") }
            return nil
        }
        guard let code else {
            throw lineField.error("\"line\" points into the code a trace carries, and this trace's header has no \"code\"")
        }
        let file = try fileField?.nonNegativeInt(max: CarriedCode.maximumFiles) ?? 0
        guard file < code.files.count else {
            throw (fileField ?? lineField).error("\"file\" is \(file), but the trace carries \(code.files.count) source file\(code.files.count == 1 ? "" : "s") (numbered from 0)")
        }
        let line = try lineField.positiveInt(max: CarriedCode.maximumLines)
        let carried = code.files[file]
        guard line <= carried.lines.count else {
            throw lineField.error("\"line\" \(line) is past the end of \(VisibleText.shortened(carried.name)), which has \(carried.lines.count) lines")
        }
        return CodeLine(file: file, line: line)
    }

    /// The kind the string `field` names, or the error saying what it may name.
    private func kind(_ field: EventValue) throws(ReuseLabError) -> EventKind {
        let list = naming.list
        if field.kind == .string, !field.token.escaped,
           let kind = words.kind(named: UnsafeBufferPointer(rebasing: field.context.text[(field.token.start + 1)..<(field.token.end - 1)])) {
            return kind
        }
        let kindName = try field.string()
        if let kind = list.kind(named: kindName) { return kind }
        if let other = list.counterpart(of: kindName) {
            throw field.error(list.isCollection
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
        throw field.error(message)
    }

    /// The global row of `section` (0 when absent) and `row`.
    private func globalRow(_ rowField: EventValue, sectionField: EventValue?) throws(ReuseLabError) -> Int {
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

    /// The kind's own members, in the order they are checked.
    private func body(_ kind: EventKind, _ object: EventObject) throws(ReuseLabError) -> EventBody {
        let rowKey = words.row, rowsKey = words.rows

        func cell() throws(ReuseLabError) -> Int { try object.required(.cell, nil, "the cell's id").positiveInt() }
        func row(_ member: EventMember? = nil, _ spelling: String? = nil, section: EventMember = .section) throws(ReuseLabError) -> Int {
            try globalRow(try object.required(member ?? words.rowMember, spelling ?? rowKey), sectionField: object.optional(section))
        }
        func rows() throws(ReuseLabError) -> [Int] {
            let pathsField = object.optional(.indexPaths)
            if pathsField != nil, let rowsField = object.optional(words.rowsMember) {
                throw rowsField.error("an event lists its \(rowsKey) either as \"\(rowsKey)\" or as \"indexPaths\", not both")
            }
            let field: EventValue
            if let pathsField { field = pathsField } else {
                field = try object.required(words.rowsMember, rowsKey, "the \(rowsKey), or \"indexPaths\" as [[section, \(rowKey)], …]")
            }
            guard field.kind == .array else { throw field.typeError("an array") }
            let count = pathsField == nil ? rowList.count : indexPathList.count
            // A real prefetch batch, cancellation or reload names a screenful of rows or
            // two; a list far longer can only come from a broken or hostile file.
            guard count <= TraceEvent.maximumListedRows else {
                throw field.error("\"\(pathsField == nil ? rowsKey : "indexPaths")\" lists \(count) \(rowsKey); a \(naming.list.name(of: kind)) event may list at most \(TraceEvent.maximumListedRows)")
            }
            if pathsField == nil {
                if let error = rowList.error { throw error }
                return rowList.values
            }
            if let error = indexPathList.error { throw error }
            return indexPathList.values
        }
        func identifier() throws(ReuseLabError) -> String { try object.required(.identifier, nil, "the reuse identifier").string() }
        func request() throws(ReuseLabError) -> Int { try object.required(.request, nil, "the request's number").positiveInt() }
        func layer() throws(ReuseLabError) -> CacheLayer {
            CacheLayer(rawValue: try object.required(.layer, nil, "which cache").choice(CacheLayer.allCases.map(\.rawValue))) ?? .memory
        }
        func offset() throws(ReuseLabError) -> Double {
            let field = try object.required(.offset, nil, "the content offset in points")
            let value = try field.double()
            guard abs(value) <= 1e12 else {
                throw field.error("\"offset\" must be a content offset from -1000000000000 to 1000000000000 points, found \(NumberText.of(value))")
            }
            return value
        }

        switch kind {
        case .initCell: return .initCell(cell: try cell(), identifier: try identifier())
        case .prepareForReuse:
            let previousRow: Int? = object.optional(words.previousRowMember) == nil ? nil
                : try row(words.previousRowMember, words.previousRow, section: .previousSection)
            return .prepareForReuse(cell: try cell(), identifier: try identifier(), previousRow: previousRow)
        case .cellForRowAt: return .cellForRowAt(row: try row(), cell: try cell())
        case .willDisplay: return .willDisplay(row: try row(), cell: try cell())
        case .didEndDisplaying: return .didEndDisplaying(row: try row(), cell: try cell())
        case .prefetchRowsAt: return .prefetchRowsAt(rows: try rows())
        case .cancelPrefetchingForRowsAt: return .cancelPrefetchingForRowsAt(rows: try rows())
        case .deinitCell: return .deinitCell(cell: try cell())
        case .enqueue: return .enqueue(cell: try cell(), identifier: try identifier())
        case .keepAside: return .keepAside(cell: try cell(), row: try row())
        case .scrollViewWillBeginDragging: return .scrollViewWillBeginDragging(offset: try offset())
        case .scrollViewDidEndDragging:
            return .scrollViewDidEndDragging(offset: try offset(), willDecelerate: try object.required(.willDecelerate).bool())
        case .scrollViewDidEndDecelerating: return .scrollViewDidEndDecelerating(offset: try offset())
        case .scrollToRow:
            return .scrollToRow(row: try row(),
                                position: try object.optional(.position)?.choice(ScrollPosition.allCases.map(\.rawValue)) ?? "top",
                                animated: try object.optional(.animated)?.bool() ?? false)
        case .frame:
            let frameNumber = try object.required(.frame).nonNegativeInt()
            let field = try object.required(.cells, nil, "the visible \(rowsKey) and their cells")
            guard field.kind == .array else { throw field.typeError("an array") }
            if let error = cellList.error { throw error }
            return .frame(FrameSnapshot(frame: frameNumber, offset: try offset(), cells: cellList.values))
        case .reloadData: return .reloadData
        case .recordingEnded: return .recordingEnded
        case .reloadRows: return .reloadRows(rows: try rows())
        case .reconfigureRows: return .reconfigureRows(rows: try rows())
        case .deleteRows: return .deleteRows(rows: try rows())
        case .insertRows: return .insertRows(rows: try rows())
        case .moveRow: return .moveRow(row: try row(), toRow: try object.required(.toRow, nil, "the row it moves to").nonNegativeInt())
        case .performBatchUpdates: return .performBatchUpdates
        case .endUpdates: return .endUpdates
        case .reloadSections:
            let field = try object.required(.sections, nil, "the sections to reload")
            guard field.kind == .array else { throw field.typeError("an array") }
            guard sectionList.count <= TraceEvent.maximumListedRows else {
                throw field.error("\"sections\" lists \(sectionList.count) sections; a reloadSections event may list at most \(TraceEvent.maximumListedRows)")
            }
            if let error = sectionList.error { throw error }
            return .reloadSections(sections: sectionList.values)
        case .didReceiveMemoryWarning: return .didReceiveMemoryWarning
        case .viewDidDisappear: return .viewDidDisappear
        case .note: return .note(text: try object.required(.text).string())
        case .gap: return .gap(text: try object.optional(.text)?.string() ?? "")
        case .imageRequest:
            let causeField = try object.required(.cause, nil, "why the image was requested")
            return .imageRequest(request: try request(), row: try row(), image: try object.required(.image).nonNegativeInt(),
                                 cause: RequestCause.cause(named: try causeField.choice(RequestCause.named(in: naming.list).map(\.name)), in: naming.list),
                                 sync: try object.optional(.sync)?.bool() ?? false)
        case .pageRequest:
            return .pageRequest(request: try request(), firstRow: try object.required(.firstRow).nonNegativeInt(),
                                count: try object.required(.count).positiveInt())
        case .requestStarted: return .requestStarted(request: try request())
        case .requestCancelled: return .requestCancelled(request: try request())
        case .requestCoalesced: return .requestCoalesced(request: try request(), row: try row())
        case .response:
            return .response(request: try request(), bytes: try object.required(.bytes).nonNegativeInt(),
                             fromCache: try object.optional(.fromCache)?.bool() ?? false)
        case .requestFailed: return .requestFailed(request: try request(), reason: try object.optional(.reason)?.string() ?? "")
        case .cacheHit:
            return .cacheHit(row: try row(), image: try object.required(.image).nonNegativeInt(), layer: try layer())
        case .cacheEvict: return .cacheEvict(image: try object.required(.image).nonNegativeInt(), layer: try layer())
        case .imageSet: return .imageSet(cell: try cell(), image: try ImageShown.decode(try object.required(.image, nil, "\"nothing\", \"placeholder\" or an image number")))
        case .mainThreadBlocked:
            return .mainThreadBlocked(ms: try object.required(.ms).nonNegativeDouble(max: 1e9), cause: try object.optional(.cause)?.string() ?? "")
        case .hitch:
            return .hitch(frame: try object.required(.frame).nonNegativeInt(), missedFrames: try object.required(.missedFrames).nonNegativeInt(),
                          ms: try object.required(.ms).nonNegativeDouble(max: 1e9), cause: try object.optional(.cause)?.string() ?? "")
        case .imageMemory: return .imageMemory(bytes: try object.required(.bytes).nonNegativeInt())
        case .numberOfRows: return .numberOfRows(rows: try object.required(words.rowsMember, rowsKey).nonNegativeInt())
        case .rowHeightMeasured: return try measuredRow(row: try row(), cell: try cell(), object)
        case .estimatesCorrected: return try correction(object)
        }
    }
}

/// The words a list's events use, worked out once: each kind's name, the
/// members each kind may have, and the list's spelling of rows.
struct EventWords: Sendable {
    private let kinds: WordTable
    private let kindList = EventKind.allCases
    /// Every member an event of each kind may have, by the kind's `ordinal`.
    let allowed: [EventMemberSet]
    let cellMembers: EventMemberSet
    /// "row" or "item", "rows" or "items", "previousRow" or "previousItem", and the members they are.
    let row, rows, previousRow: String
    let rowMember, rowsMember, previousRowMember: EventMember

    init(_ list: ListStyle) {
        kinds = WordTable(EventKind.allCases.map(list.name(of:)))
        allowed = EventKind.allCases.map { EventMemberSet(["seq", "t", "kind"] + TraceEvent.memberNames(of: $0, list: list)) }
        row = list.member("row")
        rows = list.member("rows")
        previousRow = list.member("previousRow")
        rowMember = EventMember.named(row) ?? .row
        rowsMember = EventMember.named(rows) ?? .rows
        previousRowMember = EventMember.named(previousRow) ?? .previousRow
        cellMembers = EventMemberSet(["section", row, "cell", "image"])
    }

    static let table = EventWords(.table)
    static let collection = EventWords(.collection(columns: 1))
    static func of(_ list: ListStyle) -> EventWords { list.isCollection ? collection : table }

    /// The kind a name spelled by `text` stands for in this list, or nil.
    func kind(named text: UnsafeBufferPointer<UInt8>) -> EventKind? {
        kinds.number(of: text).map { kindList[$0] }
    }
}
