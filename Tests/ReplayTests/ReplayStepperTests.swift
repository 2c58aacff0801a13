import XCTest

/// `replay --step` with commands piped into the real binary, as a script or a
/// grader would drive it: n, b, g, k, s, p, q, and the end of the input.
final class ReplayStepperTests: XCTestCase {
    let noReset = bundledTrace("images-async-no-reset")

    /// The seq of each step shown, in order ("SEQ  TIME ms  KIND …" lines).
    func shownSteps(_ out: String) -> [Int] {
        out.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 4, words[2] == "ms" else { return nil }
            return Int(words[0])
        }
    }

    /// The lines printed for step `seq`, each time it is shown.
    func blocks(of seq: Int, in out: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in out.split(separator: "\n") {
            let words = line.split(separator: " ")
            let isStep = words.count >= 4 && words[2] == "ms"
            if isStep {
                if let block = current { blocks.append(block.joined(separator: "\n")) }
                current = Int(words[0]) == seq ? [line] : nil
            } else if line.hasPrefix(" "), current != nil {
                current?.append(line)
            } else if let block = current {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            }
        }
        if let block = current { blocks.append(block.joined(separator: "\n")) }
        return blocks
    }

    func testScriptedSession() throws {
        let script = "n\nn\nb\ng 248\nk frame\ns\np\nk prepareForReuse\nq\nn\nn\n"
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: script)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertTrue(result.out.hasPrefix("Shared scroll, strategy async-no-reset\n(modern profile, strategy async-no-reset, 1266 steps)\n"), result.out)
        XCTAssertTrue(result.out.contains("g N: go to step N"), "the commands are named at the start")
        // q ends the session: the commands after it are not read.
        XCTAssertEqual(shownSteps(result.out), [0, 1, 2, 1, 248, 250, 265, 282])
        // Going back shows the earlier step again, word for word.
        let stepOne = blocks(of: 1, in: result.out)
        XCTAssertEqual(stepOne.count, 2)
        XCTAssertEqual(stepOne.first, stepOne.last)
        XCTAssertTrue(result.out.contains(" 248     900 ms  prepareForReuse    Inside cellForRowAt for row 23,"), result.out)
        XCTAssertTrue(result.out.contains(" 265    1000 ms  frame              [STALE] Frame 60: offset 173 pt, rows 3–23."), result.out)
        // p: the picture of the state after step 265, between it and the next step.
        let picture = try XCTUnwrap(result.out.range(of: "State after step 265 (1000 ms):\n"))
        let next = try XCTUnwrap(result.out.range(of: " 282    1100 ms  prepareForReuse"))
        XCTAssertLessThan(picture.upperBound, next.lowerBound)
        let drawn = result.out[picture.upperBound..<next.lowerBound]
        XCTAssertTrue(drawn.contains("| row 23    cell #1  image: image 0   << STALE"), String(drawn))
        XCTAssertTrue(drawn.contains("kept aside: #3 (row 2)"), String(drawn))
    }

    func testEndOfInputQuitsCleanly() throws {
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "g 1264\n\n\nb\n")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(shownSteps(result.out), [0, 1264, 1265, 1264])
        XCTAssertTrue(result.out.contains("(this is the last step, 1265; b goes back, q quits)\n"), result.out)
        // No input at all: the first step, then a clean end.
        let empty = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "")
        XCTAssertEqual(empty.status, 0, empty.err)
        XCTAssertEqual(shownSteps(empty.out), [0])
        let none = try ReplayBinary.run(["replay", noReset, "--step"])
        XCTAssertEqual(none.status, 0, none.err)
    }

    func testMistakesAreExplainedAndTheSessionGoesOn() throws {
        let script = "b\ng\ng 99999\ng twelve\nk prepareForReus\nk\nk cacheHit\nzzz\nh\ns\ns\ns\ng120\nq\n"
        let result = try ReplayBinary.run(["replay", bundledTrace("seed004-slow-scroll"), "--step"], stdin: script)
        XCTAssertEqual(result.status, 0, result.err)
        for message in [
            "(this is the first step)",
            "(g needs a step number from 0 to 307, as in g 120)",
            "(no step 99999: steps go from 0 to 307)",
            "(no step twelve: steps go from 0 to 307)",
            "(no event kind or group is called prepareForReus (did you mean prepareForReuse?); groups: reuse, display,",
            "(k needs an event kind or group, as in k prepareForReuse or k reuse)",
            "(no cacheHit after step 0)",
            "(unknown command zzz; h shows the commands)",
            "Moving through the trace:",
            "(no STALE or LATE step after step 0)",
        ] {
            // Notes wrap to 80 columns like everything else.
            XCTAssertTrue(result.out.flattened.contains(message), "expected \(message) in:\n\(result.out)")
        }
        XCTAssertEqual(shownSteps(result.out), [0, 120])
    }

    func testStartingStepPictureEveryStepAndGroups() throws {
        let result = try ReplayBinary.run(["replay", bundledTrace("late-response-async-reset"), "--step", "--from", "600", "--picture"],
                                          stdin: "k images\ns\ns\nb\nq\n")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(shownSteps(result.out), [600, 604, 610, 611, 610])
        XCTAssertEqual(result.out.components(separatedBy: "State after step ").count - 1, 5, "a picture after every step shown")
        XCTAssertTrue(result.out.flattened.contains("[LATE] image 2 (row 2's image) is written into cell #3"), result.out)
        XCTAssertTrue(result.out.contains("| row 26    cell #3  image: image 2   << STALE"), result.out)
    }

    func testStepperOutputHasNoColourWhenPiped() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "s\np\nq\n", environment: environment)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.outBytes.contains(0x1B), "no escape sequence when standard output is a file")
        XCTAssertTrue(result.out.contains("[STALE]"))
    }
}

