import ToolSupport
import Replay

/// `replay --step`: one step at a time, forward and back, jumping to a step, to
/// the next event of a kind or to the next STALE or LATE moment, with the state
/// picture on request.
///
/// This is the session itself, free of input and output: a command goes in, the
/// text to print comes out. Commands come as lines ("n", "b", "g 120",
/// "k prepareForReuse", "s", "p", "h", "q"; an empty line is "n") when standard
/// input is not a terminal, so a session can be scripted; on a terminal, keys
/// (`StepperTerminal`) become the same commands.
struct ReplayStepper {
    enum Command: Equatable {
        case next, back, stale, picture, code, help, quit
        /// `g N`: the text after `g`, not yet checked.
        case go(String)
        /// `k NAME`: an event kind or group name, not yet checked.
        case kind(String)
        case unknown(String)
    }

    let timeline: ReplayTimeline
    private(set) var layout: StepLayout
    /// `--picture`: show the state picture after every step shown.
    var pictureEachStep = false
    /// `c`: show the code pane under every step shown that ran app code.
    var codeEachStep = false
    private(set) var position: Int

    init(timeline: ReplayTimeline, layout: StepLayout, start: Int, pictureEachStep: Bool = false) {
        self.timeline = timeline
        self.layout = layout
        self.position = start
        self.pictureEachStep = pictureEachStep
    }

    var lastSeq: Int { max(0, timeline.count - 1) }

    /// A line typed (or piped) as a command.
    static func parse(_ line: String) -> Command {
        let text = line.trimming(" \t\r")
        guard !text.isEmpty else { return .next }
        let parts = text.split(separator: " ", maxSplits: 1)
        let word = parts.first.map { String($0).lowercased() } ?? ""
        let argument = parts.count > 1 ? String(parts[1]).trimming(" \t") : ""
        switch word {
        case "n", "next": return .next
        case "b", "back": return .back
        case "s", "stale": return .stale
        case "p", "picture": return .picture
        case "c", "code": return .code
        case "h", "?", "help": return .help
        case "q", "quit", "exit": return .quit
        case "g", "go": return .go(argument)
        case "k", "kind": return .kind(argument)
        default:
            // "g120", as well as "g 120".
            if word.hasPrefix("g"), word.count > 1, word.dropFirst().allSatisfy(\.isASCIIDigit), argument.isEmpty {
                return .go(String(word.dropFirst()))
            }
            return .unknown(text)
        }
    }

    /// What the session prints first: the title, how to move, and the first step.
    func opening(keys: Bool) throws(ReuseLabError) -> String {
        var out = ReplayListing.titleLine(timeline.header, steps: timeline.count, style: layout.style, width: layout.width)
        guard timeline.count > 0 else { return out + "(the trace has no events)\n" }
        let hint = keys
            ? [["→ n Enter Space: next", "← b: back", "g: go to step", "k: next of a kind"],
               ["s: next STALE or LATE", "p: picture", "c: code", "h ?: help", "q: quit"]]
            : [["n or an empty line: next", "b: back", "g N: go to step N", "k KIND: next of a kind"],
               ["s: next STALE or LATE", "p: picture", "c: code", "h: help", "q: quit"]]
        for items in hint {
            out += TextWrap.pack(items, separator: "   ", width: layout.width).map { layout.style.dim($0) + "\n" }.joined()
        }
        return out + (try show(position))
    }

    /// Performs `command`; returns the text to print and whether the session ends.
    /// A trace file changed since the session read it is an error.
    mutating func perform(_ command: Command) throws(ReuseLabError) -> (text: String, quit: Bool) {
        guard timeline.count > 0 else { return ("", true) }
        switch command {
        case .quit:
            return ("", true)
        case .next:
            guard position < lastSeq else { return (note("this is the last step, \(lastSeq); b goes back, q quits"), false) }
            position += 1
        case .back:
            guard position > 0 else { return (note("this is the first step"), false) }
            position -= 1
        case .go(let typed):
            // The terminal's `g` prompt hands over what was typed as it was, spaces and all.
            let text = typed.trimming(" \t\r")
            guard let seq = Int(text), (0...lastSeq).contains(seq) else {
                return (note(text.isEmpty ? "g needs a step number from 0 to \(lastSeq), as in g 120"
                                          : "no step \(VisibleText.shortened(text)): steps go from 0 to \(lastSeq)"), false)
            }
            position = seq
        case .kind(let name):
            let filter: EventFilter
            do throws(EventFilter.UnknownName) {
                filter = try EventFilter.parse(name)
            } catch {
                return (note(ReplayStepper.unknownNameMessage(error)), false)
            }
            guard !filter.isEmpty else { return (note("k needs an event kind or group, as in k prepareForReuse or k reuse"), false) }
            guard let found = try timeline.next(after: position, matching: filter) else {
                return (note("no \(VisibleText.shortened(name.trimming(" "))) after step \(position)"), false)
            }
            position = found.seq
        case .stale:
            guard let found = try timeline.next(after: position, matching: .staleOrLate) else {
                return (note("no STALE or LATE step after step \(position)"), false)
            }
            position = found.seq
        case .picture:
            return (ReplayListing.picture(after: try timeline.annotation(position), state: try timeline.state(after: position), style: layout.style, width: layout.width), false)
        case .code:
            guard timeline.header.code != nil else { return (note(noCodeText), false) }
            codeEachStep.toggle()
            layout.showsCode = !codeEachStep
            guard codeEachStep else { return (note("code pane off; c shows it again"), false) }
            let annotation = try timeline.annotation(position)
            return (codePane(annotation) ?? note("step \(position) is UIKit's own: no line of the app's code ran; the pane shows under every step that ran one"), false)
        case .help:
            return (ReplayStepper.help(width: layout.width, view: layout.naming.list.viewName), false)
        case .unknown(let text):
            return (note("unknown command \(VisibleText.shortened(text)); h shows the commands"), false)
        }
        return (try show(position), false)
    }

