import ReuseEngine

// Inside the Strategies module these names stand for the simulated world's
// pieces, so each strategy reads like the UIKit code of the seed it comes from:
// `DispatchQueue.main.async { … }`, `try? Data(contentsOf: url)`,
// `UIImage(data: data)`, `URLSession.shared.dataTask(with: url) { … }`.
// Each works on the recording in progress (`CurrentWorld`).

typealias URL = ImageURL

/// `UICollectionView`, for names nested in it: `UICollectionView.CellRegistration`.
typealias UICollectionView = CollectionView

/// `DispatchQueue.main` and `DispatchQueue.global()`. (Named apart and aliased:
/// Swift 6 treats closures given to a type *named* `DispatchQueue`'s `main.async`
/// as main-actor code, which the simulated world's single thread does not need.)
typealias DispatchQueue = SimulatedDispatchQueue

struct SimulatedDispatchQueue {
    let isMain: Bool

    static let main = SimulatedDispatchQueue(isMain: true)
    static func global() -> SimulatedDispatchQueue { SimulatedDispatchQueue(isMain: false) }

    /// Queues `work`: on the main queue it runs on the main thread after the current
    /// work; on a global queue it runs on a background thread right away.
    func async(file: StaticString = #fileID, line: UInt = #line, execute work: @escaping () -> Void) {
        guard let world = CurrentWorld.world else { return }
        // The block runs later, at this line of the app's code.
        world.with(site: .call(file: file, line: line)) {
            if isMain {
                world.enqueueOnMain(work)
            } else {
                world.onBackground(at: world.threadClock, work)
            }
        }
    }
}

/// The bytes of an image. `Data(contentsOf:)` downloads synchronously: the calling
/// thread waits for the whole download (on the main thread, the app freezes).
struct Data {
    let raw: SimData
    var count: Int { raw.bytes }

    init(_ raw: SimData) { self.raw = raw }

    init(contentsOf url: URL, file: StaticString = #fileID, line: UInt = #line) throws {
        guard let world = CurrentWorld.world,
              let raw = world.with(site: .call(file: file, line: line), { world.network.contentsOf(image: url.image, row: url.row) }) else {
            throw URLError.notConnected
        }
        self.raw = raw
    }
}

enum URLError: Error {
    case notConnected
    case cancelled
}

/// `UIImage`: `UIImage(data:)` keeps the data and decodes nothing yet (the first
/// frame that draws the image decodes it, on the main thread);
/// `UIImage(systemName:)` is the placeholder.
typealias UIImage = SimImage

extension SimImage {
    /// `UIImage(data:)`: cheap; the image is decoded when it is first drawn.
    convenience init?(data: Data?) {
        guard let data, let image = CurrentWorld.world?.imageMemory.image(from: data.raw) else { return nil }
        self.init(id: image.id, content: image.content, bytes: image.bytes, dataBytes: image.dataBytes, isDecoded: image.isDecoded)
    }

    /// `UIImage(systemName: "photo.on.rectangle")`.
    static var placeholder: UIImage? { CurrentWorld.world?.imageMemory.placeholder }

    /// `preparingForDisplay()` (iOS 15): decodes now, on the calling thread, and
    /// returns a new image that is ready to draw. Off the main thread, the decode
    /// costs that thread time and the main thread none.
    func preparingForDisplay() -> UIImage? {
        CurrentWorld.world?.imageMemory.preparingForDisplay(self)
    }

    /// `prepareForDisplay(completionHandler:)` (iOS 15): decodes on a background
    /// thread and calls the handler there with the prepared image. Its async form,
    /// `await image.byPreparingForDisplay()`, does the same work; the simulated
    /// world has no Swift concurrency, so app code here writes this form.
    func prepareForDisplay(completionHandler: @escaping (UIImage?) -> Void) {
        guard let world = CurrentWorld.world else { return completionHandler(nil) }
        world.imageMemory.prepareForDisplay(self, completion: completionHandler)
    }
}

/// `URLSession.shared`.
struct URLSession {
    static let shared = URLSession()

    /// `dataTask(with:completionHandler:)`; the handler runs on a background thread.
    func dataTask(with url: URL, file: StaticString = #fileID, line: UInt = #line,
                  completionHandler: @escaping (Data?, Error?) -> Void) -> SimulatedNetwork.DataTask? {
        guard let world = CurrentWorld.world else { return nil }
        return world.with(site: .call(file: file, line: line)) {
            world.network.dataTask(image: url.image, row: url.row) { data, failure in
                completionHandler(data.map(Data.init), failure.map { $0 == .cancelled ? URLError.cancelled : URLError.notConnected })
            }
        }
    }
}

/// UIKit's own shape of the call, as app code writes it (exercises use it): the
/// handler gets the data, a response and an error, and the task is never nil.
extension URLSession {
    func dataTask(with url: URL, file: StaticString = #fileID, line: UInt = #line,
                  completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTask {
        URLSessionDataTask(dataTask(with: url, file: file, line: line) { data, error in completionHandler(data, nil, error) })
    }
}

/// `URLResponse`: the simulated network hands none over.
final class URLResponse {}

/// `URLSessionDataTask`: `resume()` starts it, `cancel()` stops it (its handler
/// then gets `URLError.cancelled`).
final class URLSessionDataTask {
    private let task: SimulatedNetwork.DataTask?

    init(_ task: SimulatedNetwork.DataTask?) { self.task = task }

    func resume(file: StaticString = #fileID, line: UInt = #line) { task?.resume(file: file, line: line) }
    func cancel(file: StaticString = #fileID, line: UInt = #line) { task?.cancel(file: file, line: line) }
}

/// `URLCache.shared = URLCache(memoryCapacity:diskCapacity:diskPath:)` (seed 001).
enum URLCache {
    static func setShared(memoryCapacity: Int, diskCapacity: Int) {
        CurrentWorld.world?.network.urlCache = HTTPCache(memoryCapacity: memoryCapacity, diskCapacity: diskCapacity)
    }
}

/// `NSDiffableDataSourceSnapshot<Section, Item>()`, for seed 003's diffable data source.
typealias NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> =
    DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

/// `UIListContentConfiguration` (iOS 14+): what a cell shows, its text and image,
/// set on the cell all at once (`cell.contentConfiguration = content`), as seed
/// 003's cell provider does.
struct UIListContentConfiguration {
    var text: String?
    var image: UIImage?
}

extension TableViewCell {
    /// `defaultContentConfiguration()`: an empty configuration to fill in.
    func defaultContentConfiguration() -> UIListContentConfiguration {
        UIListContentConfiguration()
    }

    /// `contentConfiguration`: setting it shows its text and image in the cell.
    var contentConfiguration: UIListContentConfiguration? {
        get { UIListContentConfiguration(text: textLabel.text, image: imageView.image) }
        set {
            textLabel.text = newValue?.text
            imageView.image = newValue?.image
        }
    }
}

extension TableView {
    /// `reloadRows(at:with:)`; the animation does not change what is called. The
    /// caller's line is noted, so the trace points at the app's call.
    func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation, file: StaticString = #fileID, line: UInt = #line) {
        reloadRows(indexPaths.map { row(at: $0) }, file: file, line: line)
    }

    enum RowAnimation { case fade, automatic, none }
}
