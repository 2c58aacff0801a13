
/// An image kept on a model object (`mvo.thumbnailImage` in seed 000, the news
/// array in seed 002): memoization. Setting it keeps the image's memory alive;
/// reading a saved image back is recorded as a cache hit on the model.
public final class ModelImageSlot {
    unowned let world: World
    public let row: Int
    public let imageNumber: Int

    public init(world: World, row: Int, imageNumber: Int) {
        self.world = world
        self.row = row
        self.imageNumber = imageNumber
    }

    public var image: SimImage? {
        didSet {
            guard oldValue !== image else { return }
            world.imageMemory.retain(image)
            world.imageMemory.release(oldValue)
        }
    }

    /// The saved image, if any; a hit is recorded (`cacheHit`, layer `model`).
    public func saved() -> SimImage? {
        guard let image else { return nil }
        // The picture the slot holds: its own, unless code that kept an index path stored another row's here.
        var held = imageNumber
        if case .picture(let number) = image.content { held = number }
        world.record(.cacheHit(row: world.row(ofItem: row), image: held, layer: .model))
        return image
    }
}