    /// Step `seq`'s annotation (and, with `--picture`, the state after it).
    func show(_ seq: Int) throws(ReuseLabError) -> String {
        let annotation = try timeline.annotation(seq)
        var out = layout.lines(annotation, event: try timeline.event(seq)).map { $0 + "\n" }.joined()
        if pictureEachStep {
            out += ReplayListing.picture(after: annotation, state: try timeline.state(after: annotation.seq), style: layout.style, width: layout.width)
        }
        if codeEachStep, let pane = codePane(annotation) {
            out += pane
        }
        return out
    }

    /// The code pane of `annotation`'s step, or nil when it ran no app code.
    private func codePane(_ annotation: Annotation) -> String? {
        guard let code = timeline.header.code else { return nil }
        return CodePaneText(code: code, style: layout.style, width: layout.width).lines(annotation)?.map { $0 + "\n" }.joined()
    }

    /// Why `c` shows nothing for this trace, said once when it is pressed.
    private var noCodeText: String {
        timeline.header.source != nil
            ? "this trace was imported from a device log, and a log carries no source code: there is no line to show"
            : "this trace carries no source code (written by hand, or recorded before traces carried their code)"
    }

    /// "(text)", dimmed, wrapped to the layout's width.
    private func note(_ text: String) -> String {
        TextWrap.lines("(" + text + ")", firstWidth: layout.width, width: layout.width).map { layout.style.dim($0) + "\n" }.joined()
    }

    static func unknownNameMessage(_ error: EventFilter.UnknownName) -> String {
        var text = "no event kind or group is called \(VisibleText.shortened(error.name))"
        if let guess = error.suggestion { text += " (did you mean \(guess)?)" }
        return text + "; groups: " + EventFilter.groupNames.joined(separator: ", ")
    }

    /// The commands and what each does, one per row; `view` is what the picture
    /// shows ("table view", "collection view").
    static func helpRows(view: String) -> [(keys: String, does: String)] { [
        ("n, Enter, Space, →", "next step"),
        ("b, ←", "previous step"),
        ("g N", "go to step N"),
        ("k KIND", "next step of an event kind (prepareForReuse, frame, …) or of a group (see 'reuselab replay --help')"),
        ("s", "next STALE or LATE step"),
        ("p", "picture of the \(view) after this step"),
        ("c", "code pane on or off: the function the step's line of code is in, the line marked ▶"),
        ("h, ?", "this help"),
        ("q", "quit (so does the end of the input)"),
    ] }

    /// What `h` prints, wrapped to `width`.
    static func help(width: Int, view: String = "table view") -> String {
        var out = "Moving through the trace:\n"
        for row in helpRows(view: view) {
            out += TextWrap.cells(["", row.keys, row.does], widths: [2, 21], width: width).map { $0 + "\n" }.joined()
        }
        return out + TextWrap.paragraph("On a terminal, g and k ask for the step or kind; end it with Enter (Esc cancels).", width: width)
    }

    /// Reads commands as lines until `q` or the end of the input.
    mutating func run(lines readLine: () -> String?, out: (String) -> Void) throws(ReuseLabError) {
        out(try opening(keys: false))
        guard timeline.count > 0 else { return }
        while let line = readLine() {
            let (text, quit) = try perform(ReplayStepper.parse(line))
            out(text)
            if quit { return }
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The string without the given characters at either end.
    func trimming(_ set: String) -> String {
        let skip = Set(set)
        return String(drop { skip.contains($0) }.reversed().drop { skip.contains($0) }.reversed())
    }
}
