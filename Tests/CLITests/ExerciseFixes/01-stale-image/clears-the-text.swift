// Wrong fix: clears the cell's text in prepareForReuse, but the stale thing is the picture.
import ExerciseKit   // in an app: import UIKit

// Exercise 1 — The stale image
//
// Scroll this list fast and a cell that comes back from the reuse pool shows
// the picture of the row it showed before, until its own picture arrives: the
// user sees the wrong face on the wrong name. Change the code below so that no
// frame ever shows a row with another row's picture, while every row still
// gets its own. Check your change with:
//
//     reuselab exercise 1
//
// `reuselab exercise 1 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class ProfileCell: UITableViewCell {
    static let identifier = "ProfileCell"

    /// The cell's picture. (UIKit's `imageView` is an optional, hence the `?`.)
    var profileImageView: UIImageView? { imageView }

    override func prepareForReuse() {
        super.prepareForReuse()
        textLabel.text = nil
    }
}

final class ProfileListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    var imageURLs: [URL] = []

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        imageURLs.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: ProfileCell.identifier, for: indexPath)
        guard let cell = dequeued as? ProfileCell else { return dequeued }
        let url = imageURLs[indexPath.row]
        DispatchQueue.global().async {
            guard let data = try? Data(contentsOf: url) else { return }
            DispatchQueue.main.async {
                cell.profileImageView?.image = UIImage(data: data)
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
        tableView.register(ProfileCell.self, forCellReuseIdentifier: ProfileCell.identifier)
    }
}
