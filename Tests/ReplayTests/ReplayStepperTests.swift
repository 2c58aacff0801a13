import Foundation
import Testing
import ReuseLabTestSupport

/// `replay --step` with commands piped into the real binary, as a script or a
/// grader would drive it: n, b, g, k, s, p, q, and the end of the input.
@Suite
final class ReplayStepperTests {
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

    @Test func testScriptedSession() throws {
        let script = "n\nn\nb\ng 248\nk frame\ns\np\nk prepareForReuse\nq\nn\nn\n"
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: script)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.err == "")
        #expect(result.out.hasPrefix("Stale images: each picture set when it arrives, nothing cleared on reuse\n(modern profile, strategy async-no-reset, \(try BundledFiles.lastStep(of: "images-async-no-reset") + 1) steps)\n"), Comment(rawValue: result.out))
        #expect(result.out.contains("g N: go to step N"), "the commands are named at the start")
        // q ends the session: the commands after it are not read.
        #expect(shownSteps(result.out) == [0, 1, 2, 1, 248, 250, 265, 283])
        // Going back shows the earlier step again, word for word.
        let stepOne = blocks(of: 1, in: result.out)
        #expect(stepOne.count == 2)
        #expect(stepOne.first == stepOne.last)
        #expect(result.out.contains(" 248     900 ms  prepareForReuse    Inside cellForRowAt for row 23,"), Comment(rawValue: result.out))
        #expect(result.out.contains(" 265    1000 ms  frame              [STALE] Frame 60: offset 173 pt, rows 3–23."), Comment(rawValue: result.out))
        // p: the picture of the state after step 265, between it and the next step.
        let picture = try #require(result.out.range(of: "State after step 265 (1000 ms):\n"))
        let next = try #require(result.out.range(of: " 283    1100 ms  prepareForReuse"))
        #expect(picture.upperBound < next.lowerBound)
        let drawn = result.out[picture.upperBound..<next.lowerBound]
        #expect(drawn.contains("| row 23    cell #1  image: image 0   << STALE"), Comment(rawValue: String(drawn)))
        #expect(drawn.contains("kept aside: #3 (row 2)"), Comment(rawValue: String(drawn)))
    }

    @Test func testEndOfInputQuitsCleanly() throws {
        let last = try BundledFiles.lastStep(of: "images-async-no-reset")
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "g \(last - 1)\n\n\nb\n")
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(shownSteps(result.out) == [0, last - 1, last, last - 1])
        #expect(result.out.contains("(this is the last step, \(last); b goes back, q quits)\n"), Comment(rawValue: result.out))
        // No input at all: the first step, then a clean end.
        let empty = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "")
        #expect(empty.status == 0, Comment(rawValue: empty.err))
        #expect(shownSteps(empty.out) == [0])
        let none = try ReplayBinary.run(["replay", noReset, "--step"])
        #expect(none.status == 0, Comment(rawValue: none.err))
    }

    @Test func testMistakesAreExplainedAndTheSessionGoesOn() throws {
        let script = "b\ng\ng 99999\ng twelve\nk prepareForReus\nk\nk cacheHit\nzzz\nh\ns\ns\ns\ng120\nq\n"
        let result = try ReplayBinary.run(["replay", bundledTrace("seed004-slow-scroll"), "--step"], stdin: script)
        #expect(result.status == 0, Comment(rawValue: result.err))
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
            #expect(result.out.flattened.contains(message), "expected \(message) in:\n\(result.out)")
        }
        #expect(shownSteps(result.out) == [0, 120])
    }

    @Test func testStartingStepPictureEveryStepAndGroups() throws {
        let result = try ReplayBinary.run(["replay", bundledTrace("late-response-async-reset"), "--step", "--from", "600", "--picture"],
                                          stdin: "k images\ns\ns\nb\nq\n")
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(shownSteps(result.out) == [600, 601, 615, 618, 617])
        #expect((result.out.components(separatedBy: "State after step ").count - 1) == 5, "a picture after every step shown")
        #expect(result.out.flattened.contains("[LATE] image 2 (row 2's image) is written into cell #3"), Comment(rawValue: result.out))
        #expect(result.out.contains("| row 26    cell #3  image: image 2   << STALE"), Comment(rawValue: result.out))
    }

    @Test func testStepperOutputHasNoColourWhenPiped() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let result = try ReplayBinary.run(["replay", noReset, "--step"], stdin: "s\np\nq\n", environment: environment)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(!result.outBytes.contains(0x1B), "no escape sequence when standard output is a file")
        #expect(result.out.contains("[STALE]"))
    }
}

