import Foundation
import Testing
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseLabCLI

/// The lesson prompt's line editing without a terminal: the editing state fed
/// keys, the drawing of a line wider than the screen, the keys read from bytes
/// (through a pipe), and the editor reading from a pipe and writing to a string.
@Suite
final class LineEditorTests {
    typealias Key = TerminalKeys.Key

    /// The state after typing `text` (one key per character) and then `keys`.
    func edited(_ text: String = "", then keys: [Key] = [], history: [String] = []) -> LineEditorState {
        var state = LineEditorState(history: history)
        for character in text { #expect(state.apply(.char(character)) == .editing) }
        for key in keys { _ = state.apply(key) }
        return state
    }

    // MARK: Editing

    @Test func testArrowsInsertAtTheCursor() {
        let state = edited("19", then: [.left, .left, .char("2"), .right, .char("0")])
        #expect(state.text == "2109")
        #expect(state.cursor == 3)
        #expect(edited("ab", then: [.right, .right, .char("c")]).text == "abc", "→ stops at the end")
        #expect(edited("ab", then: [.left, .left, .left, .char("c")]).text == "cab", "← stops at the start")
        #expect(edited("abc", then: [.control("b"), .control("b"), .control("f"), .char("x")]).text == "abxc", "Ctrl-B, Ctrl-F")
    }

    @Test func testHomeAndEnd() {
        #expect(edited("bc", then: [.home, .char("a"), .end, .char("d")]).text == "abcd")
        #expect(edited("bc", then: [.control("a"), .char("a"), .control("e"), .char("d")]).text == "abcd", "Ctrl-A, Ctrl-E")
    }

    @Test func testBackspaceAndDelete() {
        #expect(edited("abc", then: [.backspace]).text == "ab")
        #expect(edited("abc", then: [.left, .backspace]).text == "ac")
        #expect(edited("abc", then: [.home, .backspace]).text == "abc", "nothing before the cursor")
        #expect(edited("abc", then: [.home, .delete]).text == "bc")
        #expect(edited("abc", then: [.delete]).text == "abc", "nothing under the cursor")
        let state = edited("abc", then: [.left, .left, .delete])
        #expect(state.text == "ac")
        #expect(state.cursor == 1)
    }

    @Test func testControlDEndsAnEmptyLineAndDeletesOnAnother() {
        var empty = LineEditorState()
        #expect(empty.apply(.control("d")) == .endOfInput)
        var typed = edited("abc", then: [.home])
        #expect(typed.apply(.control("d")) == .editing)
        #expect(typed.text == "bc")
        var atEnd = edited("abc")
        #expect(atEnd.apply(.control("d")) == .editing, "at the end of a line it does nothing, like readline")
        #expect(atEnd.text == "abc")
        var emptied = edited("a", then: [.backspace])
        #expect(emptied.apply(.control("d")) == .endOfInput, "a line emptied by hand is empty")
    }

    @Test func testEnterAndInterrupt() {
        var state = edited("init", then: [.left, .left])
        #expect(state.apply(.enter) == .line("init"), "the whole line, wherever the cursor is")
        var interrupted = edited("abc")
        #expect(interrupted.apply(.interrupt) == .interrupted)
        var empty = LineEditorState()
        #expect(empty.apply(.enter) == .line(""))
    }

    @Test func testKillKeys() {
        let cleared = edited("prepare reuse", then: [.left, .left, .control("u")])
        #expect(cleared.text == "se", "Ctrl-U: everything before the cursor")
        #expect(cleared.cursor == 0)
        #expect(edited("prepare reuse", then: [.control("u")]).text == "", "at the end: the whole line")
        #expect(edited("prepare reuse", then: [.home, .right, .control("k")]).text == "p", "Ctrl-K: everything from the cursor")
        #expect(edited("init, cellForRowAt  ", then: [.control("w")]).text == "init, ", "Ctrl-W: spaces, then a word")
        #expect(edited("one two", then: [.left, .left, .control("w"), .char("X")]).text == "one Xwo")
    }

    @Test func testEscapesAndControlKeysInsertNothing() {
        let keys: [Key] = [.escape, .other, .control("z"), .control("l"), .control("i"), .char("\u{1B}"), .char("\u{7}"),
                           .char("\u{0}"), .char("\u{7F}"), .char("\u{9B}"), .char("\u{202E}"), .char("\r\n"), .char("\t")]
        let state = edited("ab", then: keys)
        #expect(state.text == "ab")
        #expect(state.cursor == 2)
    }

    @Test func testWholeCharactersMoveAsOne() {
        let korean = edited("가나다", then: [.left, .backspace])
        #expect(korean.text == "가다")
        #expect(korean.cursor == 1)
        // A combining accent typed after its letter joins it: one character, one step.
        let accented = edited("cafe", then: [.char("\u{301}"), .left, .backspace])
        #expect(accented.text == "ca\u{E9}")
        #expect(accented.characters.count == 3)
        #expect(accented.cursor == 2)
        let thumbs = edited("\u{1F44D}", then: [.char("\u{1F3FD}"), .char("!"), .left, .left, .char(">")])
        #expect(thumbs.text == ">\u{1F44D}\u{1F3FD}!", "an emoji and its skin tone are one character")
    }

    @Test func testHistoryKeepsTheLineBeingTyped() {
        let history = ["hint", "19", "ini"]
        var state = edited("x", history: history)
        _ = state.apply(.up)
        #expect(state.text == "ini")
        #expect(state.cursor == 3, "the cursor at the end of a recalled line")
        _ = state.apply(.up)
        _ = state.apply(.up)
        #expect(state.text == "hint")
        _ = state.apply(.up)
        #expect(state.text == "hint", "↑ stops at the oldest")
        _ = state.apply(.down)
        #expect(state.text == "19")
        _ = state.apply(.char("0"))                   // an edit to a recalled line is kept while browsing
        _ = state.apply(.down)
        _ = state.apply(.down)
        #expect(state.text == "x", "back to the line being typed")
        _ = state.apply(.down)
        #expect(state.text == "x", "↓ stops at the line being typed")
        _ = state.apply(.up)
        _ = state.apply(.up)
        #expect(state.text == "190")
        _ = state.apply(.control("p"))
        #expect(state.text == "hint", "Ctrl-P")
        _ = state.apply(.control("n"))
        _ = state.apply(.control("n"))
        #expect(state.text == "ini", "Ctrl-N")
        _ = state.apply(.char("t"))
        #expect(state.apply(.enter) == .line("init"))
        var none = edited("a")
        _ = none.apply(.up)
        #expect(none.text == "a", "no history: ↑ does nothing")
    }

    @Test func testHistoryLeavesOutEmptyLinesAndRepeats() {
        var state = LineEditorState(history: ["19", "", "init", "init", "19"])
        var shown: [String] = []
        for _ in 0..<5 {
            _ = state.apply(.up)
            shown.append(state.text)
        }
        #expect(shown == ["19", "init", "19", "19", "19"])
    }

    @Test func testHistoryHoldsNothingUnsafe() {
        var state = LineEditorState(history: ["\u{1B}[31mred\u{7}"])
        _ = state.apply(.up)
        #expect(state.text == "[31mred")
    }

    @Test func testLineLengthIsLimited() {
        var state = LineEditorState()
        for _ in 0..<(LineEditorState.limit + 10) { _ = state.apply(.char("a")) }
        #expect(state.characters.count == LineEditorState.limit)
        _ = state.apply(.home)
        _ = state.apply(.char("b"))
        #expect(state.text.first == "a", "nothing more goes in, anywhere")
    }

    // MARK: Drawing

    @Test func testRedrawPlacesTheCursor() {
        let prompt = LineEditorPrompt("> ")
        var view = LineEditorView()
        #expect(view.redraw(edited("abc"), prompt: prompt, width: 80) == "\r> abc\u{1B}[K")
        #expect(view.redraw(edited("abc", then: [.left, .left]), prompt: prompt, width: 80) == "\r> abc\u{1B}[K\u{1B}[2D")
        #expect(view.redraw(LineEditorState(), prompt: prompt, width: 80) == "\r> \u{1B}[K")
        // Wide characters take two columns each.
        #expect(view.redraw(edited("가나다", then: [.left]), prompt: prompt, width: 80) == "\r> 가나다\u{1B}[K\u{1B}[2D")
        #expect(view.redraw(edited("가나다", then: [.home]), prompt: prompt, width: 80) == "\r> 가나다\u{1B}[K\u{1B}[6D")
    }

    @Test func testALongLineScrollsWithinOneScreenLine() {
        let prompt = LineEditorPrompt("> ")
        var view = LineEditorView()
        let alphabet = "abcdefghijklmnopqrstuvwxyz0123"
        // 20 columns: 2 for the prompt, the last never written, 17 for the text.
        var state = edited(alphabet)
        #expect(view.redraw(state, prompt: prompt, width: 20) == "\r> opqrstuvwxyz0123\u{1B}[K")
        _ = state.apply(.left)
        #expect(view.redraw(state, prompt: prompt, width: 20) == "\r> opqrstuvwxyz0123\u{1B}[K\u{1B}[1D", "the window stays while the cursor is in it")
        _ = state.apply(.home)
        #expect(view.redraw(state, prompt: prompt, width: 20) == "\r> abcdefghijklmnopq\u{1B}[K\u{1B}[17D")
        _ = state.apply(.end)
        #expect(view.redraw(state, prompt: prompt, width: 20) == "\r> opqrstuvwxyz0123\u{1B}[K")
        for _ in 0..<20 { _ = state.apply(.backspace) }
        #expect(view.redraw(state, prompt: prompt, width: 20) == "\r> abcdefghij\u{1B}[K", "deleting brings the start back")
    }

    @Test func testWideCharactersAtTheEdgeOfTheWindow() {
        let prompt = LineEditorPrompt("> ")
        var view = LineEditorView()
        // 12 columns: 9 for the text, which holds four syllables (8 columns), not four and a half.
        var state = edited("가나다라마바")
        #expect(view.redraw(state, prompt: prompt, width: 12) == "\r> 다라마바\u{1B}[K")
        _ = state.apply(.home)
        #expect(view.redraw(state, prompt: prompt, width: 12) == "\r> 가나다라\u{1B}[K\u{1B}[8D")
    }

    /// Random edits of random text on narrow screens: the drawn line never reaches
    /// the last column and the cursor is always inside it, on the right character.
    @Test func testEveryFrameFitsAndShowsTheCursor() {
        var random = SeededGenerator(seed: 2024)
        let alphabet: [Character] = ["a", "b", " ", "가", "나", "é", "\u{1F600}", "1"]
        let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .up, .down, .control("u"), .control("k"), .control("w")]
        for round in 0..<200 {
            let width = 6 + random.below(30)
            let prompt = LineEditorPrompt(round % 2 == 0 ? "> " : "answer: ")
            var state = LineEditorState(history: ["가나다라마바사아자차카타파하", String(repeating: "x", count: 50)])
            var view = LineEditorView()
            for _ in 0..<120 {
                if random.below(3) == 0 {
                    _ = state.apply(keys[random.below(keys.count)])
                } else {
                    _ = state.apply(.char(alphabet[random.below(alphabet.count)]))
                }
                let frame = view.frame(state.characters, cursor: state.cursor, room: width - prompt.columns - 1)
                #expect(frame.columns <= max(2, width - prompt.columns - 1), "round \(round)")
                #expect(frame.cursorColumn <= frame.columns)
                let before = String(state.characters[view.firstShown..<state.cursor])
                #expect(frame.cursorColumn == ToolSupport.TextWrap.columns(before), "round \(round)")
                #expect(frame.text.hasPrefix(before), "round \(round)")
                if state.cursor < state.characters.count {
                    #expect(frame.text.hasPrefix(before + String(state.characters[state.cursor])), "the character under the cursor shows")
                }
            }
        }
    }

