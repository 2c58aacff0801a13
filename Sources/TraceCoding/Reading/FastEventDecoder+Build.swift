import TraceModel
import ToolSupport

/// Turning the members the fast decoder read into a `TraceEvent`: the same event,
/// member for member, that `TraceEvent.decode` makes of them.
extension FastEventDecoder {
    /// The event, or nil when a member is missing, extra, or of a form left to the full decoder.
    func build(present: UInt64, bytes cursor: ByteCursor) -> TraceEvent? {
        guard case .text(let kindText)? = token(ids.kind), kindText.isASCII,
              let entry = names.kind(cursor.bytes, kindText.start, kindText.end) else { return nil }
        let kind = entry.kind, required = names.required[entry.index]
        guard present == required || present == required | names.inferredBit else { return nil }
        guard let seq = whole(ids.seq), let ms = unsigned(ids.t) else { return nil }
        var inferred = false
        if present & names.inferredBit != 0 {
            guard let flag = flag(ids.inferred) else { return nil }
            inferred = flag
        }
        guard let body = body(kind, cursor) else { return nil }
        return TraceEvent(seq: seq, time: VirtualTime(traceMilliseconds: ms), body: body, inferred: inferred)
    }

    private func body(_ kind: EventKind, _ cursor: ByteCursor) -> EventBody? {
        switch kind {
        case .initCell:
            guard let cell = positive(ids.cell), let identifier = string(ids.identifier, cursor) else { return nil }
            return .initCell(cell: cell, identifier: identifier)
        case .enqueue:
            guard let cell = positive(ids.cell), let identifier = string(ids.identifier, cursor) else { return nil }
            return .enqueue(cell: cell, identifier: identifier)
        case .prepareForReuse:
            guard let cell = positive(ids.cell), let identifier = string(ids.identifier, cursor) else { return nil }
            if case .null? = token(ids.previousRow) { return .prepareForReuse(cell: cell, identifier: identifier, previousRow: nil) }
            guard let previous = whole(ids.previousRow) else { return nil }
            return .prepareForReuse(cell: cell, identifier: identifier, previousRow: previous)
        case .cellForRowAt, .willDisplay, .didEndDisplaying:
            guard let row = whole(ids.row), let cell = positive(ids.cell) else { return nil }
            switch kind {
            case .cellForRowAt: return .cellForRowAt(row: row, cell: cell)
            case .willDisplay: return .willDisplay(row: row, cell: cell)
            default: return .didEndDisplaying(row: row, cell: cell)
            }
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt, .reloadRows, .reconfigureRows:
            guard case .list? = token(ids.rows) else { return nil }
            switch kind {
            case .prefetchRowsAt: return .prefetchRowsAt(rows: rows)
            case .cancelPrefetchingForRowsAt: return .cancelPrefetchingForRowsAt(rows: rows)
            case .reloadRows: return .reloadRows(rows: rows)
            default: return .reconfigureRows(rows: rows)
            }
        case .deinitCell:
            return positive(ids.cell).map { .deinitCell(cell: $0) }
        case .keepAside:
            guard let cell = positive(ids.cell), let row = whole(ids.row) else { return nil }
            return .keepAside(cell: cell, row: row)
        case .scrollViewWillBeginDragging:
            return signed(ids.offset).map { .scrollViewWillBeginDragging(offset: $0) }
        case .scrollViewDidEndDecelerating:
            return signed(ids.offset).map { .scrollViewDidEndDecelerating(offset: $0) }
        case .scrollViewDidEndDragging:
            guard let offset = signed(ids.offset), let decelerate = flag(ids.willDecelerate) else { return nil }
            return .scrollViewDidEndDragging(offset: offset, willDecelerate: decelerate)
        case .scrollToRow:
            guard let row = whole(ids.row), case .text(let text)? = token(ids.position),
                  let position = words.positions.find(cursor.bytes, text.start, text.end),
                  let animated = flag(ids.animated) else { return nil }
            return .scrollToRow(row: row, position: position, animated: animated)
        case .frame:
            guard let frame = whole(ids.frame), let offset = signed(ids.offset), case .list? = token(ids.cells) else { return nil }
            return .frame(FrameSnapshot(frame: frame, offset: offset, cells: cells))
        case .note:
            return string(ids.text, cursor).map { .note(text: $0) }
        case .gap:
            return string(ids.text, cursor).map { .gap(text: $0) }
        case .imageRequest:
            guard let request = positive(ids.request), let row = whole(ids.row), let image = whole(ids.image),
                  case .text(let text)? = token(ids.cause), let cause = words.causes.find(cursor.bytes, text.start, text.end),
                  let sync = flag(ids.sync) else { return nil }
            return .imageRequest(request: request, row: row, image: image, cause: cause, sync: sync)
        case .pageRequest:
            guard let request = positive(ids.request), let first = whole(ids.firstRow), let count = positive(ids.count) else { return nil }
            return .pageRequest(request: request, firstRow: first, count: count)
        case .requestStarted:
            return positive(ids.request).map { .requestStarted(request: $0) }
        case .requestCancelled:
            return positive(ids.request).map { .requestCancelled(request: $0) }
        case .requestCoalesced:
            guard let request = positive(ids.request), let row = whole(ids.row) else { return nil }
            return .requestCoalesced(request: request, row: row)
        case .response:
            guard let request = positive(ids.request), let bytes = whole(ids.bytes), let cached = flag(ids.fromCache) else { return nil }
            return .response(request: request, bytes: bytes, fromCache: cached)
        case .requestFailed:
            guard let request = positive(ids.request), let reason = string(ids.reason, cursor) else { return nil }
            return .requestFailed(request: request, reason: reason)
        case .cacheHit:
            guard let row = whole(ids.row), let image = whole(ids.image), let layer = layer(cursor) else { return nil }
            return .cacheHit(row: row, image: image, layer: layer)
        case .cacheEvict:
            guard let image = whole(ids.image), let layer = layer(cursor) else { return nil }
            return .cacheEvict(image: image, layer: layer)
        case .imageSet:
            guard let cell = positive(ids.cell), let image = imageShown(cursor) else { return nil }
            return .imageSet(cell: cell, image: image)
        case .mainThreadBlocked:
            guard let ms = unsigned(ids.ms), let cause = string(ids.cause, cursor) else { return nil }
            return .mainThreadBlocked(ms: ms, cause: cause)
        case .hitch:
            guard let frame = whole(ids.frame), let missed = whole(ids.missedFrames), let ms = unsigned(ids.ms),
                  let cause = string(ids.cause, cursor) else { return nil }
            return .hitch(frame: frame, missedFrames: missed, ms: ms, cause: cause)
        case .imageMemory:
            return whole(ids.bytes).map { .imageMemory(bytes: $0) }
        case .numberOfRows:
            return whole(ids.rows).map { .numberOfRows(rows: $0) }
        case .reloadData: return .reloadData
        case .didReceiveMemoryWarning: return .didReceiveMemoryWarning
        case .viewDidDisappear: return .viewDidDisappear
        case .recordingEnded: return .recordingEnded
        }
    }

