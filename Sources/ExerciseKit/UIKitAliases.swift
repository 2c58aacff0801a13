import ReuseEngine

// The UIKit names an exercise's code is written with, for the simulated world's
// pieces. With these (and the names every strategy uses, `DispatchQueue`, `URL`,
// `Data`, `UIImage`, `URLSession`, which an exercise's build compiles beside the
// learner's file), a correct exercise compiles in an iOS app with `import UIKit`
// in place of `import ExerciseKit`.

/// `UITableViewCell`: subclass it and override `prepareForReuse()`.
public typealias UITableViewCell = TableViewCell
/// `UITableView`.
public typealias UITableView = TableView
/// `UIImageView`: a cell's `imageView` (in UIKit an optional, `imageView?`).
public typealias UIImageView = ImageView
/// `UITableViewDataSource`.
public typealias UITableViewDataSource = TableViewDataSource
/// `UITableViewDelegate`.
public typealias UITableViewDelegate = TableViewDelegate
/// `UITableViewDataSourcePrefetching`.
public typealias UITableViewDataSourcePrefetching = TableViewDataSourcePrefetching
/// What the simulated world tells a view controller when it loads (not UIKit: an
/// app gets its rows from its own model).
public typealias AppEnvironment = ReuseEngine.AppEnvironment

/// `UIViewController`: the base of an exercise's screen. The simulated world
/// gives it no view; the table view comes to `viewDidLoad(_:environment:)`.
open class UIViewController {
    public init() {}
}