    @Test func testPromptsAreCleanedAndMeasured() {
        #expect(LineEditorPrompt("> ").columns == 2)
        let coloured = LineEditorPrompt("\u{1B}[1m>\u{1B}[0m ")
        #expect(coloured.text == "\u{1B}[1m>\u{1B}[0m ")
        #expect(coloured.columns == 2, "colour codes take no columns")
        let hostile = LineEditorPrompt("\u{1B}]0;title\u{7}\u{1B}[2J>\t")
        #expect(!(hostile.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\u{1B}" }))
        #expect(!(hostile.text.contains("\u{1B}]")))
        #expect(!(hostile.text.contains("\u{1B}[2J")))
        #expect(hostile.columns == ToolSupport.TextWrap.columns(hostile.text))
        let twoLines = LineEditorPrompt("Which one?\r\n답: ")
        #expect(twoLines.above == "Which one?\n")
        #expect(twoLines.text == "답: ")
        #expect(twoLines.columns == 4)
    }

    // MARK: Keys from bytes

    /// The keys `bytes` make, read through a pipe.
    func keys(_ bytes: [UInt8], controlDInterrupts: Bool = false) throws -> [Key] {
        let pipe = try BytePipe(bytes)
        var reader = TerminalKeys(fd: pipe.readEnd, controlDInterrupts: controlDInterrupts)
        var keys: [Key] = []
        while let key = reader.next(), keys.count < 1000 { keys.append(key) }
        return keys
    }

