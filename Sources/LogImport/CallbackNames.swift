/// The spellings in which people print the names of the lifecycle callbacks, and
/// finding them in a message.
///
/// A name is looked for in the message's words cut at camel-case humps and
/// lower-cased — `tableView:willDisplayCell:forRowAtIndexPath:` reads as
/// `table view will display cell for row at index path`, `Will display cell: 3` as
/// `will display cell` — and a spelling matches a run of whole pieces, joined: so
/// `willDisplay`, `will display`, `WILL_DISPLAY` and `willdisplay` are one spelling,
/// and `init` matches in `init(style:)` and `MyCell init` but never inside
/// `initialize` or `deinit`. Pieces separated by a number, a list or an address
/// do not join.
///
/// When several names are found, the one that starts first wins, and of those
/// starting together the longest: the line is about what it names first (`init,
/// row: 0 (from cellForRowAt)` is an init), and a selector's later parts belong to
/// it (`willDisplayCell:forRowAtIndexPath:` is willDisplay, not cellForRowAt;
/// `cancelPrefetchingForRowsAt` is a cancel, not a prefetch).
enum CallbackNames {
    typealias Callback = LogLine.Callback

    /// One spelling: the pieces joined and lower-cased. `splittable` says whether its
    /// pieces may come from several words (`will display`) or must form one word
    /// (`cellForRow`: "cell for row" is too common in prose to name the callback).
    struct Spelling {
        let callback: Callback
        let splittable: Bool
        /// For the bare words `prefetch`, `prefetching` and their cancels, common in
        /// prose: the line must print rows for them to name the callback.
        let needsRows: Bool
        /// A collection view's name for the call (`cellForItemAt`, `prefetchItemsAt`).
        var items = false
    }

    static let spellings: [String: Spelling] = {
        var table: [String: Spelling] = [:]
        func add(_ callback: Callback, splittable: Bool = true, needsRows: Bool = false, items: Bool = false, _ names: String...) {
            for name in names { table[name] = Spelling(callback: callback, splittable: splittable, needsRows: needsRows, items: items) }
        }
        add(.cellForRowAt, "cellforrowat", "cellforrowatindexpath")
        add(.cellForRowAt, splittable: false, "cellforrow")
        add(.willDisplay, "willdisplay")
        add(.didEndDisplaying, "didenddisplaying", "didenddisplay", "enddisplaying", "endeddisplaying")
        add(.prefetchRowsAt, "prefetchrowsat", "prefetchrowsatindexpaths", "prefetchrows", "prefetchingrows")
        add(.prefetchRowsAt, needsRows: true, "prefetch", "prefetching")
        add(.cancelPrefetchingForRowsAt, "cancelprefetchingforrowsat", "cancelprefetchingforrowsatindexpaths")
        add(.cancelPrefetchingForRowsAt, needsRows: true,
            "cancelprefetching", "cancelprefetch", "cancelledprefetching", "canceledprefetching", "cancellingprefetching",
            "cancelingprefetching", "prefetchcancelled", "prefetchcanceled", "prefetchingcancelled", "prefetchingcanceled",
            "prefetchcancel")
        // A collection view's names for the calls whose table names say "row".
        add(.cellForRowAt, items: true, "cellforitemat", "cellforitematindexpath")
        add(.cellForRowAt, splittable: false, items: true, "cellforitem")
        add(.prefetchRowsAt, items: true, "prefetchitemsat", "prefetchitemsatindexpaths", "prefetchitems", "prefetchingitems")
        add(.cancelPrefetchingForRowsAt, items: true, "cancelprefetchingforitemsat", "cancelprefetchingforitemsatindexpaths")
        add(.prepareForReuse, "prepareforreuse", "preparingforreuse", "preparedforreuse")
        add(.initCell, "init", "awakefromnib")
        add(.deinitCell, "deinit", "deinitialized", "deinitialised", "deinitializing", "deinitialising", "deinited",
            "dealloc", "deallocated", "deallocating")
        return table
    }()

    /// The spellings as a tree of letters, walked piece by piece while matching.
    private static let tree = SpellingTree(spellings)

