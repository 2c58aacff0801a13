/// UIKit code to paste into a real app so that its console log imports into a
/// trace without guessing: every lifecycle callback printed in one canonical line
/// format, with the cell's identity (its address), a monotonic timestamp and the
/// content offset. `reuselab import --snippet` prints it.
///
/// The canonical line: `ReuseLab t=SECONDS kind=KIND [section=S row=R | rows=S:R,…] [cell=0x…] [offset=Y]`,
/// where KIND is a trace event kind (`init`, `prepareForReuse`, `cellForRowAt`,
/// `willDisplay`, `didEndDisplaying`, `prefetchRowsAt`, `cancelPrefetchingForRowsAt`,
/// `deinit`). For `prepareForReuse` and `deinit`, `section`/`row` is the row the
/// cell showed last.
public enum InstrumentationSnippet {
    public static let text = #"""
    // ReuseLab instrumentation: paste into your app (debug builds only), run it,
    // copy the console into a file, then: reuselab import that.log -o device.trace.json
    // Every line it prints reads:
    //   ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0
    import UIKit

    enum ReuseLabLog {
        static let start = CACurrentMediaTime()
        static weak var tableView: UITableView?

        static func line(_ kind: String, _ fields: String = "", cell: AnyObject? = nil) {
            var text = "ReuseLab t=" + String(format: "%.6f", CACurrentMediaTime() - start) + " kind=" + kind
            if !fields.isEmpty { text += " " + fields }
            if let cell { text += " cell=\(Unmanaged.passUnretained(cell).toOpaque())" }
            if let offset = tableView?.contentOffset.y { text += " offset=" + String(format: "%.1f", offset) }
            print(text)
        }

        static func path(_ indexPath: IndexPath) -> String {
            "section=\(indexPath.section) row=\(indexPath.row)"
        }

        static func paths(_ indexPaths: [IndexPath]) -> String {
            "rows=" + indexPaths.map { "\($0.section):\($0.row)" }.joined(separator: ",")
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

    """#
}
