import TraceModel
import ToolSupport

/// Small pieces of plain English shared by annotations and pictures (and the page).
public enum Wording {
    /// "row 5", "rows 19–28", "rows 3, 7 and 9–11" ("item 5", "items 19–28" in a collection view).
    static func rows(_ rows: [Int], list: ListStyle = .table) -> String {
        let sorted = rows.sorted()
        guard !sorted.isEmpty else { return "no \(list.plural)" }
        var runs: [String] = []
        var start = sorted[0], previous = sorted[0]
        for row in sorted.dropFirst() {
            // `previous + 1` could overflow for a row at Int.max; the difference is checked instead.
            if row.subtractingReportingOverflow(previous) == (1, false) { previous = row; continue }
            runs.append(start == previous ? "\(start)" : "\(start)–\(previous)")
            start = row
            previous = row
        }
        runs.append(start == previous ? "\(start)" : "\(start)–\(previous)")
        let joined = runs.count > 1 ? runs.dropLast().joined(separator: ", ") + " and " + (runs.last ?? "") : runs[0]
        return (sorted.count == 1 ? list.noun : list.plural) + " " + joined
    }

    /// The same, by section in a table with sections (see `RowNaming`).
    public static func rows(_ rows: [Int], naming: RowNaming) -> String {
        naming.hasSections ? naming.names(rows.sorted()) : self.rows(rows, list: naming.list)
    }

    /// "rows 3–22", or by section in a table with sections.
    static func span(_ first: Int, _ last: Int, naming: RowNaming) -> String { naming.span(first, last) }

    static func ms(_ value: Double) -> String { ReadableNumber.ms(value) }

    static func ms(_ time: VirtualTime) -> String { ms(time.milliseconds) }

    /// "165.7 pt": an offset, to a tenth of a point like times.
    static func points(_ value: Double) -> String { ReadableNumber.points(value) }

    static func bytes(_ count: Int) -> String { InputFile.describeSize(count) }

    /// "3 cells", "1 cell"; `plural` where adding "s" will not do.
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    static func layer(_ layer: CacheLayer) -> String {
        switch layer {
        case .model: return "on the model object (memoized)"
        case .memory: return "in the NSCache of images"
        case .urlCacheMemory: return "in URLCache's memory"
        case .urlCacheDisk: return "in URLCache's disk store"
        }
    }

    /// "from cellForRowAt", "from prefetchItemsAt", "preloaded before the table shows".
    static func cause(_ cause: RequestCause, words: ListWords = .table) -> String {
        switch cause {
        case .cellForRowAt: return "from " + words.call(.cellForRowAt)
        case .prefetch: return "from " + words.call(.prefetchRowsAt)
        case .preload: return "preloaded before the \(words.table) shows"
        }
    }
}
