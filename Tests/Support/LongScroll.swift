/// A long recording for tests that need many events: rows of 44 pt on a phone
/// screen, dragged 2000 pt over a second and flung at 6000 pt/s in turn until
/// the end, flung back up, scrolled to the top and torn down. 2,500 rows give
/// about 40,000 events. (The benchmarks in `Benchmarks/` record the same shape.)
public enum LongScroll {
    public static func scenarioJSON(rows: Int, strategy: String) -> String {
        var steps: [String] = []
        var travelled = 0.0
        while travelled < Double(rows) * 44 {
            steps.append(#"{"drag":{"by":2000,"ms":1000}}"#)
            steps.append(#"{"fling":{"velocity":6000,"deceleration":"normal"}}"#)
            travelled += 2_000 + 6_000 * 0.5
        }
        steps.append(#"{"fling":{"velocity":-8000,"deceleration":"normal"}}"#)
        steps.append(#"{"scrollTo":{"row":0,"position":"top","animated":true}}"#)
        steps.append(#"{"disappear":{}}"#)
        return """
        {"title":"A long scroll of \(rows) rows","profile":"modern",\
        "table":{"rows":\(rows),"rowHeight":44,"viewportHeight":844,"contentInset":{"top":47,"bottom":34}},\
        "strategy":"\(strategy)","prefetching":true,"script":[\(steps.joined(separator: ","))]}

        """
    }
}
