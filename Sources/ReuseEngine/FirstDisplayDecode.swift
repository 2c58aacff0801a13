/// Where `UIImage(data:)` is decoded. Making the image costs almost nothing; the
/// bitmap is decoded the first time the image is rendered, on the main thread,
/// inside Core Animation's commit of the frame that first draws it, and UIImage
/// keeps the bitmap from then (Apple's WWDC 2018 session 219, "Image and Graphics
/// Best Practices"; a backtrace in Apple's forums shows the decode inside the
/// commit). So a strategy that makes its image on a background thread still pays
/// for the decode on the main thread, at the first frame that shows it — unless
/// it prepares the image first (`preparingForDisplay()`), which decodes where it
/// is called. docs/engine.md gives the evidence; the rule is inferred.
extension TableView {
    /// The commit of a frame: decodes, as one piece of main-thread work, every
    /// image a visible cell shows that is not decoded yet (an image shown by two
    /// cells is decoded once). Cells prepared ahead or kept aside are not drawn.
    func decodeImagesFirstDrawn() {
        var firstDrawn: [SimImage] = []
        for (_, cell) in visibleCells.rowsAndCells {
            guard let image = cell.imageView.image, !image.isDecoded, !firstDrawn.contains(where: { $0 === image }) else { continue }
            firstDrawn.append(image)
        }
        guard !firstDrawn.isEmpty else { return }
        world.imageMemory.decodeForDisplay(firstDrawn)
    }
}
