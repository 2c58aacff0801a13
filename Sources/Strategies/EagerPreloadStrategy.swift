import ReuseEngine

// Strategy "eager-preload" — seed 000, §10.1.1 first fix: every thumbnail is
// downloaded once, up front, in `callMovieAPI()` (from `viewDidLoad`), and kept on
// its `MovieVO`. Scrolling is then smooth, but the first screen waits for every
// download, one after another, and memory holds images of rows never shown.

final class EagerPreloadListViewController: TableViewController, TableViewDataSourcePrefetching {
    var list = SectionedItems<MovieVO>(sections: .single)

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        list = SectionedItems(sections: environment.sections)
        callMovieAPI(environment)
        tableView.register(MovieCell.self, forCellReuseIdentifier: "ListCell")
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    /// The sample app's `callMovieAPI()`: for each movie, read the thumbnail from the web
    /// and keep it as a `UIImage` on the model — synchronously, on the main thread.
    func callMovieAPI(_ environment: AppEnvironment) {
        for index in 0..<environment.rowCount {
            let mvo = MovieVO(row: index, environment: environment)
            let imageData = try? Data(contentsOf: mvo.thumbnail)
            mvo.thumbnailImage.image = UIImage(data: imageData)
            self.list.append(mvo)
        }
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let vo = self.list[indexPath]
        let dequeued = tableView.dequeueReusableCell(withIdentifier: "ListCell", for: indexPath)
        guard let cell = dequeued as? MovieCell else { return dequeued }
        cell.textLabel.text = vo.title
        // The image downloaded in advance is simply assigned.
        cell.thumbnail.image = vo.thumbnailImage.image
        return cell
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // callMovieAPI() downloaded every thumbnail in viewDidLoad; there is nothing left to load.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
