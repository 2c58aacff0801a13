import TraceCoding

/// What a learner can type at a lesson's prompt besides an answer.
///
/// An answer always wins: a line the answer reader can take for the question
/// is an answer even when it is also a command's word ("more" to "as many, or
/// more?"), and a command can be forced with a leading colon (`:more`). The
/// session asks the reader first, then `PromptCommand.read`.
public enum PromptCommand: String, CaseIterable, Sendable {
    case hint, show, picture, code, more, back, define, help, quit

    /// The command `text` names, with what follows it (`define pool` → `.define`,
    /// "pool"), if it names one ("p" is `picture`, "?" is `help`, "q" is `quit`).
    public static func read(_ text: String) -> (command: PromptCommand, argument: String)? {
        var line = text.trimming(" \t\r\n")
        if line.hasPrefix(":") { line.removeFirst() }
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first else { return nil }
        let argument = words.count > 1 ? words[1].trimming(" \t") : ""
        switch first.lowercased().trimming(".!") {
        case "define", "def", "what's", "whats", "glossary", "meaning":
            return (.define, argument)
        default:
            break
        }
        guard let command = PromptCommand(line) else { return nil }
        return (command, "")
    }

    /// The command `text` names on its own ("p" is `picture`, "?" is `help`, "q" is `quit`).
    public init?(_ text: String) {
        switch text.lowercased().trimming(" \t\r\n.!") {
        case "hint", "h": self = .hint
        case "show", "skip", "give up", "answer": self = .show
        case "picture", "p", "pic": self = .picture
        case "code", "c": self = .code
        case "more", "m": self = .more
        case "back", "b", "previous": self = .back
        case "define", "glossary", "words": self = .define
        case "help", "?", "commands": self = .help
        case "quit", "q", "exit", ":q": self = .quit
        default: return nil
        }
    }

    /// One line each, for `help`.
    public static let summary = """
    Besides an answer you can type:
      hint, h        a nudge in the right direction
      show           the answer and why (counts as not answered)
      picture, p     the table view at this pause
      code, c        the app's code this step shows, whole
      more           every step since the last question
      back           the previous question and its answer
      define WORD    what a word means (define pool, define kept aside);
                     define alone lists the words
      help, ?        this list
      quit, q        stop here; your answers are kept (so do Ctrl-D and Ctrl-C)
    An answer comes first: if what you type answers the question, it is taken
    as your answer. Put a colon before a command to force it (:more).
    """

    /// A command `text` was probably meant to be ("hnit" → hint), for a typo.
    public static func closest(to text: String) -> PromptCommand? {
        let typed = Array(text.lowercased())
        guard typed.count >= 3, typed.count <= 9 else { return nil }
        var best: (PromptCommand, Int)?
        for command in allCases {
            let distance = Suggestion.editDistance(typed, Array(command.rawValue))
            if distance <= (command.rawValue.count > 4 ? 2 : 1), distance < (best?.1 ?? .max) { best = (command, distance) }
        }
        return best?.0
    }
}
