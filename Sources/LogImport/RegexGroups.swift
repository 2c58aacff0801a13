/// The capture groups of an ICU regular expression (the syntax `NSRegularExpression`
/// takes), read from its text: in number order, each with its name or nil.
///
/// `NSRegularExpression` can tell how many groups a pattern has but not their
/// names, and asking a match for a name the pattern lacks is not safe on every
/// platform. So custom patterns find their named groups here and ask matches by
/// number only; `CustomPattern` checks that this count equals the compiled
/// expression's before relying on it. The reader also says, for an expression that
/// does not compile, whether a parenthesis or a bracket is left open.
struct RegexGroups {
    /// Each capture group, in number order (group 1 first): its name, or nil.
    var names: [String?] = []
    /// A plain-words reason the pattern cannot compile, when the reader sees one.
    var problem: String?

    init(_ pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var depth = 0
        var classDepth = 0
        var extended = false
        func at(_ offset: Int) -> Unicode.Scalar? {
            let position = index + offset
            return position < scalars.count ? scalars[position] : nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                if at(1) == "Q" {
                    // Quoted text runs to `\E`.
                    index += 2
                    while index < scalars.count, !(scalars[index] == "\\" && at(1) == "E") { index += 1 }
                }
                index += 2
                continue
            }
            if classDepth > 0 {
                if scalar == "[" { classDepth += 1 } else if scalar == "]" { classDepth -= 1 }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                classDepth = 1
                // A `]` first in a class (after an optional `^`) stands for itself.
                index += at(1) == "^" ? 2 : 1
                if at(0) == "]" { index += 1 }
                continue
            case "#" where extended:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "(":
                depth += 1
                if at(1) == "?" {
                    if at(2) == "<", let first = at(3), first.isASCIILetter {
                        var name = String.UnicodeScalarView()
                        var cursor = index + 3
                        while cursor < scalars.count, scalars[cursor] != ">" {
                            name.append(scalars[cursor])
                            cursor += 1
                        }
                        names.append(String(name))
                    } else if at(2) == "#" {
                        while index < scalars.count, scalars[index] != ")" { index += 1 }
                        depth -= 1
                    } else {
                        // Flags such as `(?x)` or `(?ix:`: `x` turns on comments, unless after a `-`.
                        var cursor = index + 2
                        var turningOff = false
                        while cursor < scalars.count, scalars[cursor].isASCIILetter || scalars[cursor] == "-" {
                            if scalars[cursor] == "-" { turningOff = true }
                            if scalars[cursor] == "x" { extended = !turningOff }
                            cursor += 1
                        }
                    }
                } else {
                    names.append(nil)
                }
            case ")":
                depth -= 1
                if depth < 0, problem == nil { problem = "a ) closes no group" }
            default:
                break
            }
            index += 1
        }
        if classDepth > 0 {
            problem = problem ?? "a [ is not closed"
        } else if depth > 0 {
            problem = problem ?? "a ( is not closed"
        }
    }
}
