import ReuseEngine

// Strategy "task-identity-cancel" — seed 001: a placeholder until the image
// arrives; one load task per index path, kept in `imageLoadTasks`; on arrival the
// image is used only if `tableView.indexPath(for: cell)` is still the row that
// asked; the task is cancelled in `didEndDisplaying` and every task in
// `viewDidDisappear`; and `URLCache.shared` is enlarged to 25 MB / 50 MB so a
// row that comes back is answered from the cache.
//
// The seed writes the load as `Task { await restaurantController.fetchImage(from:) … }`
// on the main actor; here it is the equivalent data task whose completion hops to
// the main queue, and whose `cancel()` the task's cancellation stands for.

/// `MenuItemTableViewCell`: `image == nil` shows the placeholder
/// (`contentConfiguration.image = (image == nil) ? placeholder : image`).
final class MenuItemTableViewCell: TableViewCell {
    var image: UIImage? = nil {
        didSet { updateConfiguration() }
    }

    func updateConfiguration() {
        imageView.image = (image == nil) ? UIImage.placeholder : image
    }
}

final class MenuTableViewController: TableViewController, TableViewDataSourcePrefetching, ViewLifecycle, TableViewDataChanging {
    var menuItems = SectionedItems<URL>(sections: .single)
    var imageLoadTasks: [IndexPath: SimulatedNetwork.DataTask] = [:]
    weak var tableView: TableView?

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        configureSharedURLCache()
        menuItems = SectionedItems((0..<environment.rowCount).map { environment.imageURL(forRow: $0) }, sections: environment.sections)
        self.tableView = tableView
        tableView.register(MenuItemTableViewCell.self, forCellReuseIdentifier: "MenuItem")
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    /// The sample app's AppDelegate: `URLCache.shared = URLCache(memoryCapacity: 25_000_000, diskCapacity: 50_000_000, …)`.
    private func configureSharedURLCache() {
        URLCache.setShared(memoryCapacity: 25_000_000, diskCapacity: 50_000_000)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "MenuItem", for: indexPath)
        configure(cell, forItemAt: indexPath)
        return cell
    }

    private func configure(_ cell: TableViewCell, forItemAt indexPath: IndexPath) {
        guard let cell = cell as? MenuItemTableViewCell else { return }
        let menuItem = menuItems[indexPath]
        cell.image = nil
        let task = URLSession.shared.dataTask(with: menuItem) { data, _ in
            DispatchQueue.main.async {
                if let data, let image = UIImage(data: data),
                   let currentIndexPath = self.tableView?.indexPath(for: cell) {
                    cell.image = (currentIndexPath == indexPath) ? image : nil
                } else {
                    cell.image = nil
                }
                self.imageLoadTasks[indexPath] = nil
            }
        }
        imageLoadTasks[indexPath] = task
        task?.resume()
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        imageLoadTasks[indexPath]?.cancel()
    }

    func viewDidDisappear() {
        // The sample app iterates the dictionary directly; its order differs from run to
        // run, so the simulation cancels in row order to keep recordings identical.
        imageLoadTasks.sorted { $0.key < $1.key }.forEach { (key: IndexPath, value: SimulatedNetwork.DataTask) in
            value.cancel()
        }
    }

    func numberOfRows(in tableView: TableView) -> Int? { menuItems.count }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        // `imageLoadTasks` stays keyed by the index paths the tasks started at.
        menuItems.apply(update, newItems: newItems.map { environment.imageURL(forRow: $0) })
        tableView.tell(about: update, batched: batched)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample app starts each row's task in cellForRowAt; it loads nothing ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Tasks are cancelled in didEndDisplaying and viewDidDisappear; none was started in prefetchRowsAt.
    }
}
