/// How the rows of a table with sections are numbered — or the items of a
/// collection view, which are counted and named the same way ("item 15",
/// "section 1 item 3").
///
/// Everything that folds a trace counts rows globally — the rows of all sections
/// in order, as UIKit's prefetch context does — and a table of one section needs
/// nothing else. With sections, a trace writes an event's row as UIKit's index
/// path would give it (`section` when not 0, `row` within the section), and people
/// read "section 1 row 3"; this type turns one form into the other.
public struct RowNaming: Sendable, Equatable {
    /// How many rows each section has; one entry (or none) for a table without sections.
    public let sectionRowCounts: [Int]
    /// The global row of each section's first row.
    private let starts: [Int]
    /// A table's rows or a collection view's items.
    public let list: ListStyle

    /// A table of one section: global rows are the rows.
    public static let single = RowNaming(sectionRowCounts: [])

    public init(sectionRowCounts: [Int], list: ListStyle = .table) {
        self.sectionRowCounts = sectionRowCounts
        self.list = list
        var starts: [Int] = []
        var next = 0
        for count in sectionRowCounts {
            starts.append(next)
            next += count
        }
        self.starts = starts
    }

    /// True when rows are named by section (the table has more than one section).
    public var hasSections: Bool { sectionRowCounts.count > 1 }

    /// The section of a global row, and its row within that section.
    public func indexPath(ofRow row: Int) -> (section: Int, row: Int) {
        guard hasSections else { return (0, row) }
        // The last section that starts at or before `row` and has rows.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= row { low = mid } else { high = mid - 1 }
        }
        while low > 0, sectionRowCounts[low] == 0 { low -= 1 }
        return (low, row - starts[low])
    }

    /// The global row of `row` in `section`, or nil when there is no such row.
    public func globalRow(section: Int, row: Int) -> Int? {
        guard hasSections else { return section == 0 ? row : nil }
        guard section >= 0, section < sectionRowCounts.count, row >= 0, row < sectionRowCounts[section] else { return nil }
        return starts[section] + row
    }

    /// Why `(section, row)` names no row, for error messages.
    public func describeMissing(section: Int, row: Int) -> String {
        let (noun, plural) = (list.noun, list.plural)
        guard hasSections else { return "the \(list.isCollection ? "collection view" : "table") has no sections, so \"section\" must be 0 (or left out), found \(section)" }
        guard section >= 0, section < sectionRowCounts.count else {
            return "the \(list.isCollection ? "collection view" : "table") has \(sectionRowCounts.count) sections (0–\(sectionRowCounts.count - 1)), found section \(section)"
        }
        let count = sectionRowCounts[section]
        return count == 0 ? "section \(section) has no \(plural)" : "section \(section) has \(count) \(plural) (0–\(count - 1)), found \(noun) \(row)"
    }

    /// "row 15", or "section 1 row 3" in a table with sections ("item 15" in a collection view).
    public func name(_ row: Int) -> String {
        guard hasSections else { return "\(list.noun) \(row)" }
        let path = indexPath(ofRow: row)
        return "section \(path.section) \(list.noun) \(path.row)"
    }

    /// "rows 3–22" for the rows from `first` to `last`, "row 4" for one, or by
    /// section in a table with sections ("section 0 rows 10–11 and section 1 rows 0–8").
    public func span(_ first: Int, _ last: Int) -> String {
        guard hasSections else {
            return first < last ? "\(list.plural) \(first)–\(last)" : "\(list.noun) \(first)"
        }
        return first < last ? names(Array(first...last)) : name(first)
    }

    /// "15", or "1:3" (section 1, row 3) in a table with sections: a row in a picture's column.
    public func short(_ row: Int) -> String {
        guard hasSections else { return String(row) }
        let path = indexPath(ofRow: row)
        return "\(path.section):\(path.row)"
    }

    /// "rows 19–28", "row 4", or with sections "section 0 rows 10–11 and section 1 rows 0–5".
    /// Rows are listed in the order given, a run being consecutive rows either way.
    public func names(_ rows: [Int]) -> String {
        guard !rows.isEmpty else { return "no \(list.plural)" }
        var groups: [(section: Int, rows: [Int])] = []
        for row in rows {
            let path = hasSections ? indexPath(ofRow: row) : (section: 0, row: row)
            if let last = groups.last, last.section == path.section {
                groups[groups.count - 1].rows.append(path.row)
            } else {
                groups.append((path.section, [path.row]))
            }
        }
        let parts = groups.map { group -> String in
            let named = (group.rows.count == 1 ? list.noun + " " : list.plural + " ") + Self.runs(group.rows)
            return hasSections ? "section \(group.section) \(named)" : named
        }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "") : parts[0]
    }

    /// "19–28", "37–28", "3, 5–6": runs of consecutive rows, in the order given.
    static func runs(_ rows: [Int]) -> String {
        var runs: [String] = []
        var start = rows[0], previous = rows[0], step = 0
        for row in rows.dropFirst() {
            // Differences are checked for overflow: a row near Int.max must not trap.
            let (difference, overflow) = row.subtractingReportingOverflow(previous)
            if !overflow, abs(difference) == 1, step == 0 || step == difference {
                step = difference
                previous = row
                continue
            }
            runs.append(start == previous ? "\(start)" : "\(start)–\(previous)")
            start = row
            previous = row
            step = 0
        }
        runs.append(start == previous ? "\(start)" : "\(start)–\(previous)")
        return runs.joined(separator: ", ")
    }
}

extension TableSpec {
    /// How this table's rows are named (by section when it has sections).
    public var rowNaming: RowNaming {
        RowNaming(sectionRowCounts: sections?.map(\.rows) ?? [])
    }
}

extension Scenario {
    /// How the scenario's rows or items are named.
    public var rowNaming: RowNaming {
        RowNaming(sectionRowCounts: table.sections?.map(\.rows) ?? [], list: list)
    }
}

extension TraceHeader {
    /// How the trace's rows are named: by section when its scenario's table has
    /// sections; as items in a collection view.
    public var rowNaming: RowNaming {
        scenario?.rowNaming ?? source?.sections.map { RowNaming(sectionRowCounts: $0, list: list) } ?? RowNaming(sectionRowCounts: [], list: list)
    }
}