    func keys(_ text: String, controlDInterrupts: Bool = false) throws -> [Key] {
        try keys(Array(text.utf8), controlDInterrupts: controlDInterrupts)
    }

    @Test func testArrowsInEveryForm() throws {
        #expect((try keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")) == [.up, .down, .right, .left])
        #expect((try keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD")) == [.up, .down, .right, .left], "application mode")
        #expect((try keys("\u{1B}[1;5C\u{1B}[1;2D")) == [.right, .left], "with Ctrl or Shift")
    }

    @Test func testHomeEndAndDeleteInEveryForm() throws {
        #expect((try keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~\u{1B}[1;5H")) == [.home, .home, .home, .home, .home])
        #expect((try keys("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~")) == [.end, .end, .end, .end])
        #expect((try keys("\u{1B}[3~\u{1B}[3;5~")) == [.delete, .delete])
    }

    @Test func testOtherSequencesNeverBecomeCharacters() throws {
        let functionKeys = "\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[24~\u{1B}[[A\u{1B}[[E\u{1B}[2~\u{1B}[5~\u{1B}[6~\u{1B}O5P"
        #expect((try keys(functionKeys)) == Array(repeating: .other, count: 10))
        #expect((try keys("\u{1B}[200~ok\u{1B}[201~")) == [.other, .char("o"), .char("k"), .other], "bracketed paste markers")
        #expect((try keys("\u{1B}[?1;2c\u{1B}[12;34R\u{1B}[>0;95;0c")) == [.other, .other, .other], "terminal reports")
        let long = "\u{1B}[" + String(repeating: "1;", count: 200) + "A" + "z"
        #expect((try keys(long)) == [.up, .char("z")], "a long sequence is read to its end")
        #expect((try keys("\u{1B}x\u{1B}\u{1B}[A")) == [.other, .other, .up], "Alt-x, Alt-↑")
        #expect((try keys("\u{1B}[\u{3}")) == [.other, .interrupt], "a control key inside a sequence is still a key")
        #expect((try keys("\u{1B}")) == [.escape], "a lone Esc")
        #expect((try keys("\u{1B}[")) == [.other], "a sequence cut short")
    }

