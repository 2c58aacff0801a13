import ReuseEngine

// Strategy "cache-coalesce" — seed 003 (Apple's "Asynchronously Loading Images
// into Table and Collection Views"): an `ImageCache` keeps images (`UIImage`) in an
// `NSCache` (cost = the response's bytes) and coalesces requests: while an image
// is downloading, later requests for the same URL just add their completion. When
// an image arrives the *item* is updated and reloaded — the cell is configured
// from the item again — so a cell can never show another row's image.
//
// Two slips of the sample are not reproduced: its `for block in blocks` loop has a
// `return` inside, so only the first waiting completion is ever called, and it
// passes the first requester's item to every completion. Here each waiter gets
// its own item, and `loadingResponses[url]` is cleared when the download ends.

/// `Item`: a row's model, with its URL and the image once loaded.
final class Item {
    let row: Int
    let url: URL
    let image: ModelImageSlot

    init(row: Int, environment: AppEnvironment) {
        self.row = row
        url = environment.imageURL(forRow: row)
        image = ModelImageSlot(world: environment.world, row: row, imageNumber: url.image)
    }
}

class ImageCache {
    private let cachedImages: ImageMemoryCache
    private var loadingResponses = [URL: [(Item, (Item, UIImage?) -> Void)]]()
    /// The download under way for each URL (to record who joins it).
    private var loadingTasks = [URL: SimulatedNetwork.DataTask]()

    required init(world: World) {
        cachedImages = ImageMemoryCache(world: world, countLimit: world.spec.cache.countLimit,
                                        totalCostLimit: world.spec.cache.totalCostLimit)
    }

    /// The image made from a response's data.
    func image(from data: Data) -> UIImage? {
        UIImage(data: data)
    }

    /// The cached image for a URL, if any.
    final func image(url: URL) -> UIImage? {
        cachedImages.object(forKey: url.image, row: url.row)
    }

    /// Returns the cached image if there is one; otherwise loads it, caches it,
    /// and calls every completion waiting for that URL.
    final func load(url: URL, item: Item, completion: @escaping (Item, UIImage?) -> Void) {
        // Check for a cached image.
        if let cachedImage = image(url: url) {
            DispatchQueue.main.async {
                completion(item, cachedImage)
            }
            return
        }
        // In case there are more than one requestor for the image, we append their completion block.
        if loadingResponses[url] != nil {
            loadingResponses[url]?.append((item, completion))
            loadingTasks[url]?.join(row: item.row)
            return
        } else {
            loadingResponses[url] = [(item, completion)]
        }
        // Go fetch the image.
        let task = URLSession.shared.dataTask(with: url) { data, error in
            // Check for the error, then data and try to create the image.
            guard let responseData = data, let image = self.image(from: responseData),
                  let blocks = self.loadingResponses[url], error == nil else {
                let waiting = self.loadingResponses[url] ?? [(item, completion)]
                self.loadingResponses[url] = nil
                self.loadingTasks[url] = nil
                DispatchQueue.main.async {
                    for (waitingItem, block) in waiting { block(waitingItem, nil) }
                }
                return
            }
            // Cache the image.
            self.cachedImages.setObject(image, forKey: url.image, cost: responseData.count)
            // Iterate over each requestor for the image and pass it back.
            for (waitingItem, block) in blocks {
                DispatchQueue.main.async {
                    block(waitingItem, image)
                }
            }
            self.loadingResponses[url] = nil
            self.loadingTasks[url] = nil
        }
        loadingTasks[url] = task
        task?.resume()
    }
}

class CachedImagesViewController: TableViewController, TableViewDataSourcePrefetching, TableViewDataChanging {
    /// The image cache the view controller makes; the preparing strategy swaps in its own.
    class var imageCacheClass: ImageCache.Type { ImageCache.self }

    var imageObjects = SectionedItems<Item>(sections: .single)
    var imageCache: ImageCache?
    weak var tableView: TableView?

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        imageObjects = SectionedItems((0..<environment.rowCount).map { Item(row: $0, environment: environment) }, sections: environment.sections)
        imageCache = Self.imageCacheClass.init(world: environment.world)
        self.tableView = tableView
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "ItemCell")
        tableView.dataSource = self
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
    }

    /// The sample's cell provider.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        let item = imageObjects[indexPath]
        // `content.image = item.image` — the placeholder until the item has its image.
        cell.imageView.image = item.image.image ?? UIImage.placeholder
        // `[weak self]`: the cache keeps this closure while the download runs, and the
        // controller keeps the cache; a strong capture would make a cycle.
        imageCache?.load(url: item.url, item: item) { [weak self] (fetchedItem, image) in
            if let img = image, img !== fetchedItem.image.image {
                // Update the item and reload it (the sample applies a snapshot with `reloadItems([item])`).
                fetchedItem.image.image = img
                // The item is found where it is now, as a snapshot finds it by identity.
                guard let self, let indexPath = self.imageObjects.indexPath(of: fetchedItem) else { return }
                self.tableView?.reloadRows(at: [indexPath], with: .fade)
            }
        }
        return cell
    }

    func numberOfRows(in tableView: TableView) -> Int? { imageObjects.count }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        imageObjects.apply(update, newItems: newItems.map { Item(row: $0, environment: environment) })
        tableView.tell(about: update, batched: batched)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample's cell provider asks the ImageCache in cellForRowAt; it loads nothing ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
