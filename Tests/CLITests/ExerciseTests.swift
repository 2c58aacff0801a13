import ReuseLabTestSupport
import Foundation
import Synchronization
import Testing
import Exercises
import Recorder

/// The bundled exercises and the parts of `reuselab exercise` that need no
/// build: the catalog, the checks measured from traces, the list, hints, the
/// solution's gate, `--reset` and every bad input. Compiling and recording a
/// learner's file is second tier (`ExerciseBuildSecondTierTests`).
@Suite
final class ExerciseTests: FolderTestCase {
    func reuselab(_ arguments: [String], in project: TemporaryFolder? = nil) throws -> CommandResult {
        let progress = folder.path("progress")
        let environment = ProcessInfo.processInfo.environment.merging(["REUSELAB_PROGRESS_DIR": progress, "NO_COLOR": "1"]) { $1 }
        if let project {
            return try Executable.run(try Executable.require(), arguments, environment: environment, in: project)
        }
        let outcome = try ReuselabExecutable.runFromPackage(arguments, environment: ["REUSELAB_PROGRESS_DIR": progress])
        return CommandResult(status: outcome.status, out: outcome.out, err: outcome.err)
    }

    @Test func testEveryBundledExerciseReadsAndShipsItsStartingFile() throws {
        let exercises = try ExerciseCatalog.all(root: packageRoot.path)
        #expect(exercises.map(\.number) == Array(1...exercises.count), "numbered 1, 2, … without gaps")
        for exercise in exercises {
            // start/ only: the learner's own file may be half edited (.ci/run checks,
            // on a fresh clone, that it is shipped equal to start/).
            let start = try String(contentsOfFile: exercise.folder + "/start/" + exercise.file, encoding: .utf8)
            #expect(FileManager.default.fileExists(atPath: exercise.solutionPath))
            #expect(start.contains("final class \(exercise.controller)"), "\(exercise.file) declares \(exercise.controller)")
            #expect(start.contains("Exercise \(exercise.number) — "), "\(exercise.file) says which exercise it is")
            for scenario in exercise.scenarios {
                _ = try Recorder.loadScenario(path: exercise.folder + "/" + scenario)
            }
            #expect(exercise.scenarios.count >= 2, "more than one scenario, so a lucky timing cannot hide the bug")
            #expect(exercise.hints.count >= 2)
        }
    }

    /// The checks read traces only: the stale-image trace fails exercise 1 at its
    /// first STALE frame, pointing at the line that set the image and at the empty
    /// prepareForReuse; the trace with the reset passes.
    @Test func testTheChecksComeFromTheTrace() throws {
        let exercise = try ExerciseCatalog.numbered(1, root: packageRoot.path)
        let stale = try ExerciseVerdict.check(exercise, traces: [bundledTrace("images-async-no-reset")])
        #expect(!stale.passes)
        #expect(stale.outcomes.first { $0.check == .noStaleImage }?.figure == "stale frames 182")
        let moment = try #require(stale.firstFailure)
        #expect(moment.text.contains("STALE: cell #1 now shows row 23"), Comment(rawValue: moment.text))
        #expect(moment.code?.text.contains(".image = UIImage(data: imageData)") == true)
        #expect(moment.relatedCode.contains { $0.text.contains("prepareForReuse") })
        #expect(moment.picture.contains { $0.contains("STALE") })
        let reset = try ExerciseVerdict.check(exercise, traces: [bundledTrace("images-async-reset")])
        #expect(reset.passes, "\(reset.outcomes.map(\.figure))")
        // Code that never shows an image is not a fix: plain text cells fail the image check.
        let none = try ExerciseVerdict.check(exercise, traces: [bundledTrace("seed004-slow-scroll")])
        #expect(none.outcomes.contains { $0.check == .everyRowGetsItsImage && !$0.passes })
    }

    @Test func testTheListSaysWhatToDoNext() throws {
        let list = try reuselab(["exercise"])
        #expect(list.status == 0, Comment(rawValue: list.err))
        #expect(list.out.contains("1  The stale image, in exercises/01-stale-image/ProfileList.swift"), Comment(rawValue: list.out))
        #expect(list.out.contains("Next: open exercises/01-stale-image/ProfileList.swift"), Comment(rawValue: list.out))
        #expect(list.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let json = try reuselab(["exercise", "--json"])
        #expect(json.out.hasPrefix("[{\"number\":1,\"id\":\"01-stale-image\",\"title\":\"The stale image\",\"file\":\"exercises/01-stale-image/ProfileList.swift\",\"status\":\"not passed\"}"), Comment(rawValue: json.out))
    }

