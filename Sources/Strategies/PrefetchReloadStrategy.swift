import ReuseEngine

// Strategy "prefetch-reload" — seed 002, §5 "just in time data loading": the
// prefetch data source starts each row's download before the row is needed,
// `cancelPrefetchingForRowsAt` cancels the ones no longer needed, a download
// already under way is not started twice, and when an answer arrives the row is
// reloaded if it is on screen — so the cell is configured from the model, never
// written into directly. (The seed loads news items; here they are thumbnails.)
//
// With the modern (iOS 15+) table view this code has a hole: a row whose cell was
// prepared ahead — `cellForRowAt` before the row is visible — is not in
// `indexPathsForVisibleRows` when its data arrives, so it is not reloaded, and
// when it scrolls in the prepared, truncated cell is shown without another
// `cellForRowAt`. The recordings show such rows staying empty.

/// `NewsTableViewCell`: `configureCell(with:)` shows the item, `truncateCell()`
/// resets the cell while the item has not loaded.
final class NewsTableViewCell: TableViewCell {
    func configureCell(with image: UIImage) {
        imageView.image = image
    }

    func truncateCell() {
        imageView.image = nil
    }
}

final class PrefetchViewController: TableViewController, TableViewDataSourcePrefetching, TableViewDataChanging {
    /// `newsArray`: one slot per row, empty until its item has loaded.
    var newsArray = SectionedItems<ModelImageSlot>(sections: .single)
    var newsURLs: [URL] = []
    /// The running (and finished) downloads, to find one by URL.
    var dataTasks: [SimulatedNetwork.DataTask] = []
    weak var newsTableView: TableView?

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        newsURLs = (0..<environment.rowCount).map { environment.imageURL(forRow: $0) }
        newsArray = SectionedItems(newsURLs.map { ModelImageSlot(world: environment.world, row: $0.row, imageNumber: $0.image) }, sections: environment.sections)
        newsTableView = tableView
        tableView.register(NewsTableViewCell.self, forCellReuseIdentifier: "NewsCell")
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    /// Starts the download of row `index`'s item, unless one for its URL exists.
    func fetchNews(ofIndex index: Int) {
        let url = newsURLs[index]
        if dataTasks.firstIndex(where: { task in task.url == url }) != nil {
            return
        }
        let dataTask = URLSession.shared.dataTask(with: url) { data, _ in
            guard let data, let news = UIImage(data: data) else { return }
            self.newsArray[index].image = news
            DispatchQueue.main.async {
                let indexPath = self.newsArray.indexPath(ofItem: index)
                // Reload the row only if it is on screen; otherwise cellForRowAt will find the item.
                if self.newsTableView?.indexPathsForVisibleRows.contains(indexPath) ?? false {
                    self.newsTableView?.reloadRows(at: [indexPath], with: .fade)
                }
            }
        }
        guard let dataTask else { return }
        dataTask.resume()
        dataTasks.append(dataTask)
    }

    /// Cancels the download of row `index`'s item, if one is running.
    func cancelFetchNews(ofIndex index: Int) {
        let url = newsURLs[index]
        guard let dataTaskIndex = dataTasks.firstIndex(where: { task in task.url == url }) else {
            return
        }
        let dataTask = dataTasks[dataTaskIndex]
        dataTask.cancel()
        dataTasks.remove(at: dataTaskIndex)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: "NewsCell", for: indexPath)
        guard let cell = dequeued as? NewsTableViewCell else { return dequeued }
        if let news = newsArray[indexPath].saved() {
            cell.configureCell(with: news)
        } else {
            // The item has not loaded: reset the cell, and fetch it.
            cell.truncateCell()
            self.fetchNews(ofIndex: newsArray.index(of: indexPath))
        }
        return cell
    }

    func numberOfRows(in tableView: TableView) -> Int? { newsArray.count }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        let urls = newItems.map { environment.imageURL(forRow: $0) }
        newsURLs.apply(update, newItems: urls)
        newsArray.apply(update, newItems: urls.map { ModelImageSlot(world: environment.world, row: $0.row, imageNumber: $0.image) })
        tableView.tell(about: update, batched: batched)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            self.fetchNews(ofIndex: newsArray.index(of: indexPath))
        }
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            self.cancelFetchNews(ofIndex: newsArray.index(of: indexPath))
        }
    }
}

extension SimulatedNetwork.DataTask {
    /// `task.originalRequest?.url`.
    var url: URL? {
        if case .image(let number, let row) = resource { return URL(image: number, row: row) }
        return nil
    }
}
