import ToolSupport
import TraceCoding

/// The whole HTML file: a strict Content-Security-Policy, the style, the data
/// and the script, nothing fetched from anywhere.
///
/// Text from a trace reaches the page by two roads only: the `<title>`, escaped
/// as HTML text, and the embedded data, made safe by `ScriptSafeJSON` and read
/// by the script with `JSON.parse` and drawn with `textContent`. The policy
/// allows exactly our one script and one style (by SHA-256), no network, no
/// forms, no base URL: a hostile trace cannot run script in the learner's browser.
enum PageDocument {
    /// The id of the element holding the data.
    static let dataElementID = "reuselab-data"

    static func html(title: String, data: PageValue) -> String {
        let style = PageAssets.style, script = PageAssets.script
        let policy = contentSecurityPolicy(script: script, style: style)
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(MarkupText.escape(policy))\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"reuselab\">\n"
        out += "<title>\(MarkupText.escape(title))</title>\n"
        out += "<style>\(style)</style>\n</head><body>\n"
        out += "<script type=\"application/json\" id=\"\(dataElementID)\">"
        var json = ByteBuffer(capacity: 1 << 20)
        data.write(into: &json)
        var page = ByteBuffer(capacity: json.count + script.utf8.count + out.utf8.count + 4096)
        page.appendText(out)
        json.withBytes { ScriptSafeJSON.append($0, to: &page) }
        page.appendText("</script>\n<script>\(script)</script>\n</body></html>\n")
        return page.string
    }

    /// The policy: nothing by default; our script and style by hash; images only
    /// as `data:` URLs (none are used today).
    static func contentSecurityPolicy(script: String, style: String) -> String {
        "default-src 'none'; script-src 'sha256-\(SHA256.base64Digest(of: script))'; "
            + "style-src 'sha256-\(SHA256.base64Digest(of: style))'; img-src data:; "
            + "base-uri 'none'; form-action 'none'"
    }
}

