import Foundation
import ToolSupport
import TraceCoding

/// A command line read against its `CommandDeclaration`: every option known,
/// every value checked (ranges, choices), the positionals counted. A command's
/// `run` reads typed values from it by the keys it declared (`line[Options.json]`)
/// and never parses text itself.
struct ParsedCommandLine {
    let declaration: CommandDeclaration
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: String] = [:]
    /// Every value given for each option, in order (a repeatable option may come several times).
    private var allValues: [String: [String]] = [:]
    /// How many options were given (a flag or an option with its value counts once).
    var optionCount: Int { flags.count + values.count }

    /// Reads `arguments` (without the command's name). `--name=value` and
    /// `--name value` are the same; `--` ends the options; "-" is a positional.
    /// Unknown options, missing values, values out of range and positionals
    /// missing or too many are usage errors naming the option and the fix.
    init(_ arguments: [String], declaration: CommandDeclaration) throws(ReuseLabError) {
        self.declaration = declaration
        let command = declaration.name
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = declaration.option(named: name) else {
                var message = "\(command): unknown option \(VisibleText.escape(argument))"
                let names = declaration.allOptions.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
                if let guess = Suggestion.closest(to: name, among: names) { message += " (did you mean \(guess)?)" }
                throw ReuseLabError(.usage, message + "; see 'reuselab \(command) --help'")
            }
            guard option.takesValue else {
                if inlineValue != nil {
                    throw ReuseLabError(.usage, "\(command): \(option.long) takes no value; see 'reuselab \(command) --help'")
                }
                flags.insert(option.long)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                // Named as typed: "-o needs a value", not "--output".
                throw ReuseLabError(.usage, "\(command): the option \(name) needs a value (\(option.displayedValueName)); see 'reuselab \(command) --help'")
            }
            try Self.check(value, for: option, command: command)
            values[option.long] = value
            allValues[option.long, default: []].append(value)
        }
        try checkCount()
    }

    /// Refuses a value the option's kind does not allow.
    private static func check(_ value: String, for option: OptionDeclaration, command: String) throws(ReuseLabError) {
        let shown = VisibleText.shortened(value)
        switch option.kind {
        case .flag, .path, .text:
            if value.isEmpty, option.kind == .path {
                throw ReuseLabError(.usage, "\(command): \(option.long) needs a file name, not an empty one")
            }
        case .integer(let range):
            guard value.count <= 19, let number = Int(value), range.contains(number) else {
                throw ReuseLabError(.usage, "\(command): \(option.long) takes a whole number from \(range.lowerBound) to \(range.upperBound), got \(shown)")
            }
        case .number(let range):
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                throw ReuseLabError(.usage, "\(command): \(option.long) takes a number from \(ReadableNumber.oneDecimal(range.lowerBound)) to \(ReadableNumber.oneDecimal(range.upperBound)), got \(shown)")
            }
        case .choice(let choices):
            guard choices.contains(value) else {
                var message = "\(command): \(option.long) takes one of \(choices.joined(separator: ", ")), got \(shown)"
                if let guess = Suggestion.closest(to: value, among: choices) { message += " (did you mean \(guess)?)" }
                throw ReuseLabError(.usage, message)
            }
        case .list(let choices):
            let items = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !items.contains(where: \.isEmpty) else {
                throw ReuseLabError(.usage, "\(command): \(option.long) takes a comma-separated list without empty items, got \(shown)")
            }
            if let choices {
                for item in items where !choices.contains(item) {
                    var message = "\(command): \(option.long): unknown item \(VisibleText.shortened(item))"
                    if let guess = Suggestion.closest(to: item, among: choices) { message += " (did you mean \(guess)?)" }
                    throw ReuseLabError(.usage, message + "; see 'reuselab \(command) --help'")
                }
            }
        }
    }

    /// Refuses too few or too many positionals, naming what was expected.
    private func checkCount() throws(ReuseLabError) {
        guard !wantsHelp else { return }
        let command = declaration.name
        var remaining = positionals[...]
        for positional in declaration.positionals {
            switch positional.count {
            case .one:
                guard remaining.popFirst() != nil else {
                    throw ReuseLabError(.usage, "\(command): expected \(positional.name) (\(positional.meaning)); see 'reuselab \(command) --help'")
                }
            case .optional:
                _ = remaining.popFirst()
            case .many(let minimum):
                guard remaining.count >= minimum else {
                    throw ReuseLabError(.usage, "\(command): expected at least \(minimum) \(positional.name) (\(positional.meaning)); see 'reuselab \(command) --help'")
                }
                remaining = []
            }
        }
        if let extra = remaining.first {
            let takes = declaration.positionals.isEmpty ? "it takes no arguments"
                : "it takes " + declaration.positionals.map(\.name).joined(separator: " ")
            throw ReuseLabError(.usage, "\(command): unexpected argument '\(VisibleText.shortened(extra))' (\(takes)); see 'reuselab \(command) --help'")
        }
    }

    /// True when `-h` or `--help` was given.
    var wantsHelp: Bool { self[FlagOption.help] }

    /// Whether the flag was given.
    subscript(_ flag: FlagOption) -> Bool {
        assertDeclared(flag)
        return flags.contains(flag.long)
    }

    /// The option's value, checked by the parser and typed by its key; nil when not given.
    /// A repeated option gives its last value.
    subscript<Value>(_ option: ValueOption<Value>) -> Value? {
        assertDeclared(option)
        return values[option.long].flatMap(option.convert)
    }

    /// Every value given for a repeatable option (`--pattern`), in order.
    func all<Value>(_ option: ValueOption<Value>) -> [Value] {
        assertDeclared(option)
        return (allValues[option.long] ?? []).compactMap(option.convert)
    }

    /// Whether the option is on the command line, a flag or with a value.
    func contains(_ option: any OptionKey) -> Bool {
        assertDeclared(option)
        return option.declaration.takesValue ? values[option.long] != nil : flags.contains(option.long)
    }

    /// A key is one of this command's own: its keys are typed constants, but
    /// another command's would compile too.
    private func assertDeclared(_ option: any OptionKey) {
        assert(declaration.option(named: option.long)?.kind == option.declaration.kind,
               "\(option.long) is not a declared option of \(declaration.name)")
    }
}
