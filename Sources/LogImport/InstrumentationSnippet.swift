/// UIKit code to paste into a real app so that its console log imports into a
/// trace without guessing: every lifecycle callback of a table view or a
/// collection view printed in one canonical line format, with the cell's identity
/// (its address), a monotonic timestamp and the content offset.
/// `reuselab import --snippet` prints it.
///
/// The canonical line (`CanonicalLine` reads it):
/// `ReuseLab t=SECONDS kind=KIND [section=S row=R | rows=S:R,…] [cell=0x…] [offset=Y]`,
/// where KIND is a trace event kind (`init`, `prepareForReuse`, `cellForRowAt`,
/// `willDisplay`, `didEndDisplaying`, `prefetchRowsAt`, `cancelPrefetchingForRowsAt`,
/// `deinit`). A collection view's lines say `item=I` and `items=S:I,…` and its
/// own kinds `cellForItemAt`, `prefetchItemsAt` and `cancelPrefetchingForItemsAt`,
/// so the import makes a collection view's trace. For `prepareForReuse` and
/// `deinit`, `section`/`row` (or `item`) is the place the cell showed last.
///
/// The table's part and its lines are those of the first snippet, so logs of apps
/// that pasted it still import the same; the collection view's part is beside it.
public enum InstrumentationSnippet {
    public static let text = #"""
    // ReuseLab instrumentation: paste into your app (debug builds only), run it,
    // copy the console into a file, then: reuselab import that.log -o device.trace.json
    // Every line it prints reads:
    //   ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0
    // or, from a collection view:
    //   ReuseLab t=12.345678 kind=cellForItemAt section=0 item=19 cell=0x600003a0c000 offset=-47.0
    import UIKit

    enum ReuseLabLog {
        static let start = CACurrentMediaTime()
        static weak var tableView: UITableView?
        static weak var collectionView: UICollectionView?

        static func line(_ kind: String, _ fields: String = "", cell: AnyObject? = nil) {
            var text = "ReuseLab t=" + String(format: "%.6f", CACurrentMediaTime() - start) + " kind=" + kind
            if !fields.isEmpty { text += " " + fields }
            if let cell { text += " cell=\(Unmanaged.passUnretained(cell).toOpaque())" }
            if let offset = tableView?.contentOffset.y ?? collectionView?.contentOffset.y { text += " offset=" + String(format: "%.1f", offset) }
            print(text)
        }

        static func path(_ indexPath: IndexPath) -> String {
            "section=\(indexPath.section) row=\(indexPath.row)"
        }

        static func paths(_ indexPaths: [IndexPath]) -> String {
            "rows=" + indexPaths.map { "\($0.section):\($0.row)" }.joined(separator: ",")
        }

        static func item(_ indexPath: IndexPath) -> String {
            "section=\(indexPath.section) item=\(indexPath.item)"
        }

        static func items(_ indexPaths: [IndexPath]) -> String {
            "items=" + indexPaths.map { "\($0.section):\($0.item)" }.joined(separator: ",")
        }
    }

    // Make your cell class inherit from LoggedCell (or copy these overrides into it).
    class LoggedCell: UITableViewCell {
        var loggedIndexPath: IndexPath?

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            ReuseLabLog.line("init", cell: self)
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            ReuseLabLog.line("init", cell: self)
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            ReuseLabLog.line("prepareForReuse", loggedIndexPath.map(ReuseLabLog.path) ?? "", cell: self)
        }

        deinit {
            ReuseLabLog.line("deinit", loggedIndexPath.map(ReuseLabLog.path) ?? "", cell: self)
        }
    }

    // In viewDidLoad:  ReuseLabLog.tableView = tableView
    // In your data source, delegate and prefetch data source:
    //
    // func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    //     let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    //     (cell as? LoggedCell)?.loggedIndexPath = indexPath
    //     ReuseLabLog.line("cellForRowAt", ReuseLabLog.path(indexPath), cell: cell)
    //     // … configure the cell as before …
    //     return cell
    // }
    // func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    //     ReuseLabLog.line("willDisplay", ReuseLabLog.path(indexPath), cell: cell)
    // }
    // func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    //     ReuseLabLog.line("didEndDisplaying", ReuseLabLog.path(indexPath), cell: cell)
    // }
    // func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    //     ReuseLabLog.line("prefetchRowsAt", ReuseLabLog.paths(indexPaths))
    // }
    // func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    //     ReuseLabLog.line("cancelPrefetchingForRowsAt", ReuseLabLog.paths(indexPaths))
    // }

    // For a collection view: make your cell class inherit from LoggedItemCell.
    class LoggedItemCell: UICollectionViewCell {
        var loggedIndexPath: IndexPath?

        override init(frame: CGRect) {
            super.init(frame: frame)
            ReuseLabLog.line("init", cell: self)
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            ReuseLabLog.line("init", cell: self)
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            ReuseLabLog.line("prepareForReuse", loggedIndexPath.map(ReuseLabLog.item) ?? "", cell: self)
        }

        deinit {
            ReuseLabLog.line("deinit", loggedIndexPath.map(ReuseLabLog.item) ?? "", cell: self)
        }
    }

    // In viewDidLoad:  ReuseLabLog.collectionView = collectionView
    // In your data source, delegate and prefetch data source:
    //
    // func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    //     let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    //     (cell as? LoggedItemCell)?.loggedIndexPath = indexPath
    //     ReuseLabLog.line("cellForItemAt", ReuseLabLog.item(indexPath), cell: cell)
    //     // … configure the cell as before …
    //     return cell
    // }
    // func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    //     ReuseLabLog.line("willDisplay", ReuseLabLog.item(indexPath), cell: cell)
    // }
    // func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    //     ReuseLabLog.line("didEndDisplaying", ReuseLabLog.item(indexPath), cell: cell)
    // }
    // func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    //     ReuseLabLog.line("prefetchItemsAt", ReuseLabLog.items(indexPaths))
    // }
    // func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    //     ReuseLabLog.line("cancelPrefetchingForItemsAt", ReuseLabLog.items(indexPaths))
    // }

    """#
}
