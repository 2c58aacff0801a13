import TraceModel

/// The function of the carried code each line is in (`CarriedCode.function(containing:)`)
/// and its Swift name (`tableView(_:cellForRowAt:)`), worked out once per line: a
/// reader that places every step in its function asks for the same few lines
/// again and again (the page for each step, `replay --json` for each line).
public struct CodeFunctions: Sendable {
    public let code: CarriedCode?
    private var functions: [CodeLine: CodeFunction?] = [:]
    private var names: [CodeLine: String?] = [:]

    public init(code: CarriedCode?) {
        self.code = code
    }

    /// Nil when the line is in no function, or there is no code.
    public mutating func function(containing place: CodeLine) -> CodeFunction? {
        if let found = functions[place] { return found }
        let function = code?.function(containing: place)
        functions[place] = .some(function)
        return function
    }

    /// The function's Swift name; nil when the line is in no function, or there is no code.
    public mutating func name(containing place: CodeLine) -> String? {
        if let found = names[place] { return found }
        let name = function(containing: place).flatMap { function in code?.name(of: function) }
        names[place] = .some(name)
        return name
    }
}
