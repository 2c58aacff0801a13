import TraceModel
import ToolSupport

/// What a wrong answer shows about the learner's picture of the table view, and
/// where to look to correct it, when the lesson's author wrote no feedback for
/// that answer (`wrongAnswers`). Worked out from the query, the two answers and
/// the replay state at the pause, so it never contradicts the trace. It names the
/// belief behind the answer and the mechanism that decides, without quoting
/// steps the learner has not reached: a second try stays a prediction.
enum MistakeFeedback {
    static func explain(_ guess: LessonAnswer, truth: LessonAnswer, query: Query, state: ReplayState,
                        wording: AnswerWording) -> String {
        let naming = wording.naming, list = naming.list
        let dequeue = "dequeueReusableCell"
        switch (query, truth, guess) {
        case (.nextCall(let row), .call(.prepareForReuse), .call(.initCell)),
             (.cellForRow(let row), .reusedCell, .newCell):
            return "A new cell (init) would mean the reuse pool is empty when \(naming.name(row)) asks \(dequeue) for one. "
                + "Which cells have left the screen by then, and where are they now? " + poolSentence(state)
        case (.nextCall(let row), .call(.initCell), .call(.prepareForReuse)),
             (.cellForRow(let row), .newCell, .reusedCell):
            return "prepareForReuse runs only for a cell taken from the reuse pool; \(dequeue) creates a cell when none is waiting there. "
                + poolSentence(state) + " Will one join before \(naming.name(row)) asks?"
        case (.nextCall(let row), .call(.cellForRowAt), _):
            return "\(naming.name(row)) already has a cell: reconfiguring a row configures its own cell again, so no cell is dequeued."
        case (.cellForRow(let row), .reusedCell, .reusedCell):
            return "That is not the cell \(naming.name(row)) gets. The pool hands out the cell that joined it last (an inferred order: Apple does not document it); which cell joins the pool just before \(naming.name(row)) asks?"
        case (.nextCalls, .calls(let calls), .callsWithDequeue(let named)):
            guard named.count == calls.count else {
                return "The question asks for \(calls.count) calls; you named \(named.count)."
            }
            let right = zip(calls, named).prefix { call, name in name.map { $0 == call } ?? [.initCell, .prepareForReuse].contains(call) }.count
            let which = right == 0 ? "The first call" : "The first \(right == 1 ? "call is" : "\(right) calls are") right; call \(right + 1)"
            return which + " is not what comes next. Remember that init or prepareForReuse runs inside cellForRowAt, and willDisplay comes once the row is about to show."
        case (_, .rows(let rows), .rows(let named)):
            if Set(named).count != Set(rows).count {
                return Set(named).count < Set(rows).count ? "More \(list.plural) than that." : "Fewer \(list.plural) than that."
            }
            switch query {
            case .nextPrefetchBatch:
                return "As many \(list.plural), but not those: a batch looks ahead of the screen in the direction the list moves, starting just past the edge."
            default:
                return "As many \(list.plural), but not those ones."
            }
        case (_, .number(let number), .number(let named)):
            let direction = named < number ? "More than \(named)." : "Fewer than \(named)."
            switch query {
            case .cellCount:
                return direction + " A table view makes cells only for the rows it shows (and any it prepares ahead), and reuses them after that."
            case .cellForRowAtCount:
                return direction + " cellForRowAt runs when a row is about to appear (or is reloaded), not on every frame."
            default:
                return direction
            }
        case (.imageShown(let row, _), .image(let shown), .image(let said)):
            switch (shown, said) {
            case (.image, .nothing), (.placeholder, .nothing):
                return "Nothing would mean something clears the image view before \(naming.name(row)) shows. What does this app's prepareForReuse do to it, and what does cellForRowAt set before the download ends?"
            case (.nothing, _):
                return "What sets that? A cell's image view shows what was last put into it; look at what this app does to a cell before \(naming.name(row)) shows."
            case (.image(let right), .image(let wrong)) where right != wrong:
                return "Image \(wrong) is not in that image view then. A reused cell keeps what it last showed until something replaces it; which image was set last into the cell \(naming.name(row)) has, and has \(naming.name(row))'s own download finished by then?"
            default:
                return "Look at which image was set last into the cell \(naming.name(row)) has, and when."
            }
        case (.isStale(let row, _), .yesNo(let stale), .yesNo):
            return stale
                ? "Stale means \(naming.name(row)) shows another row's picture. Its cell was used for another row before; has anything replaced that row's picture by then?"
                : "By then the image view holds \(naming.name(row))'s own picture, or nothing: into which cell is each picture set, and which row does that cell show?"
        case (.comesBack(let row), .yesNo(let kept), .yesNo):
            return kept
                ? "Coming back does not always mean a new \(list.name(of: .cellForRowAt)): was \(naming.name(row))'s cell put in the reuse pool when it left, or kept aside, out of the pool, in case it returns?"
                : "The cell comes back as it was only while it is kept aside, out of the pool. Has \(naming.name(row)) been off screen long enough for its cell to join the pool, or go to another row?"
        case (.compare(let metric, _), .trace, .trace):
            return "The other way round: look at what each strategy does for \(metric.readableName.lowercased()), not only at how it feels on screen."
        default:
            return ""
        }
    }

    /// What the pool and the kept-aside cells hold at the pause.
    private static func poolSentence(_ state: ReplayState) -> String {
        let pooled = state.pools.values.flatMap { $0 }
        let kept = state.keptAside
        let pool = pooled.isEmpty ? "At this pause the reuse pool is empty" : "At this pause the reuse pool holds " + cells(pooled)
        guard !kept.isEmpty else { return pool + "." }
        return pool + (pooled.isEmpty ? ", and " : "; ") + cells(kept) + (kept.count == 1 ? " is" : " are")
            + " kept aside (held back, out of the pool, in case its row comes back)."
    }

    private static func cells(_ ids: [Int]) -> String {
        let named = ids.sorted().map { "#\($0)" }
        return (named.count == 1 ? "cell " : "cells ") + (named.count > 1 ? named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "") : named.joined())
    }
}
