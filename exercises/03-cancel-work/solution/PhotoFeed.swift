import ExerciseKit   // in an app: import UIKit

// Exercise 3 — Cancel work for rows that left
//
// Fling this feed on a slow network and every row the finger flies past starts
// downloading its photo, and nothing ever stops it. Those downloads hold the
// connections while the rows where the list comes to rest wait behind them, and
// each late photo lands in a cell that shows another row by then. Change the
// code below so that a row's download is cancelled once its row has left the
// screen (at most a few photos downloaded that no frame ever shows), no frame
// shows a row with another row's photo, and every row still gets its own.
// Check your change with:
//
//     reuselab exercise 3
//
// `reuselab exercise 3 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class PhotoCell: UITableViewCell {
    static let identifier = "PhotoCell"

    /// The cell's photo. (UIKit's `imageView` is an optional, hence the `?`.)
    var photoImageView: UIImageView? { imageView }

    override func prepareForReuse() {
        super.prepareForReuse()
        photoImageView?.image = nil
    }
}

final class PhotoFeedViewController: UIViewController, UITableViewDataSource,
                                     UITableViewDelegate {
    var photoURLs: [URL] = []
    /// The download of each row on screen (or about to be), by index path.
    var downloads: [IndexPath: URLSessionDataTask] = [:]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        photoURLs.count
    }

    func tableView(_ tableView: UITableView,
                   cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: PhotoCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? PhotoCell else { return dequeued }
        let url = photoURLs[indexPath.row]
        let task = URLSession.shared.dataTask(with: url) { data, _, _ in
            // A cancelled task ends with an error and no data.
            guard let data else { return }
            DispatchQueue.main.async {
                // A task may finish just before it is cancelled, or belong to a
                // cell prepared for a row that never showed: write the photo only
                // if the cell still shows its row.
                guard tableView.indexPath(for: cell) == indexPath else { return }
                cell.photoImageView?.image = UIImage(data: data)
            }
        }
        downloads[indexPath] = task
        task.resume()
        return cell
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
                   forRowAt indexPath: IndexPath) {
        // The row has left the screen: nobody will see its photo, stop downloading it.
        downloads[indexPath]?.cancel()
        downloads[indexPath] = nil
    }

    // Simulator glue, not UIKit: in an app this is `override func viewDidLoad()`
    // and the URLs come from your model. You need not change it.
    func viewDidLoad(_ tableView: UITableView, environment: AppEnvironment) {
        photoURLs = (0..<environment.rowCount).map { environment.imageURL(forRow: $0) }
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(PhotoCell.self, forCellReuseIdentifier: PhotoCell.identifier)
    }
}
