import ReuseEngine

// Strategy "plain" — seed 004's first program (and seed 000's starting point):
// a text-only cell. Nothing is loaded, so the trace shows the table view's own
// behaviour: only visible rows get `cellForRowAt`, and cells are reused, not created.

/// `MyCell` from seed 004: a cell that remembers its row.
final class MyCell: TableViewCell {
    static let identifier: String = "MyCell"

    var row: Int?

    override func prepareForReuse() {
        // The sample app only prints here; the table view records the call itself.
    }
}

/// Seed 004's `ViewController`, as a data source, delegate and prefetch data source.
final class PlainTextViewController: TableViewController, TableViewDataSourcePrefetching, TableViewDataChanging {
    private var data = SectionedItems<Int>(sections: .single)

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        data = SectionedItems(Array(0..<environment.rowCount), sections: environment.sections)
        tableView.dataSource = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
        tableView.delegate = self
        tableView.register(MyCell.self, forCellReuseIdentifier: MyCell.identifier)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MyCell.identifier, for: indexPath)
        (cell as? MyCell)?.row = indexPath.row
        cell.textLabel.text = "Cell \(data[indexPath])"
        return cell
    }

    func numberOfRows(in tableView: TableView) -> Int? { data.count }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        data.apply(update, newItems: newItems)
        tableView.tell(about: update, batched: batched)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample app only prints the rows; there is no data to load for text cells.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
