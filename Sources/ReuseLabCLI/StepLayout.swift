import TraceFormat
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

    /// Columns wide enough for every step of `timeline`.
    init(timeline: ReplayTimeline, style: TerminalStyle, width: Int = StepLayout.defaultWidth) {
        seqWidth = String(max(0, timeline.count - 1)).count
        var widest = 4
        var lastTime: VirtualTime?
        for event in timeline.trace.events where event.time != lastTime {
            lastTime = event.time
            widest = max(widest, Self.time(event.time).count)
        }
        timeWidth = widest
        self.style = style
        self.width = width
        naming = timeline.trace.header.rowNaming
    }

    /// Columns wide enough for every step the survey (a first pass) saw.
    init(survey: ReplaySurvey, style: TerminalStyle, width: Int = StepLayout.defaultWidth) {
        seqWidth = String(max(0, survey.stepCount - 1)).count
        timeWidth = survey.widestTime
        self.style = style
        self.width = width
        naming = survey.header.rowNaming
    }

    /// "916.7 ms": to a tenth of a millisecond, like the annotations.
    static func time(_ time: VirtualTime) -> String {
        ReadableNumber.ms(time)
    }

    /// The lines of one step, each starting with `indent` spaces. `inFrameGroup`:
    /// under a frame header (`--frames`), which already says the frame's number and offset.
    func lines(_ annotation: Annotation, event: TraceEvent?, indent: Int = 0, inFrameGroup: Bool = false) -> [String] {
        // The Annotator makes trace text visible; escaping again changes nothing
        // then, and keeps any text it missed from reaching the terminal raw.
        var text = VisibleText.escape(annotation.text)
        if case .frame(let snapshot)? = event?.body {
            text = Self.frameText(snapshot, annotation: text, inFrameGroup: inFrameGroup, naming: naming)
        }
        let tags = Self.taggedMarks.filter { annotation.marks.contains($0) }
        for tag in tags where text.hasPrefix(tag.rawValue + ": ") {
            // "LATE: image 2 …" under the tag [LATE] says it once.
            text.removeFirst(tag.rawValue.count + 2)
        }
        let tagText = tags.map { "[\($0.rawValue)]" }.joined(separator: " ")
        if !tagText.isEmpty { text = tagText + " " + text }

        // The kind as the trace's list names it: cellForItemAt in a collection view.
        let kind = naming.list.name(of: annotation.kind)
        let seq = String(annotation.seq)
        let time = Self.time(annotation.time)
        // Too narrow for the text beside the columns: it goes under them, indented.
        let besideColumns = width - (indent + seqWidth + 2 + timeWidth + 2 + Self.kindWidth + 2) >= Self.minimumTextWidth
        let textColumn = besideColumns ? indent + seqWidth + 2 + timeWidth + 2 + Self.kindWidth + 2 : indent + 4
        var wrapped = TextWrap.lines(text, firstWidth: max(20, width - textColumn), width: max(20, width - textColumn))
        if style.enabled, !tags.isEmpty, let first = wrapped.first, first.hasPrefix(tagText) {
            wrapped[0] = tags.map(style.tag).joined(separator: " ") + first.dropFirst(tagText.count)
        }
        let hanging = String(repeating: " ", count: textColumn)
        let head = String(repeating: " ", count: indent + seqWidth - seq.count) + seq + "  "
            + String(repeating: " ", count: timeWidth - time.count) + time + "  " + style.dim(kind)
        // A kind too long for its column has the line to itself.
        if kind.count > Self.kindWidth || !besideColumns {
            return [head] + wrapped.map { hanging + $0 }
        }
        let gap = String(repeating: " ", count: Self.kindWidth + 2 - kind.count)
        return [head + gap + (wrapped.first ?? "")] + wrapped.dropFirst().map { hanging + $0 }
    }

    /// A frame's short text: "Frame 60: offset 173 pt, rows 3–23." (under a frame
    /// header: "Rows 3–23 on screen."), then the annotation's sentences after its first.
    static func frameText(_ snapshot: FrameSnapshot, annotation: String, inFrameGroup: Bool, naming: RowNaming = .single) -> String {
        let rows: String
        if let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row {
            rows = naming.span(first, last)
        } else {
            rows = "no \(naming.list.plural)"
        }
        var text = inFrameGroup
            ? rows.prefix(1).uppercased() + rows.dropFirst() + " on screen."
            : "Frame \(snapshot.frame): offset \(ReadableNumber.points(snapshot.offset)), \(rows)."
        // The annotation's first sentence describes the frame, which the line above
        // already does; the rest (STALE, an image gone) is kept.
        if let end = annotation.range(of: ". ") {
            text += " " + annotation[end.upperBound...]
        }
        return text
    }

    /// The header of a frame's group (`--frames`): "frame 56 (933.3 ms, offset 89.9 pt)".
    static func frameHeader(_ snapshot: FrameSnapshot, at time: VirtualTime) -> String {
        "frame \(snapshot.frame) (\(Self.time(time)), offset \(ReadableNumber.points(snapshot.offset)))"
    }
}
