import TraceModel

/// One horizontal track of the exported timeline: a "thread" in Chrome's
/// trace-event terms (`pid`, `tid`), named and ordered by metadata events.
///
/// Tracks are grouped into three processes, which Perfetto shows as groups that
/// fold away: the app (its main thread, hitches, frames, scrolling and the table
/// view's own calls), the network (a track per connection), and the cells (a
/// track per cell object). Every `tid` is unique across the whole file, because
/// Perfetto names a thread by its `tid` alone.
struct TimelineTrack: Hashable, Sendable {
    var process: TimelineProcess
    var tid: Int
    var name: String
    /// Position within its process (`thread_sort_index`): smaller first.
    var sortIndex: Int

    // The fixed tracks, in the order they are shown.
    static let mainThread = TimelineTrack(process: .app, tid: 1, name: "main thread", sortIndex: 0)
    static let hitches = TimelineTrack(process: .app, tid: 2, name: "hitches", sortIndex: 1)
    static let frames = TimelineTrack(process: .app, tid: 3, name: "frames", sortIndex: 2)
    static let scrolling = TimelineTrack(process: .app, tid: 4, name: "scrolling", sortIndex: 3)
    static let tableView = TimelineTrack(process: .app, tid: 5, name: "table view", sortIndex: 4)
    /// The same track in a collection view's trace, named for it.
    static let collectionView = TimelineTrack(process: .app, tid: 5, name: "collection view", sortIndex: 4)

    /// The track for the list's own calls: "table view" or "collection view".
    static func listView(_ list: ListStyle) -> TimelineTrack {
        list.isCollection ? collectionView : tableView
    }
    static let requests = TimelineTrack(process: .network, tid: 6, name: "requests", sortIndex: 0)

    /// The track of cell `id` ("cell #3"), in creation order. Ids are at most 10⁹
    /// (the reader's range), so these `tid`s stay below the lanes' far range.
    static func cell(_ id: Int) -> TimelineTrack {
        TimelineTrack(process: .cells, tid: firstCellTid + id, name: "cell #\(id)", sortIndex: id)
    }

    static let firstCellTid = 1000

    /// The `tid` of the `number`th lane track made (0, 1, 2, … across every kind of
    /// lane): 100–999 for the first 900, which is all any recorded trace needs, then
    /// from 2·10⁹, clear of the cells' range.
    static func laneTid(_ number: Int) -> Int {
        number < 900 ? 100 + number : 2_000_000_000 + number
    }
}

/// The process a track belongs to: one group of tracks on the timeline.
enum TimelineProcess: Int, Sendable, CaseIterable {
    case app = 1
    case network = 2
    case cells = 3

    var pid: Int { rawValue }

    /// Position among the processes (`process_sort_index`).
    var sortIndex: Int { rawValue }

    /// The name shown for the group; the app is named after the trace.
    func name(title: String) -> String {
        switch self {
        case .app: return title.isEmpty ? "app" : title
        case .network: return "network (URLSession)"
        case .cells: return "cells"
        }
    }
}
