import TraceModel

/// The Swift name of the function each line of the carried code is in
/// (`tableView(_:cellForRowAt:)`), worked out once per line: a reader that names
/// the function of every step asks for the same few lines again and again.
public struct FunctionNames: Sendable {
    public let code: CarriedCode?
    private var known: [CodeLine: String?] = [:]

    public init(code: CarriedCode?) {
        self.code = code
    }

    /// Nil when the line is in no function, or there is no code.
    public mutating func name(containing place: CodeLine) -> String? {
        if let found = known[place] { return found }
        let name = code.flatMap { code in code.function(containing: place).map { code.name(of: $0) } }
        known[place] = .some(name)
        return name
    }
}
