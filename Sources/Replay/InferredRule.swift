/// A rule of the engine that Apple does not document: what an annotation that
/// rests on it is modelled from. `replay` appends `note` to such annotations so
/// a student can tell what is documented from what is our best reading of the
/// evidence (docs/engine.md lists them all).
public enum InferredRule: String, Sendable, CaseIterable {
    /// Prepared and kept cells stay while their row is within the visible rows ± 1
    /// (decompiled iOS 18.2 `pruneCellsForVisibleIndexRange:`, seed 004's log).
    case preparedCellRange = "prepared-cell-range"
    /// Which rows a prefetch batch names and which way it looks (decompiled `_UITableViewPrefetchContext`).
    case prefetchDirection = "prefetch-direction"
    /// Outstanding prefetches are cancelled only beyond ~15 rows or on a row-count change (same source).
    case prefetchCancellation = "prefetch-cancellation"
    /// The modern profile asks for entering cells before leaving ones give theirs up (one recent report).
    case modernPassOrder = "modern-pass-order"
    /// The pool hands out the cell returned last (weak evidence).
    case poolOrder = "pool-order"
    /// After `reloadData`, which old cell each visible row gets back: published
    /// logs differ, and the engine follows one of them.
    case reloadDataOrder = "reload-data-order"
    /// `UIImage(data:)` is decoded on the main thread by the commit of the first
    /// frame that draws it (Apple's WWDC 2018 session 219, a forum backtrace).
    case decodeAtFirstFrame = "decode-at-first-frame"
    /// NSCache gives images up once the app's images pass the device's memory
    /// budget (Apple documents the eviction, not its threshold).
    case memoryBudget = "memory-budget"
    /// A self-sizing table asks for the cells of the rows its estimates put on
    /// screen, measures them, then corrects its layout and offset, pooling the cells
    /// of rows that turn out off screen (the 20-cells test project, decompiled iOS
    /// 18.2 `_heightForRowAtIndexPath:`).
    case selfSizingPass = "self-sizing-pass"

    /// The few words `replay` appends to the annotation.
    public var note: String {
        switch self {
        case .preparedCellRange:
            return "(modelled from device logs and decompiled UIKit; Apple does not document this)"
        case .prefetchDirection, .prefetchCancellation:
            return "(modelled from decompiled UIKit; Apple does not document this)"
        case .modernPassOrder:
            return "(modelled from one recent report; Apple does not document the order)"
        case .poolOrder:
            return "(modelled from weak evidence; Apple does not document the order)"
        case .reloadDataOrder:
            return "(which old cell each row gets back after reloadData differs between published logs; Apple does not document it)"
        case .decodeAtFirstFrame:
            return "(modelled from Apple's WWDC 2018 talk and a forum backtrace; Apple does not document where decoding happens)"
        case .memoryBudget:
            return "(modelled: Apple does not document at what memory figure NSCache evicts, only that it evicts when memory is tight)"
        case .selfSizingPass:
            return "(modelled from a public test project and decompiled UIKit; Apple documents the estimates, not when cells are measured)"
        }
    }

    /// The note as a sentence, for a numbered footnote that says it once
    /// ("[1] Modelled from …."): the lesson's steps and the pages.
    public var sentence: String {
        var text = note.hasPrefix("(") && note.hasSuffix(")") ? String(note.dropFirst().dropLast()) : note
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        return text + "."
    }
}
