/// Everything a subcommand accepts, declared once: the parser, the usage
/// errors, `--help`, the shell completions and the man page are all derived
/// from it. Options are listed as the command's typed keys (`OptionKey`), the
/// same constants its `run` reads them with, so adding an option is one
/// constant and one entry in the list, and everything else follows.
struct CommandDeclaration: Sendable {
    /// "replay".
    var name: String
    /// One line for the command list: "step through a trace with an explanation of every step".
    var summary: String
    /// Usage lines after "reuselab NAME"; empty: one line generated from the
    /// positionals and options.
    var usage: [String] = []
    /// What the command does, in paragraphs (wrapped to the terminal).
    var description: String
    var positionals: [PositionalDeclaration] = []
    /// The options besides `--help`, from the command's keys, in the help's order.
    let options: [OptionDeclaration]
    /// More to say, each section a title and its text. In the text, a line that
    /// starts with two spaces is printed as written (code, a table); other lines
    /// are joined into paragraphs and wrapped.
    var sections: [HelpSection] = []
    var examples: [CommandExample] = []

    init(name: String, summary: String, usage: [String] = [], description: String, positionals: [PositionalDeclaration] = [],
         options: [any OptionKey] = [], sections: [HelpSection] = [], examples: [CommandExample] = []) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.description = description
        self.positionals = positionals
        self.options = options.map(\.declaration)
        self.sections = sections
        self.examples = examples
    }

    /// Every option a command has, `--help` included.
    var allOptions: [OptionDeclaration] { options + [.help] }

    /// The option named `name` ("--rows", "-o"), if declared.
    func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.long == name || $0.short == name }
    }
}

/// A positional argument: "TRACE", "SCENARIO", "PATH…".
struct PositionalDeclaration: Sendable {
    enum Count: Sendable, Equatable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// Any number from `minimum` up.
        case many(minimum: Int)
    }

    var name: String
    var meaning: String
    var count: Count = .one
    var kind: ValueKind = .path
    /// True when "-" names standard input.
    var standardInput = false
    /// Words completions offer for it without the parser requiring them ("check").
    var suggestions: [String]? = nil

    /// What completions offer for it.
    var completion: CompletionAction { CompletionAction(kind, suggestions: suggestions) }
}

/// An option: `--rows N`, `-o, --output TRACE`, `--json`. Made by its key
/// (`FlagOption`, `ValueOption`), which also reads its value.
struct OptionDeclaration: Sendable {
    /// "--rows".
    var long: String
    /// "-o", if it has a short name.
    var short: String? = nil
    var kind: ValueKind
    /// The value's name in help: "N", "TRACE", "LIST".
    var valueName: String = ""
    /// The value used when the option is not given, as help shows it.
    var defaultText: String? = nil
    var meaning: String
    /// Words completions offer for a `.text` or `.list(choices: nil)` value whose
    /// check is the command's own (event kinds, read in any case).
    var suggestions: [String]? = nil

    /// What completions offer for its value.
    var completion: CompletionAction { CompletionAction(kind, suggestions: suggestions) }

    /// Options every command has.
    static var help: OptionDeclaration { FlagOption.help.declaration }

    var takesValue: Bool { kind != .flag }

    /// "-o, --output TRACE" as the help shows it.
    var synopsis: String {
        let names = (short.map { $0 + ", " } ?? "") + long
        guard takesValue else { return names }
        return names + " " + displayedValueName
    }

    var displayedValueName: String {
        if !valueName.isEmpty { return valueName }
        if case .choice(let choices) = kind, choices.count <= 4 { return choices.joined(separator: "|") }
        return "VALUE"
    }
}

/// What a value may be; checked when the command line is read.
enum ValueKind: Sendable, Equatable {
    case flag
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A number within the range.
    case number(ClosedRange<Double>)
    /// A file or folder (completions offer files).
    case path
    /// Free text.
    case text
    /// One of these words.
    case choice([String])
    /// Comma-separated words, each one of `choices` when it is given.
    case list(choices: [String]?)
}

/// A titled block of help text.
struct HelpSection: Sendable {
    var title: String
    var text: String
}

/// A command line and what it does.
struct CommandExample: Sendable {
    var command: String
    var meaning: String
}
