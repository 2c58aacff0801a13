import Foundation

/// The project's documents as a reader follows them: the README and every page
/// in `docs/`, their links, the headings those links may point at, and the
/// `docs/NAME.md` files they mention. Finds what would send a reader nowhere —
/// a missing file, an anchor no heading makes, a mention of a page that does not
/// exist — and anything that points into the folder beside the repository
/// where the product brief lives (`outsideFolder`), of which a clone has nothing.
struct DocumentLinks {
    /// The package's folder.
    let root: URL
    /// The folder beside the repository that no document may point into
    /// (spelled in two parts, so this file does not point there either).
    static let outsideFolder = ".." + "/shared"

    /// One thing that would mislead a reader, with where it is.
    struct Problem: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var message: String
        var description: String { "\(file):\(line): \(message)" }
    }

    /// `README.md` and `docs/*.md`, as paths relative to the root.
    func documents() throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every problem in every document.
    func problems() throws -> [Problem] {
        var found: [Problem] = []
        var anchors: [String: Set<String>] = [:]
        for document in try documents() {
            found += try problems(in: document, anchors: &anchors)
        }
        return found
    }

    /// The problems in one document, given by its path relative to the root;
    /// `anchors` keeps each page's headings once they have been read.
    func problems(in document: String, anchors: inout [String: Set<String>]) throws -> [Problem] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let folder = (document as NSString).deletingLastPathComponent
        var found: [Problem] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() where line.contains(Self.outsideFolder) {
            found.append(Problem(file: document, line: index + 1, message: "points into \(Self.outsideFolder), which a clone of the repository does not have"))
        }
        for mention in Self.mentionedPages(in: text) where !exists(mention.path) {
            found.append(Problem(file: document, line: mention.line, message: "mentions \(mention.path), which does not exist"))
        }
        for link in Self.links(in: text) {
            if let problem = check(link.target, from: document, folder: folder, text: text, anchors: &anchors) {
                found.append(Problem(file: document, line: link.line, message: problem))
            }
        }
        return found
    }

    /// What is wrong with one link target, or nil.
    private func check(_ target: String, from document: String, folder: String, text: String,
                       anchors: inout [String: Set<String>]) -> String? {
        if Self.isExternal(target) { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let pathPart = parts[0].removingPercentEncoding ?? parts[0]
        let anchor = parts.count > 1 ? parts[1] : nil
        if pathPart.isEmpty {
            guard let anchor else { return nil }
            let own = anchors[document] ?? Self.slugs(in: text)
            anchors[document] = own
            return own.contains(anchor.lowercased()) ? nil : "#\(anchor) matches no heading in \(document)"
        }
        let joined = folder.isEmpty ? pathPart : folder + "/" + pathPart
        guard let path = Self.normalised(joined) else {
            return "\(target) leads outside the repository"
        }
        if path.hasPrefix("../") || path == ".." { return "\(target) leads outside the repository" }
        guard exists(path) else { return "\(target) leads to \(path), which does not exist" }
        guard let anchor, path.hasSuffix(".md") else { return nil }
        if anchors[path] == nil {
            guard let targetText = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                return "\(path) cannot be read to check #\(anchor)"
            }
            anchors[path] = Self.slugs(in: targetText)
        }
        return anchors[path]?.contains(anchor.lowercased()) == true ? nil : "#\(anchor) matches no heading in \(path)"
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    // MARK: Reading Markdown

    /// A link's target and the line it is on.
    struct Link: Equatable {
        var target: String
        var line: Int
    }

    /// The inline links and images (`[text](target)`, `![alt](target)`), the
    /// reference definitions (`[name]: target`) and HTML `href`/`src` attributes,
    /// outside fenced code blocks and code spans.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        for (number, line) in proseLines(of: text) {
            let prose = withoutCodeSpans(line)
            for expression in linkExpressions {
                for target in matches(of: expression, in: prose) {
                    links.append(Link(target: target, line: number))
                }
            }
        }
        return links
    }

    /// Every `docs/NAME.md` the text mentions, code included: a page named in
    /// prose or in a command is one a reader will look for. A link's target is
    /// not a mention (the link is checked as a link).
    static func mentionedPages(in text: String) -> [(path: String, line: Int)] {
        var pages: [(path: String, line: Int)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let words = line.replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
            for match in matches(of: mentionExpression, in: words) {
                pages.append(("docs/" + match, index + 1))
            }
        }
        return pages
    }

    /// The anchors a page's headings make, as GitHub makes them: lower case,
    /// punctuation dropped but for `-` and `_`, spaces turned into `-`, and a
    /// repeated heading numbered `-1`, `-2`, …
    static func slugs(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var slugs: Set<String> = []
        for (_, line) in proseLines(of: text) {
            guard let heading = matches(of: headingExpression, in: line).first else { continue }
            let base = slug(heading)
            if let count = seen[base] {
                seen[base] = count + 1
                slugs.insert("\(base)-\(count + 1)")
            } else {
                seen[base] = 0
                slugs.insert(base)
            }
        }
        return slugs
    }

    /// One heading's anchor, GitHub-style.
    static func slug(_ heading: String) -> String {
        // Links in a heading count by their text; HTML tags not at all.
        var text = heading.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
        var out = ""
        for character in text.lowercased() {
            if character == " " {
                out.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                out.append(character)
            }
        }
        return out
    }

    /// The lines outside fenced code blocks, numbered from 1.
    static func proseLines(of text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var fence: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                continue
            }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// A line with its code spans (`` `…` ``) blanked out.
    static func withoutCodeSpans(_ line: String) -> String {
        guard line.contains("`") else { return line }
        let range = NSRange(line.startIndex..., in: line)
        return codeSpanExpression.stringByReplacingMatches(in: line, range: range, withTemplate: " ")
    }

    static func isExternal(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        return !scheme.isEmpty && !scheme.contains("/") && !scheme.contains("#")
    }

    /// `a/./b/../c` as `a/c`; nil for an empty result.
    static func normalised(_ path: String) -> String? {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append("..") }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `[text](target)` and `![alt](target)`; `[name]: target`; `href="…"` and `src="…"`.
    static let linkExpressions = [#"\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#,
                                  #"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)"#,
                                  #"(?:href|src)\s*=\s*"([^"]+)""#].map(expression)
    /// `docs/NAME.md`, not as the tail of a longer path.
    static let mentionExpression = expression(#"(?<![A-Za-z0-9_./-])docs/([A-Za-z0-9_.-]+\.md)\b"#)
    /// A code span: a run of backticks, its text, the same run again.
    static let codeSpanExpression = expression(#"(`+)(?:(?!\1).)+?\1"#)
    /// An ATX heading's text.
    static let headingExpression = expression(#"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$"#)

    static func expression(_ pattern: String) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        } catch {
            preconditionFailure("a pattern of this file does not compile: \(pattern): \(error)")
        }
    }

    /// The first capture group of every match of `expression` in `text`.
    static func matches(of expression: NSRegularExpression, in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            guard match.numberOfRanges > 1, let captured = Range(match.range(at: 1), in: text) else { return nil }
            return String(text[captured])
        }
    }
}