    @Test func testHintsComeOneAtATimeAndTheSolutionWaitsForAPass() throws {
        let first = try reuselab(["exercise", "1", "--hint"])
        #expect(first.out.hasPrefix("Hint 1 of 3: "), Comment(rawValue: first.out))
        let second = try reuselab(["exercise", "1", "--hint"])
        #expect(second.out.hasPrefix("Hint 2 of 3: "), Comment(rawValue: second.out))
        let early = try reuselab(["exercise", "1", "--solution"])
        #expect(early.status == 64)
        #expect(early.err.contains("has not passed yet"), Comment(rawValue: early.err))
        let shown = try reuselab(["exercise", "1", "--solution", "--yes"])
        #expect(shown.status == 0)
        #expect(shown.out.contains("profileImageView?.image = nil"))
    }

    /// A home folder that is not one is refused before a hint or a check, as a
    /// lesson refuses it, and no folder is made for it.
    @Test func testAHomeThatIsNotAFolderIsRefusedBeforeAHint() throws {
        let missing = folder.path("no-such-home")
        for home in [missing, "/dev/null"] {
            let outcome = try ReuselabExecutable.runFromPackage(["exercise", "1", "--hint"], environment: ["HOME": home, "REUSELAB_PROGRESS_DIR": ""])
            #expect(outcome.status == 73, Comment(rawValue: outcome.err))
            #expect(outcome.err.contains("your home folder (HOME) is not a folder") && !outcome.err.contains("NSCocoaErrorDomain"), Comment(rawValue: outcome.err))
            #expect(outcome.out.isEmpty, "no hint is shown and lost")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "no folder is made where HOME points")
    }

    @Test func testAnUnreadableProgressFileIsKeptAside() throws {
        try FileManager.default.createDirectory(atPath: folder.path("progress"), withIntermediateDirectories: true)
        try folder.write("progress/exercise-01-stale-image.json", "{ not json")
        let hint = try reuselab(["exercise", "1", "--hint"])
        #expect(hint.status == 0, Comment(rawValue: hint.err))
        #expect(try String(contentsOfFile: folder.path("progress/exercise-01-stale-image.json.corrupt"), encoding: .utf8) == "{ not json")
        #expect(try String(contentsOfFile: folder.path("progress/exercise-01-stale-image.json"), encoding: .utf8).contains("\"hintsShown\":1"))
    }

    @Test func testResetKeepsTheLearnersVersion() throws {
        let project = try TemporaryFolder(removeWhenReleased: true)
        try FileManager.default.copyItem(atPath: packageRoot.path + "/exercises", toPath: project.path("exercises"))
        let file = project.path("exercises/01-stale-image/ProfileList.swift")
        try "// my attempt\n".write(toFile: file, atomically: true, encoding: .utf8)
        let first = try reuselab(["exercise", "1", "--reset"], in: project)
        #expect(first.status == 0, Comment(rawValue: first.err))
        #expect(try String(contentsOfFile: file + ".mine", encoding: .utf8) == "// my attempt\n")
        let shipped = try String(contentsOfFile: packageRoot.path + "/exercises/01-stale-image/ProfileList.swift", encoding: .utf8)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == shipped)
        try "// second attempt\n".write(toFile: file, atomically: true, encoding: .utf8)
        _ = try reuselab(["exercise", "1", "--reset"], in: project)
        #expect(try String(contentsOfFile: file + ".mine", encoding: .utf8) == "// my attempt\n", "never overwritten")
        #expect(try String(contentsOfFile: file + ".mine-2", encoding: .utf8) == "// second attempt\n")
        // A deleted exercise file: the check says how to get it back.
        try FileManager.default.removeItem(atPath: file)
        let missing = try reuselab(["exercise", "1"], in: project)
        #expect(missing.status == 66)
        #expect(missing.err.contains("ProfileList.swift: no such file; put it back with: reuselab exercise 1 --reset"), Comment(rawValue: missing.err))
    }

