import TraceModel

/// One exercise: a Swift file of app code with a real bug, which the learner
/// edits until the recordings of its scenarios pass its checks. Read from
/// `exercises/NN-name/exercise.json` (docs/exercises.md gives the format).
public struct Exercise: Sendable, Equatable {
    /// The folder's name, `01-stale-image`; its number is the part before the dash.
    public var id: String
    public var number: Int
    public var title: String
    /// The folder, as found (`exercises/01-stale-image`).
    public var folder: String
    /// The file the learner edits, in the folder (`ProfileList.swift`).
    public var file: String
    /// The view controller class the file declares, which the recordings run.
    public var controller: String
    /// What to do, a few sentences: shown by the list and above a failing verdict.
    public var task: String
    /// Scenario files, in the folder; each is recorded with the learner's code.
    public var scenarios: [String]
    /// What the recordings must show.
    public var checks: [ExerciseCheck]
    /// Hints, given one at a time on request (`--hint`).
    public var hints: [String]
    /// A model solution, in the folder (`solution/ProfileList.swift`).
    public var solution: String
    /// What the fix teaches, shown once the exercise passes.
    public var lesson: String

    /// `folder/file`: the learner's file.
    public var filePath: String { folder + "/" + file }
    public var solutionPath: String { folder + "/" + solution }
    /// The build's product: `exercise-01`.
    public var productName: String { "exercise-" + id.prefix { $0 != "-" } }

    public init(id: String, number: Int, title: String, folder: String, file: String, controller: String, task: String,
                scenarios: [String], checks: [ExerciseCheck], hints: [String], solution: String, lesson: String) {
        self.id = id
        self.number = number
        self.title = title
        self.folder = folder
        self.file = file
        self.controller = controller
        self.task = task
        self.scenarios = scenarios
        self.checks = checks
        self.hints = hints
        self.solution = solution
        self.lesson = lesson
    }
}
