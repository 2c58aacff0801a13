import TraceFormat
import Replay

/// The default `replay` output: a title line, then every selected step laid out by
/// `StepLayout`, optionally grouped under one header per display frame, and
/// optionally the state picture after the last listed step.
struct ReplayListing {
    let timeline: ReplayTimeline
    let layout: StepLayout
    /// The steps to list, in order.
    let selected: [Annotation]
    var groupByFrame = false
    var picture = false

    func text() -> String {
        var out = ReplayListing.titleLine(timeline.trace.header, steps: timeline.count, style: layout.style, width: layout.width)
        if timeline.count == 0 {
            return out + "(the trace has no events)\n"
        }
        if selected.isEmpty {
            return out + "(no step matches)\n"
        }
        if groupByFrame {
            out += groupedLines().map { $0 + "\n" }.joined()
        } else {
            for annotation in selected {
                out += layout.lines(annotation, event: event(annotation.seq)).map { $0 + "\n" }.joined()
            }
        }
        if picture, let last = selected.last {
            out += "\n" + ReplayListing.picture(after: last, timeline: timeline, style: layout.style, width: layout.width)
        }
        return out
    }

    /// Steps under a header per display frame: each step belongs to the last frame
    /// drawn at or before it (as `Annotation.frame` says); steps before the first
    /// frame come under "before the first frame".
    private func groupedLines() -> [String] {
        var lines: [String] = []
        var lastFrame: Int?
        var scanned = 0
        var started = false
        var currentGroup: Int?
        for annotation in selected {
            // The seq of the last frame event at or before this step.
            while scanned <= annotation.seq {
                if case .frame = event(scanned)?.body { lastFrame = scanned }
                scanned += 1
            }
            if !started || currentGroup != lastFrame {
                started = true
                currentGroup = lastFrame
                if !lines.isEmpty { lines.append("") }
                if let seq = lastFrame, let frameEvent = event(seq), case .frame(let snapshot) = frameEvent.body {
                    lines += TextWrap.lines(StepLayout.frameHeader(snapshot, at: frameEvent.time), firstWidth: layout.width, width: layout.width)
                        .map(layout.style.bold)
                } else {
                    lines.append(layout.style.bold("before the first frame"))
                }
            }
            lines += layout.lines(annotation, event: event(annotation.seq), indent: 2, inFrameGroup: true)
        }
        return lines
    }

    private func event(_ seq: Int) -> TraceEvent? {
        seq >= 0 && seq < timeline.trace.events.count ? timeline.trace.events[seq] : nil
    }

    /// "Title (modern profile, strategy async-no-reset, 1225 steps)" and a line break,
    /// wrapped to `width`.
    static func titleLine(_ header: TraceHeader, steps: Int, style: TerminalStyle, width: Int) -> String {
        var details = ["\(header.profile.rawValue) profile"]
        if let strategy = header.scenario?.strategy { details.append("strategy " + VisibleText.escape(strategy)) }
        details.append(steps == 1 ? "1 step" : "\(steps) steps")
        return heading(VisibleText.escape(header.title), details: details.joined(separator: ", "), style: style, width: width)
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
    static func picture(after annotation: Annotation, timeline: ReplayTimeline, style: TerminalStyle, width: Int) -> String {
        let lines = StatePicture.draw(timeline.state(after: annotation.seq), width: min(width, StatePicture.width))
        return "State after step \(annotation.seq) (\(StepLayout.time(annotation.time))):\n"
            + lines.map { style.picture($0) + "\n" }.joined()
    }
}