    @Test func testBadUsage() throws {
        let unknown = try reuselab(["exercise", "99"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("there is no exercise 99; the exercises are 1, 2, 3"), Comment(rawValue: unknown.err))
        #expect(try reuselab(["exercise", "one"]).status == 64)
        #expect(try reuselab(["exercise", "--hint"]).status == 64)
        let noFolder = try reuselab(["exercise"], in: folder)
        #expect(noFolder.status == 66)
        #expect(noFolder.err.contains("exercises: no exercises folder here"), Comment(rawValue: noFolder.err))
    }

    @Test func testABadExerciseFileNamesThePlace() throws {
        let project = try TemporaryFolder(removeWhenReleased: true)
        try FileManager.default.createDirectory(atPath: project.path("exercises/01-broken"), withIntermediateDirectories: true)
        let original = try String(contentsOfFile: packageRoot.path + "/exercises/01-stale-image/exercise.json", encoding: .utf8)
        try project.write("exercises/01-broken/exercise.json", original.replacingOccurrences(of: "\"no-stale-image\"", with: "\"no-stale-images\""))
        let unknownCheck = try reuselab(["exercise"], in: project)
        #expect(unknownCheck.status == 65)
        #expect(unknownCheck.err.contains("exercises/01-broken/exercise.json:"), Comment(rawValue: unknownCheck.err))
        #expect(unknownCheck.err.contains("unknown check \"no-stale-images\""), Comment(rawValue: unknownCheck.err))
        try project.write("exercises/01-broken/exercise.json", original.replacingOccurrences(of: "\"ProfileList.swift\"", with: "\"../../Package.swift\""))
        let escaping = try reuselab(["exercise"], in: project)
        #expect(escaping.status == 65)
        #expect(escaping.err.contains("file must be a Swift file's name in the exercise's folder"), Comment(rawValue: escaping.err))
        // The controller's name goes into generated code: only a type's name will do.
        try project.write("exercises/01-broken/exercise.json", original.replacingOccurrences(of: "\"ProfileListViewController\"", with: "\"X(); exit(0); _ = X\""))
        let injected = try reuselab(["exercise"], in: project)
        #expect(injected.status == 65)
        #expect(injected.err.contains("controller must be the name of a class"), Comment(rawValue: injected.err))
        try project.write("exercises/01-broken/exercise.json", original.replacingOccurrences(of: "\"shared-scroll.scenario.json\"", with: "\"../../traces/x.scenario.json\""))
        let outside = try reuselab(["exercise"], in: project)
        #expect(outside.status == 65)
        #expect(outside.err.contains("scenarios[0]"), Comment(rawValue: outside.err))
        #expect(outside.err.contains("must be a path inside the exercise's folder"), Comment(rawValue: outside.err))
    }
}

/// Every exercise compiled and recorded as a learner's check runs it: as shipped
/// it fails, with its solution it passes, and each plausible wrong fix in
/// `ExerciseFixes/<exercise>/` fails; a compile error and an endless loop end
/// with status 2 and say why; `--watch` checks again when the file is saved.
/// (It builds the exercise kit, a minute the first time.) One check at a time:
/// checks share the build under `.build/exercises/`.
@Suite(.serialized, SecondTier.enabled("compiling and checking every exercise with right and wrong fixes"))
final class ExerciseBuildSecondTierTests: FolderTestCase {
    static let fixes = packageRoot.appendingPathComponent("Tests/CLITests/ExerciseFixes").path

