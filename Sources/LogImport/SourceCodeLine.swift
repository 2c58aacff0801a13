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
    /// As scalars, made once: every line that names a callback is asked.
    private static let openings = [
        "func ", "override ", "private ", "fileprivate ", "public ", "internal ", "open ", "required ", "convenience ",
        "@objc", "let ", "var ", "guard ", "return ", "import ", "class ", "struct ", "extension ", "super.", "self.",
        "print(", "NSLog(", "os_log(", "debugPrint(", "dump(", "logger.", "Logger(", "//", "/*", "- (", "-(",
    ].map { Array($0.unicodeScalars) }
    private static let interpolation = Array("\\(".unicodeScalars)
    private static let function = Array(" func ".unicodeScalars)

    static func looksLikeCode(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard let first = range.first, let last = range.last else { return false }
        if scalars[last] == "{" || scalars[first] == "}" { return true }
        if contains(interpolation, scalars, range) || contains(function, scalars, range) { return true }
        return openingFirsts.contains(scalars[first]) && openings.contains { starts(with: $0, scalars, range) }
    }

    /// The scalars the openings start with: a line starting otherwise opens with none.
    private static let openingFirsts = Set(openings.compactMap(\.first))

    private static func starts(with text: [Unicode.Scalar], _ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard text.count <= range.count else { return false }
        var position = range.lowerBound
        for scalar in text {
            guard scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static func contains(_ wanted: [Unicode.Scalar], _ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard let head = wanted.first else { return true }
        for start in range where scalars[start] == head && start + wanted.count <= range.upperBound {
            if wanted.indices.allSatisfy({ scalars[start + $0] == wanted[$0] }) { return true }
        }
        return false
    }
}
