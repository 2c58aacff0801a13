import TraceModel

/// The simulated `UIImage`: either the app's placeholder or a decoded picture
/// (image number N), which holds width × height × 4 bytes of memory while anything
/// — an image view, a cache, a model object — keeps it.
public final class SimImage {
    public enum Content: Equatable {
        case placeholder
        case picture(number: Int)
    }

    public let id: Int
    public let content: Content
    /// Decoded bytes; the placeholder is a tiny system image and counts as zero.
    public let bytes: Int

    /// An image object; two objects with the same `id` are the same decoded image.
    public init(id: Int, content: Content, bytes: Int) {
        self.id = id
        self.content = content
        self.bytes = bytes
    }

    /// What an image view showing this image shows.
    public var shown: ImageShown {
        switch content {
        case .placeholder: return .placeholder
        case .picture(let number): return .image(number)
        }
    }
}

/// The bytes of image N as they come over the network (`Data` in the seeds).
public struct SimData: Equatable {
    public let image: Int
    public let bytes: Int
}

/// Counts the memory decoded images take: an image counts once while at least
/// one holder keeps it, and every change is recorded as an `imageMemory` event.
/// Holders say explicitly when they take and drop an image, so the figure never
/// depends on when a language runtime happens to free an object.
public final class ImageMemory {
    unowned let world: World
    private var holds: [Int: Int] = [:]
    private var nextID = 0
    public private(set) var bytes = 0

    init(world: World) { self.world = world }

    /// `UIImage(data:)`: decodes on the current thread, which costs time in
    /// proportion to the pixels (on the main thread, that time blocks it).
    public func decode(_ data: SimData?, row: Int? = nil) -> SimImage? {
        guard let data else { return nil }
        let images = world.spec.images
        let megapixels = Double(images.width * images.height) / 1_000_000
        let ms = (world.spec.mainThread.decodeMsPerMegapixel * megapixels * 1000).rounded() / 1000
        world.spend(ms: ms, cause: "decoding image \(data.image)")
        nextID += 1
        return SimImage(id: nextID, content: .picture(number: data.image), bytes: images.decodedBytes)
    }

    /// The app's placeholder image (`UIImage(systemName: "photo.on.rectangle")`).
    public lazy var placeholder = SimImage(id: 0, content: .placeholder, bytes: 0)

    public func retain(_ image: SimImage?) {
        guard let image, image.bytes > 0 else { return }
        holds[image.id, default: 0] += 1
        if holds[image.id] == 1 { change(by: image.bytes) }
    }

    public func release(_ image: SimImage?) {
        guard let image, image.bytes > 0, let count = holds[image.id] else { return }
        if count <= 1 {
            holds[image.id] = nil
            change(by: -image.bytes)
        } else {
            holds[image.id] = count - 1
        }
    }

    private func change(by delta: Int) {
        bytes += delta
        world.record(.imageMemory(bytes: bytes))
    }
}
