// Wrong fix: checks on arrival that the cell still shows the row (exercise 2's fix) but
// never cancels: no stale frame, yet every download still runs for rows long gone.
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
            guard let data else { return }
            DispatchQueue.main.async {
                guard tableView.indexPath(for: cell) == indexPath else { return }
                cell.photoImageView?.image = UIImage(data: data)
            }
        }
        task.resume()
        return cell
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
