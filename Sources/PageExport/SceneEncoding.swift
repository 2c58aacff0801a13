import TraceFormat
import Replay

/// A `TableScene` as the page's State members (see `notes` in the README's page
/// format): each member encoded on its own, so that `StateDeltas` can keep only
/// the members that changed since the step before.
struct SceneEncoding {
    let naming: RowNaming
    let geometry: PageGeometry
    /// How many rows the page fades in above and below the screen.
    static let nearRows = 3

    /// The State's members, in a fixed order.
    func members(_ scene: TableScene, state: ReplayState) -> [(String, PageValue)] {
        let firstRow = scene.rows.first?.row
        let offset = geometry.drawingOffset(state, firstRow: firstRow)
        var members: [(String, PageValue)] = [
            ("t", .number(state.time.milliseconds)),
            ("offset", offset.map(PageValue.number) ?? .null),
            ("rows", .array(scene.rows.map { shown in
                var entry = place(shown.row)
                entry.append(.array(shown.cells.map { .array([.int($0.cell), image($0.image), .int($0.stale ? 1 : 0)]) }))
                return .array(entry)
            })),
            ("near", .array(nearRows(scene).map { .array(place($0)) })),
            ("prepared", .array(scene.prepared.map(held))),
            ("kept", .array(scene.keptAside.map(held))),
            ("other", .array(scene.others.map { group in
                .array([.string(label(group.label)), .array(group.cells.map(PageValue.string))])
            })),
            ("pools", .array(scene.pools.map { pool in
                .array([.string(VisibleText.escape(pool.identifier)), .array(pool.cells.map(PageValue.int))])
            })),
            ("prefetch", .string(scene.prefetching.isEmpty ? "" : Wording.rows(scene.prefetching, naming: naming))),
            ("requests", .array(scene.requests.map { request in
                .array([.string(request.row.map { naming.name($0) } ?? "a page"), .string(request.waiting ? "waiting" : "running")])
            })),
        ]
        if let work = scene.busy {
            members.append(("busy", .object([("ms", .number(work.ms)), ("cause", .string(VisibleText.escape(work.cause))),
                                             ("until", .number(work.start.milliseconds + work.ms))])))
        } else {
            members.append(("busy", .null))
        }
        members.append(("alive", .int(scene.alive)))
        members.append(("memory", .string(state.peakImageMemory > 0 ? InputFile.describeSize(scene.imageMemory) : "")))
        return members
    }

    /// [row, "label", y, h]
    private func place(_ row: Int) -> [PageValue] {
        [.int(row), .string(naming.short(row)), .number(geometry.top(ofRow: row)), .number(geometry.height(ofRow: row))]
    }

    private func held(_ cell: TableScene.HeldCell) -> PageValue {
        .array([.int(cell.cell), .string(naming.name(cell.row)), image(cell.image)])
    }

    /// null = nothing, "p" = the placeholder, N = the image of row N.
    private func image(_ shown: ImageShown) -> PageValue {
        switch shown {
        case .nothing: return .null
        case .placeholder: return .string("p")
        case .image(let number): return .int(number)
        }
    }

    /// "Just left the screen: " → "just left the screen"
    private func label(_ text: String) -> String {
        var trimmed = text
        while trimmed.hasSuffix(" ") || trimmed.hasSuffix(":") { trimmed.removeLast() }
        guard let first = trimmed.first else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }

    /// Up to `nearRows` rows above the screen and below it.
    private func nearRows(_ scene: TableScene) -> [Int] {
        guard let first = scene.rows.first?.row, let last = scene.rows.last?.row else { return [] }
        var rows = Array(max(0, first - Self.nearRows)..<first)
        // A hand-written trace without a row count may name any row: never step past Int.max.
        guard last < Int.max - Self.nearRows - 1 else { return rows }
        let end = min(geometry.rowCount ?? last + 1, last + 1 + Self.nearRows)
        if end > last + 1 { rows += Array((last + 1)..<end) }
        return rows
    }
}
