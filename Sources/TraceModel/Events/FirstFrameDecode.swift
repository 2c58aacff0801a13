/// `UIImage(data:)` decodes nothing: the first frame that draws the image decodes
/// it, on the main thread, in Core Animation's commit. The engine records that
/// work as a `mainThreadBlocked` whose cause is worded here, so every reader can
/// tell it from other main-thread work by the same words.
public enum FirstFrameDecode {
    /// "decoding image 5 for the first frame that shows it", or "decoding images
    /// 5, 6 and 7 for the first frame that shows them".
    public static func cause(images: [Int]) -> String {
        guard images.count > 1, let last = images.last else {
            return "decoding image \(images.first ?? 0) \(suffix)it"
        }
        let list = images.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
        return "decoding images \(list) \(suffix)them"
    }

    /// Whether a `mainThreadBlocked` cause is such a decode.
    public static func isCause(_ cause: String) -> Bool {
        cause.hasPrefix("decoding image") && cause.contains(suffix)
    }

    private static let suffix = "for the first frame that shows "
}
