import ReuseEngine

// Strategy "cache-coalesce-prepare" (not in the seed): seed 003's ImageCache with
// one line changed, the iOS 15 way to keep image decoding off the main thread.
// `UIImage(data:)` decodes nothing: an image made on URLSession's background
// queue is still decoded on the main thread, inside Core Animation's commit of
// the first frame that shows it. `preparingForDisplay()` decodes at once, on the
// queue that calls it — here the background queue that runs the completion
// handler — and returns an image that is ready to draw, so the main thread only
// sets it. Apple's page for the method: "If Animation Hitches indicates that
// decoding an image takes too long and causes hitches, use this method to move
// the decoding work to the background."
//
// The price: a prepared image holds its decoded bitmap from the moment it is
// prepared, whether or not a frame ever shows it.

/// The sample's `ImageCache`, preparing each image before it caches it and hands it on.
final class PreparingImageCache: ImageCache {
    override func image(from data: Data) -> UIImage? {
        UIImage(data: data)?.preparingForDisplay()
    }
}

/// Seed 003's table, with the preparing cache.
final class PreparedImagesViewController: CachedImagesViewController {
    override class var imageCacheClass: ImageCache.Type { PreparingImageCache.self }
}

/// Seed 003's grid, with the preparing cache.
final class PreparedImagesGridViewController: CachedImagesGridViewController {
    override class var imageCacheClass: ImageCache.Type { PreparingImageCache.self }
}
