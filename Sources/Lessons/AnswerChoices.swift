import TraceModel

/// The answers a page offers for a question, one of them right.
///
/// The page asks with buttons instead of a text box, so that it never needs a
/// second answer parser in JavaScript: the choices are made here, each is a
/// `LessonAnswer`, and whether it is right is decided by the terminal runner's
/// own rule, `truth.accepts(choice)`. The wrong choices are the mistakes a
/// learner makes (the other call, another cell from the pool, a batch one
/// screen off, a count off by a little), drawn from the state at the pause so
/// that they are plausible and never give the answer away by being absurd.
public enum AnswerChoices {
    /// One button.
    public struct Choice: Sendable, Equatable {
        public var label: String
        public var answer: LessonAnswer
        public var isRight: Bool
        /// For a wrong choice, what picking it shows about the learner's picture
        /// and why the trace disagrees: the author's `wrongAnswers` feedback, else
        /// `MistakeFeedback`, as the terminal says it. Empty for the right one.
        public var feedback: String = ""
    }

    /// The most choices a question shows.
    public static let maximum = 6

    /// The choices for `query`, whose answer is `truth`, asked with the replay
    /// state `state` at the pause. Exactly one is right; the order never
    /// depends on which one that is, except through the values themselves.
    /// The wrong answers the author explained (`mistakes`) come first: they are
    /// the misconceptions worth offering.
    public static func make(for query: Query, truth: LessonAnswer, state: ReplayState,
                            wording: AnswerWording, traceReconfigures: Bool, mistakes: [KnownMistake] = []) -> [Choice] {
        var answers: [LessonAnswer]
        switch query {
        case .nextCall:
            answers = [.call(.initCell), .call(.prepareForReuse)]
            // "Neither": reconfigureRows configures the row's own cell again. Offered
            // whenever the trace reconfigures at all, so its presence tells nothing.
            if traceReconfigures { answers.append(.call(.cellForRowAt)) }
        case .nextCalls:
            answers = callSequences(truth)
        case .cellForRow:
            answers = [.newCell] + reusableCells(state)
        case .nextPrefetchBatch, .nextCancellation:
            answers = rowBatches(truth)
        case .nextPass, .samePass, .nextPreparedAhead:
            answers = rowGroups(truth)
        case .cellCount, .cellForRowAtCount, .rowCount, .nextPassCount, .preparedAheadCount:
            answers = numbers(around: truth)
        case .imageShown(let row, _):
            answers = images(forRow: row, truth: truth, state: state)
        case .isStale, .comesBack:
            answers = [.yesNo(true), .yesNo(false)]
        case .compare:
            answers = [.trace(isLessonTrace: true), .trace(isLessonTrace: false)]
        }
        return finish(mistakes.map(\.answer) + answers, truth: truth, wording: wording).map { choice in
            guard !choice.isRight else { return choice }
            var explained = choice
            explained.feedback = mistakes.first { $0.matches(choice.answer) }?.feedback
                ?? MistakeFeedback.explain(choice.answer, truth: truth, query: query, state: state, wording: wording)
            return explained
        }
    }

    /// Distinct choices, at most `maximum`, exactly one accepted: the right one
    /// is added if the candidates missed it, and other accepted ones dropped.
    static func finish(_ candidates: [LessonAnswer], truth: LessonAnswer, wording: AnswerWording) -> [Choice] {
        var wrong: [LessonAnswer] = []
        var right: LessonAnswer?
        for answer in candidates {
            if truth.accepts(answer) {
                if right == nil { right = answer }
            } else if !wrong.contains(answer) {
                wrong.append(answer)
            }
        }
        let rightAnswer = right ?? truth
        var kept = Array(wrong.prefix(maximum - 1))
        // Where the right one goes: its place among the candidates when it was one
        // of them; else after a number of wrong ones that depends on the values only.
        let place = candidates.firstIndex { truth.accepts($0) }.map { index in
            candidates[..<index].filter { !truth.accepts($0) }.count
        } ?? (wording.describe(truth).unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % (kept.count + 1))
        kept.insert(rightAnswer, at: min(place, kept.count))
        var seen: Set<String> = []
        return kept.compactMap { answer in
            let label = wording.describe(answer)
            guard seen.insert(label).inserted else { return nil }
            return Choice(label: label, answer: answer, isRight: truth.accepts(answer))
        }
    }

