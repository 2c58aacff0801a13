extension TextWrap {
    /// `text` cut to `width` characters, ending in "…" when cut: for a line that
    /// must stay one line (a line of code under a step, in a code pane).
    public static func cut(_ text: String, to width: Int) -> String {
        // No more bytes than columns: nothing to cut (the usual, ASCII, line).
        guard text.utf8.count > width, text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }

    /// One row of a listing: `prefix` (the fixed columns), then `text` wrapped to
    /// `width` with its continuation lines under its first. When the prefix leaves
    /// too little room, the text goes on the lines below, indented by four; a prefix
    /// wider than `width` (a long file name) is itself wrapped.
    public static func row(_ prefix: String, _ text: String, width: Int) -> String {
        let indent = columns(prefix)
        if width - indent >= 24 {
            let lines = TextWrap.lines(text, firstWidth: width - indent, width: width - indent)
            return prefix + lines.joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
        }
        let trimmed = String(prefix.reversed().drop(while: { $0 == " " }).reversed())
        let head = columns(trimmed) > width ? TextWrap.lines(trimmed, firstWidth: width, width: width).joined(separator: "\n") : trimmed
        let lines = TextWrap.lines(text, firstWidth: width - 4, width: width - 4)
        return head + "\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    /// A paragraph wrapped to `width`, every line starting with `indent` spaces,
    /// each line ending in "\n". Line breaks in `text` start new lines.
    public static func paragraph(_ text: String, width: Int, indent: Int = 0) -> String {
        let room = max(20, width - indent)
        let margin = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            lines(String(line), firstWidth: room, width: room).map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }
}
