/// Lines of source code pasted with a log — a blog post or an issue often shows the
/// code that printed it — which name callbacks without being their output:
/// `print("cellForRowAt: \(indexPath.row)")`, `override func prepareForReuse() {`,
/// `deinit {`.
///
/// A line is taken for code when it interpolates (`\(`), opens or closes a block
/// (`{` last, `}` first), declares a function (`func ` anywhere, as in `optional
/// public func tableView(…)`), or starts with a declaration keyword, a logging call
/// or a comment. Real output cannot hold `\(` (Swift replaces it) and rarely looks like
/// the rest.
enum SourceCodeLine {
    private static let openings = [
        "func ", "override ", "private ", "fileprivate ", "public ", "internal ", "open ", "required ", "convenience ",
        "@objc", "let ", "var ", "guard ", "return ", "import ", "class ", "struct ", "extension ", "super.", "self.",
        "print(", "NSLog(", "os_log(", "debugPrint(", "dump(", "logger.", "Logger(", "//", "/*", "- (", "-(",
    ]

    static func looksLikeCode(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard let first = range.first, let last = range.last else { return false }
        if scalars[last] == "{" || scalars[first] == "}" { return true }
        if contains("\\(", scalars, range) || contains(" func ", scalars, range) { return true }
        return openings.contains { starts(with: $0, scalars, range) }
    }

    private static func starts(with text: String, _ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        for scalar in text.unicodeScalars {
            guard position < range.upperBound, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static func contains(_ text: String, _ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        let wanted = Array(text.unicodeScalars)
        guard let head = wanted.first else { return true }
        for start in range where scalars[start] == head && start + wanted.count <= range.upperBound {
            if wanted.indices.allSatisfy({ scalars[start + $0] == wanted[$0] }) { return true }
        }
        return false
    }
}
