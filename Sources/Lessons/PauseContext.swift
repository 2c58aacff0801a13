import TraceModel
import Replay

/// The steps a student sees before a question: of every step since the last
/// pause, only those that matter to the question — the lifecycle calls, the app's
/// own actions, notes, cancellations and the marked moments (STALE, LATE,
/// HITCH), plus images and requests when the question is about images — the
/// nearest `limit` of them, and always every step the narration names
/// ("step 134"). The rest are counted; `more` shows them.
struct PauseContext {
    /// Steps shown before a question by default.
    static let defaultLimit = 10

    /// Indices into the annotations, in order.
    var shown: [Int]
    /// How many steps since the last pause are not shown.
    var leftOut: Int

    init(annotations: [Annotation], from start: Int, to end: Int, questions: [Question], narration: String, limit: Int = defaultLimit) {
        let end = min(end, annotations.count)
        let start = min(start, end)
        let aboutImages = questions.contains { question in
            switch question.query {
            case .imageShown, .isStale, .compare: return true
            default: return false
            }
        }
        let named = Self.namedSteps(in: narration)
        var matters: [Int] = []
        var forced: [Int] = []
        for index in start..<end {
            let annotation = annotations[index]
            if named.contains(annotation.seq) {
                forced.append(index)
            } else if Self.matters(annotation, aboutImages: aboutImages) {
                matters.append(index)
            }
        }
        let room = max(0, limit - forced.count)
        shown = (Array(matters.suffix(room)) + forced).sorted()
        leftOut = (end - start) - shown.count
    }

    static let alwaysShown: Set<EventKind> = [
        .initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying, .deinitCell, .enqueue, .keepAside,
        .prefetchRowsAt, .cancelPrefetchingForRowsAt, .requestCancelled, .note, .gap, .reloadData, .reloadRows, .reconfigureRows,
        .didReceiveMemoryWarning, .viewDidDisappear, .numberOfRows, .scrollToRow,
    ]
    static let imageKinds: Set<EventKind> = [.imageRequest, .requestCoalesced, .response, .requestFailed, .cacheHit, .imageSet]

    static func matters(_ annotation: Annotation, aboutImages: Bool) -> Bool {
        if !annotation.marks.isDisjoint(with: [.stale, .late, .wrongRow, .hitch]) { return true }
        if alwaysShown.contains(annotation.kind) { return true }
        return aboutImages && imageKinds.contains(annotation.kind)
    }

    /// Step numbers a narration names: "step 134", "steps 130–134", "step 12 and 15".
    static func namedSteps(in narration: String) -> Set<Int> {
        var found: Set<Int> = []
        let words = narration.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" })
        var index = 0
        while index < words.count {
            defer { index += 1 }
            guard words[index] == "step" || words[index] == "steps" else { continue }
            var next = index + 1
            while next < words.count {
                let word = String(words[next]).trimming(".;:")
                let bounds = word.split(whereSeparator: { $0 == "–" || $0 == "-" }).map { AnswerReader.wholeNumber(String($0)) }
                if bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high, high - low <= 50 {
                    found.formUnion(low...high)
                } else if bounds.count == 1, let value = bounds[0] {
                    found.insert(value)
                } else if word != "and" && word != "to" {
                    break
                }
                next += 1
            }
        }
        return found
    }
}
