import Foundation

/// An option a command declares, as a typed constant: the command lists it in
/// its declaration (so help, man page and completions derive from it) and reads
/// its value with it (`line[Options.json]`, `line[Options.rows]`). A misspelled
/// option is then a compile error, not a lookup that finds nothing at run time.
protocol OptionKey: Sendable {
    /// What the parser, the help and the completions read.
    var declaration: OptionDeclaration { get }
}

extension OptionKey {
    /// "--rows": the name messages quote.
    var long: String { declaration.long }
}

/// A command's options as typed keys, in the order its help lists them.
protocol CommandOptions {
    static var all: [any OptionKey] { get }
}

/// The options of a command that has none besides `--help`.
enum NoOptions: CommandOptions {
    static let all: [any OptionKey] = []
}

/// An option without a value: `line[key]` is true when it was given.
struct FlagOption: OptionKey {
    let declaration: OptionDeclaration

    init(_ long: String, short: String? = nil, meaning: String) {
        declaration = OptionDeclaration(long: long, short: short, kind: .flag, meaning: meaning)
    }

    /// `-h, --help`, which every command has.
    static let help = FlagOption("--help", short: "-h", meaning: "show this help")
}

/// An option with a value: `line[key]` is the value the parser checked, as a
/// `Value`, or nil when the option was not given; `line.all(key)` every value
/// of a repeatable one. Made with the factories below, one per `ValueKind`, so
/// the value's type always matches what the parser lets through.
struct ValueOption<Value>: OptionKey {
    let declaration: OptionDeclaration
    /// The checked text as a `Value`.
    let convert: @Sendable (String) -> Value?

    private init(_ declaration: OptionDeclaration, convert: @escaping @Sendable (String) -> Value?) {
        self.declaration = declaration
        self.convert = convert
    }

    private static func declare(_ long: String, short: String?, kind: ValueKind, valueName: String, defaultText: String?,
                                meaning: String, suggestions: [String]? = nil) -> OptionDeclaration {
        OptionDeclaration(long: long, short: short, kind: kind, valueName: valueName, defaultText: defaultText,
                          meaning: meaning, suggestions: suggestions)
    }
}

extension ValueOption where Value == Int {
    /// A whole number within `range`.
    static func integer(_ long: String, short: String? = nil, in range: ClosedRange<Int>, valueName: String = "",
                        defaultText: String? = nil, meaning: String) -> ValueOption<Int> {
        ValueOption(declare(long, short: short, kind: .integer(range), valueName: valueName, defaultText: defaultText, meaning: meaning)) { Int($0) }
    }
}

extension ValueOption where Value == Double {
    /// A number within `range`.
    static func number(_ long: String, short: String? = nil, in range: ClosedRange<Double>, valueName: String = "",
                       defaultText: String? = nil, meaning: String) -> ValueOption<Double> {
        ValueOption(declare(long, short: short, kind: .number(range), valueName: valueName, defaultText: defaultText, meaning: meaning)) { Double($0) }
    }
}

extension ValueOption where Value == String {
    /// A file or folder, as written (never empty).
    static func path(_ long: String, short: String? = nil, valueName: String = "", defaultText: String? = nil,
                     meaning: String) -> ValueOption<String> {
        ValueOption(declare(long, short: short, kind: .path, valueName: valueName, defaultText: defaultText, meaning: meaning)) { $0 }
    }

    /// Free text, as written; `suggestions` are words completions offer.
    static func text(_ long: String, short: String? = nil, valueName: String = "", defaultText: String? = nil,
                     meaning: String, suggestions: [String]? = nil) -> ValueOption<String> {
        ValueOption(declare(long, short: short, kind: .text, valueName: valueName, defaultText: defaultText,
                            meaning: meaning, suggestions: suggestions)) { $0 }
    }

    /// One of `choices`.
    static func choice(_ long: String, short: String? = nil, _ choices: [String], valueName: String = "",
                       defaultText: String? = nil, meaning: String) -> ValueOption<String> {
        ValueOption(declare(long, short: short, kind: .choice(choices), valueName: valueName, defaultText: defaultText, meaning: meaning)) { $0 }
    }

    /// A comma-separated list of free words handed on as written, for a reader
    /// that splits and checks it itself (`EventFilter.parse` takes names in any
    /// case); the parser refuses only empty items. `suggestions` are the words
    /// completions offer.
    static func listAsWritten(_ long: String, short: String? = nil, valueName: String = "", defaultText: String? = nil,
                              meaning: String, suggestions: [String]? = nil) -> ValueOption<String> {
        ValueOption(declare(long, short: short, kind: .list(choices: nil), valueName: valueName, defaultText: defaultText,
                            meaning: meaning, suggestions: suggestions)) { $0 }
    }
}

extension ValueOption where Value == [String] {
    /// Comma-separated items, each one of `choices` when given, each trimmed of
    /// spaces; `suggestions` are words completions offer for a free list.
    static func list(_ long: String, short: String? = nil, choices: [String]?, valueName: String = "", defaultText: String? = nil,
                     meaning: String, suggestions: [String]? = nil) -> ValueOption<[String]> {
        ValueOption(declare(long, short: short, kind: .list(choices: choices), valueName: valueName, defaultText: defaultText,
                            meaning: meaning, suggestions: suggestions)) { text in
            text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        }
    }
}

extension ValueOption where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, by raw value, offered in the order of `allCases`.
    static func choice(_ long: String, short: String? = nil, of type: Value.Type, valueName: String = "",
                       defaultText: String? = nil, meaning: String) -> ValueOption<Value> {
        ValueOption(declare(long, short: short, kind: .choice(Value.allCases.map(\.rawValue)), valueName: valueName,
                            defaultText: defaultText, meaning: meaning)) { Value(rawValue: $0) }
    }
}
