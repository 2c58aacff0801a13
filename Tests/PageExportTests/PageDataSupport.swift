import Foundation
import Testing
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import ReuseLabTestSupport

/// Reading a page back as its script does: the embedded data, and the state
/// after each step rebuilt from keyframes and deltas.
enum PageData {
    /// The text of `<script type="application/json" id="reuselab-data">`.
    static func embeddedText(_ html: String) throws -> String {
        let open = "<script type=\"application/json\" id=\"\(PageDocument.dataElementID)\">"
        guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            try Test.cancel("the page has no data element")
        }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// The embedded data, parsed as `JSON.parse` would.
    static func embedded(_ html: String) throws -> [String: Any] {
        let text = try embeddedText(html)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        guard let dictionary = object as? [String: Any] else { try Test.cancel("the data is not an object") }
        return dictionary
    }

    /// The state after every step: each keyframe whole, each delta over the state
    /// before, a list's edits (`{"patch": [[at, remove, item, …], …]}`) applied in order.
    static func states(_ view: [String: Any]) -> [[String: Any]] {
        var out: [[String: Any]] = []
        var current: [String: Any] = [:]
        for entry in view["states"] as? [[String: Any]] ?? [] {
            if entry["key"] != nil { current = [:] }
            for (key, value) in entry where key != "key" {
                guard let edits = (value as? [String: Any])?["patch"] as? [[Any]] else {
                    current[key] = value
                    continue
                }
                var list = current[key] as? [Any] ?? []
                for edit in edits {
                    let at = edit[0] as? Int ?? 0, remove = edit[1] as? Int ?? 0
                    list.replaceSubrange(at..<(at + remove), with: edit.dropFirst(2))
                }
                current[key] = list
            }
            out.append(current)
        }
        return out
    }

    /// Writes `text` as a trace and makes its page.
    static func page(forTrace text: String, in folder: TemporaryFolder, name: String = "hand.trace.json") throws -> String {
        let path = try folder.write(name, text)
        return try HTMLPages.trace(path: path, generator: "test")
    }
}
