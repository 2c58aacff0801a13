import ToolSupport

/// How a line being edited is shown on the one screen line of its prompt.
///
/// The text never wraps: when it is wider than the room after the prompt, a
/// window of it is drawn, moved sideways just enough to keep the cursor in view
/// (and moved back when deleting leaves room). Since the line never wraps, a
/// redraw can always start with "\r": carriage return, prompt, the window,
/// ESC [K (erase the rest), then ESC [ n D back to the cursor. The last column is
/// never written, so the terminal never waits to wrap. Wide characters (Korean,
/// Chinese, emoji) take two columns, as `TextWrap.columns` counts them.
struct LineEditorView: Equatable {
    /// What one redraw shows.
    struct Frame: Equatable {
        /// The characters in the window, as drawn.
        var text: String
        /// The columns `text` takes.
        var columns: Int
        /// The cursor's column, counted from the start of `text`.
        var cursorColumn: Int
    }

    /// The first character in the window.
    private(set) var firstShown = 0

    /// The window of `characters` for `room` columns, with the cursor (before
    /// `characters[cursor]`) in it; moves the window if it must.
    mutating func frame(_ characters: [Character], cursor: Int, room: Int) -> Frame {
        let room = max(2, room)
        let shown = characters.map { VisibleText.escape(String($0)) }
        // starts[i]: the columns of the characters before the i-th.
        var starts = [0]
        starts.reserveCapacity(shown.count + 1)
        for text in shown { starts.append(starts[starts.count - 1] + TextWrap.columns(text)) }
        let count = shown.count
        let cursor = min(max(0, cursor), count)
        let cursorWidth = cursor < count ? max(1, starts[cursor + 1] - starts[cursor]) : 1
        var first = min(firstShown, cursor)
        while first < cursor, starts[cursor] - starts[first] + cursorWidth > room { first += 1 }
        // Room after the last character for the cursor, wherever it is, so the window does not shift when the cursor leaves the end.
        while first > 0, starts[count] - starts[first - 1] + 1 <= room { first -= 1 }
        firstShown = first
        var last = first
        while last < count, starts[last + 1] - starts[first] <= room { last += 1 }
        return Frame(text: shown[first..<last].joined(), columns: starts[last] - starts[first],
                     cursorColumn: starts[min(cursor, last)] - starts[first])
    }

    /// The bytes that redraw `state` after `prompt` on a terminal `width` columns wide.
    mutating func redraw(_ state: LineEditorState, prompt: LineEditorPrompt, width: Int) -> String {
        let frame = frame(state.characters, cursor: state.cursor, room: width - prompt.columns - 1)
        let back = frame.columns - frame.cursorColumn
        return "\r" + prompt.text + frame.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : "")
    }
}

/// A prompt as the line editor writes it: the lines before its last line break,
/// written once, and its last line, written again at every redraw. Nothing unsafe
/// gets through (`VisibleText.forOutput` keeps only colour codes), tabs become
/// spaces, so the columns counted are the columns the terminal shows.
struct LineEditorPrompt: Equatable {
    /// The lines above the line edited, each ending in a line break.
    var above: String
    /// The prompt on the line edited.
    var text: String
    /// The columns `text` takes on the screen (colour codes take none).
    var columns: Int

    init(_ prompt: String) {
        var cleaned = String.UnicodeScalarView()
        for scalar in prompt.unicodeScalars where scalar != "\r" { cleaned.append(scalar == "\t" ? " " : scalar) }
        var lines = String(cleaned).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = lines.popLast() ?? ""
        above = lines.map { VisibleText.forOutput($0, terminalControl: true) + "\n" }.joined()
        text = VisibleText.forOutput(last, terminalControl: true)
        columns = TextWrap.columns(Self.withoutColourCodes(text))
    }

    /// `text` without its ESC [ … m sequences.
    static func withoutColourCodes(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var inCode = false
        for scalar in text.unicodeScalars {
            if inCode {
                if scalar == "m" { inCode = false }
            } else if scalar == "\u{1B}" {
                inCode = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