    /// Every spelling contains one of these runs of letters. A line whose letters,
    /// squashed together, hold none of them names no callback, and is passed over
    /// before being cut into tokens: most lines of a log are such lines.
    /// (`LineRecogniser` looks for them with `CellOrigin.roots` in one pass: `LetterRoots`.)
    static let roots = ["cellforrow", "cellforitem", "display", "prefetch", "reuse", "init", "awakefromnib", "dealloc"]

    /// Pieces that, right after a name, make it another method or a property: the
    /// header and footer views' `willDisplayHeaderView`, `willDisplayContextMenu`,
    /// `prefetchDataSource`, `isPrefetchingEnabled`.
    /// (A switch, not a dictionary: a callback's hash is its name's, and every match asks.)
    private static func notFollowedBy(_ callback: Callback) -> [[Word]] {
        switch callback {
        case .willDisplay, .didEndDisplaying: return viewsBesideCells
        case .prefetchRowsAt: return prefetchingProperties
        default: return []
        }
    }
    private static let viewsBesideCells: [[Word]] = [["header"], ["footer"], ["supplementary"], ["context"]]
    private static let prefetchingProperties: [[Word]] = [["data", "source"], ["datasource"], ["enabled"]]

    /// A piece that, right before a name, makes it part of a type's name:
    /// `UITableViewDataSourcePrefetching`.
    private static func notPrecededBy(_ callback: Callback) -> [Word] {
        callback == .prefetchRowsAt ? prefetchingProtocol : []
    }
    private static let prefetchingProtocol: [Word] = ["source", "datasource"]

    /// A lower-case word held as its scalars, so that a piece is compared with it
    /// in place (`Piece.spells`), never made into a string: every line that names
    /// a callback is compared with several.
    struct Word: ExpressibleByStringLiteral, Sendable {
        let scalars: [Unicode.Scalar]
        init(stringLiteral text: String) { scalars = Array(text.unicodeScalars) }
    }

    /// A piece of a word: where it is, and whether it joins the piece before it
    /// (nothing but spaces and punctuation between).
    struct Piece {
        var token: Int
        var start: Int
        var end: Int
        var joinsPrevious: Bool

        /// The piece's letters, lower-cased.
        func text(in scalars: [Unicode.Scalar]) -> String {
            String(lowercasing: scalars, start..<end)
        }

        /// Whether the piece's letters, lower-cased, are `word`: `text(in:) == word`, without making the text.
        func spells(_ word: Word, in scalars: [Unicode.Scalar]) -> Bool {
            guard end - start == word.scalars.count else { return false }
            var position = start
            for scalar in word.scalars {
                guard scalars[position].asciiLowercased == scalar else { return false }
                position += 1
            }
            return true
        }
    }

    /// A name found in the message: its callback, and the pieces it covers.
    struct Match {
        var callback: Callback
        var pieces: Range<Int>
        /// Where it is in the message's scalars.
        var start: Int
        var end: Int
        /// The token indexes its pieces come from.
        var tokens: ClosedRange<Int>
        /// See `Spelling.needsRows`.
        var needsRows: Bool
        /// See `Spelling.items`.
        var items = false
    }

    /// Every word of the message cut into pieces.
    static func pieces(of message: MessageTokens) -> [Piece] {
        var pieces: [Piece] = []
        pieces.reserveCapacity(message.tokens.count)
        var joins = false
        for (index, token) in message.tokens.enumerated() {
            switch token.kind {
            case .word:
                humps(message.scalars, token.start..<token.end) { range in
                    pieces.append(Piece(token: index, start: range.lowerBound, end: range.upperBound, joinsPrevious: joins))
                    joins = true
                }
            case .separator:
                continue
            default:
                joins = false
            }
        }
        return pieces
    }

    /// The camel-case humps of a word: `UITableViewCell` → `UI`, `Table`, `View`, `Cell`.
    static func humps(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        humps(scalars, range) { result.append($0) }
        return result
    }

