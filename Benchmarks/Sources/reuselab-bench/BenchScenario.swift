/// The scenario every large figure is measured on, written as a scenario file for
/// `reuselab record`: a table of `rows` rows of 44 pt on an 844-pt screen (insets 47
/// and 34, as an iPhone's status bar and home indicator), scrolled from top to bottom
/// by steady drags of 2000 pt over a second, each followed by a fling at 6000 pt/s
/// with UIScrollView's normal deceleration, until the drags alone would have covered
/// the content; then flung back up at 8000 pt/s, scrolled to row 0 (animated), and
/// taken off the screen, so every cell's `deinit` is in the trace too.
///
/// It is the scenario the former `reuselab bench` command recorded, so figures
/// measured before and after benchmarking left the product compare: 66,000 rows give
/// about a million events with either strategy the benchmark records.
struct BenchScenario {
    var rows: Int
    /// An app strategy of `reuselab strategies`.
    var strategy: String

    /// The script's steps, in order.
    var script: [JSONText] {
        let contentHeight = Double(rows) * 44
        var steps: [JSONText] = []
        // Each drag and its fling are counted as 2000 + 6000 × 0.5 points of travel:
        // enough rounds to reach the bottom whatever the fling really covers.
        var travelled = 0.0
        while travelled < contentHeight {
            steps.append(step("drag", ["by": .integer(2_000), "ms": .integer(1_000)]))
            steps.append(step("fling", ["velocity": .integer(6_000), "deceleration": .string("normal")]))
            travelled += 2_000 + 6_000 * 0.5
        }
        steps.append(step("fling", ["velocity": .integer(-8_000), "deceleration": .string("normal")]))
        steps.append(step("scrollTo", ["row": .integer(0), "position": .string("top"), "animated": .bool(true)]))
        steps.append(step("disappear", [:]))
        return steps
    }

    /// The scenario file's text.
    var json: String {
        JSONText.object([
            ("title", .string("Benchmark: \(rows) rows scrolled end to end")),
            ("profile", .string("modern")),
            ("table", .object([
                ("rows", .integer(rows)),
                ("rowHeight", .integer(44)),
                ("viewportHeight", .integer(844)),
                ("contentInset", .object([("top", .integer(47)), ("bottom", .integer(34))])),
            ])),
            ("strategy", .string(strategy)),
            ("prefetching", .bool(true)),
            ("script", .array(script)),
        ]).compact + "\n"
    }

    /// One step: an object with one member, the step's name, whose arguments keep
    /// the order the scenario format's documentation gives them.
    private func step(_ name: String, _ arguments: KeyValuePairs<String, JSONText>) -> JSONText {
        .object([(name, .object(arguments.map { ($0.key, $0.value) }))])
    }
}