/// `c` in `replay --step`: the code pane under each step that ran app code.
@Suite
final class StepperCodePaneTests {
    @Test func testTheFirstStaleFrameShowsTheClosureLineAndTheEmptyPrepareForReuse() throws {
        let result = try ReplayBinary.run(["replay", bundledTrace("images-async-no-reset"), "--step"], stdin: "c\ng 265\nn\nc\nn\nq\n")
        #expect(result.status == 0, Comment(rawValue: result.err))
        let out = result.out
        let stale = try #require(out.range(of: " 265    1000 ms  frame "))
        let next = try #require(out.range(of: " 266    1000 ms  imageRequest"))
        let pane = String(out[stale.upperBound..<next.lowerBound])
        #expect(pane.contains("┌ AsyncNoResetStrategy.swift · tableView(_:cellForRowAt:)\n"), Comment(rawValue: pane))
        #expect(pane.contains("│▶49              cell.profileImageView.image = UIImage(data: imageData)\n"), Comment(rawValue: pane))
        #expect(pane.contains("│ 48              // `cell` is whatever row it shows by now"), Comment(rawValue: pane))
        #expect(pane.contains("│ and, explaining it:\n│ 19  override func prepareForReuse() {\n│ 20      // profileImageView.image = nil"), Comment(rawValue: pane))
        // The pane shows the lines, so they are not also printed under the step.
        #expect(!(pane.contains("line 49  ")), Comment(rawValue: pane))
        // c again: off, and the step after shows its line under it as before.
        #expect(out.contains("(code pane off; c shows it again)"), Comment(rawValue: out))
        let afterOff = try #require(out.range(of: "(code pane off"))
        #expect(out[afterOff.upperBound...].contains("line "), Comment(rawValue: String(out[afterOff.upperBound...])))
        #expect(!(out[afterOff.upperBound...].contains("┌ ")), "no pane after it is turned off")
        // Only a few lines around the current one: a step and its pane fit 24 lines.
        let paneLines = pane.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") }
        #expect(paneLines.count <= 10, Comment(rawValue: pane))
        for line in out.split(separator: "\n") { #expect(line.count <= 80, Comment(rawValue: String(line))) }
    }

    @Test func testAStepOfUIKitsOwnAndALogWithoutCodeSaySoOnce() throws {
        let uikit = try ReplayBinary.run(["replay", bundledTrace("images-async-no-reset"), "--step"], stdin: "g 2\nc\nn\nq\n")
        #expect(uikit.out.contains("(step 2 is UIKit's own: no line of the app's code ran"), Comment(rawValue: uikit.out))
        let imported = try ReplayBinary.run(["replay", bundledTrace("device-seed004"), "--step"], stdin: "c\nn\nn\nq\n")
        #expect(imported.status == 0, Comment(rawValue: imported.err))
        #expect((imported.out.components(separatedBy: "imported from a device log").count - 1) == 1, Comment(rawValue: imported.out))
        #expect(!(imported.out.contains("┌ ")), Comment(rawValue: imported.out))
        let listing = try ReplayBinary.run(["replay", bundledTrace("device-seed004")])
        #expect(listing.out.hasPrefix("A real iPhone's log of a slow drag, imported\n(modern profile, 37 steps, no source code in a device log)\n"), Comment(rawValue: listing.out))
    }
}
