import ReuseEngine

// Strategy "memo-main-async" — seed 000, §10.1.2: `getThumbnailImage(_:)` memoizes
// each thumbnail on its `MovieVO`, and `cellForRowAt` sets it inside
// `DispatchQueue.main.async`. Each image is downloaded once — but the closure runs
// on the main queue, so the download still blocks the main thread, just a moment
// later, after `cellForRowAt` has returned.

final class MemoMainAsyncListViewController: TableViewController, TableViewDataSourcePrefetching {
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

    /// Memoization: return the saved image if there is one, otherwise download it,
    /// save it on the model object and return it.
    func getThumbnailImage(_ index: Int) -> UIImage? {
        let mvo = self.list[index]
        if let savedImage = mvo.thumbnailImage.saved() {
            return savedImage
        } else {
            let imageData = try? Data(contentsOf: mvo.thumbnail)
            mvo.thumbnailImage.image = UIImage(data: imageData)
            return mvo.thumbnailImage.image
        }
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = self.list[indexPath]
        let dequeued = tableView.dequeueReusableCell(withIdentifier: "ListCell", for: indexPath)
        guard let cell = dequeued as? MovieCell else { return dequeued }
        cell.textLabel.text = row.title
        // "Asynchronously" read the thumbnail — but on the main queue.
        DispatchQueue.main.async(execute: {
            cell.thumbnail.image = self.getThumbnailImage(self.list.index(of: indexPath))
        })
        return cell
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample app reads each thumbnail in cellForRowAt's main-queue block; it loads nothing ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
