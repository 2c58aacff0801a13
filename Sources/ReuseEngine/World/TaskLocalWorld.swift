/// The world a simulation runs in, reachable from strategy code the way UIKit's
/// globals are (`DispatchQueue.main`, `URLSession.shared`), without any global
/// mutable state: it is bound for the duration of one recording.
public enum CurrentWorld {
    final class Box: @unchecked Sendable {
        // Only touched by the single thread running one recording.
        let world: World
        init(_ world: World) { self.world = world }
    }

    @TaskLocal static var box: Box?

    /// The world of the recording in progress.
    public static var world: World? { box?.world }

    static func with<T>(_ world: World, _ operation: () throws -> T) rethrows -> T {
        try $box.withValue(Box(world), operation: operation)
    }
}
