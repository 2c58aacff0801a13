/// Whole numbers written in words, as a learner may type a count ("nineteen",
/// "twenty-one"): zero to ninety-nine, which covers every count a lesson asks.
enum NumberWords {
    static let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]

    /// The number one word spells ("seven", "twenty-one"), or nil.
    static func value(of word: String) -> Int? {
        let lower = word.lowercased()
        if let unit = units.firstIndex(of: lower) { return unit }
        if let ten = tens[lower] { return ten }
        let parts = lower.split(separator: "-").map(String.init)
        guard parts.count == 2, let ten = tens[parts[0]], let unit = units.firstIndex(of: parts[1]), (1...9).contains(unit) else { return nil }
        return ten + unit
    }

    /// The first number spelled in words in `text`, or nil.
    static func first(in text: String) -> Int? {
        for word in text.split(whereSeparator: { !$0.isLetter && $0 != "-" }) {
            if let number = value(of: String(word)) { return number }
        }
        return nil
    }
}
