import TraceCoding

/// What a learner can type at a lesson's prompt besides an answer.
public enum PromptCommand: String, CaseIterable, Sendable {
    case hint, show, picture, more, back, help, quit

    /// The command `text` names, if it names one ("p" is `picture`, "?" is `help`, "q" is `quit`).
    public init?(_ text: String) {
        switch text.lowercased().trimming(" \t\r\n.!") {
        case "hint": self = .hint
        case "show", "skip", "give up", "answer": self = .show
        case "picture", "p", "pic": self = .picture
        case "more", "m": self = .more
        case "back", "b", "previous": self = .back
        case "help", "?", "h", "commands": self = .help
        case "quit", "q", "exit", ":q": self = .quit
        default: return nil
        }
    }

    /// One line each, for `help`.
    public static let summary = """
    Besides an answer you can type:
      hint         a nudge in the right direction
      show         the answer and why (counts as not answered)
      picture, p   the table view at this pause
      more         every step since the last question
      back         the previous question and its answer
      help, ?      this list
      quit, q      stop here; your answers are kept (so do Ctrl-D and Ctrl-C)
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
