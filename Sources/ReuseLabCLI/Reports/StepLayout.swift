import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// How one step is printed: `SEQ  TIME  KIND  text`, the text wrapped to the
/// output's width under itself (a hanging indent), STALE, LATE and HITCH as tags
/// before it. On a terminal narrower than the columns need, the kind and the text
/// go on lines of their own.
///
/// Frames are many and mostly alike, so a frame's line is kept short: its number,
/// offset and rows, then only what the annotation says beyond that (a STALE image,
/// one that is gone).
struct StepLayout {
    /// The width of text laid out without a terminal to measure (help texts).
    static let defaultWidth = 80
    /// Kinds up to this long line up; after a longer one the text starts on the next line.
    static let kindWidth = 17
    /// The text gets at least this many columns beside the other columns; on a
    /// narrower terminal it goes under them.
    static let minimumTextWidth = 20
    static let taggedMarks: [Annotation.Mark] = [.stale, .late, .wrongRow, .hitch]

    let seqWidth: Int
    let timeWidth: Int
    var style: TerminalStyle
    /// The columns a line may take (`CommandIO.width`).
    var width: Int
    /// How rows are named (by section in a table with sections).
    var naming = RowNaming.single
    /// The trace carries one source file, so a step's line of code need not name it.
    var carriesOneFile = true
    /// Print the step's lines of code under it (off while the stepper's code pane shows them).
    var showsCode = true

    /// Columns for `steps` steps whose widest time is `widestTime` characters.
    init(header: TraceHeader, steps: Int, widestTime: Int, style: TerminalStyle, width: Int = StepLayout.defaultWidth) {
        seqWidth = String(max(0, steps - 1)).count
        timeWidth = widestTime
        self.style = style
        self.width = width
        naming = header.rowNaming
        carriesOneFile = (header.code?.files.count ?? 1) == 1
    }

    /// "916.7 ms": to a tenth of a millisecond, like the annotations.
    static func time(_ time: VirtualTime) -> String {
        ReadableNumber.ms(time)
    }

    /// The lines of one step, each ending in a line break and starting with
    /// `indent` spaces. `inFrameGroup`: under a frame header (`--frames`), which
    /// already says the frame's number and offset.
    func text(_ annotation: Annotation, event: TraceEvent?, indent: Int = 0, inFrameGroup: Bool = false) -> String {
        // The Annotator makes trace text visible; escaping again changes nothing
        // then, and keeps any text it missed from reaching the terminal raw.
        var body = VisibleText.escape(annotation.text)
        if case .frame(let snapshot)? = event?.body {
            body = Self.frameText(snapshot, annotation: body, inFrameGroup: inFrameGroup, naming: naming)
        }
        let tags = annotation.marks.isEmpty ? [] : Self.taggedMarks.filter { annotation.marks.contains($0) }
        var tagText = ""
        if !tags.isEmpty {
            // "LATE: image 2 …" under the tag [LATE] says it once.
            var rest = Array(body.utf8)[...]
            for tag in tags where rest.starts(with: (tag.rawValue + ": ").utf8) {
                rest = rest.dropFirst(tag.rawValue.utf8.count + 2)
            }
            tagText = tags.map { "[\($0.rawValue)]" }.joined(separator: " ")
            body = tagText + " " + String(decoding: rest, as: UTF8.self)
        }

        // The kind as the trace's list names it: cellForItemAt in a collection view.
        let kind = naming.list.name(of: annotation.kind)
        let kindColumns = kind.utf8.count
        // Too narrow for the text beside the columns: it goes under them, indented.
        let headColumns = indent + seqWidth + 2 + timeWidth + 2 + Self.kindWidth + 2
        let besideColumns = width - headColumns >= Self.minimumTextWidth
        let textColumn = besideColumns ? headColumns : indent + 4
        let textWidth = max(20, width - textColumn)

        // SEQ  TIME  KIND, right-aligned numbers; a kind too long for its column has the line to itself.
        let seq = String(annotation.seq), time = Self.time(annotation.time)
        var out = ""
        out.reserveCapacity(body.utf8.count + 2 * width)
        Self.appendSpaces(indent + seqWidth - seq.utf8.count, to: &out)
        out += seq
        out += "  "
        Self.appendSpaces(timeWidth - time.utf8.count, to: &out)
        out += time
        out += "  "
        out += style.enabled ? style.dim(kind) : kind
        var besideHead = true
        if kindColumns > Self.kindWidth || !besideColumns {
            out += "\n"
            besideHead = false
        } else {
            Self.appendSpaces(Self.kindWidth + 2 - kindColumns, to: &out)
        }
        for (index, line) in TextWrap.lines(body, firstWidth: textWidth, width: textWidth).enumerated() {
            if !besideHead { Self.appendSpaces(textColumn, to: &out) }
            besideHead = false
            if index == 0, style.enabled, !tagText.isEmpty, line.utf8.starts(with: tagText.utf8) {
                out += tags.map(style.tag).joined(separator: " ")
                out += String(decoding: line.utf8.dropFirst(tagText.utf8.count), as: UTF8.self)
            } else {
                out += line
            }
            out += "\n"
        }
        // The lines of code under the step, from the kind's column: "line 49  cell.…"
        // ("File.swift:49" when the trace carries more than one file).
        for code in showsCode ? (annotation.code.map { [$0] } ?? []) + annotation.relatedCode : [] {
            let column = besideColumns ? indent + seqWidth + 2 + timeWidth + 2 : indent + 4
            Self.appendSpaces(column, to: &out)
            let place = (carriesOneFile ? "line " : VisibleText.escape(code.file) + ":") + String(code.line) + "  "
            let indented = code.text.drop { $0 == " " || $0 == "\t" }
            let line = TextWrap.cut(VisibleText.escape(String(indented)), to: max(10, width - column - place.utf8.count))
            out += style.enabled ? style.dim(place + line) : place + line
            out += "\n"
        }
        return out
    }

