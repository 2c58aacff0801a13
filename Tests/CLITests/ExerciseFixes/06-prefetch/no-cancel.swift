// Wrong fix: starts each download in prefetchRowsAt but never cancels one, so the rows the
// user turns back from still download pictures nobody sees (wasted downloads).
import ExerciseKit   // in an app: import UIKit

// Exercise 6 — Start work early
//
// Scroll this list and each row that comes on screen stays blank for a while,
// and when the scroll stops the last rows are still blank: a row's picture
// starts downloading only when the table view asks for the row's cell, just
// before the row shows. The table view can tell you sooner: it names the rows
// that will come on screen next, and later the ones it no longer expects to
// show. Change the code below so that rows wait for their pictures 150 ms at
// most on average and the rows on screen have theirs when the scroll stops,
// without downloading pictures nobody sees, and with no row showing another
// row's picture. Check your change with:
//
//     reuselab exercise 6
//
// `reuselab exercise 6 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class PhotoCell: UITableViewCell {
    static let identifier = "PhotoCell"

    /// The cell's picture. (UIKit's `imageView` is an optional, hence the `?`.)
    var photoView: UIImageView? { imageView }

    override func prepareForReuse() {
        super.prepareForReuse()
        photoView?.image = nil
    }
}

final class PhotoListViewController: UIViewController, UITableViewDataSource,
                                     UITableViewDelegate, UITableViewDataSourcePrefetching {
    var imageURLs: [URL] = []
    weak var tableView: UITableView?
    /// The pictures downloaded so far, by row.
    var images: [IndexPath: UIImage] = [:]
    /// The downloads under way, by row.
    var downloads: [IndexPath: URLSessionDataTask] = [:]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        imageURLs.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: PhotoCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? PhotoCell else { return dequeued }
        if let image = images[indexPath] {
            cell.photoView?.image = image
        } else {
            startDownload(at: indexPath)
        }
        return cell
    }

    /// Starts downloading the row's picture, unless it is here or on its way.
    func startDownload(at indexPath: IndexPath) {
        guard images[indexPath] == nil, downloads[indexPath] == nil else { return }
        let url = imageURLs[indexPath.row]
        let task = URLSession.shared.dataTask(with: url) { data, _, _ in
            // Decode here, off the main thread.
            let image = data.flatMap { UIImage(data: $0) }
            DispatchQueue.main.async {
                self.downloads[indexPath] = nil
                guard let image else { return }
                self.images[indexPath] = image
                // The row's cell, if it has one now (none if the row is off screen).
                let cell = self.tableView?.cellForRow(at: indexPath) as? PhotoCell
                cell?.photoView?.image = image
            }
        }
        downloads[indexPath] = task
        task.resume()
    }

    // The rows that will come on screen next: start their downloads now, so their
    // pictures are here, or on their way, by the time the rows show.
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            startDownload(at: indexPath)
        }
    }

    // Simulator glue, not UIKit: in an app this is `override func viewDidLoad()`
    // and the URLs come from your model. Set up the table view here.
    func viewDidLoad(_ tableView: UITableView, environment: AppEnvironment) {
        imageURLs = (0..<environment.rowCount).map { environment.imageURL(forRow: $0) }
        self.tableView = tableView
        tableView.dataSource = self
        tableView.delegate = self
        // Ask the table view which rows come next.
        tableView.prefetchDataSource = self
        tableView.register(PhotoCell.self, forCellReuseIdentifier: PhotoCell.identifier)
    }
}
