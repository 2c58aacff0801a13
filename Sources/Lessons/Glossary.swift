import ToolSupport
import TraceCoding

/// The words lessons, the replay and the page use that a learner may not know
/// yet, each explained in a sentence or two. One list serves `reuselab lesson
/// --glossary`, `define WORD` at a lesson's prompt and the page's glossary panel.
public enum Glossary {
    public struct Entry: Sendable, Equatable {
        /// The term as lessons write it.
        public var term: String
        /// Other ways of writing it that `define` accepts.
        public var aliases: [String]
        public var meaning: String
    }

    public static let entries: [Entry] = [
        Entry(term: "cell", aliases: ["cells"],
              meaning: "The view that draws one row (UITableViewCell, UICollectionViewCell). The table view makes only as many as it needs on screen and reuses them; the trace numbers them #1, #2, … in the order they are created."),
        Entry(term: "reuse pool", aliases: ["pool", "queue", "reuse queue"],
              meaning: "Where cells wait after their row has gone, until dequeueReusableCell hands one to another row. A cell taken from the pool gets prepareForReuse; when the pool is empty, dequeueReusableCell creates a cell (init)."),
        Entry(term: "dequeue", aliases: ["dequeuereusablecell", "dequeueing"],
              meaning: "dequeueReusableCell(withIdentifier:for:), the call in cellForRowAt that gives a row its cell: one from the reuse pool (after prepareForReuse) or a new one (init)."),
        Entry(term: "kept aside", aliases: ["keep aside", "kept", "kept-aside", "keepaside"],
              meaning: "A cell whose row has just scrolled off, held out of the reuse pool with its content while its row is still within one row of the screen. If the row comes back, the cell is shown again with willDisplay alone, without cellForRowAt; once the list moves on, it joins the pool. Table views built with the iOS 15 SDK or later do this; the rule is modelled from device logs, since Apple does not document it."),
        Entry(term: "prepared", aliases: ["prepared ahead", "prepare ahead", "prepared cell", "cell prefetching"],
              meaning: "A cell configured (cellForRowAt) before its row is on screen, so that the row appears later with willDisplay alone. iOS 15 table views prepare the row just past the edge while scrolling; collection views do it when cell prefetching is on."),
        Entry(term: "profile", aliases: ["modern", "classic", "modern profile", "classic profile"],
              meaning: "Which table view behaviour a recording follows: modern is a table view built with the iOS 15 SDK or later (it prepares rows ahead and keeps cells aside); classic is the older behaviour (neither)."),
        Entry(term: "offset", aliases: ["content offset", "contentoffset", "scroll offset"],
              meaning: "How far the list has scrolled: the content's y coordinate at the top of the view, in points. It starts negative (−47 pt on an iPhone with a 47 pt status bar) because row 0 begins below the status bar."),
        Entry(term: "pt", aliases: ["point", "points"],
              meaning: "A point, iOS's unit of length on screen (2 or 3 pixels on current iPhones). A table row is 44 pt high unless the app says otherwise."),
        Entry(term: "layout pass", aliases: ["pass", "passes", "layout"],
              meaning: "One update of the visible rows at one moment: the table view asks for the cells of rows entering the screen, lets leaving rows go, and the next frame shows the result. The calls of one pass share a time in the trace."),
        Entry(term: "frame", aliases: ["frames", "vsync"],
              meaning: "One picture on the display: 60 a second here (one every 16.7 ms). The trace records what each frame showed."),
        Entry(term: "prefetch batch", aliases: ["prefetch", "prefetching", "prefetchrowsat", "batch"],
              meaning: "The rows named by one call of the prefetch data source's prefetchRowsAt: rows not on screen yet, usually about ten past the edge the list is moving towards, so the app can start loading their data early. It creates no cell."),
        Entry(term: "stale", aliases: ["stale image", "staleness"],
              meaning: "A row showing another row's picture: a reused cell still holds the image of the row it showed before, because nothing cleared it. The trace marks each frame that shows one STALE."),
        Entry(term: "late", aliases: ["late response", "late image"],
              meaning: "A download finishing after its cell has moved on to another row, and being written into that cell anyway, so the cell shows a picture meant for a row that is gone. The trace marks it LATE."),
        Entry(term: "wrong row", aliases: ["wrong-row", "wrongrow"],
              meaning: "A picture written, by an index path kept from before a row update, into the row that index path names now, which shows another item: deleting a row above moves every item below it up one row. The trace marks it WRONG ROW."),
        Entry(term: "row update", aliases: ["update", "updates", "deleterows", "insertrows", "moverow", "performbatchupdates", "batch update"],
              meaning: "A change to the rows while the list is on screen: deleteRows, insertRows, moveRow, or several at once in performBatchUpdates. Rows that stay keep their cells and are renumbered without cellForRowAt; a deleted row's cell ends displaying with the row's old index path."),
        Entry(term: "hitch", aliases: ["hitches", "jank", "dropped frame", "missed frame"],
              meaning: "A frame the display could not show on time because the main thread was busy (decoding an image, a synchronous download); the list stutters. The trace marks it HITCH."),
        Entry(term: "step", aliases: ["steps", "event", "events"],
              meaning: "One event of the recording, numbered in order: a call the table view made, an image set, a frame drawn. Lessons pause before a step and ask what comes next."),
        Entry(term: "placeholder", aliases: ["placeholder image"],
              meaning: "A stand-in picture a cell shows while its row's own picture is downloading, set by the app in cellForRowAt or prepareForReuse."),
    ]

    /// The entry for `word` (a term or one of its aliases, in any case, with or
    /// without "the"), if there is one.
    public static func lookup(_ word: String) -> Entry? {
        let key = normalised(word)
        guard !key.isEmpty else { return nil }
        return entries.first { normalised($0.term) == key || $0.aliases.contains(where: { normalised($0) == key }) }
    }

    /// The term closest to a mistyped `word`, for "did you mean".
    public static func closest(to word: String) -> String? {
        let names = entries.flatMap { entry in ([entry.term] + entry.aliases).map { ($0, entry.term) } }
        guard let near = Suggestion.closest(to: normalised(word), among: names.map(\.0)) else { return nil }
        return names.first { $0.0 == near }?.1
    }

    static func normalised(_ word: String) -> String {
        var text = word.lowercased().trimming(" \t\r\n.?!\"'`")
        for article in ["the ", "a ", "an "] where text.hasPrefix(article) { text.removeFirst(article.count) }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
