import TraceModel
import ToolSupport
import TraceCoding

extension Lesson {
    static let memberNames = ["id", "title", "trace", "introduction", "steps", "takeaway", "fix"]

    /// Reads a lesson from parsed JSON, checking every member.
    public static func decode(_ root: JSONField) throws(ReuseLabError) -> Lesson {
        let object = try root.object()
        try object.rejectUnknown(allowed: memberNames)
        let idField = try object.required("id", "a short name such as \"01-first-screen\"")
        let id = try idField.string()
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw idField.error("\"id\" must be letters, digits, - and _ only, found \"\(VisibleText.shortened(id))\"")
        }
        let title = try object.required("title").string()
        let traceField = try object.required("trace", "the trace's path, relative to this lesson file")
        let trace = try traceField.string()
        let introduction = try object.optional("introduction")?.string() ?? ""
        let stepsField = try object.required("steps", "the lesson's questions")
        var steps: [LessonStep] = []
        for field in try stepsField.array() {
            steps.append(try LessonStep.decode(field))
        }
        guard !steps.isEmpty else { throw stepsField.error("\"steps\" is empty; a lesson asks at least one question") }
        let takeaway = try object.optional("takeaway")?.string() ?? ""
        let fix = try object.optional("fix").map { field throws(ReuseLabError) in try LessonFix.decode(field) }
        var lesson = Lesson(id: id, title: title, tracePath: trace, introduction: introduction, steps: steps, takeaway: takeaway, fix: fix)
        lesson.positions["trace"] = traceField.position
        lesson.positions["takeaway"] = object.optional("takeaway")?.position
        return lesson
    }
}

extension LessonStep {
    static func decode(_ field: JSONField) throws(ReuseLabError) -> LessonStep {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["narration", "pause", "question", "questions", "code"])
        let narration = try object.optional("narration")?.string() ?? ""
        let pause = try PausePoint.decode(try object.required("pause", "{\"event\": N} or {\"before\": {\"kind\": …}}"))
        var questions: [Question] = []
        switch (object.optional("question"), object.optional("questions")) {
        case (let single?, nil):
            questions = [try Question.decode(single)]
        case (nil, let several?):
            for item in try several.array() { questions.append(try Question.decode(item)) }
            guard !questions.isEmpty else { throw several.error("\"questions\" is empty; a step asks at least one question") }
            guard questions.count <= 10 else { throw several.error("\"questions\" has \(questions.count) questions; a step asks at most 10") }
        case (_?, _?):
            throw field.error("a step has \"question\" (one) or \"questions\" (several asked at the same pause), not both")
        case (nil, nil):
            throw field.error("a step needs \"question\": {\"ask\": …, \"query\": …}, or \"questions\": [ … ] for several at one pause")
        }
        var step = LessonStep(narration: narration, pause: pause, questions: questions)
        if let codeField = object.optional("code") {
            let names = try codeField.array()
            guard (1...LessonStep.mostFunctions).contains(names.count) else {
                throw codeField.error("\"code\" has \(names.count) entries; give 1 to \(LessonStep.mostFunctions) functions of the trace's code by their Swift names, as in [\"prepareForReuse()\"]")
            }
            for name in names {
                let text = try name.string()
                guard text.hasSuffix(")"), text.contains("("), text.count <= 200 else {
                    throw name.error("expected a function's Swift name, as in \"prepareForReuse()\" or \"tableView(_:cellForRowAt:)\"")
                }
                step.code.append(text)
            }
        }
        return step
    }
}

extension LessonFix {
    static func decode(_ field: JSONField) throws(ReuseLabError) -> LessonFix {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["summary", "code"])
        let summary = try object.optional("summary")?.string() ?? ""
        let codeField = try object.required("code", "the fix as UIKit code, one string per line")
        var code: [String] = []
        for line in try codeField.array() { code.append(try line.string()) }
        guard !code.isEmpty else { throw codeField.error("\"code\" is empty; give the fix as UIKit code, one string per line") }
        guard code.count <= 40 else { throw codeField.error("\"code\" has \(code.count) lines; a fix shows at most 40") }
        return LessonFix(summary: summary, code: code)
    }
}

