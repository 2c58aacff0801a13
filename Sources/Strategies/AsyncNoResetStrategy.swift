import ReuseEngine

// Strategy "async-no-reset" — seed 004, second program: `cellForRowAt` downloads
// the profile picture on a global queue with `Data(contentsOf:)` and sets it on the
// main queue. Scrolling stays smooth, but a reused cell still shows the previous
// row's picture until the new one arrives — the stale image bug — because nothing
// clears the image view in `prepareForReuse`. And a slow answer for a row the cell
// has left is still written into it.

/// Seed 004's `MyCell` with its `profileImageView`; `prepareForReuse` leaves the
/// image alone (the seed has `profileImageView.image = nil` commented out).
class ProfileCell: TableViewCell {
    static let identifier: String = "MyCell"

    var row: Int?

    var profileImageView: ImageView { imageView }

    override func prepareForReuse() {
        // profileImageView.image = nil   ← commented out in the app
    }
}

/// Seed 004's `ViewController` with the `Alamofire`-loaded `userData`.
class ProfileListViewController: TableViewController, TableViewDataSourcePrefetching, TableViewDataChanging {
    /// The cell class registered for `MyCell`; the reset strategy swaps in its own.
    class var cellClass: ProfileCell.Type { ProfileCell.self }

    var userData = SectionedItems<URL>(sections: .single)

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        userData = SectionedItems((0..<environment.rowCount).map { environment.imageURL(forRow: $0) }, sections: environment.sections)
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
        tableView.register(Self.cellClass, forCellReuseIdentifier: ProfileCell.identifier)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: ProfileCell.identifier, for: indexPath)
        guard let cell = dequeued as? ProfileCell else { return dequeued }
        let thumbnailUrl = self.userData[indexPath]
        DispatchQueue.global().async {
            guard let imageData = try? Data(contentsOf: thumbnailUrl) else { return }
            DispatchQueue.main.async {
                // `cell` is whatever row it shows by now: nothing checks.
                cell.profileImageView.image = UIImage(data: imageData)
            }
        }
        cell.row = indexPath.row
        return cell
    }

    func numberOfRows(in tableView: TableView) -> Int? { userData.count }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        userData.apply(update, newItems: newItems.map { environment.imageURL(forRow: $0) })
        tableView.tell(about: update, batched: batched)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample app starts each download in cellForRowAt; it has nothing to load ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
