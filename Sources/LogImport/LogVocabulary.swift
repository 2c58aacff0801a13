/// The ordinary words of lifecycle log lines, and what a word just before a number
/// says about that number.
///
/// Two readers use them. `PrintedIndexPaths` reads the word before a number as its
/// label: `row 3` and `indexPath.row = 3` are rows, `section: 1` a section, but
/// `height 44`, `tag 5` and `3 of 20` name no row. `PassingMention` counts the
/// words of a line that are none of these, to tell a callback's own line from a
/// sentence that mentions one.
enum LogVocabulary {
    enum Label {
        /// The number is a row: `row 3`, `item: 3`, `indexPath.row = 3`.
        case row
        /// The number is a section.
        case section
        /// Nothing says what the number is: it may be a row (`cellForRowAt: 3`, `cell 3`, `19: willDisplay`).
        case neutral
        /// The number belongs to another word: `height 44`, `tag 5`, `photo 7`.
        case other
    }

    static let rowWords: Set<String> = ["row", "rows", "item", "items", "index", "idx", "indexpath", "indexpaths", "ip"]
    static let sectionWords: Set<String> = ["section"]

    /// Words whose number is a measure, an id or a count, never a row.
    static let measureWords: Set<String> = [
        "height", "width", "h", "w", "x", "y", "tag", "count", "total", "offset", "size", "frame", "line",
        "swift", "m", "mm", "id", "page", "version", "ios", "build", "attempt", "retry", "level", "pid", "tid",
        "thread", "queue", "ms", "s", "sec", "secs", "second", "seconds", "pt", "px", "fps", "bytes", "kb", "mb",
        "percent", "duration", "delay", "hash", "status", "code", "error", "length", "time", "images", "image",
        "visible", "offscreen", "screen", "onscreen",
    ]

    /// Small words a label is read through: `row of [[0, 5]]`, `cell at [1, 2]`.
    static let prepositions: Set<String> = ["of", "at", "for", "in", "on", "to", "with", "from", "by"]

    /// Words that lifecycle lines are made of besides the callback names, and that say
    /// nothing about a number after them.
    static let fillerWords: Set<String> = [
        "a", "an", "the", "at", "for", "to", "in", "on", "is", "was", "be", "been", "being", "now", "then", "and",
        "with", "from", "by", "as", "it", "this", "cell", "cells", "called", "call", "calling", "callback",
        "func", "function", "optional", "some", "none", "nil", "null", "new", "old", "reused", "reusing", "reuse",
        "dequeue", "dequeued", "dequeuing", "display", "displaying", "displayed", "showing", "shown", "show",
        "will", "did", "end", "ended", "ending", "start", "started", "begin", "done", "finished", "table", "view",
        "tableview", "collection", "collectionview", "data", "source", "datasource", "delegate", "prefetch", "prefetching", "prefetched", "cancel",
        "cancelled", "canceled", "cancelling", "canceling", "prepare", "preparing", "prepared", "init", "deinit",
        "awake", "nib", "style", "identifier", "reuseidentifier", "coder", "ui", "ns", "debug", "info", "default",
        "notice", "log", "trace", "verbose", "main", "last", "current", "address", "object", "instance", "self",
        "super", "enter", "entered", "exit", "number", "num", "no", "path", "paths",
        "created", "create", "dealloc", "deinitialized", "of",
    ]

    /// How the word before a number labels it.
    static func label(ofWord lowercased: String, lastHump: String) -> Label {
        for word in [lowercased, lastHump] {
            if rowWords.contains(word) { return .row }
            if sectionWords.contains(word) { return .section }
            if measureWords.contains(word) { return .other }
            if fillerWords.contains(word) || word.count == 1 || names(aCell: word) { return .neutral }
        }
        return .other
    }

    /// Whether a word, lower-cased, is a name a lifecycle line may hold without saying
    /// anything else: filler, labels, and class names of cells (`MyCell`, `UITableViewCell`).
    static func isOrdinary(_ lowercased: String) -> Bool {
        lowercased.count == 1 || ordinaryWords.contains(lowercased) || names(aCell: lowercased)
    }

    /// The filler, row, section and measure words in one set: one look-up a word.
    private static let ordinaryWords = fillerWords.union(rowWords).union(sectionWords).union(measureWords)

    /// `MyCell`, `ImageCells`, `UITableViewCell`, lower-cased.
    static func names(aCell lowercased: String) -> Bool {
        lowercased.hasSuffix("cell") || lowercased.hasSuffix("cells")
    }
}