extension PausePoint {
    static func decode(_ field: JSONField) throws(ReuseLabError) -> PausePoint {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["event", "before"])
        if let event = object.optional("event") {
            return .event(try event.nonNegativeInt())
        }
        guard let before = object.optional("before") else {
            throw field.error("a pause point is {\"event\": N} (pause before event N) or {\"before\": {\"kind\": \"cellForRowAt\", \"row\": 21}}")
        }
        let selector = try before.object()
        try selector.rejectUnknown(allowed: ["kind", "section", "row", "item", "cell", "occurrence"])
        let (kind, kindWord) = try EventKind.decode(try selector.required("kind", "an event kind such as \"cellForRowAt\""))
        let (row, rowWord) = try ListPlace.decode(selector, what: "the row (or item) the pause is about", required: false)
        var chosen = EventSelector(kind: kind, row: row, cell: try selector.optional("cell")?.positiveInt(),
                                   occurrence: try selector.optional("occurrence")?.positiveInt(max: 1_000_000) ?? 1)
        chosen.collectionWords = [kindWord, rowWord].compactMap { $0 }
        if let sectionField = selector.optional("section") {
            guard chosen.row != nil else { throw sectionField.error("\"section\" says where \"row\" is; give a \"row\" with it (or an \"item\", in a collection view)") }
            chosen.section = try sectionField.nonNegativeInt()
        }
        chosen.position = before.position
        return .before(chosen)
    }
}

extension EventKind {
    /// A kind as a lesson names it: the trace's name (`cellForRowAt`), or the
    /// collection view's where it differs (`cellForItemAt`), which is returned too
    /// so that a table lesson can be told it does not apply.
    static func decode(_ field: JSONField) throws(ReuseLabError) -> (EventKind, collectionWord: String?) {
        let collection = ListStyle.collection(columns: 1)
        let collectionOnly = EventKind.allCases.map { collection.name(of: $0) }.filter { EventKind(rawValue: $0) == nil }
        let name = try field.choice(EventKind.allCases.map(\.rawValue) + collectionOnly)
        if let kind = EventKind(rawValue: name) { return (kind, nil) }
        return (collection.kind(named: name) ?? .cellForRowAt, name)
    }
}

/// A place in the list as a lesson names it: `"row": R`, or `"item": R` in a
/// collection view's lesson (the same index, in the collection view's word).
enum ListPlace {
    /// The row or item `object` names (nil when it names none and none is
    /// required), and "item" when it was written that way.
    static func decode(_ object: JSONFieldObject, what: String, required: Bool) throws(ReuseLabError) -> (Int?, collectionWord: String?) {
        switch (object.optional("row"), object.optional("item")) {
        case (let row?, nil): return (try row.nonNegativeInt(), nil)
        case (nil, let item?): return (try item.nonNegativeInt(), "item")
        case (_?, let item?): throw item.error("give \"row\" or \"item\", not both (they are the same index; a collection view's lesson may say \"item\")")
        case (nil, nil):
            guard required else { return (nil, nil) }
            _ = try object.required("row", what)
            return (nil, nil)
        }
    }
}

extension Question {
    static let memberNames = ["ask", "query", "section", "row", "item", "kind", "count", "at", "metric", "with", "answer", "hint", "wrongAnswers", "accept"]

