import TraceFormat

/// A subcommand's command line, split into options and positional arguments.
/// Unknown options are usage errors, with a "did you mean" hint.
struct Arguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// `flagNames` take no value; `valueNames` take the next argument (or `--name=value`).
    init(_ arguments: [String], command: String, flagNames: [String], valueNames: [String]) throws(ReuseLabError) {
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
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagNames.contains(name) && inlineValue == nil {
                flags.insert(name)
            } else if valueNames.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw ReuseLabError(.usage, "\(command): the option \(name) needs a value")
                }
            } else {
                var message = "\(command): unknown option \(VisibleText.escape(argument))"
                if let guess = Suggestion.closest(to: name, among: flagNames + valueNames) { message += " (did you mean \(guess)?)" }
                throw ReuseLabError(.usage, message + "; see 'reuselab \(command) --help'")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Refuses positional arguments past the first `count` (a command that takes
    /// none or one), naming the first one too many.
    func expectAtMost(_ count: Int, command: String, what: String) throws(ReuseLabError) {
        guard positionals.count > count else { return }
        throw ReuseLabError(.usage, "\(command): unexpected argument '\(VisibleText.shortened(positionals[count]))' (\(what)); see 'reuselab \(command) --help'")
    }

    func int(_ name: String, command: String, default fallback: Int, range: ClosedRange<Int>) throws(ReuseLabError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw ReuseLabError(.usage, "\(command): \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got \(VisibleText.escape(text))")
        }
        return value
    }
}
