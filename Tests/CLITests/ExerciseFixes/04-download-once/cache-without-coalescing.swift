// Wrong fix: a [URL: UIImage] cache checked before downloading, but no coalescing. The cache
// fills only when a download ends, so rows that ask for a URL meanwhile download it again.
import ExerciseKit   // in an app: import UIKit

// Exercise 4 — Download once
//
// Every message in this chat shows its author's picture, and six people wrote
// them all, so many rows share a picture. Yet the list downloads a row's
// picture each time the row appears: rows that share a picture download it
// side by side at the same moment, and scrolling back up downloads everything
// again. Change the code below so that each picture is downloaded once, while
// every row still shows its own picture and never another row's. Check your
// change with:
//
//     reuselab exercise 4
//
// `reuselab exercise 4 --hint` gives a hint; `--reset` puts this file back as
// it was shipped (yours is kept aside).

final class MessageCell: UITableViewCell {
    static let identifier = "MessageCell"

    /// The author's picture. (UIKit's `imageView` is an optional, hence the `?`.)
    var avatarView: UIImageView? { imageView }
    /// The picture this cell shows or waits for.
    var avatarURL: URL?

    override func prepareForReuse() {
        super.prepareForReuse()
        avatarView?.image = nil
        avatarURL = nil
    }
}

final class MessageListViewController: UIViewController, UITableViewDataSource,
                                       UITableViewDelegate {
    /// The picture of each message's author, by row: six URLs shared by all rows.
    var avatarURLs: [URL] = []
    /// The pictures downloaded so far, by URL.
    private var avatars: [URL: UIImage] = [:]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        avatarURLs.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: MessageCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? MessageCell else { return dequeued }
        let url = avatarURLs[indexPath.row]
        cell.avatarURL = url
        if let image = avatars[url] {
            cell.avatarView?.image = image
            return cell
        }
        DispatchQueue.global().async {
            guard let data = try? Data(contentsOf: url) else { return }
            DispatchQueue.main.async {
                let image = UIImage(data: data)
                self.avatars[url] = image
                // By now the cell may show another row: keep only its own picture.
                guard cell.avatarURL == url else { return }
                cell.avatarView?.image = image
            }
        }
        return cell
    }

    // Simulator glue, not UIKit: in an app this is `override func viewDidLoad()`
    // and the URLs come from your model. You need not change it.
    func viewDidLoad(_ tableView: UITableView, environment: AppEnvironment) {
        avatarURLs = (0..<environment.rowCount).map { environment.imageURL(forRow: $0) }
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(MessageCell.self, forCellReuseIdentifier: MessageCell.identifier)
    }
}
