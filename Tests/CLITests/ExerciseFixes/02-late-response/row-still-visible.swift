// Wrong fix: set the picture only while its row is still on screen. Wrong
// because the row may be on screen in another cell, while the captured cell
// has moved on to a different row.
import ExerciseKit   // in an app: import UIKit

// Exercise 2 — The late response
//
// This list already clears a reused cell's picture in prepareForReuse, so the
// old picture no longer flashes. Yet when one picture is slow, its answer can
// arrive after the cell has moved on to another row, and it is written into
// that cell anyway: the user sees a wrong picture that stays. Change the code
// below so that a picture is only ever shown in the row it belongs to, while
// every row still gets its own. Check your change with:
//
//     reuselab exercise 2
//
// `reuselab exercise 2 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class PhotoCell: UITableViewCell {
    static let identifier = "PhotoCell"

    /// The cell's picture. (UIKit's `imageView` is an optional, hence the `?`.)
    var photoImageView: UIImageView? { imageView }

    override func prepareForReuse() {
        super.prepareForReuse()
        // Forget the last row's picture before the cell shows its new row.
        photoImageView?.image = nil
    }
}

final class PhotoListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    var imageURLs: [URL] = []

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        imageURLs.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: PhotoCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? PhotoCell else { return dequeued }
        let url = imageURLs[indexPath.row]
        DispatchQueue.global().async {
            guard let data = try? Data(contentsOf: url) else { return }
            DispatchQueue.main.async {
                // Skip the answer if its row has scrolled away.
                guard tableView.indexPathsForVisibleRows.contains(indexPath) else { return }
                cell.photoImageView?.image = UIImage(data: data)
            }
        }
        return cell
    }

    // Simulator glue, not UIKit: in an app this is `override func viewDidLoad()`
    // and the URLs come from your model. You need not change it.
    func viewDidLoad(_ tableView: UITableView, environment: AppEnvironment) {
        imageURLs = (0..<environment.rowCount).map { environment.imageURL(forRow: $0) }
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(PhotoCell.self, forCellReuseIdentifier: PhotoCell.identifier)
    }
}
