import Foundation

/// Where a file is kept aside instead of being overwritten: `path + suffix`, or
/// `path + suffix-2`, `-3`, … — the first name no file has yet. Used for progress
/// that cannot be read (`.corrupt`) and a learner's file an exercise reset
/// replaces (`.mine`).
public enum AsideName {
    public static func free(for path: String, suffix: String) -> String {
        var aside = path + suffix
        var counter = 2
        while FileManager.default.fileExists(atPath: aside) {
            aside = path + suffix + "-\(counter)"
            counter += 1
        }
        return aside
    }
}
