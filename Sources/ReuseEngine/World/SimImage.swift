import TraceModel

/// The simulated `UIImage`: either the app's placeholder or a picture (image
/// number N). A picture made from data (`UIImage(data:)`) is not decoded yet: it
/// keeps its encoded bytes, and is decoded the first time a frame draws it, on the
/// main thread (`FirstDisplayDecode`), or ahead of time by `preparingForDisplay()`.
/// From then it also holds its bitmap, width × height × 4 bytes, for as long as
/// anything — an image view, a cache, a model object — keeps it.
public final class SimImage {
    public enum Content: Equatable {
        case placeholder
        case picture(number: Int)
    }

    public let id: Int
    public let content: Content
    /// The decoded bitmap's bytes; the placeholder is a tiny system image and counts as zero.
    public let bytes: Int
    /// The encoded data the image keeps (`UIImage(data:)`); 0 for an image made from a bitmap.
    public let dataBytes: Int
    /// Whether the bitmap exists: set once, when the image is decoded.
    public internal(set) var isDecoded: Bool

    /// An image object; two objects with the same `id` are the same image. By
    /// default a decoded bitmap that keeps no encoded data.
    public init(id: Int, content: Content, bytes: Int, dataBytes: Int = 0, isDecoded: Bool = true) {
        self.id = id
        self.content = content
        self.bytes = bytes
        self.dataBytes = dataBytes
        self.isDecoded = isDecoded
    }

    /// The memory the image holds now: its encoded data, and its bitmap once decoded.
    public var heldBytes: Int { dataBytes + (isDecoded ? bytes : 0) }

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

/// Counts the memory images take: an image counts once while at least one
/// holder keeps it, and every change is recorded as an `imageMemory` event.
/// Holders say explicitly when they take and drop an image, so the figure never
/// depends on when a language runtime happens to free an object.
public final class ImageMemory {
    unowned let world: World
    private var holds: [Int: Int] = [:]
    private var nextID = 0
    public private(set) var bytes = 0
    /// The world's NSCaches, which give images up when memory is tight (`MemoryPressure`).
    var caches: [WeakCache] = []
    /// Set while the caches are giving images up, so that doing so starts nothing more.
    var isRelieving = false

    init(world: World) { self.world = world }

    /// `UIImage(data:)`: an image that keeps the data and is not decoded yet. Making
    /// it costs nothing; decoding comes later (`decodeForDisplay`, `preparingForDisplay`).
    public func image(from data: SimData?) -> SimImage? {
        guard let data else { return nil }
        nextID += 1
        return SimImage(id: nextID, content: .picture(number: data.image), bytes: world.spec.images.decodedBytes,
                        dataBytes: data.bytes, isDecoded: false)
    }

    /// What decoding one image costs, in milliseconds: in proportion to its pixels.
    var decodeMilliseconds: Double {
        let images = world.spec.images
        let megapixels = Double(images.width * images.height) / 1_000_000
        return (world.spec.mainThread.decodeMsPerMegapixel * megapixels * 1000).rounded() / 1000
    }

    /// `preparingForDisplay()`: decodes `image` on the current thread, which costs
    /// that thread the decoding time (on the main thread, that time blocks it), and
    /// returns a new image that holds only the bitmap. An image already decoded is
    /// returned as it is.
    public func preparingForDisplay(_ image: SimImage) -> SimImage {
        guard !image.isDecoded, case .picture(let number) = image.content else { return image }
        world.spend(ms: decodeMilliseconds, cause: "decoding image \(number) (preparingForDisplay)")
        nextID += 1
        return SimImage(id: nextID, content: image.content, bytes: image.bytes)
    }

    /// `prepareForDisplay(completionHandler:)`: decodes on a background thread,
    /// then calls `completion` there with the prepared image.
    public func prepareForDisplay(_ image: SimImage, completion: @escaping (SimImage?) -> Void) {
        world.onBackground(at: world.threadClock) { [unowned self] in
            completion(preparingForDisplay(image))
        }
    }

    /// Core Animation's commit of a frame decodes, on the main thread, the images
    /// it draws for the first time: one piece of main-thread work for them all.
    /// Each bitmap counts in memory from then.
    func decodeForDisplay(_ images: [SimImage]) {
        let numbers = images.compactMap { image -> Int? in
            if case .picture(let number) = image.content { return number } else { return nil }
        }
        guard !numbers.isEmpty else { return }
        world.spend(ms: decodeMilliseconds * Double(numbers.count), cause: FirstFrameDecode.cause(images: numbers))
        var added = 0
        for image in images where !image.isDecoded {
            image.isDecoded = true
            if holds[image.id] != nil { added += image.bytes }
        }
        if added > 0 { change(by: added) }
    }

    /// The app's placeholder image (`UIImage(systemName: "photo.on.rectangle")`).
    public lazy var placeholder = SimImage(id: 0, content: .placeholder, bytes: 0)

    public func retain(_ image: SimImage?) {
        guard let image, image.bytes + image.dataBytes > 0 else { return }
        holds[image.id, default: 0] += 1
        if holds[image.id] == 1, image.heldBytes > 0 { change(by: image.heldBytes) }
    }

    public func release(_ image: SimImage?) {
        guard let image, image.bytes + image.dataBytes > 0, let count = holds[image.id] else { return }
        if count <= 1 {
            holds[image.id] = nil
            if image.heldBytes > 0 { change(by: -image.heldBytes) }
        } else {
            holds[image.id] = count - 1
        }
    }

    private func change(by delta: Int) {
        bytes += delta
        world.record(.imageMemory(bytes: bytes))
        if delta > 0 { relieveMemoryPressure() }
    }
}
