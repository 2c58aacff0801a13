import TraceModel
import ToolSupport
import Replay

/// The default `replay` output, printed as the steps are annotated: a title
/// line, then every selected step laid out by `StepLayout`, optionally grouped
/// under one header per display frame, and optionally the state picture after
/// the last listed step. It holds one step at a time, never the trace.
struct ReplayListing {
    let layout: StepLayout
    var groupByFrame = false
    var picture = false
    /// Where the text goes.
    let output: BufferedOutput

    /// The last frame event at or before the step being listed, and the group printed last.
    private var lastFrame: TraceEvent?
    private var started = false
    private var currentGroup: Int?
    private var printedGroups = false
    /// The last step listed, and the state after it (for the picture).
    private var last: (annotation: Annotation, state: ReplayState)?
    private var listed = 0

    init(layout: StepLayout, groupByFrame: Bool, picture: Bool, output: BufferedOutput) {
        self.layout = layout
        self.groupByFrame = groupByFrame
        self.picture = picture
        self.output = output
    }

    private func out(_ text: String) { output.write(text) }

    /// The title line, before any step.
    func begin(_ header: TraceHeader, steps: Int) {
        out(ReplayListing.titleLine(header, steps: steps, style: layout.style, width: layout.width))
        if steps == 0 { out("(the trace has no events)\n") }
    }

    /// Every step passes here in order; `selected` ones are listed. Only a frame's
    /// event is read (a step's own text says the rest), so others may come without it.
    /// `state` (after the step) is read only for the picture.
    mutating func step(_ annotation: Annotation, event: TraceEvent?, state: @autoclosure () -> ReplayState?, selected: Bool) {
        if case .frame? = event?.body { lastFrame = event }
        guard selected else { return }
        listed += 1
        if picture, let state = state() { last = (annotation, state) }
        guard groupByFrame else {
            out(layout.text(annotation, event: event))
            return
        }
        // Steps under a header per display frame: each step belongs to the last
        // frame drawn at or before it; steps before the first frame come under
        // "before the first frame".
        var lines: [String] = []
        let group = lastFrame?.seq
        if !started || currentGroup != group {
            if started { lines.append("") }
            started = true
            currentGroup = group
            if let frameEvent = lastFrame, case .frame(let snapshot) = frameEvent.body {
                lines += TextWrap.lines(StepLayout.frameHeader(snapshot, at: frameEvent.time), firstWidth: layout.width, width: layout.width)
                    .map(layout.style.bold)
            } else {
                lines.append(layout.style.bold("before the first frame"))
            }
        }
        out(lines.map { $0 + "\n" }.joined() + layout.text(annotation, event: event, indent: 2, inFrameGroup: true))
    }

    /// After the last step: "(no step matches)", or the picture.
    func finish(steps: Int) {
        if steps > 0 && listed == 0 { out("(no step matches)\n") }
        if let last {
            out("\n" + ReplayListing.picture(after: last.annotation, state: last.state, style: layout.style, width: layout.width))
        }
    }

    /// "Title (modern profile, strategy async-no-reset, 1225 steps)" and a line break,
    /// wrapped to `width` ("collection view, 2 columns" for a collection view's trace).
    static func titleLine(_ header: TraceHeader, steps: Int, style: TerminalStyle, width: Int) -> String {
        var details = [ListWords(header: header).setup(profile: header.profile)]
        if let strategy = header.scenario?.strategy { details.append("strategy " + VisibleText.escape(strategy)) }
        details.append(steps == 1 ? "1 step" : "\(steps) steps")
        // Said once here: a log has no code, so no step shows a line of it.
        if header.source != nil, header.code == nil { details.append("no source code in a device log") }
        return heading(VisibleText.title(header.title), details: details.joined(separator: ", "), style: style, width: width)
    }

    /// "Title (details)" and a line break: the title in bold, wrapped to `width`, and
    /// the details in brackets after it, or on the lines below when they do not fit.
    static func heading(_ title: String, details: String, style: TerminalStyle, width: Int) -> String {
        var lines = TextWrap.lines(title, firstWidth: width, width: width)
        let last = lines.popLast() ?? ""
        let bracketed = "(" + details + ")"
        var out = lines.map { style.bold($0) + "\n" }.joined()
        if TextWrap.columns(last) + 1 + TextWrap.columns(bracketed) <= width {
            return out + style.bold(last) + " " + bracketed + "\n"
        }
        out += style.bold(last) + "\n"
        return out + TextWrap.lines(bracketed, firstWidth: width, width: width).map { $0 + "\n" }.joined()
    }

    /// "State after step N:" and the state picture, one line each: 80 columns wide,
    /// or `width` when that is narrower (a wider box would only hold more blanks).
    static func picture(after annotation: Annotation, state: ReplayState, style: TerminalStyle, width: Int) -> String {
        let lines = StatePicture.draw(state, width: min(width, StatePicture.width))
        return "State after step \(annotation.seq) (\(StepLayout.time(annotation.time))):\n"
            + lines.map { style.picture($0) + "\n" }.joined()
    }
}