    /// The lines of one step, each starting with `indent` spaces.
    func lines(_ annotation: Annotation, event: TraceEvent?, indent: Int = 0, inFrameGroup: Bool = false) -> [String] {
        text(annotation, event: event, indent: indent, inFrameGroup: inFrameGroup).utf8
            .split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs of 0 to 255 spaces, made once.
    private static let blanks = (0..<256).map { String(repeating: " ", count: $0) }

    private static func appendSpaces(_ count: Int, to out: inout String) {
        var left = max(0, count)
        while left > 0 {
            let piece = min(left, blanks.count - 1)
            out += blanks[piece]
            left -= piece
        }
    }

    /// A frame's short text: "Frame 60: offset 173 pt, rows 3–23." (under a frame
    /// header: "Rows 3–23 on screen."), then the annotation's sentences after its first.
    static func frameText(_ snapshot: FrameSnapshot, annotation: String, inFrameGroup: Bool, naming: RowNaming = .single) -> String {
        var rows = "no " + naming.list.plural
        if let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row { rows = naming.span(first, last) }
        var text: String
        if inFrameGroup {
            // "rows", "items", "section", "no": a lowercase ASCII letter first.
            if let letter = rows.utf8.first, letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") {
                rows = String(UnicodeScalar(letter - 32)) + rows.dropFirst()
            }
            text = rows + " on screen."
        } else {
            text = "Frame \(snapshot.frame): offset \(ReadableNumber.points(snapshot.offset)), \(rows)."
        }
        // The annotation's first sentence describes the frame, which the line above
        // already does; the rest (STALE, an image gone) is kept.
        let bytes = Array(annotation.utf8)
        if bytes.count > 1, let end = (0..<(bytes.count - 1)).first(where: { bytes[$0] == UInt8(ascii: ".") && bytes[$0 + 1] == 0x20 }) {
            text += " " + String(decoding: bytes[(end + 2)...], as: UTF8.self)
        }
        return text
    }

    /// The header of a frame's group (`--frames`): "frame 56 (933.3 ms, offset 89.9 pt)".
    static func frameHeader(_ snapshot: FrameSnapshot, at time: VirtualTime) -> String {
        "frame \(snapshot.frame) (\(Self.time(time)), offset \(ReadableNumber.points(snapshot.offset)))"
    }
}
