import ReuseEngine

// Seed 000's model and cell, shared by its three strategies.

/// `MovieVO`: one row's data — a title and its thumbnail's URL, plus (for the
/// memoizing strategies) the downloaded thumbnail kept on the model object.
final class MovieVO {
    var title: String?
    var thumbnail: URL
    /// `var thumbnailImage: UIImage?`
    let thumbnailImage: ModelImageSlot

    init(row: Int, environment: AppEnvironment) {
        title = "Movie \(row)"
        thumbnail = environment.imageURL(forRow: row)
        thumbnailImage = ModelImageSlot(world: environment.world, row: row, imageNumber: thumbnail.image)
    }
}

/// `MovieCell`, whose `thumbnail` outlet is the cell's image view.
final class MovieCell: TableViewCell {
    var thumbnail: ImageView { imageView }
}
