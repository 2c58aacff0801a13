import TraceModel

/// A row (or a collection view's item) as a sentence names it: "row 15", "Row
/// 15" at the start of a sentence, "section 1 row 3" in a table with sections.
/// A `Sentence` writes the usual one, a row of a table without sections, straight
/// into its bytes; anywhere else it reads as its `description`.
struct RowName: CustomStringConvertible {
    let row: Int
    let naming: RowNaming
    /// True at the start of a sentence.
    let capitalized: Bool

    var description: String {
        capitalized ? naming.name(row).capitalizedFirst : naming.name(row)
    }
}

extension Sentence.Interpolation {
    mutating func appendInterpolation(_ name: RowName) {
        guard !name.naming.hasSections else {
            bytes.append(utf8: name.description)
            return
        }
        let noun: StaticString = name.naming.list.isCollection ? (name.capitalized ? "Item " : "item ") : (name.capitalized ? "Row " : "row ")
        noun.withUTF8Buffer { append(utf8Bytes: $0) }
        appendInterpolation(name.row)
    }
}
