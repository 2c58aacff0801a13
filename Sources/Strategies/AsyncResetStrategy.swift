import ReuseEngine

// Strategy "async-reset" — seed 004 with its fix applied: the same view controller,
// but the cell clears its image view in `prepareForReuse`. The old picture no
// longer flashes in a reused cell. Yet a slow answer for a row the cell has left
// is still written into it — a wrong image that stays (see the late-response trace).

/// `MyCell` with the seed's commented-out line restored.
final class ResettingProfileCell: ProfileCell {
    override func prepareForReuse() {
        profileImageView.image = nil
    }
}

final class ResettingProfileListViewController: ProfileListViewController {
    override class var cellClass: ProfileCell.Type { ResettingProfileCell.self }
}