    func check(_ number: Int, _ text: String, _ name: String = "Exercise.swift", extra: [String] = []) throws -> CommandResult {
        let file = try folder.write(name, text)
        let outcome = try ReuselabExecutable.runFromPackage(["exercise", "\(number)", "--file", file] + extra,
                                                            environment: ["REUSELAB_PROGRESS_DIR": folder.path("progress")], timeout: 1200)
        return CommandResult(status: outcome.status, out: outcome.out, err: outcome.err)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func testEveryExerciseFailsAsShippedPassesSolvedAndFailsEachWrongFix() throws {
        for exercise in try ExerciseCatalog.all(root: packageRoot.path) {
            // The catalog read from the package's folder gives absolute folders.
            let shipped = try check(exercise.number, try text(exercise.folder + "/start/" + exercise.file))
            #expect(shipped.status == 1, "\(exercise.id) as shipped: \(shipped.out)\(shipped.err)")
            let solution = try check(exercise.number, try text(exercise.solutionPath))
            #expect(solution.status == 0, "\(exercise.id) solved: \(solution.out)\(solution.err)")
            #expect(solution.out.contains("✓ Exercise \(exercise.number) passes."), Comment(rawValue: solution.out))
            let wrong = (try? FileManager.default.contentsOfDirectory(atPath: Self.fixes + "/" + exercise.id)) ?? []
            #expect(!wrong.isEmpty, "\(exercise.id) has a plausible wrong fix in ExerciseFixes/")
            for name in wrong.sorted() where name.hasSuffix(".swift") {
                let result = try check(exercise.number, try text(Self.fixes + "/" + exercise.id + "/" + name))
                #expect(result.status == 1, "\(exercise.id), wrong fix \(name): \(result.out)\(result.err)")
            }
        }
    }

    var start: String { get throws { try text(packageRoot.path + "/exercises/01-stale-image/start/ProfileList.swift") } }

    @Test func testAFailurePointsAtTheLearnersLine() throws {
        let shipped = try check(1, try start, "ProfileList.swift")
        #expect(shipped.out.contains("✗ no frame shows a row with another row's image: stale frames 182"), Comment(rawValue: shipped.out))
        #expect(shipped.out.contains("your line 41: cell.profileImageView?.image = UIImage(data: data)"), Comment(rawValue: shipped.out))
        #expect(shipped.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, Comment(rawValue: shipped.out))
    }

    @Test func testCodeThatDoesNotCompileCrashesOrNeverEndsIsStatusTwo() throws {
        let broken = try check(1, try start.replacingOccurrences(of: "        super.prepareForReuse()\n", with: "        super.prepareForReuse()\n        profileImageView.image = nil\n"), "ProfileList.swift")
        #expect(broken.status == 2, Comment(rawValue: broken.out))
        #expect(broken.out.contains("ProfileList.swift:24:9: error: value of optional type"), Comment(rawValue: broken.out))
        let crashing = try check(1, try start.replacingOccurrences(of: "        super.prepareForReuse()\n", with: "        super.prepareForReuse()\n        let none: Int? = nil\n        _ = none!\n"), "ProfileList.swift")
        #expect(crashing.status == 2, Comment(rawValue: crashing.out))
        #expect(crashing.out.contains("Your code crashed"), Comment(rawValue: crashing.out))
        let endless = try check(1, try start.replacingOccurrences(of: "        super.prepareForReuse()\n", with: "        super.prepareForReuse()\n        while true {}\n"), "ProfileList.swift")
        #expect(endless.status == 2, Comment(rawValue: endless.out))
        #expect(endless.out.contains("Your code did not finish"), Comment(rawValue: endless.out))
    }

    /// Two checks at once share the build's folder one after the other, so each
    /// compiles its own file: the shipped one fails, the solution passes.
    @Test func testTwoChecksAtOnceEachCheckTheirOwnFile() throws {
        let files = [packageRoot.path + "/exercises/01-stale-image/start/ProfileList.swift",
                     packageRoot.path + "/exercises/01-stale-image/solution/ProfileList.swift"]
        let executable = try Executable.require()
        let environment = ["REUSELAB_PROGRESS_DIR": folder.path("progress"), "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
        let statuses = Mutex<[Int32]>([0, 0])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let outcome = try? ReuselabExecutable.run(executable, ["exercise", "1", "--file", files[index]],
                                                      environment: environment,
                                                      directory: packageRoot, timeout: 1200)
            statuses.withLock { $0[index] = outcome?.status ?? -1 }
        }
        #expect(statuses.withLock { $0 } == [1, 0])
    }

    /// `--watch`: a failing check, then the file saved with the fix, then a pass
    /// that ends the watch. The test waits for the words, never for time.
    @Test func testWatchChecksAgainWhenTheFileIsSaved() throws {
        let file = try folder.write("ProfileList.swift", try start)
        var environment = ProcessInfo.processInfo.environment
        environment["REUSELAB_PROGRESS_DIR"] = folder.path("progress")
        environment["NO_COLOR"] = "1"
        let watching = try PipedProcess(try Executable.require(), ["exercise", "1", "--watch", "--file", file],
                                        environment: environment, directory: packageRoot)
        #expect(watching.expect("Ctrl-C stops.", seconds: 600), Comment(rawValue: watching.text))
        #expect(watching.text.flattened.contains("Watching \(file): save it to check again."), Comment(rawValue: watching.text))
        try text(packageRoot.path + "/exercises/01-stale-image/solution/ProfileList.swift")
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(watching.expect("✓ Exercise 1 passes.", seconds: 600), Comment(rawValue: watching.text))
        #expect(watching.waitForExit(seconds: 60))
        #expect(watching.process.terminationStatus == 0)
    }
}
