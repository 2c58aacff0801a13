/// UIKit is main-thread only: "Use UIKit classes only from your app's main
/// thread or main dispatch queue, unless otherwise indicated" (Apple's UIKit
/// documentation; Xcode's Main Thread Checker stops at a violation). The engine
/// records a note with these words right after an image view's image is set off
/// the main thread, so every reader can see it and an exercise can count it.
public enum MainThreadRule {
    /// The note's text.
    public static let offMainThreadNote =
        "UIImageView.image was set off the main thread: UIKit may be used only from the main thread (Xcode's Main Thread Checker stops here)"

    /// Whether `body` is that note.
    public static func isOffMainThreadNote(_ body: EventBody) -> Bool {
        if case .note(let text) = body { return text == offMainThreadNote }
        return false
    }
}