    static func decode(_ field: JSONField) throws(ReuseLabError) -> Question {
        let object = try field.object()
        try object.rejectUnknown(allowed: memberNames)
        let ask = try object.required("ask", "the question as the learner reads it").string()
        let queryField = try object.required("query", "one of " + Query.names.joined(separator: ", "))
        let written = try queryField.choice(Query.names + Query.collectionNames.keys.sorted())
        let name = Query.collectionNames[written] ?? written
        var collectionWords = name == written ? [] : [written]
        func row() throws(ReuseLabError) -> Int {
            let (row, word) = try ListPlace.decode(object, what: "the row the question is about (\"item\" in a collection view)", required: true)
            if let word { collectionWords.append(word) }
            return row ?? 0
        }
        func at() throws(ReuseLabError) -> PausePoint? { try object.optional("at").map { field throws(ReuseLabError) in try PausePoint.decode(field) } }
        func kind(_ allowed: [EventKind], _ fallback: EventKind?) throws(ReuseLabError) -> EventKind {
            guard let kindField = object.optional("kind") else {
                if let fallback { return fallback }
                _ = try object.required("kind", "the kind of event, such as \"willDisplay\"")
                return .willDisplay
            }
            let (kind, word) = try EventKind.decode(kindField)
            guard allowed.contains(kind) else {
                throw kindField.error("a \(name) question takes a \"kind\" among " + allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                      + ", found \"\(word ?? kind.rawValue)\"")
            }
            if let word { collectionWords.append(word) }
            return kind
        }
        let query: Query
        switch name {
        case "nextCall": query = .nextCall(row: try row())
        case "nextCalls": query = .nextCalls(count: try object.required("count", "how many calls to name").int(in: 1...20))
        case "cellForRow": query = .cellForRow(row: try row())
        case "nextPrefetchBatch": query = .nextPrefetchBatch
        case "nextCancellation": query = .nextCancellation
        case "cellCount": query = .cellCount(at: try at())
        case "cellForRowAtCount": query = .cellForRowAtCount(at: try at())
        case "rowCount": query = .rowCount(at: try at())
        case "imageShown": query = .imageShown(row: try row(), at: try at())
        case "isStale": query = .isStale(row: try row(), at: try at())
        case "nextPass": query = .nextPass(kind: try kind(Query.passRowKinds, nil))
        case "nextPassCount": query = .nextPassCount(kind: try kind(Query.passCountKinds, nil))
        case "samePass": query = .samePass(row: try row(), kind: try kind(Query.passRowKinds, .willDisplay))
        case "nextPreparedAhead": query = .nextPreparedAhead
        case "preparedAheadCount": query = .preparedAheadCount(at: try at())
        case "comesBack": query = .comesBack(row: try row())
        default:
            let metric = ComparedMetric(rawValue: try object.required("metric").choice(ComparedMetric.allCases.map(\.rawValue))) ?? .downloads
            query = .compare(metric: metric, otherTrace: try object.required("with", "the other trace's path, relative to this lesson file").string())
        }
        var question = Question(ask: ask, query: query, expected: try object.optional("answer")?.string(), hint: try object.optional("hint")?.string())
        if let wrong = object.optional("wrongAnswers") {
            let list = try wrong.array()
            guard (1...WrongAnswer.mostPerQuestion).contains(list.count) else {
                throw wrong.error("expected 1 to \(WrongAnswer.mostPerQuestion) wrong answers, each {\"answer\": …, \"feedback\": …}; found \(list.count)")
            }
            question.wrongAnswers = try list.map { item throws(ReuseLabError) in
                let entry = try item.object()
                try entry.rejectUnknown(allowed: ["answer", "feedback"])
                let answer = try entry.required("answer", "the wrong answer, as a learner would type it").string()
                let feedback = try entry.required("feedback", "what this answer reveals the learner believes, and why the trace disagrees").string()
                guard !answer.trimming(" \t\r\n").isEmpty, !feedback.trimming(" \t\r\n").isEmpty else {
                    throw item.error("a wrong answer needs a non-empty \"answer\" and \"feedback\"")
                }
                return WrongAnswer(answer: answer, feedback: feedback, position: item.position)
            }
        }
        if let accept = object.optional("accept") {
            let names = ReviewFinding.allCases.map(\.rawValue)
            question.accepted = try accept.array().map { item throws(ReuseLabError) in
                let entry = try item.object()
                try entry.rejectUnknown(allowed: ["finding", "because"])
                let name = try entry.required("finding", "the name of a finding `lesson check` reports, one of " + names.joined(separator: ", ")).choice(names)
                let because = try entry.required("because", "why the finding does not give the student the answer").string()
                guard because.trimming(" \t\r\n").count >= 10 else {
                    throw item.error("an accepted finding needs a reason in \"because\": say why a student is not given the answer")
                }
                return AcceptedFinding(finding: ReviewFinding(rawValue: name) ?? .answerInAsk, because: because, position: item.position)
            }
        }
        if let sectionField = object.optional("section") {
            guard query.row != nil else { throw sectionField.error("\"section\" says where \"row\" is; the \(name) query names no row") }
            question.section = try sectionField.nonNegativeInt()
        }
        // A member the query does not read is a mistake the author should hear about.
        if query.row == nil, let place = object.optional("row") ?? object.optional("item") {
            throw place.error("the \(written) query names no row or item; leave this out")
        }
        if object.optional("kind") != nil, !["nextPass", "nextPassCount", "samePass"].contains(name), let kindField = object.optional("kind") {
            throw kindField.error("only nextPass, nextPassCount and samePass take a \"kind\"; the \(written) query does not")
        }
        question.collectionWords = collectionWords
        question.position = field.position
        return question
    }
}
