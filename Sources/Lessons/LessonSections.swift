import TraceModel
import ToolSupport

extension Query {
    /// The row the query asks about, if it names one.
    public var row: Int? {
        switch self {
        case .nextCall(let row), .cellForRow(let row), .imageShown(let row, _), .isStale(let row, _), .samePass(let row, _), .comesBack(let row):
            return row
        default: return nil
        }
    }

    /// The same query about `row`.
    func with(row: Int) -> Query {
        switch self {
        case .nextCall: return .nextCall(row: row)
        case .cellForRow: return .cellForRow(row: row)
        case .imageShown(_, let at): return .imageShown(row: row, at: at)
        case .isStale(_, let at): return .isStale(row: row, at: at)
        case .samePass(_, let kind): return .samePass(row: row, kind: kind)
        case .comesBack: return .comesBack(row: row)
        default: return self
        }
    }

    /// The pause point a query looks at, if it names one.
    var at: PausePoint? {
        switch self {
        case .cellCount(let at), .cellForRowAtCount(let at), .rowCount(let at), .imageShown(_, let at), .isStale(_, let at),
             .preparedAheadCount(let at): return at
        default: return nil
        }
    }

    func with(at: PausePoint?) -> Query {
        switch self {
        case .cellCount: return .cellCount(at: at)
        case .cellForRowAtCount: return .cellForRowAtCount(at: at)
        case .rowCount: return .rowCount(at: at)
        case .imageShown(let row, _): return .imageShown(row: row, at: at)
        case .isStale(let row, _): return .isStale(row: row, at: at)
        case .preparedAheadCount: return .preparedAheadCount(at: at)
        default: return self
        }
    }
}

extension Lesson {
    /// The lesson with every row it names turned into the trace's global rows: a
    /// lesson names a row of a table with sections as `section` and `row` within
    /// it, as the trace does. A row that is not in the table is an error at the
    /// question or pause that names it.
    func resolvingSections(_ naming: RowNaming, file: String) throws(ReuseLabError) -> Lesson {
        var lesson = self
        let noun = naming.list.noun
        for (stepIndex, step) in steps.enumerated() {
            lesson.steps[stepIndex].pause = try Self.resolve(step.pause, naming, file: file, path: "steps[\(stepIndex)].pause")
            for (index, question) in step.questions.enumerated() {
                let path = "steps[\(stepIndex)].questions[\(index)]"
                try Self.checkWords(question.collectionWords, naming.list, file: file, location: InputLocation(position: question.position, path: path))
                var query = question.query
                if let row = query.row {
                    guard let global = naming.globalRow(section: question.section, row: row) else {
                        throw ReuseLabError(.badInput, file: file, location: InputLocation(position: question.position, path: path),
                                            "the question names section \(question.section) \(noun) \(row), but \(naming.describeMissing(section: question.section, row: row))")
                    }
                    query = query.with(row: global)
                }
                if let at = query.at {
                    query = query.with(at: try Self.resolve(at, naming, file: file, path: path + ".at"))
                }
                lesson.steps[stepIndex].questions[index].query = query
                lesson.steps[stepIndex].questions[index].section = 0
            }
        }
        return lesson
    }

    private static func resolve(_ point: PausePoint, _ naming: RowNaming, file: String, path: String) throws(ReuseLabError) -> PausePoint {
        guard case .before(var selector) = point else { return point }
        try checkWords(selector.collectionWords, naming.list, file: file, location: InputLocation(position: selector.position, path: path))
        guard let row = selector.row else { return point }
        guard let global = naming.globalRow(section: selector.section, row: row) else {
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: selector.position, path: path),
                                "the pause names section \(selector.section) \(naming.list.noun) \(row), but \(naming.describeMissing(section: selector.section, row: row))")
        }
        selector.row = global
        selector.section = 0
        return .before(selector)
    }

    /// A table's lesson written in a collection view's words ("item",
    /// "cellForItemAt") is refused where it says so, with the table's word.
    static func checkWords(_ words: [String], _ list: ListStyle, file: String, location: InputLocation) throws(ReuseLabError) {
        guard !list.isCollection, let word = words.first else { return }
        let tableWord = word == "item" ? "row" : Query.collectionNames[word] ?? list.counterpart(of: word) ?? word
        throw ReuseLabError(.badInput, file: file, location: location,
                            "the lesson's trace is a table view's, which says \"\(tableWord)\", not \"\(word)\" (a collection view's word)")
    }
}