    @Test func testControlKeys() throws {
        #expect((try keys([0x01, 0x05, 0x0B, 0x15, 0x17, 0x04, 0x03, 0x0D, 0x0A, 0x7F, 0x08, 0x00, 0x1C])) == [.control("a"), .control("e"), .control("k"), .control("u"), .control("w"), .control("d"),
                        .interrupt, .enter, .enter, .backspace, .backspace, .other, .other])
        #expect((try keys([0x04], controlDInterrupts: true)) == [.interrupt], "the stepper's Ctrl-D")
    }

    @Test func testUTF8Characters() throws {
        #expect((try keys("가é\u{1F600}a")) == [.char("가"), .char("é"), .char("\u{1F600}"), .char("a")])
        #expect((try keys([0xFF, 0x41])) == [.other, .char("A")])
        #expect((try keys([0xEA, 0x41, 0x42])) == [.other, .char("A"), .char("B")], "a broken character keeps what follows")
        #expect((try keys([0xBF])) == [.other], "a stray continuation byte")
        #expect((try keys([0xED, 0xA0, 0x80])) == [.other], "a surrogate")
        #expect((try keys([0xC3])) == [.other], "cut short")
    }

    // MARK: The editor on a pipe

    /// Reads lines with a `LineEditor` from `bytes` (a pipe: no raw mode), 40 columns wide.
    func read(_ bytes: String, lines count: Int, history: [String] = []) throws -> (results: [LineEditor.Result], drawn: String) {
        let pipe = try BytePipe(Array(bytes.utf8))
        var drawn = ""
        let editor = LineEditor(input: pipe.readEnd, write: { drawn += $0 }, width: { 40 })
        let results = (0..<count).map { _ in editor.read(prompt: "> ", history: history) }
        return (results, drawn)
    }

    @Test func testEditorReadsAnEditedLine() throws {
        let (results, drawn) = try read("9x\u{1B}[D\u{1B}[3~\u{1B}[H1\u{1B}OF\r", lines: 1)
        #expect(results == [.line("19")])
        #expect(drawn.hasSuffix("\r> 19\u{1B}[K\n"), Comment(rawValue: drawn))
        #expect(!drawn.contains("x1"), Comment(rawValue: drawn))
    }

    @Test func testPastedLinesAreKeptForTheNextRead() throws {
        let (results, _) = try read("abc\rdef\nlast", lines: 4)
        #expect(results == [.line("abc"), .line("def"), .line("last"), .endOfInput], "a last line without a line break still counts, as with LineReader")
    }

    @Test func testEditorEndsOnControlDAndControlC() throws {
        let (ended, endDrawn) = try read("\u{4}more\r", lines: 2)
        #expect(ended == [.endOfInput, .line("more")])
        #expect(endDrawn.hasPrefix("\r> \u{1B}[K\r"), "nothing written for Ctrl-D: \(endDrawn)")
        let (interrupted, drawn) = try read("ab\u{1B}[D\u{3}", lines: 1)
        #expect(interrupted == [.interrupted])
        #expect(drawn.hasSuffix("\r> ab\u{1B}[K^C"), Comment(rawValue: drawn))
    }

    @Test func testEditorRecallsHistory() throws {
        let (results, _) = try read("\u{1B}[A\u{1B}[A\r\u{1B}[Ax\u{1B}[B\u{1B}[A\u{7F}\r", lines: 2, history: ["init", "19"])
        #expect(results == [.line("init"), .line("19")])
    }
}

/// A pipe holding `bytes`, its writing end closed, so a reader meets the end after them.
final class BytePipe {
    let readEnd: Int32

    init(_ bytes: [UInt8]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { try Test.cancel("no pipe") }
        readEnd = ends[0]
        // Small enough for the pipe's buffer, so writing never waits for a reader.
        #expect(bytes.count < 16_384)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
    }

    deinit { close(readEnd) }
}
