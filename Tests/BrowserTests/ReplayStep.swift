import Foundation

/// One step of `reuselab replay TRACE --json`: the Swift side's own word on each
/// step, which the page must show.
struct ReplayStep {
    let seq: Int
    let kind: String
    let text: String
    let marks: [String]
    /// The undocumented rule the explanation rests on (its name), whose note ends `text`.
    let inferred: String?

    /// The sentence as a page shows it: the rule's note, which ends it in `replay`,
    /// replaced by the page's numbered marker " [n]", `notes` being the page data's
    /// `notes` (`[["rule, rule", sentence], …]`, marker n for entry n - 1).
    func pageText(notes: [[String]]) -> String {
        guard let inferred, let number = notes.firstIndex(where: { $0.first?.components(separatedBy: ", ").contains(inferred) == true }),
              let open = text.range(of: " (modelled from ", options: .backwards), text.hasSuffix(")") else { return text }
        return String(text[..<open.lowerBound]) + " [\(number + 1)]"
    }

    /// Every step of `trace` (relative to the package root, or absolute).
    static func all(of trace: String) throws -> [ReplayStep] {
        let outcome = try ExportedPages.run(["replay", trace, "--json"])
        guard outcome.status == 0 else {
            throw BrowserError("reuselab replay \(trace) --json failed: \(outcome.err.prefix(2000))")
        }
        return try outcome.out.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject,
                  let seq = object["seq"] as? Int, let kind = object["kind"] as? String,
                  let text = object["text"] as? String else {
                throw BrowserError("unexpected replay --json line: \(line.prefix(300))")
            }
            return ReplayStep(seq: seq, kind: kind, text: text, marks: object["marks"] as? [String] ?? [],
                              inferred: object["inferred"] as? String)
        }
    }
}
