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
        var out = ReplayListing.titleLine(timeline.trace.header, steps: timeline.count, style: layout.style) + "\n"
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
            out += "\n" + ReplayListing.picture(after: last, timeline: timeline, style: layout.style)
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
                    lines.append(layout.style.bold(StepLayout.frameHeader(snapshot, at: frameEvent.time)))
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

    /// "Title (modern profile, strategy async-no-reset, 1225 steps)".
    static func titleLine(_ header: TraceHeader, steps: Int, style: TerminalStyle) -> String {
        var details = ["\(header.profile.rawValue) profile"]
        if let strategy = header.scenario?.strategy { details.append("strategy " + VisibleText.escape(strategy)) }
        details.append(steps == 1 ? "1 step" : "\(steps) steps")
        return style.bold(VisibleText.escape(header.title)) + " (" + details.joined(separator: ", ") + ")"
    }

    /// "State after step N:" and the state picture, one line each.
    static func picture(after annotation: Annotation, timeline: ReplayTimeline, style: TerminalStyle) -> String {
        let lines = StatePicture.draw(timeline.state(after: annotation.seq))
        return "State after step \(annotation.seq) (\(StepLayout.time(annotation.time))):\n"
            + lines.map { style.picture($0) + "\n" }.joined()
    }
}
