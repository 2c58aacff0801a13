/// What a shell offers for a value, derived from its `ValueKind`; shared by
/// the bash, zsh and fish generators so the three offer the same things.
enum CompletionAction: Equatable {
    /// Nothing to offer: a number, free text, a list of free words.
    case nothing
    /// Files and folders.
    case files
    /// One of these words.
    case words([String])
    /// Comma-separated items, each one of these words.
    case items([String])

    /// `suggestions` stand in for the choices of free text or a free list.
    init(_ kind: ValueKind, suggestions: [String]? = nil) {
        if let suggestions {
            switch kind {
            case .text: self = .words(suggestions); return
            case .list(choices: nil): self = .items(suggestions); return
            case .path, .flag, .integer, .number, .choice, .list: break
            }
        }
        switch kind {
        case .flag, .integer, .number, .text, .list(choices: nil): self = .nothing
        case .path: self = .files
        case .choice(let choices): self = .words(choices)
        case .list(choices: let choices?): self = .items(choices)
        }
    }

    /// What the top level offers besides the commands, with what each does.
    static let topLevelOptions: [(names: [String], meaning: String)] = [
        (["-h", "--help"], "list the commands"),
        (["--version"], "print the version"),
    ]
    static let helpCommand = (name: "help", meaning: "show the help of a command")

    /// The positional a command line's `index`-th positional (from 0) fills, if any.
    static func positional(at index: Int, of declaration: CommandDeclaration) -> PositionalDeclaration? {
        for (number, positional) in declaration.positionals.enumerated() {
            if case .many = positional.count, index >= number { return positional }
            if number == index { return positional }
        }
        return nil
    }

    /// `name` with everything but letters, digits and "_" made "_": a shell function name.
    static func identifier(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        })
    }
}
