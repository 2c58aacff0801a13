import ReuseEngine

// Strategy "sync-download" — seed 000, §10.1 before the fix: the thumbnail is
// downloaded with `Data(contentsOf:)` inside `cellForRowAt`, on the main thread.
// Every cell that appears waits for its download, so scrolling freezes (hitches),
// and a row that comes back downloads its image again: nothing is kept.

final class SyncDownloadListViewController: TableViewController, TableViewDataSourcePrefetching {
    var list = SectionedItems<MovieVO>(sections: .single)

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        list = SectionedItems((0..<environment.rowCount).map { MovieVO(row: $0, environment: environment) }, sections: environment.sections)
        tableView.register(MovieCell.self, forCellReuseIdentifier: "ListCell")
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = self.list[indexPath]
        let dequeued = tableView.dequeueReusableCell(withIdentifier: "ListCell", for: indexPath)
        guard let cell = dequeued as? MovieCell else { return dequeued }
        cell.textLabel.text = row.title
        // The sample app force-tries `Data(contentsOf: url)`: the main thread waits
        // for the whole download (and the sample app would crash if it failed; here it shows nothing).
        let imageData = try? Data(contentsOf: row.thumbnail)
        cell.thumbnail.image = UIImage(data: imageData)
        return cell
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample app downloads each thumbnail inside cellForRowAt; it loads nothing ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
