import ToolSupport

/// What `lesson check` finds a student would see through: the answer given away
/// before the question, a pause after the moment asked about, choices that
/// tell. Each fails the check unless the question accepts it by name, with a
/// reason an instructor can read (`"accept": [{"finding": …, "because": …}]`).
public enum ReviewFinding: String, CaseIterable, Sendable {
    case answerInTitle = "answer-in-title"
    case answerInIntroduction = "answer-in-introduction"
    case answerInNarration = "answer-in-narration"
    case answerInAsk = "answer-in-ask"
    case answerInHint = "answer-in-hint"
    /// The pause is at or after the event the question asks about.
    case pauseAfterMoment = "pause-after-moment"
    /// What the learner sees at the pause (the picture, the steps shown) already holds the answer.
    case answerAtPause = "answer-at-pause"
    /// The page's choices let the right one be guessed without knowing it.
    case guessableChoices = "guessable-choices"

    /// The text member a give-away finding is about, named as in the lesson file.
    static func inText(_ member: String) -> ReviewFinding? {
        switch member {
        case "title": return .answerInTitle
        case "introduction": return .answerInIntroduction
        case "narration": return .answerInNarration
        case "ask": return .answerInAsk
        case "hint": return .answerInHint
        default: return nil
        }
    }
}

/// An author's word that a finding is meant: the finding's name and why a
/// student is not given the answer by it.
public struct AcceptedFinding: Sendable {
    public var finding: ReviewFinding
    public var because: String
    /// Where it was written, for errors.
    var position: SourcePosition?
}