/// `c` in `replay --step`: the code pane under each step that ran app code.
final class StepperCodePaneTests: XCTestCase {
    func testTheFirstStaleFrameShowsTheClosureLineAndTheEmptyPrepareForReuse() throws {
        let result = try ReplayBinary.run(["replay", bundledTrace("images-async-no-reset"), "--step"], stdin: "c\ng 265\nn\nc\nn\nq\n")
        XCTAssertEqual(result.status, 0, result.err)
        let out = result.out
        let stale = try XCTUnwrap(out.range(of: " 265    1000 ms  frame "))
        let next = try XCTUnwrap(out.range(of: " 266    1000 ms  imageRequest"))
        let pane = String(out[stale.upperBound..<next.lowerBound])
        XCTAssertTrue(pane.contains("┌ AsyncNoResetStrategy.swift · tableView(_:cellForRowAt:)\n"), pane)
        XCTAssertTrue(pane.contains("│▶49              cell.profileImageView.image = UIImage(data: imageData)\n"), pane)
        XCTAssertTrue(pane.contains("│ 48              // `cell` is whatever row it shows by now"), pane)
        XCTAssertTrue(pane.contains("│ and, explaining it:\n│ 19  override func prepareForReuse() {\n│ 20      // profileImageView.image = nil"), pane)
        // The pane shows the lines, so they are not also printed under the step.
        XCTAssertFalse(pane.contains("line 49  "), pane)
        // c again: off, and the step after shows its line under it as before.
        XCTAssertTrue(out.contains("(code pane off; c shows it again)"), out)
        let afterOff = try XCTUnwrap(out.range(of: "(code pane off"))
        XCTAssertTrue(out[afterOff.upperBound...].contains("line "), String(out[afterOff.upperBound...]))
        XCTAssertFalse(out[afterOff.upperBound...].contains("┌ "), "no pane after it is turned off")
        // Only a few lines around the current one: a step and its pane fit 24 lines.
        let paneLines = pane.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") }
        XCTAssertLessThanOrEqual(paneLines.count, 10, pane)
        for line in out.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80, String(line)) }
    }

    func testAStepOfUIKitsOwnAndALogWithoutCodeSaySoOnce() throws {
        let uikit = try ReplayBinary.run(["replay", bundledTrace("images-async-no-reset"), "--step"], stdin: "g 2\nc\nn\nq\n")
        XCTAssertTrue(uikit.out.contains("(step 2 is UIKit's own: no line of the app's code ran"), uikit.out)
        let imported = try ReplayBinary.run(["replay", bundledTrace("device-seed004"), "--step"], stdin: "c\nn\nn\nq\n")
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertEqual(imported.out.components(separatedBy: "imported from a device log").count - 1, 1, imported.out)
        XCTAssertFalse(imported.out.contains("┌ "), imported.out)
        let listing = try ReplayBinary.run(["replay", bundledTrace("device-seed004")])
        XCTAssertTrue(listing.out.hasPrefix("Seed 004's device log, imported\n(modern profile, 37 steps, no source code in a device log)\n"), listing.out)
    }
}
