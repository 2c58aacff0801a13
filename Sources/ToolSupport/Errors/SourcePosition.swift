/// A place in a text file, as people count it: line and column both start at 1,
/// and the column counts characters (Unicode scalars), not bytes.
///
/// Every value the JSON parser reads carries one, so an error about a scenario
/// or trace can point at the exact spot an instructor has to fix.
public struct SourcePosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourcePosition(line: 1, column: 1)

    public var description: String { "\(line):\(column)" }
}
