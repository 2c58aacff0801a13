import TraceModel

/// The simulated `UIImageView` of a cell. Setting `image` is recorded (`imageSet`),
/// keeps the image's memory alive, and marks the screen as changed.
public final class ImageView {
    let cellID: Int
    public private(set) var shown: ImageShown = .nothing

    init(cellID: Int) {
        self.cellID = cellID
    }

    public var image: SimImage? {
        didSet {
            guard oldValue !== image else { return }
            let world = CurrentWorld.world
            world?.imageMemory.retain(image)
            world?.imageMemory.release(oldValue)
            shown = image?.shown ?? .nothing
            world?.record(.imageSet(cell: cellID, image: shown))
            if let world, !world.isMainThread { world.record(.note(text: MainThreadRule.offMainThreadNote)) }
            world?.screenChanged = true
        }
    }
}