    // MARK: Member values

    private func token(_ id: Int) -> Token? {
        id < tokens.count ? tokens[id] : nil
    }

    /// A plain whole number, 0 or more.
    private func whole(_ id: Int) -> Int? {
        guard case .number(let number)? = token(id), number.whole >= 0 else { return nil }
        return number.whole
    }

    /// A plain whole number above 0.
    private func positive(_ id: Int) -> Int? {
        guard let value = whole(id), value > 0 else { return nil }
        return value
    }

    /// A number without a minus sign.
    private func unsigned(_ id: Int) -> Double? {
        guard case .number(let number)? = token(id), !number.isNegative else { return nil }
        return number.value
    }

    private func signed(_ id: Int) -> Double? {
        guard case .number(let number)? = token(id) else { return nil }
        return number.value
    }

    private func flag(_ id: Int) -> Bool? {
        guard case .flag(let flag)? = token(id) else { return nil }
        return flag
    }

    private func string(_ id: Int, _ cursor: ByteCursor) -> String? {
        guard case .text(let text)? = token(id) else { return nil }
        return cursor.string(text)
    }

    private func layer(_ cursor: ByteCursor) -> CacheLayer? {
        guard case .text(let text)? = token(ids.layer) else { return nil }
        return words.layers.find(cursor.bytes, text.start, text.end)
    }

    /// An image number, or one of the words `ImageShown` writes.
    private func imageShown(_ cursor: ByteCursor) -> ImageShown? {
        if let number = whole(ids.image) { return .image(number) }
        guard case .text(let text)? = token(ids.image) else { return nil }
        return words.images.find(cursor.bytes, text.start, text.end)
    }
}
