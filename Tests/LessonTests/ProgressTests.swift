import XCTest
import Foundation
@testable import Lessons

/// Progress is saved per learner, atomically, and never silently lost.
final class ProgressTests: XCTestCase {
    func testProgressRoundTripsAndResumes() throws {
        let store = ProgressStore(folder: try temporaryFolder().appendingPathComponent("learner"))
        var progress = LessonProgress(lesson: "01-first-screen", nextStep: 2)
        progress.results = [.init(step: 0, answer: "19", correct: true), .init(step: 1, answer: "reuse", correct: false)]
        try store.save(progress)
        let (loaded, warning) = store.load(lesson: "01-first-screen")
        XCTAssertNil(warning)
        XCTAssertEqual(loaded, progress)
        XCTAssertEqual(loaded?.score, 1)
    }

    func testAnInterruptedWriteLeavesTheLastSavedProgress() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        let saved = LessonProgress(lesson: "02-first-reuse-modern", nextStep: 3)
        try store.save(saved)
        // An atomic write puts the new content in a temporary file and renames it over the old one;
        // a crash before the rename leaves such a file behind, and the old progress untouched.
        try Data("{\"lesson\":\"02-first-reuse-modern\",\"nextSt".utf8).write(to: folder.appendingPathComponent(".02-first-reuse-modern.json.tmp-crashed"))
        XCTAssertEqual(store.load(lesson: "02-first-reuse-modern").progress, saved)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertTrue(names.contains("02-first-reuse-modern.json"))
    }

    func testACorruptProgressFileIsReportedAndKeptAsideNeverOverwritten() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        let file = folder.appendingPathComponent("03-first-reuse-classic.json")
        try Data("{\"lesson\": \"03-first-reuse-classic\", \"nextStep\": ".utf8).write(to: file)
        let (progress, warning) = store.load(lesson: "03-first-reuse-classic")
        XCTAssertNil(progress)
        XCTAssertTrue(warning?.contains("could not be read") == true, warning ?? "")
        XCTAssertTrue(warning?.contains(".corrupt") == true, warning ?? "")
        let aside = folder.appendingPathComponent("03-first-reuse-classic.json.corrupt")
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "{\"lesson\": \"03-first-reuse-classic\", \"nextStep\": ", "the learner's file is kept as it was")
        // A second corrupt file does not overwrite the first one kept aside.
        try Data("garbage".utf8).write(to: file)
        _ = store.load(lesson: "03-first-reuse-classic")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("03-first-reuse-classic.json.corrupt-2").path))
    }

    func testTheFolderComesFromTheEnvironment() {
        XCTAssertEqual(ProgressStore.fromEnvironment(["REUSELAB_PROGRESS_DIR": "/tmp/ana"]).folder.path, "/tmp/ana")
        XCTAssertEqual(ProgressStore.fromEnvironment(["HOME": "/home/ana"]).folder.path, "/home/ana/.reuselab/progress")
    }
}
