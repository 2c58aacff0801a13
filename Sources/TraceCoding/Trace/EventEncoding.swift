import TraceModel
import ToolSupport

/// How an event is written: one compact JSON object, `seq`, `t`, `kind`, then the
/// kind's members in a fixed order (the order `EventCoding` documents and reads),
/// then `"inferred"` (true, "cell" or "rows") when it is set. Written straight into bytes: no JSON
/// value is built, no text joined.
extension TraceEvent {
    /// The event as one line of JSON.
    public func jsonLine(naming: RowNaming = .single) -> String {
        var buffer = ByteBuffer(capacity: 128)
        encode(into: &buffer, naming: naming)
        return buffer.string
    }

    /// Appends the event's JSON object to `out`.
    func encode(into out: inout ByteBuffer, naming: RowNaming) {
        out.append("{\"seq\":")
        out.appendInteger(seq)
        out.append(",\"t\":")
        out.appendNumber(time.milliseconds)
        out.append(",\"kind\":")
        out.appendString(naming.list.name(of: kind))
        let items = naming.list.isCollection
        switch body {
        case .initCell(let cell, let identifier), .enqueue(let cell, let identifier):
            out.member(",\"cell\":", cell)
            out.member(",\"identifier\":", identifier)
        case .prepareForReuse(let cell, let identifier, let previousRow):
            out.member(",\"cell\":", cell)
            out.member(",\"identifier\":", identifier)
            if let previousRow {
                out.row(previousRow, naming: naming, key: items ? ",\"previousItem\":" : ",\"previousRow\":", sectionKey: ",\"previousSection\":")
            } else {
                out.append(items ? ",\"previousItem\":null" : ",\"previousRow\":null")
            }
        case .cellForRowAt(let row, let cell), .willDisplay(let row, let cell), .didEndDisplaying(let row, let cell):
            out.row(row, naming: naming)
            out.member(",\"cell\":", cell)
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows), .reloadRows(let rows), .reconfigureRows(let rows),
             .deleteRows(let rows), .insertRows(let rows):
            out.rows(rows, naming: naming)
        case .moveRow(let row, let toRow):
            out.member(",\"row\":", row)
            out.member(",\"toRow\":", toRow)
        case .reloadSections(let sections):
            out.append(",\"sections\":[")
            for (index, section) in sections.enumerated() {
                if index > 0 { out.append(0x2C) }
                out.appendInteger(section)
            }
            out.append(0x5D)
        case .deinitCell(let cell):
            out.member(",\"cell\":", cell)
        case .keepAside(let cell, let row):
            out.member(",\"cell\":", cell)
            out.row(row, naming: naming)
        case .scrollViewWillBeginDragging(let offset), .scrollViewDidEndDecelerating(let offset):
            out.member(",\"offset\":", offset)
        case .scrollViewDidEndDragging(let offset, let willDecelerate):
            out.member(",\"offset\":", offset)
            out.member(",\"willDecelerate\":", willDecelerate)
        case .scrollToRow(let row, let position, let animated):
            out.row(row, naming: naming)
            out.member(",\"position\":", position)
            out.member(",\"animated\":", animated)
        case .frame(let snapshot):
            out.member(",\"frame\":", snapshot.frame)
            out.member(",\"offset\":", snapshot.offset)
            out.append(",\"cells\":[")
            for (index, visible) in snapshot.cells.enumerated() {
                out.append(index == 0 ? "{" : ",{")
                // The first member has no comma before it.
                let path = naming.indexPath(ofRow: visible.row)
                if path.section != 0 {
                    out.member("\"section\":", path.section)
                    out.member(items ? ",\"item\":" : ",\"row\":", path.row)
                } else {
                    out.member(items ? "\"item\":" : "\"row\":", path.row)
                }
                out.member(",\"cell\":", visible.cell)
                if let image = visible.image { out.member(",\"image\":", image) }
                out.append(0x7D) // }
            }
            out.append(0x5D) // ]
        case .note(let text), .gap(let text):
            out.member(",\"text\":", text)
        case .imageRequest(let request, let row, let image, let cause, let sync):
            out.member(",\"request\":", request)
            out.row(row, naming: naming)
            out.member(",\"image\":", image)
            out.member(",\"cause\":", cause.name(in: naming.list))
            out.member(",\"sync\":", sync)
        case .pageRequest(let request, let firstRow, let count):
            out.member(",\"request\":", request)
            out.member(",\"firstRow\":", firstRow)
            out.member(",\"count\":", count)
        case .requestStarted(let request), .requestCancelled(let request):
            out.member(",\"request\":", request)
        case .requestCoalesced(let request, let row):
            out.member(",\"request\":", request)
            out.row(row, naming: naming)
        case .response(let request, let bytes, let fromCache):
            out.member(",\"request\":", request)
            out.member(",\"bytes\":", bytes)
            out.member(",\"fromCache\":", fromCache)
        case .requestFailed(let request, let reason):
            out.member(",\"request\":", request)
            out.member(",\"reason\":", reason)
        case .cacheHit(let row, let image, let layer):
            out.row(row, naming: naming)
            out.member(",\"image\":", image)
            out.member(",\"layer\":", layer.rawValue)
        case .cacheEvict(let image, let layer):
            out.member(",\"image\":", image)
            out.member(",\"layer\":", layer.rawValue)
        case .imageSet(let cell, let image):
            out.member(",\"cell\":", cell)
            out.member(",\"image\":", image)
        case .mainThreadBlocked(let ms, let cause):
            out.member(",\"ms\":", ms)
            out.member(",\"cause\":", cause)
        case .hitch(let frame, let missed, let ms, let cause):
            out.member(",\"frame\":", frame)
            out.member(",\"missedFrames\":", missed)
            out.member(",\"ms\":", ms)
            out.member(",\"cause\":", cause)
        case .imageMemory(let bytes):
            out.member(",\"bytes\":", bytes)
        case .numberOfRows(let rows):
            out.member(items ? ",\"items\":" : ",\"rows\":", rows)
        case .rowHeightMeasured(let row, let cell, let height, let estimated):
            out.row(row, naming: naming)
            out.member(",\"cell\":", cell)
            out.member(",\"height\":", height)
            out.member(",\"estimated\":", estimated)
        case .estimatesCorrected(let contentHeight, let offsetChange):
            out.member(",\"contentHeight\":", contentHeight)
            out.member(",\"offsetChange\":", offsetChange)
        case .reloadData, .didReceiveMemoryWarning, .viewDidDisappear, .recordingEnded, .performBatchUpdates, .endUpdates:
            break
        }
        switch inferred {
        case .call?: out.append(",\"inferred\":true")
        case .cell?: out.append(",\"inferred\":\"cell\"")
        case .rows?: out.append(",\"inferred\":\"rows\"")
        case nil: break
        }
        if let code {
            out.append(",\"line\":")
            out.appendInteger(code.line)
            if code.file != 0 {
                out.append(",\"file\":")
                out.appendInteger(code.file)
            }
        }
        out.append(0x7D) // }
    }
}

