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
    /// The pictures downloaded so far, by URL: a row whose picture is here needs
    /// no download.
    private var avatars: [URL: UIImage] = [:]
    /// For each URL being downloaded, what to do with its picture when it
    /// arrives: a row that asks meanwhile waits for that download.
    private var waiting: [URL: [(UIImage?) -> Void]] = [:]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        avatarURLs.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: MessageCell.identifier,
                                                     for: indexPath)
        guard let cell = dequeued as? MessageCell else { return dequeued }
        let url = avatarURLs[indexPath.row]
        cell.avatarURL = url
        loadAvatar(url) { image in
            // By now the cell may show another row: keep only its own picture.
            guard cell.avatarURL == url else { return }
            cell.avatarView?.image = image
        }
        return cell
    }

    /// Hands the picture at `url` to `completion`, on the main thread: from the
    /// cache, or from the download under way, or from a new download.
    private func loadAvatar(_ url: URL, completion: @escaping (UIImage?) -> Void) {
        if let image = avatars[url] {
            completion(image)
            return
        }
        if waiting[url] != nil {
            // Already downloading: wait for that download, do not start another.
            waiting[url]?.append(completion)
            return
        }
        waiting[url] = [completion]
        DispatchQueue.global().async {
            let data = try? Data(contentsOf: url)
            DispatchQueue.main.async {
                let image = data.flatMap { UIImage(data: $0) }
                self.avatars[url] = image
                // Everyone who asked for this URL meanwhile gets the same picture.
                for completion in self.waiting.removeValue(forKey: url) ?? [] {
                    completion(image)
                }
            }
        }
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
