import ReuseLabTestSupport
import Foundation
import Testing
@testable import Lessons
import TraceModel
import ToolSupport
import TraceCoding

/// The lesson page asks with choices made in Swift. For every bundled lesson:
/// exactly one choice is right, rightness is the runner's own `accepts`, and
/// each choice's label typed at the terminal prompt is read by `AnswerReader`
/// as the same answer — so the page and the terminal check answers alike.
@Suite
final class AnswerChoicesTests {
    /// The sample lessons; every bundled lesson in `AnswerChoicesSecondTierTests`.
    @Test func testEveryQuestionOfTheSampleLessonsHasExactlyOneRightChoiceJudgedAsTheTerminalJudges() throws {
        #expect((try Self.checkChoices(BundledFiles.sampleLessons.map(BundledFiles.lessonPath))) > 15)
    }

    /// Checks every question of the lessons at `paths`; how many there were.
    static func checkChoices(_ paths: [String]) throws -> Int {
        var questions = 0
        for path in paths {
            let run = try LessonRun(try LoadedLesson.load(path: path))
            let walk = try LessonWalkthrough(run)
            #expect(walk.stops.count == run.loaded.lesson.steps.count)
            for (index, stop) in walk.stops.enumerated() {
                let step = run.loaded.lesson.steps[index]
                let resolved = try run.loaded.resolve(step: index)
                #expect(stop.pause == resolved.pause)
                for (number, question) in stop.questions.enumerated() {
                    questions += 1
                    let place = "\((path as NSString).lastPathComponent) step \(index + 1) question \(number + 1)"
                    let truth = resolved.answers[number]
                    let query = step.questions[number].query
                    let wording = run.loaded.wording(for: step.questions[number])
                    #expect(question.choices.filter(\.isRight).count == 1, "\(place): \(question.choices.map(\.label))")
                    #expect(question.choices.count >= 2, "\(place): a choice of one gives the answer away")
                    #expect(question.choices.count <= AnswerChoices.maximum)
                    #expect(Set(question.choices.map(\.label)).count == question.choices.count, "\(place): two choices read the same")
                    for choice in question.choices {
                        #expect(choice.isRight == truth.accepts(choice.answer), "\(place): \(choice.label)")
                        // Typed at the prompt, the label is the same answer.
                        if let typed = AnswerReader.read(choice.label, for: query, wording: wording) {
                            #expect(truth.accepts(typed) == choice.isRight, "\(place): typing \"\(choice.label)\"")
                        } else {
                            Issue.record("\(place): the terminal cannot read \"\(choice.label)\"")
                        }
                    }
                    #expect(question.answer == wording.describe(truth))
                }
                #expect(stop.revealSteps.allSatisfy { $0 >= stop.pause }, "a reveal shows what came after the pause")
            }
        }
        return questions
    }

    /// Over the sample lessons; over every bundled lesson in `AnswerChoicesSecondTierTests`.
    @Test func testTheRightChoiceIsNotAlwaysInTheSamePlace() throws {
        try Self.checkPlaces(BundledFiles.sampleLessons.map(BundledFiles.lessonPath))
    }

    static func checkPlaces(_ paths: [String]) throws {
        var places: Set<Int> = []
        for path in paths {
            let walk = try LessonWalkthrough(try LessonRun(try LoadedLesson.load(path: path)))
            for stop in walk.stops {
                for question in stop.questions where question.choices.count > 2 {
                    places.insert(question.choices.firstIndex(where: \.isRight) ?? -1)
                }
            }
        }
        #expect(places.count >= 3, "right choices sit at \(places.sorted())")
    }

    @Test func testNumbersSurroundTheAnswerWithoutGoingNegative() {
        #expect(AnswerChoices.numbers(around: .number(0)) == (0...4).map { LessonAnswer.number($0) })
        #expect(AnswerChoices.numbers(around: .number(7)) == (5...9).map { LessonAnswer.number($0) })
        #expect(AnswerChoices.numbers(around: .number(Int.max)) == [.number(Int.max)])
    }

    @Test func testCallSequencesOfOneCallStillOfferOthers() {
        let choices = AnswerChoices.finish(AnswerChoices.callSequences(.calls([.willDisplay])), truth: .calls([.willDisplay]),
                                           wording: AnswerWording(thisTrace: "", otherTrace: ""))
        #expect(choices.count >= 3)
        #expect(choices.filter(\.isRight).map(\.label) == ["willDisplay"])
    }
}

/// `AnswerChoicesTests` over every bundled lesson.
@Suite(SecondTier.enabled("the answer choices of every bundled lesson"))
final class AnswerChoicesSecondTierTests {

    @Test func testEveryQuestionOfEveryLessonHasExactlyOneRightChoiceJudgedAsTheTerminalJudges() throws {
        let paths = try bundledLessons()
        #expect(paths.count >= 18)
        #expect((try AnswerChoicesTests.checkChoices(paths)) > 40)
    }

    @Test func testTheRightChoiceIsNotAlwaysInTheSamePlace() throws {
        try AnswerChoicesTests.checkPlaces(try bundledLessons())
    }
}