/// The members of an event: a key written as it appears (with its comma and colon), then the value.
extension ByteBuffer {
    mutating func member(_ key: StaticString, _ value: Int) {
        append(key)
        appendInteger(value)
    }

    mutating func member(_ key: StaticString, _ value: Double) {
        append(key)
        appendNumber(value)
    }

    mutating func member(_ key: StaticString, _ value: String) {
        append(key)
        appendString(value)
    }

    mutating func member(_ key: StaticString, _ value: Bool) {
        append(key)
        append(value ? "true" : "false")
    }

    /// `"nothing"`, `"placeholder"`, or the number of the image shown.
    mutating func member(_ key: StaticString, _ image: ImageShown) {
        append(key)
        if case .image(let number) = image {
            appendInteger(number)
        } else {
            appendString(ImageShown.words.first { $0.shown == image }?.word ?? "nothing")
        }
    }

    /// `section` (when not 0) and `row`, for a global row.
    mutating func row(_ row: Int, naming: RowNaming, key: StaticString? = nil, sectionKey: StaticString = ",\"section\":") {
        let path = naming.indexPath(ofRow: row)
        if path.section != 0 { member(sectionKey, path.section) }
        member(key ?? (naming.list.isCollection ? ",\"item\":" : ",\"row\":"), path.row)
    }

    /// `rows` when every row is in section 0, else `indexPaths` as `[[section, row], …]`.
    mutating func rows(_ rows: [Int], naming: RowNaming) {
        if !naming.hasSections || rows.allSatisfy({ naming.indexPath(ofRow: $0).section == 0 }) {
            append(naming.list.isCollection ? ",\"items\":[" : ",\"rows\":[")
            for (index, row) in rows.enumerated() {
                if index > 0 { append(0x2C) }
                appendInteger(naming.indexPath(ofRow: row).row)
            }
        } else {
            append(",\"indexPaths\":[")
            for (index, row) in rows.enumerated() {
                let path = naming.indexPath(ofRow: row)
                append(index > 0 ? ",[" : "[")
                appendInteger(path.section)
                append(0x2C)
                appendInteger(path.row)
                append(0x5D)
            }
        }
        append(0x5D) // ]
    }
}
