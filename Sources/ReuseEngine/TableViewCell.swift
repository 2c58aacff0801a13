/// The simulated `UITableViewCell`: an object the table view creates when its pool
/// is empty and hands out again after `prepareForReuse` when it is not.
///
/// Strategies subclass it the way the seeds subclass `UITableViewCell`, override
/// `prepareForReuse`, and set `textLabel.text` and `imageView.image`.
open class TableViewCell {
    /// The cell's number, 1, 2, … in creation order (the trace's `cell`).
    public let id: Int
    public let reuseIdentifier: String
    /// The row the table view last asked this cell to show (set before `cellForRowAt` returns).
    public internal(set) var lastRow: Int?
    public let textLabel = Label()
    /// The cell's image view (`imageView` / `profileImageView` / `thumbnail` in the seeds).
    public let imageView: ImageView

    /// Called by the table view only (as `init(style:reuseIdentifier:)` is).
    public required init(id: Int, reuseIdentifier: String) {
        self.id = id
        self.reuseIdentifier = reuseIdentifier
        self.imageView = ImageView(cellID: id)
    }

    /// Called by `dequeueReusableCell` just before it returns a reused cell.
    /// UIKit's own implementation resets nothing of the app's content.
    open func prepareForReuse() {}

    /// A text label: what the cell says.
    public final class Label {
        public var text: String?
        public init() {}
    }
}
