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
    static let taggedMarks: [Annotation.Mark] = [.stale, .late, .hitch]

    let seqWidth: Int
    let timeWidth: Int
    var style: TerminalStyle
    /// The columns a line may take (`CommandIO.width`).
    var width: Int
    /// How rows are named (by section in a table with sections).
    var naming = RowNaming.single
    /// The last step time written and its text (steps of one layout pass share
    /// it), and room for a step's line breaks, kept from one step to the next.
    private let scratch = Scratch()
    private final class Scratch {
        var time: VirtualTime?
        /// `time` as `StepLayout.time` spells it, in UTF-8.
        var timeText: [UInt8] = []
        var lines: [Range<Int>] = []
    }

    /// Columns wide enough for every step the survey (a first pass) saw.
    init(survey: ReplaySurvey, style: TerminalStyle, width: Int = StepLayout.defaultWidth) {
        self.init(header: survey.header, steps: survey.stepCount, widestTime: survey.widestTime, style: style, width: width)
    }

    /// Columns for `steps` steps whose widest time is `widestTime` characters.
    init(header: TraceHeader, steps: Int, widestTime: Int, style: TerminalStyle, width: Int = StepLayout.defaultWidth) {
        seqWidth = String(max(0, steps - 1)).count
        timeWidth = widestTime
        self.style = style
        self.width = width
        naming = header.rowNaming
    }

    /// "916.7 ms": to a tenth of a millisecond, like the annotations.
    static func time(_ time: VirtualTime) -> String {
        ReadableNumber.ms(time)
    }

    /// The lines of one step, each starting with `indent` spaces. `inFrameGroup`:
    /// under a frame header (`--frames`), which already says the frame's number and offset.
    func lines(_ annotation: Annotation, event: TraceEvent?, indent: Int = 0, inFrameGroup: Bool = false) -> [String] {
        var buffer = ByteBuffer(capacity: 256)
        write(annotation, event: event, indent: indent, inFrameGroup: inFrameGroup, into: &buffer)
        return buffer.array.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines of one step, each ending in a line break, appended to `out` as
    /// bytes: the listing of a long trace is made here, a few hundred bytes a step.
    func write(_ annotation: Annotation, event: TraceEvent?, indent: Int = 0, inFrameGroup: Bool = false,
               into out: inout ByteBuffer) {
        // The Annotator makes trace text visible; escaping again changes nothing
        // then, and keeps any text it missed from reaching the terminal raw. The
        // usual step (no frame to shorten, no tag, nothing to escape) is laid out
        // from the Annotator's own bytes.
        var frame: FrameSnapshot?
        if case .frame(let snapshot)? = event?.body { frame = snapshot }
        let tagged = !annotation.marks.isDisjoint(with: Self.taggedMarks)

        // The kind as the trace's list names it: cellForItemAt in a collection view.
        let kind = naming.list.name(of: annotation.kind)
        let kindColumns = kind.utf8.count
        // Too narrow for the text beside the columns: it goes under them, indented.
        let besideColumns = width - (indent + seqWidth + 2 + timeWidth + 2 + Self.kindWidth + 2) >= Self.minimumTextWidth
        let textColumn = besideColumns ? indent + seqWidth + 2 + timeWidth + 2 + Self.kindWidth + 2 : indent + 4
        let textWidth = max(20, width - textColumn)

        // Room for the step's line breaks, kept from one step to the next.
        var lines = scratch.lines
        scratch.lines = []
        defer { scratch.lines = lines }
        // The usual step: a plain sentence (nothing to make visible), wrapped in the same look.
        let plain = frame == nil && !tagged
            && annotation.utf8Text.withUnsafeBufferPointer { TextWrap.plainLines($0, width: textWidth, into: &lines) }
        let textBytes: [UInt8]
        var tagText = ""
        if plain {
            textBytes = annotation.utf8Text
        } else if !tagged,
           !annotation.utf8Text.withUnsafeBufferPointer({ VisibleText.mayContainUnsafe(bytes: $0, allowingLineBreaks: false) }) {
            // Nothing to make visible: the text as it is, or a frame's short text made from it.
            if let frame {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(annotation.utf8Text.count + 16)
                Self.appendFrameText(frame, annotation: annotation.utf8Text, inFrameGroup: inFrameGroup, naming: naming, to: &bytes)
                textBytes = bytes
            } else {
                textBytes = annotation.utf8Text
            }
        } else {
            // Bytes with nothing to make visible are their own escape.
            let visible = annotation.utf8Text.withUnsafeBufferPointer { VisibleText.mayContainUnsafe(bytes: $0, allowingLineBreaks: false) }
                ? Array(VisibleText.escape(annotation.text).utf8) : annotation.utf8Text
            var body = visible
            if let frame {
                body = []
                body.reserveCapacity(visible.count + 16)
                Self.appendFrameText(frame, annotation: visible, inFrameGroup: inFrameGroup, naming: naming, to: &body)
            }
            if tagged {
                let tags = Self.taggedMarks.filter { annotation.marks.contains($0) }
                var start = 0
                for tag in tags where Self.startsWithTag(body, at: start, tag) {
                    // "LATE: image 2 …" under the tag [LATE] says it once.
                    start += tag.rawValue.utf8.count + 2
                }
                tagText = tags.map { "[\($0.rawValue)]" }.joined(separator: " ")
                var tagged: [UInt8] = []
                tagged.reserveCapacity(tagText.utf8.count + 1 + body.count - start)
                tagged.append(utf8: tagText)
                tagged.append(0x20)
                tagged.append(contentsOf: body[start...])
                body = tagged
            }
            textBytes = body
        }

        // SEQ  TIME  KIND, right-aligned numbers; a kind too long for its column has the line to itself.
        out.appendDecimal(annotation.seq, width: indent + seqWidth)
        out.append("  ")
        if scratch.time != annotation.time {
            scratch.time = annotation.time
            scratch.timeText.removeAll(keepingCapacity: true)
            scratch.timeText.appendMilliseconds(annotation.time.milliseconds)
        }
        out.appendSpaces(timeWidth - scratch.timeText.count)
        out.append(bytes: scratch.timeText)
        out.append("  ")
        out.append(utf8: style.enabled ? style.dim(kind) : kind)
        // Whether the next line goes on the head's line (else under the text column).
        var besideHead = true
        if kindColumns > Self.kindWidth || !besideColumns {
            out.append(0x0A)
            besideHead = false
        } else {
            out.appendSpaces(Self.kindWidth + 2 - kindColumns)
        }
        // The usual sentence: its lines are pieces of it, written without a closure.
        if plain || !(style.enabled && !tagText.isEmpty)
            && textBytes.withUnsafeBufferPointer({ TextWrap.singleSpacedLines($0, firstWidth: textWidth, width: textWidth, into: &lines) }) {
            textBytes.withUnsafeBufferPointer { bytes in
                for range in lines {
                    if !besideHead { out.appendSpaces(textColumn) }
                    out.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
                    out.append(0x0A)
                    besideHead = false
                }
            }
            return
        }
        writeWrapped(textBytes, annotation: annotation, tagText: tagText, besideHead: besideHead,
                     textColumn: textColumn, textWidth: textWidth, into: &out)
    }

    /// The text of a step that is not one plain sentence — tags in colour, several
    /// spaces in a row, characters the bytes cannot measure — wrapped line by line.
    /// Apart from `write`, so the variables its line closure captures (boxed on
    /// the heap) cost only the steps that come here.
    private func writeWrapped(_ textBytes: [UInt8], annotation: Annotation, tagText: String, besideHead startsBesideHead: Bool,
                              textColumn: Int, textWidth: Int, into out: inout ByteBuffer) {
        var besideHead = startsBesideHead
        var firstLine = true
        let styleTags = style.enabled && !tagText.isEmpty
        func line(_ bytes: UnsafeBufferPointer<UInt8>) {
            if !besideHead { out.appendSpaces(textColumn) }
            if firstLine, styleTags, bytes.starts(with: tagText.utf8) {
                let tags = Self.taggedMarks.filter { annotation.marks.contains($0) }
                out.append(utf8: tags.map(style.tag).joined(separator: " "))
                out.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[tagText.utf8.count...])))
            } else {
                out.append(UnsafeRawBufferPointer(bytes))
            }
            out.append(0x0A)
            besideHead = false
            firstLine = false
        }
        let wrappedStart = out.count
        let wrapped = textBytes.withUnsafeBufferPointer { bytes in
            TextWrap.wrapBytes(bytes, firstWidth: textWidth, width: textWidth, line: line)
        }
        if !wrapped {
            // Characters the bytes cannot measure: each line made a String, as `TextWrap.lines` makes them.
            out.truncate(to: wrappedStart)
            besideHead = startsBesideHead
            firstLine = true
            for piece in TextWrap.lines(String(decoding: textBytes, as: UTF8.self), firstWidth: textWidth, width: textWidth) {
                var piece = piece
                piece.withUTF8 { line($0) }
            }
        }
    }

    /// Whether `text` goes on at `start` with "STALE: " (the tag's name, a colon and a space).
    private static func startsWithTag(_ text: [UInt8], at start: Int, _ tag: Annotation.Mark) -> Bool {
        let name = tag.rawValue.utf8
        guard text.count - start >= name.count + 2 else { return false }
        return text[start...].starts(with: name) && text[start + name.count] == UInt8(ascii: ":") && text[start + name.count + 1] == 0x20
    }

    /// A frame's short text: "Frame 60: offset 173 pt, rows 3–23." (under a frame
    /// header: "Rows 3–23 on screen."), then the annotation's sentences after its first.
    static func frameText(_ snapshot: FrameSnapshot, annotation: String, inFrameGroup: Bool, naming: RowNaming = .single) -> String {
        var bytes: [UInt8] = []
        appendFrameText(snapshot, annotation: Array(annotation.utf8), inFrameGroup: inFrameGroup, naming: naming, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `frameText`, written into bytes from the annotation's bytes.
    static func appendFrameText(_ snapshot: FrameSnapshot, annotation: [UInt8], inFrameGroup: Bool, naming: RowNaming,
                                to out: inout [UInt8]) {
        func appendRows() {
            if let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row {
                out.append(utf8: naming.span(first, last))
            } else {
                out.append(utf8: "no ")
                out.append(utf8: naming.list.plural)
            }
        }
        if inFrameGroup {
            let start = out.count
            appendRows()
            // "rows", "items", "section", "no": a lowercase ASCII letter first.
            if start < out.count, out[start] >= UInt8(ascii: "a"), out[start] <= UInt8(ascii: "z") { out[start] -= 32 }
            out.append(utf8: " on screen.")
        } else {
            out.append(utf8: "Frame ")
            out.appendDecimal(snapshot.frame)
            out.append(utf8: ": offset ")
            out.appendPoints(snapshot.offset)
            out.append(utf8: ", ")
            appendRows()
            out.append(UInt8(ascii: "."))
        }
        // The annotation's first sentence describes the frame, which the line above
        // already does; the rest (STALE, an image gone) is kept.
        guard annotation.count > 1 else { return }
        for index in 0..<(annotation.count - 1) where annotation[index] == UInt8(ascii: ".") && annotation[index + 1] == 0x20 {
            out.append(0x20)
            out.append(contentsOf: annotation[(index + 2)...])
            return
        }
    }

    /// The header of a frame's group (`--frames`): "frame 56 (933.3 ms, offset 89.9 pt)".
    static func frameHeader(_ snapshot: FrameSnapshot, at time: VirtualTime) -> String {
        "frame \(snapshot.frame) (\(Self.time(time)), offset \(ReadableNumber.points(snapshot.offset)))"
    }
}