    /// The orders a learner confuses the true one with: init and
    /// prepareForReuse swapped, and neighbouring calls out of order (the true
    /// order is left out, for `finish` to place by its value).
    static func callSequences(_ truth: LessonAnswer) -> [LessonAnswer] {
        guard case .calls(let kinds) = truth, !kinds.isEmpty else { return [] }
        var out: [LessonAnswer] = []
        let swapped = kinds.map { kind -> EventKind in
            kind == .initCell ? .prepareForReuse : kind == .prepareForReuse ? .initCell : kind
        }
        out.append(.calls(swapped))
        for index in 0..<(kinds.count - 1) where kinds[index] != kinds[index + 1] {
            var changed = kinds
            changed.swapAt(index, index + 1)
            out.append(.calls(changed))
        }
        // Too few so far (a single call, or the same call repeated): the last call
        // replaced by each of the calls a learner knows, in lifecycle order.
        let known: [EventKind] = [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying, .deinitCell]
        for kind in known where Set(out.map { "\($0)" }).count < 3 && kind != kinds.last {
            out.append(.calls(Array(kinds.dropLast()) + [kind]))
        }
        return out
    }

    /// Every cell that could be handed out: in a pool, kept aside, just off
    /// screen (with the row it showed), oldest first.
    static func reusableCells(_ state: ReplayState) -> [LessonAnswer] {
        state.cells.compactMap { cell in
            switch cell.phase {
            case .pooled, .offscreen, .keptAside, .unknown:
                return .reusedCell(cell: cell.id, previousRow: cell.lastRow)
            default:
                return nil
            }
        }
    }

    /// The batch, and the same number of rows one batch before and after it.
    static func rowBatches(_ truth: LessonAnswer) -> [LessonAnswer] {
        guard case .rows(let rows) = truth, let low = rows.min(), let high = rows.max() else { return [truth, .rows([0])] }
        let span = max(1, rows.count)
        var out: [LessonAnswer] = []
        if low >= span { out.append(.rows(rows.map { $0 - span })) }
        out.append(truth)
        if high < Int.max - span { out.append(.rows(rows.map { $0 + span })) }
        if rows.count > 2 { out.append(.rows(Array(rows.dropLast(rows.count / 2)))) }
        return out
    }

    /// Rows that went together, and the usual mistakes: one row alone (as a
    /// table would do it), the group before and after, the group with the next
    /// row too. In order of their first row.
    static func rowGroups(_ truth: LessonAnswer) -> [LessonAnswer] {
        guard case .rows(let rows) = truth, let low = rows.min(), let high = rows.max(), high < Int.max - 2 * rows.count else {
            return [truth, .rows([0])]
        }
        let span = max(1, rows.count)
        var out: [LessonAnswer] = []
        if low >= span { out.append(.rows(rows.map { $0 - span })) }
        if rows.count > 1 { out.append(.rows([low])) }
        out.append(truth)
        out.append(.rows(rows + [high + 1]))
        out.append(.rows(rows.map { $0 + span }))
        return out
    }

    /// Five whole numbers around the right one, none negative, in order.
    static func numbers(around truth: LessonAnswer) -> [LessonAnswer] {
        guard case .number(let n) = truth, n < Int.max - 8 else { return [truth] }
        // The right one's place among the five depends on the value, not always the middle.
        let below = min(n, n % 5)
        return ((n - below)...(n - below + 4)).map { .number($0) }
    }

    /// Nothing, the placeholder, the row's own image, and the images the live
    /// cells' image views hold (in image order), where a stale image comes from.
    static func images(forRow row: Int, truth: LessonAnswer, state: ReplayState) -> [LessonAnswer] {
        var held: Set<Int> = []
        for cell in state.cells where cell.phase != .deallocated {
            if case .image(let number) = cell.image { held.insert(number) }
        }
        return [.image(.nothing), .image(.placeholder), .image(.image(state.expectedImage(forRow: row)))]
            + held.sorted().map { .image(.image($0)) }
    }
}