    /// Each of the humps of a word in turn, without gathering them.
    static func humps(_ scalars: [Unicode.Scalar], _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var index = range.lowerBound + 1
        while index < range.upperBound {
            let current = scalars[index], previous = scalars[index - 1]
            let next = index + 1 < range.upperBound ? scalars[index + 1] : nil
            if current.isASCIIUpper, previous.isASCIILower || (previous.isASCIIUpper && next?.isASCIILower == true) {
                body(start..<index)
                start = index
            }
            index += 1
        }
        if start < range.upperBound { body(start..<range.upperBound) }
    }

    /// Every name in the message, in order of where it starts.
    static func matches(in pieces: [Piece], of scalars: [Unicode.Scalar]) -> [Match] {
        var found: [Match] = []
        let tree = Self.tree
        for first in pieces.indices {
            var node = 0
            var last = first
            walk: while last < pieces.count, last == first || pieces[last].joinsPrevious {
                for position in pieces[last].start..<pieces[last].end {
                    guard let next = tree.child(of: node, scalars[position]) else { break walk }
                    node = next
                }
                if let spelling = tree.spelling(at: node), spelling.splittable || pieces[first].token == pieces[last].token,
                   !isPartOfAnotherName(spelling.callback, pieces, scalars, first: first, last: last) {
                    found.append(Match(callback: spelling.callback, pieces: first..<(last + 1),
                                       start: pieces[first].start, end: pieces[last].end,
                                       tokens: pieces[first].token...pieces[last].token, needsRows: spelling.needsRows,
                                       items: spelling.items))
                }
                last += 1
            }
        }
        return found
    }

    /// Whether the message names a collection view (`collectionView(_:willDisplay:forItemAt:)`,
    /// `forItemAt`, `cellForItem`): its `willDisplay` and `didEndDisplaying` have the
    /// table view's names, and these words say which list printed them.
    static func namesACollectionView(_ pieces: [Piece], of scalars: [Unicode.Scalar]) -> Bool {
        holds(pieces, of: scalars, collectionPhrases)
    }

    /// Whether the message names a table view (`tableView(_:willDisplay:forRowAt:)`,
    /// `forRowAt`): a `willDisplay` or `didEndDisplaying` line saying so is a
    /// table view's, and cannot join a collection view's log.
    static func namesATableView(_ pieces: [Piece], of scalars: [Unicode.Scalar]) -> Bool {
        holds(pieces, of: scalars, tablePhrases)
    }

    /// Whether one of `phrases` is spelled by joined pieces of the message.
    private static func holds(_ pieces: [Piece], of scalars: [Unicode.Scalar], _ phrases: [[Word]]) -> Bool {
        for start in pieces.indices {
            for phrase in phrases where start + phrase.count <= pieces.count {
                if phrase.indices.allSatisfy({ offset in
                    (offset == 0 || pieces[start + offset].joinsPrevious) && pieces[start + offset].spells(phrase[offset], in: scalars)
                }) {
                    return true
                }
            }
        }
        return false
    }

    private static let collectionPhrases: [[Word]] = [["collection", "view"], ["for", "item", "at"], ["for", "items", "at"], ["cell", "for", "item"]]
    private static let tablePhrases: [[Word]] = [["table", "view"], ["for", "row", "at"], ["for", "rows", "at"]]

    /// The name the line is about: the first, and of names starting together the longest.
    static func primary(_ matches: [Match]) -> Match? {
        matches.min { a, b in
            a.start != b.start ? a.start < b.start : a.end > b.end
        }
    }

    private static func isPartOfAnotherName(_ callback: Callback, _ pieces: [Piece], _ scalars: [Unicode.Scalar],
                                            first: Int, last: Int) -> Bool {
        if first > 0, pieces[first].joinsPrevious,
           notPrecededBy(callback).contains(where: { pieces[first - 1].spells($0, in: scalars) }) {
            return true
        }
        return notFollowedBy(callback).contains { words in
            words.indices.allSatisfy { offset in
                let index = last + 1 + offset
                return index < pieces.count && pieces[index].joinsPrevious && pieces[index].spells(words[offset], in: scalars)
            }
        }
    }
}
