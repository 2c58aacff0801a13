import ReuseEngine

// Strategy "batch-paging" — seed 002, §2 "load data by batch when the user reaches
// the bottom": the table shows the rows loaded so far plus one loading cell (a
// second reuse identifier); when the loading cell is asked for, the next page of
// 15 rows is requested, and its arrival reloads the table.

/// `CoinTableViewCell`: one loaded row.
final class CoinTableViewCell: TableViewCell {
    func configureCell(with coin: Int) {
        textLabel.text = "Coin \(coin)"
    }
}

/// `LoadingTableViewCell`: the spinner at the bottom.
final class LoadingTableViewCell: TableViewCell {}

final class BatchViewController: TableViewController, TableViewDataSourcePrefetching {
    let coinCellIdentifier = "CoinCell"
    let loadingCellIdentifier = "LoadingCell"
    var coinArray: [Int] = []
    /// Rows per page (the sample app: `itemsPerBatch = 15`).
    var itemsPerBatch = 15
    /// How many rows the server has in all.
    var availableRows = 0
    /// Not in the sample app, which would request the same page again each time the
    /// loading cell is configured before the page arrives.
    var isLoading = false
    weak var coinTableView: TableView?
    var environment: AppEnvironment?

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        self.environment = environment
        itemsPerBatch = environment.world.spec.paging.pageSize
        availableRows = environment.rowCount
        coinTableView = tableView
        tableView.register(CoinTableViewCell.self, forCellReuseIdentifier: coinCellIdentifier)
        tableView.register(LoadingTableViewCell.self, forCellReuseIdentifier: loadingCellIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    /// The sample app returns `coinArray.count + 1`: one more row for the loading cell
    /// (left out here once every row has loaded).
    func numberOfRows(in tableView: TableView) -> Int? {
        coinArray.count < availableRows ? coinArray.count + 1 : coinArray.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        // At the bottom: show the loading cell and load the next page.
        if indexPath.row == self.coinArray.count {
            let cell = tableView.dequeueReusableCell(withIdentifier: loadingCellIdentifier, for: indexPath)
            loadNextBatch()
            return cell
        }
        let dequeued = tableView.dequeueReusableCell(withIdentifier: coinCellIdentifier, for: indexPath)
        guard let cell = dequeued as? CoinTableViewCell else { return dequeued }
        let coin = coinArray[indexPath.row]
        cell.configureCell(with: coin)
        return cell
    }

    func loadNextBatch() {
        guard !isLoading, let world = environment?.world else { return }
        isLoading = true
        let firstRow = coinArray.count
        let count = min(itemsPerBatch, availableRows - firstRow)
        let task = world.network.pageTask(firstRow: firstRow, count: count) { data, _ in
            guard data != nil else {
                DispatchQueue.main.async { self.isLoading = false }
                return
            }
            self.coinArray.append(contentsOf: firstRow..<(firstRow + count))
            DispatchQueue.main.async {
                self.isLoading = false
                self.coinTableView?.reloadData()
            }
        }
        task.resume()
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // A page loads when the loading cell is configured; loaded rows are text, with nothing to load ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
