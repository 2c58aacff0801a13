import ReuseLabTestSupport
import Foundation
import XCTest
import Replay

/// `reuselab replay`'s options, through the built binary: --only (kinds and
/// groups), --from and --to, --frames, --picture, --json, --summary, and the
/// usage errors.
final class ReplayOptionsTests: XCTestCase {
    let noReset = bundledTrace("images-async-no-reset")

    /// The seq numbers of the step lines of a listing ("SEQ  TIME ms  KIND …").
    func listedSeqs(_ out: String) -> [Int] {
        out.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 4, words[2] == "ms" else { return nil }
            return Int(words[0])
        }
    }

    /// The kind column of each step line.
    func listedKinds(_ out: String) -> [String] {
        out.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 4, Int(words[0]) != nil, words[2] == "ms" else { return nil }
            return String(words[3])
        }
    }

    func testDefaultListingShowsEveryStep() {
        let result = replayCommand(["replay", noReset])
        XCTAssertEqual(result.status, 0, result.err)
        // The title and its details take 92 columns: the details go on the next line.
        XCTAssertTrue(result.out.hasPrefix("Shared scroll, strategy async-no-reset\n(modern profile, strategy async-no-reset, 1266 steps)\n"), result.out)
        XCTAssertEqual(listedSeqs(result.out), Array(0..<1266))
        // A reuse and the STALE frame it leads to.
        XCTAssertTrue(result.out.contains(" 248     900 ms  prepareForReuse    Inside cellForRowAt for row 23,\n"), result.out)
        XCTAssertTrue(result.out.contains(" 265    1000 ms  frame              [STALE] Frame 60: offset 173 pt, rows 3–23.\n"), result.out)
        // Frames without news take one short line.
        XCTAssertTrue(result.out.contains(" 258     950 ms  frame              Frame 57: offset 151 pt, rows 3–22.\n"))
        XCTAssertFalse(result.out.contains("\u{1B}"), "no colour in captured output")
    }

    func testOnlyKinds() {
        let result = replayCommand(["replay", noReset, "--only", "init,prepareForReuse"])
        XCTAssertEqual(result.status, 0, result.err)
        let kinds = listedKinds(result.out)
        XCTAssertEqual(kinds.filter { $0 == "init" }.count, 23)
        XCTAssertEqual(kinds.filter { $0 == "prepareForReuse" }.count, 54)
        XCTAssertEqual(Set(kinds), ["init", "prepareForReuse"])
    }

    func testOnlyGroupsAndKindsTogether() {
        let result = replayCommand(["replay", noReset, "--only", "reuse,stale,hitch"])
        XCTAssertEqual(result.status, 0, result.err)
        let kinds = Set(listedKinds(result.out))
        XCTAssertEqual(kinds, ["init", "prepareForReuse", "keepAside", "enqueue", "deinit", "frame", "hitch"])
        // The stale group keeps only frames marked STALE.
        for line in result.out.split(separator: "\n") where line.contains("  frame  ") {
            XCTAssertTrue(line.contains("[STALE]"), String(line))
        }
        // Names match regardless of case.
        let lower = replayCommand(["replay", noReset, "--only", "PrepareForReuse"])
        XCTAssertEqual(Set(listedKinds(lower.out)), ["prepareForReuse"])
    }

    func testOnlyUnknownNameIsAUsageErrorWithAHint() {
        let result = replayCommand(["replay", noReset, "--only", "init,prepareForReus"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.hasPrefix("reuselab: error: replay: --only: no event kind or group is called prepareForReus (did you mean prepareForReuse?)"), result.err)
        XCTAssertTrue(result.err.contains("groups: reuse, display, prefetch"), result.err)
        let group = replayCommand(["replay", noReset, "--only", "prefetsh"])
        XCTAssertTrue(group.err.contains("(did you mean prefetch?)"), group.err)
        // An empty list or an empty item is refused by the command-line parser.
        for list in [",", "init,,reuse", ""] {
            let empty = replayCommand(["replay", noReset, "--only", list])
            XCTAssertEqual(empty.status, 64, list)
            XCTAssertTrue(empty.err.contains("replay: --only takes a comma-separated list without empty items"), empty.err)
        }
    }

    func testFromAndTo() {
        let result = replayCommand(["replay", noReset, "--from", "240", "--to", "260"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(listedSeqs(result.out), Array(240...260))
        let withOnly = replayCommand(["replay", noReset, "--from", "240", "--to", "308", "--only", "prepareForReuse"])
        XCTAssertEqual(listedSeqs(withOnly.out), [248, 263, 282, 307])
        // --to past the end lists to the end.
        XCTAssertEqual(listedSeqs(replayCommand(["replay", noReset, "--from", "1252", "--to", "99999"]).out), Array(1252...1265))
        let backwards = replayCommand(["replay", noReset, "--from", "20", "--to", "10"])
        XCTAssertEqual(backwards.status, 64)
        XCTAssertTrue(backwards.err.contains("--from 20 comes after --to 10"), backwards.err)
        let past = replayCommand(["replay", noReset, "--from", "5000"])
        XCTAssertEqual(past.status, 64)
        XCTAssertTrue(past.err.contains("--from 5000 is past the last step"), past.err)
        XCTAssertTrue(past.err.contains("step 1265"), past.err)
        XCTAssertEqual(replayCommand(["replay", noReset, "--from", "-3"]).status, 64)
        XCTAssertEqual(replayCommand(["replay", noReset, "--to", "ten"]).status, 64)
    }

    func testNothingMatches() {
        let result = replayCommand(["replay", noReset, "--only", "cacheHit"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasSuffix("(no step matches)\n"), result.out)
    }

    func testFramesGroupsStepsUnderFrameHeaders() {
        let result = replayCommand(["replay", noReset, "--frames", "--from", "253", "--to", "266"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Step 253 comes after frame 54 (drawn at step 250), so its group is frame 54's
        // (after the title, on two lines at 80 columns).
        XCTAssertEqual(lines[2], "frame 54 (900 ms, offset 129 pt)")
        XCTAssertTrue(lines[3].hasPrefix("   253   916.7 ms  didEndDisplaying   Row 2 leaves the screen"), lines[3])
        XCTAssertTrue(lines.contains("frame 56 (933.3 ms, offset 143.7 pt)"), result.out)
        XCTAssertTrue(lines.contains("frame 60 (1000 ms, offset 173 pt)"), result.out)
        // Under its header a frame's step says only its rows, and what is stale.
        XCTAssertTrue(result.out.contains("   265    1000 ms  frame              [STALE] Rows 3–23 on screen. STALE: cell"), result.out)
        XCTAssertEqual(listedSeqs(result.out), Array(253...266))
        // Steps before the first frame.
        let start = replayCommand(["replay", noReset, "--frames", "--to", "2"])
        XCTAssertTrue(start.out.contains("\nbefore the first frame\n     0"), start.out)
    }

    func testPictureAfterTheLastListedStep() {
        let result = replayCommand(["replay", noReset, "--to", "265", "--only", "prepareForReuse,frame", "--picture"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("\nState after step 265 (1000 ms):\nt = 1000 ms   offset 173 pt   modern profile"), result.out)
        XCTAssertTrue(result.out.contains("| row 23    cell #1  image: image 0   << STALE"), result.out)
    }

    func testJSONLines() throws {
        let result = replayCommand(["replay", noReset, "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1266)
        var previousFrame = 0
        for (index, line) in lines.enumerated() {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            // "inferred" only where the explanation rests on a rule Apple does not document;
            // "inside" only on a dequeue's init or prepareForReuse, naming the cellForRowAt it runs in.
            // "code" where the step happened at a line of the app's code the trace carries.
            XCTAssertEqual(object.keys.sorted().filter { !["inferred", "inside", "code", "relatedCode"].contains($0) }, ["frame", "kind", "marks", "seq", "t", "text"])
            if let code = object["code"] as? [String: Any] {
                XCTAssertEqual(code["file"] as? String, "AsyncNoResetStrategy.swift", String(line))
                XCTAssertGreaterThan(code["line"] as? Int ?? 0, 0, String(line))
            }
            if let rule = object["inferred"] as? String { XCTAssertNotNil(InferredRule(rawValue: rule), rule) }
            if let inside = object["inside"] as? Int {
                XCTAssertTrue(["init", "prepareForReuse"].contains(object["kind"] as? String), String(line))
                XCTAssertGreaterThan(inside, index, "the call a dequeue runs inside is listed after it")
                let call = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[inside].utf8)) as? [String: Any])
                XCTAssertEqual(call["kind"] as? String, "cellForRowAt", String(line))
            } else {
                XCTAssertFalse(object["kind"] as? String == "init", "every init here runs inside a cellForRowAt: \(line)")
            }
            XCTAssertEqual(object["seq"] as? Int, index)
            XCTAssertNotNil(object["t"] as? Double)
            XCTAssertFalse((object["text"] as? String ?? "").isEmpty)
            let frame = try XCTUnwrap(object["frame"] as? Int)
            XCTAssertGreaterThanOrEqual(frame, previousFrame)
            previousFrame = frame
            XCTAssertNotNil(object["marks"] as? [String])
        }
        let stale = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[265].utf8)) as? [String: Any])
        XCTAssertEqual(stale["kind"] as? String, "frame")
        XCTAssertEqual(stale["frame"] as? Int, 60)
        XCTAssertEqual(stale["t"] as? Double, 1000)
        XCTAssertEqual(stale["marks"] as? [String], ["STALE"])
        XCTAssertTrue((stale["text"] as? String ?? "").contains("STALE: cell #1 now shows row 23"))
        // --json keeps to --only, --from and --to.
        let some = replayCommand(["replay", noReset, "--json", "--only", "reuse", "--from", "244", "--to", "266"])
        let kinds = try some.out.split(separator: "\n").map { line -> String in
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try XCTUnwrap(object["kind"] as? String)
        }
        XCTAssertEqual(kinds, ["prepareForReuse", "keepAside", "enqueue", "prepareForReuse"])
        let reuse = some.out.split(separator: "\n")[0]
        XCTAssertTrue(reuse.contains(#""marks":["REUSE"],"inside":249,"code":{"file":"AsyncNoResetStrategy.swift","line":42,"text":"#), String(reuse))
    }

    func testSummaryOfImagesAsyncNoReset() {
        let result = replayCommand(["replay", noReset, "--summary"])
        XCTAssertEqual(result.status, 0, result.err)
        let text = result.out.flattened
        XCTAssertTrue(result.out.hasPrefix("Shared scroll, strategy async-no-reset\nmodern profile, strategy async-no-reset, 1266 steps over 6066.7 ms\n"), result.out)
        XCTAssertTrue(text.contains("23 cells served 49 different rows"), result.out)
        XCTAssertTrue(text.contains("The first reuse, step 248, at 900 ms: Inside cellForRowAt for row 23, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), result.out)
        XCTAssertTrue(text.contains("The first STALE moment, step 265, at 1000 ms: cell #1 now shows row 23 but its image view still holds row 0's image (image 0) — nothing reset it in prepareForReuse."), result.out)
        XCTAssertTrue(text.contains("a stale image is on screen for 3050 ms (183 frames)"), result.out)
        XCTAssertTrue(text.contains("3 hitches freeze the screen for 50 ms in all; the worst, step 404"), result.out)
        XCTAssertTrue(text.contains("The first complete screen (every visible row showing its own image) is drawn at 266.7 ms, step 181."), result.out)
        XCTAssertTrue(text.contains("77 downloads (2.2 MB). No cache hit."), result.out)
        XCTAssertTrue(text.contains("The screen goes away at step 1241 (6066.7 ms); 23 cells are deallocated with the table view, 19 of them still on screen and without didEndDisplaying."), result.out)
        // Then the metrics, as 'stats' prints them (without its title line).
        XCTAssertTrue(result.out.contains("\nMetrics\n  cells created                  23\n"), result.out)
        XCTAssertTrue(result.out.contains("  stale frames                   183 frames\n"), result.out)
    }

    func testSummaryOfLateResponseAndPrefetching() {
        let late = replayCommand(["replay", bundledTrace("late-response-async-reset"), "--summary"]).out.flattened
        XCTAssertTrue(late.contains("The first LATE moment, step 610, at 2515.9 ms: image 2 (row 2's image) is written into cell #3, which has moved on to row 26"), late)
        XCTAssertTrue(late.contains("The first STALE moment, step 611"), late)
        XCTAssertTrue(late.contains("Row 2's image takes 2.5 s"), "the instructor's note: \(late)")
        let prefetch = replayCommand(["replay", bundledTrace("prefetch-on"), "--summary"]).out.flattened
        XCTAssertTrue(prefetch.contains("62 prefetch batches ask for 80 rows ahead of time; the first, step 82, at 0 ms: Prefetch batch 1: rows 19–28"), prefetch)
        XCTAssertTrue(prefetch.contains("10 cancellations take back 10 rows; the first, step 1122"), prefetch)
        let firstScreen = replayCommand(["replay", bundledTrace("first-screen"), "--summary"]).out.flattened
        XCTAssertTrue(firstScreen.contains("19 cells served 19 different rows: every row that appears gets a new cell (init); no cell is ever reused."), firstScreen)
    }

    func testSummaryAsJSON() throws {
        let result = replayCommand(["replay", noReset, "--summary", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.filter { $0 == "\n" }.count, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Shared scroll, strategy async-no-reset")
        let points = try XCTUnwrap(object["points"] as? [String])
        XCTAssertTrue(points.contains { $0.hasPrefix("The first reuse, step 248") })
        let stats = try XCTUnwrap(object["stats"] as? [String: Any])
        let metrics = try XCTUnwrap(stats["metrics"] as? [String: Any])
        XCTAssertEqual(metrics["cellsCreated"] as? Int, 23)
    }

    func testOptionsThatDoNotGoTogether() {
        for (options, message) in [
            (["--step", "--json"], "--step cannot be combined with --json"),
            (["--step", "--only", "init"], "--step cannot be combined with --only"),
            (["--summary", "--from", "3"], "--summary cannot be combined with --from"),
            (["--json", "--frames"], "--json cannot be combined with --frames"),
            (["--json", "--picture"], "--json cannot be combined with --picture"),
        ] {
            let result = replayCommand(["replay", noReset] + options)
            XCTAssertEqual(result.status, 64, "\(options)")
            XCTAssertTrue(result.err.contains(message), "\(options): \(result.err)")
            XCTAssertEqual(result.out, "")
        }
        let stdinStep = replayCommand(["replay", "-", "--step"])
        XCTAssertEqual(stdinStep.status, 64)
        XCTAssertTrue(stdinStep.err.contains("--step reads its commands from standard input"), stdinStep.err)
        let none = replayCommand(["replay"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.err.contains("replay: expected TRACE (the trace file); see 'reuselab replay --help'"), none.err)
        let two = replayCommand(["replay", noReset, "other.trace.json"])
        XCTAssertEqual(two.status, 64)
        XCTAssertTrue(two.err.contains("replay: unexpected argument 'other.trace.json' (it takes TRACE)"), two.err)
        let noValue = replayCommand(["replay", noReset, "--from"])
        XCTAssertEqual(noValue.status, 64)
        XCTAssertTrue(noValue.err.contains("replay: the option --from needs a value (N)"), noValue.err)
        XCTAssertTrue(replayCommand(["replay", noReset, "--json=yes"]).err.contains("--json takes no value"))
        let typo = replayCommand(["replay", noReset, "--summray"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.err.contains("did you mean --summary?"), typo.err)
    }

    func testHelpAndBadFiles() {
        let help = replayCommand(["replay", "--help"])
        XCTAssertEqual(help.status, 0)
        for part in ["--only LIST", "--frames", "--step", "--summary", "  reuse     init, prepareForReuse, deinit, enqueue, keepAside", "NO_COLOR",
                     "Usage: reuselab replay TRACE [--from N]", "       reuselab replay TRACE --step [--from N] [--picture]\n",
                     "       reuselab replay TRACE --summary [--json]\n", "  TRACE        the trace file (- reads standard input)\n",
                     "  --from N     start at step N", "\nGroups for --only (and for k when stepping):\n", "    stale     steps marked STALE or LATE\n",
                     "\nStepping:\n", "    printf 'g 248\\np\\ns\\nq\\n' |\n", "\nExamples:\n"] {
            XCTAssertTrue(help.out.contains(part), part)
        }
        // Every kind and every group is in the list, which is generated from them.
        for kind in EventFilter.kindNames {
            XCTAssertTrue(help.out.contains(" \(kind)\n") || help.out.contains(" \(kind),"), kind)
        }
        for group in EventFilter.groupNames {
            XCTAssertTrue(help.out.contains("\n    \(group) "), group)
        }
        XCTAssertEqual(replayCommand(["help", "replay"]).out, help.out, "'reuselab help replay' is 'reuselab replay --help'")
        XCTAssertEqual(replayCommand(["replay", "/no/such/trace.json"]).status, 66)
        let broken = replayCommand(["replay", bundledTrace("images-async-no-reset").replacingOccurrences(of: ".trace.json", with: ".scenario.json")])
        XCTAssertEqual(broken.status, 65, broken.err)
    }

    /// A trace without events: a title and a note, for the listing, the summary and JSON.
    func testEmptyTrace() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("empty.trace.json", #"{"format":"reuselab-trace","version":1,"title":"Nothing","profile":"classic","events":[]}"#)
        XCTAssertEqual(replayCommand(["replay", path]).out, "Nothing (classic profile, 0 steps)\n(the trace has no events)\n")
        XCTAssertEqual(replayCommand(["replay", path, "--json"]).out, "")
        XCTAssertEqual(replayCommand(["replay", path, "--summary"]).status, 0)
        XCTAssertEqual(replayCommand(["replay", path, "--from", "1"]).status, 64)
    }
}

/// `replay` refuses an invalid trace in `validate`'s own words, line and column included.
final class ReplayInvalidTraceTests: XCTestCase {
    func testReplayAndValidateGiveTheSameError() throws {
        let folder = try ScratchFolder()
        let text = """
        {"format": "reuselab-trace", "version": 1, "title": "bad", "profile": "classic", "events": [
          {"seq": 0, "t": 0, "kind": "init", "cell": 1, "identifier": "Cell"},
          {"seq": 1, "t": 0, "kind": "willDisplay", "row": 3, "cell": 1}
        ]}
        """
        let path = try folder.write("bad.trace.json", text)
        let validate = try ReplayBinary.run(["validate", path])
        XCTAssertEqual(validate.status, 65)
        XCTAssertTrue(validate.err.hasPrefix("reuselab: error: \(path):3:3: event 1"), validate.err)
        for arguments in [["replay", path], ["replay", path, "--summary"], ["replay", path, "--json"], ["stats", path]] {
            let run = try ReplayBinary.run(arguments)
            XCTAssertEqual(run.status, 65, "\(arguments)")
            XCTAssertEqual(run.err, validate.err, "\(arguments) words the error as validate does")
        }
    }
}
