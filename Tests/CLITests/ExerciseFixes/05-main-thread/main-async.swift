// Wrong fix: wraps the download in DispatchQueue.main.async; that only postpones it, the
// main thread still waits for every download, just a moment later (main thread blocked).
import ExerciseKit   // in an app: import UIKit

// Exercise 5 — The frozen scroll
//
// Scroll this list and it stutters: each time a row comes on screen, the whole
// app freezes until that row's photo has downloaded, because the download runs
// on the main thread, the one that draws the screen and follows the finger.
// Change the code below so that downloads never hold up the main thread, while
// every row still gets its own photo and no row ever shows another row's photo.
// Check your change with:
//
//     reuselab exercise 5
//
// `reuselab exercise 5 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class PhotoCell: UITableViewCell {
    static let identifier = "PhotoCell"

    /// The cell's photo. (UIKit's `imageView` is an optional, hence the `?`.)
    var photoImageView: UIImageView? { imageView }

    override func prepareForReuse() {
        super.prepareForReuse()
        // A reused cell still holds the photo of the row it showed before, and
        // its new row's photo now comes later: clear it until then.
        photoImageView?.image = nil
    }
}

final class PhotoListViewController: UIViewController, UITableViewDataSource,
                                     UITableViewDelegate {
    var imageURLs: [URL] = []

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        imageURLs.count
    }

    func tableView(_ tableView: UITableView,
                   cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: PhotoCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? PhotoCell else { return dequeued }
        let url = imageURLs[indexPath.row]
        // Download later, after cellForRowAt has returned the cell.
        DispatchQueue.main.async {
            guard let data = try? Data(contentsOf: url) else { return }
            cell.photoImageView?.image = UIImage(data: data)
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
