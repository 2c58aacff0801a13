import ToolSupport
import TraceCoding

/// One line being edited at a prompt: the characters typed, where the cursor is
/// among them, and which line of the history is shown. Fed keys, it says whether
/// editing goes on or how the line ended.
///
/// It knows nothing of terminals (`LineEditorView` draws it, `LineEditor` reads
/// the keys), so tests can drive it key by key. Characters are whole characters
/// as a reader sees them — a Korean syllable, a letter with its accent, an emoji —
/// so the cursor never stops inside one. No control character, and none of the
/// characters `VisibleText` calls unsafe, is ever inserted.
struct LineEditorState: Equatable {
    enum Outcome: Equatable {
        case editing
        /// Enter: the line, without its line break.
        case line(String)
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-C.
        case interrupted
    }

    /// The most characters a line may hold; more typed or pasted are dropped.
    static let limit = 4096

    /// The earlier lines, oldest first, then the line being typed; edits to a
    /// recalled line are kept while the user moves through the history (as readline does).
    private var lines: [[Character]]
    /// The line of `lines` shown; the last one is the line being typed.
    private(set) var historyIndex: Int
    /// The line shown, being edited.
    private(set) var characters: [Character] = []
    /// Where the cursor is: before `characters[cursor]`, or after the last one.
    private(set) var cursor = 0

    /// `history`: the earlier lines, oldest first; empty ones and repeats of the
    /// line before are left out, so each ↑ shows something new.
    init(history: [String] = []) {
        var lines: [[Character]] = []
        for line in history {
            let characters = Array(line.filter(Self.mayInsert).prefix(Self.limit))
            if !characters.isEmpty, characters != lines.last { lines.append(characters) }
        }
        self.lines = lines + [[]]
        historyIndex = lines.count
    }

    var text: String { String(characters) }

    /// True for a character that may go into the line: none of its parts is a
    /// control character or another character `VisibleText` would escape.
    static func mayInsert(_ character: Character) -> Bool {
        !character.unicodeScalars.contains(where: VisibleText.isUnsafe)
    }

    mutating func apply(_ key: TerminalKeys.Key) -> Outcome {
        switch key {
        case .char(let character): insert(character)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { break }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete: deleteUnderCursor()
        case .control("d"):
            if characters.isEmpty { return .endOfInput }
            deleteUnderCursor()
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("w"): deleteWordBeforeCursor()
        case .up, .control("p"): showHistory(historyIndex - 1)
        case .down, .control("n"): showHistory(historyIndex + 1)
        case .enter: return .line(text)
        case .interrupt: return .interrupted
        case .escape, .other, .control: break
        }
        return .editing
    }

    /// The cursor after the last character (before the line is left, so the whole
    /// end of a long line shows).
    mutating func moveToEnd() { cursor = characters.count }

    private mutating func insert(_ character: Character) {
        guard Self.mayInsert(character) else { return }
        // A combining accent, a Hangul vowel after its consonant, an emoji modifier:
        // part of the character before the cursor, not a character of its own.
        if cursor > 0 {
            let joined = String(characters[cursor - 1]) + String(character)
            if joined.count == 1, let single = joined.first {
                characters[cursor - 1] = single
                return
            }
        }
        guard characters.count < Self.limit else { return }
        characters.insert(character, at: cursor)
        cursor += 1
    }

    private mutating func deleteUnderCursor() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Ctrl-W: the spaces before the cursor, then the word before them.
    private mutating func deleteWordBeforeCursor() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    private mutating func showHistory(_ index: Int) {
        guard index >= 0, index < lines.count, index != historyIndex else { return }
        lines[historyIndex] = characters
        historyIndex = index
        characters = lines[index]
        cursor = characters.count
    }
}
