/// Telling a callback's own log line from app output that mentions a callback in
/// passing.
///
/// A line printed from a callback is short: the name, the row or cell, perhaps a
/// class name or a tag (`[MyApp] willDisplay 3`, `MyCell.prepareForReuse() -
/// cancelling download for row 3`). Prose that mentions one — a sentence of app
/// output, a blog's explanation pasted with its log (`그 다음은 cellForRowAt 메서드가
/// 호출됩니다.`), a title or a bulleted explanation (`• willDisplay → Delegate
/// Method`) — has more words. So a line counts as the callback's only when it holds
/// few words that are neither part of a callback name, nor ordinary in such lines
/// (`LogVocabulary`), nor a tag in brackets (`[MyApp]`): at most one, or three when
/// it prints a row or an address; at most one when it reads as a sentence (ends
/// with `.`, `!` or `?` after a letter); none when it starts with a bullet (`•`),
/// or when the name is spelled as separate words and the line prints no row or
/// address (`The cell will display soon`).
///
/// `init` and `deinit` (and their spellings `awakeFromNib`, `dealloc`) are said of
/// every kind of object (`ImageLoader deinit`, `ViewController init`), so they count
/// only with no such word at all or with a sign of a cell: a row, an address, or a
/// word naming a cell (`MyCell init`).
enum PassingMention {
    static func isCallbackLine(_ message: MessageTokens, pieces: [CallbackNames.Piece], matches: [CallbackNames.Match],
                               primary: CallbackNames.Match, printsValues: Bool, printsAddress: Bool) -> Bool {
        // (Matches are few: looking through them costs less than gathering the pieces they cover.)
        func covered(_ piece: Int) -> Bool { matches.contains { $0.pieces.contains(piece) } }
        // The pieces are in the order of their tokens: those of a word follow `nextPiece`.
        var nextPiece = 0

        // Only init and deinit ask whether a word names a cell.
        let asksForACell = primary.callback == .initCell || primary.callback == .deinitCell

        var strangers = 0
        var namesACell = false
        for (index, token) in message.tokens.enumerated() {
            while nextPiece < pieces.count, pieces[nextPiece].token < index { nextPiece += 1 }
            var endPiece = nextPiece
            while endPiece < pieces.count, pieces[endPiece].token == index { endPiece += 1 }
            switch token.kind {
            case .word:
                let humps = nextPiece..<endPiece
                // A word made of the names found is no stranger, whatever else it is
                // (and no name ends in "cell"): known without making its text.
                if !asksForACell, !humps.isEmpty, humps.allSatisfy(covered) { continue }
                let word = message.lowercased(token)
                if LogVocabulary.names(aCell: word) { namesACell = true }
                if LogVocabulary.isOrdinary(word) || isTag(index, in: message) { continue }
                if !humps.isEmpty, humps.allSatisfy({ covered($0) || LogVocabulary.isOrdinary(pieces[$0].text(in: message.scalars)) }) { continue }
                strangers += 1
            case .foreignWord:
                strangers += 1
            case .object(let className, _):
                if PrintedAddresses.names(aCell: className), !PrintedAddresses.isNotACell(className) {
                    namesACell = true
                } else if !PrintedAddresses.shortName(className).hasSuffix("indexpath") {
                    // Another object printed with the callback: the line is about it.
                    strangers += 1
                }
            default:
                continue
            }
        }

        if primary.callback == .initCell || primary.callback == .deinitCell {
            let cellSign = printsValues || printsAddress || namesACell
            if strangers > 0, !cellSign { return false }
        }
        var allowed = printsValues || printsAddress ? 3 : 1
        if readsAsSentence(message) { allowed = min(allowed, 1) }
        // A name spelled as separate words (`will display`) is weaker evidence than
        // `willDisplay`: with nothing printed, no other word may stand beside it.
        if primary.tokens.count > 1, !printsValues, !printsAddress { allowed = 0 }
        if startsWithBullet(message) { allowed = 0 }
        return strangers <= allowed
    }

    /// A word alone in square brackets: `[MyApp]`, `[Lifecycle]`.
    private static func isTag(_ index: Int, in message: MessageTokens) -> Bool {
        guard index > 0, index + 1 < message.tokens.count,
              let open = message.scalars[ifPresent: message.tokens[index].start - 1], open == "[",
              message.scalars[ifPresent: message.tokens[index].end] == "]" else { return false }
        return true
    }

    private static func startsWithBullet(_ message: MessageTokens) -> Bool {
        guard let first = message.tokens.first, first.kind == .separator else { return false }
        return ["•", "◦", "▪", "‣", "●"].contains(message.scalars[first.start])
    }

    /// Ends with `.`, `!`, `?` or `。` right after a letter (not an ellipsis or a number).
    private static func readsAsSentence(_ message: MessageTokens) -> Bool {
        guard let last = message.tokens.last, last.kind == .separator, message.tokens.count >= 2,
              message.tokens[message.tokens.count - 2].kind == .word || message.tokens[message.tokens.count - 2].kind == .foreignWord
        else { return false }
        let marks = message.scalars[last.start..<last.end].filter { !$0.isSpace }
        return marks.count == 1 && [".", "!", "?", "。"].contains(marks[0])
    }
}
