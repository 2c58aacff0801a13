import ReuseLabTestSupport
import Foundation
import Testing
import Replay

/// `reuselab replay`'s options, through the built binary: --only (kinds and
/// groups), --from and --to, --frames, --picture, --json, --summary, and the
/// usage errors.
@Suite
final class ReplayOptionsTests {
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

    @Test func testDefaultListingShowsEveryStep() throws {
        let result = replayCommand(["replay", noReset])
        let last = try BundledFiles.lastStep(of: "images-async-no-reset")
        #expect(result.status == 0, Comment(rawValue: result.err))
        // The title and its details take 92 columns: the details go on the next line.
        #expect(result.out.hasPrefix("Stale images: each picture set when it arrives, nothing cleared on reuse\n(modern profile, strategy async-no-reset, \(last + 1) steps)\n"), Comment(rawValue: result.out))
        #expect(listedSeqs(result.out) == Array(0...last))
        // A reuse and the STALE frame it leads to.
        #expect(result.out.contains(" 248     900 ms  prepareForReuse    Inside cellForRowAt for row 23,\n"), Comment(rawValue: result.out))
        #expect(result.out.contains(" 265    1000 ms  frame              [STALE] Frame 60: offset 173 pt, rows 3–23.\n"), Comment(rawValue: result.out))
        // Frames without news take one short line.
        #expect(result.out.contains(" 258     950 ms  frame              Frame 57: offset 151 pt, rows 3–22.\n"))
        #expect(!(result.out.contains("\u{1B}")), "no colour in captured output")
    }

    @Test func testOnlyKinds() {
        let result = replayCommand(["replay", noReset, "--only", "init,prepareForReuse"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let kinds = listedKinds(result.out)
        #expect(kinds.filter { $0 == "init" }.count == 23)
        #expect(kinds.filter { $0 == "prepareForReuse" }.count == 54)
        #expect(Set(kinds) == ["init", "prepareForReuse"])
    }

    @Test func testOnlyGroupsAndKindsTogether() {
        // A late response: stale frames, and a late image set into a cell that moved on
        // (LATE, in the stale group); it has no hitch, the photo feed has twelve.
        let result = replayCommand(["replay", bundledTrace("late-response-async-reset"), "--only", "reuse,stale,hitch"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let kinds = Set(listedKinds(result.out))
        #expect(kinds == ["init", "prepareForReuse", "keepAside", "enqueue", "frame", "imageSet"])
        let photos = replayCommand(["replay", bundledTrace("photos-cache-coalesce"), "--only", "stale,hitch"])
        #expect(Set(listedKinds(photos.out)) == ["hitch"], Comment(rawValue: photos.out))
        // The stale group keeps only frames marked STALE.
        for line in result.out.split(separator: "\n") where line.contains("  frame  ") {
            #expect(line.contains("[STALE]"), Comment(rawValue: String(line)))
        }
        // Names match regardless of case.
        let lower = replayCommand(["replay", noReset, "--only", "PrepareForReuse"])
        #expect(Set(listedKinds(lower.out)) == ["prepareForReuse"])
    }

    @Test func testOnlyUnknownNameIsAUsageErrorWithAHint() {
        let result = replayCommand(["replay", noReset, "--only", "init,prepareForReus"])
        #expect(result.status == 64)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("reuselab: error: replay: --only: no event kind or group is called prepareForReus (did you mean prepareForReuse?)"), Comment(rawValue: result.err))
        #expect(result.err.contains("groups: reuse, display, prefetch"), Comment(rawValue: result.err))
        let group = replayCommand(["replay", noReset, "--only", "prefetsh"])
        #expect(group.err.contains("(did you mean prefetch?)"), Comment(rawValue: group.err))
        // An empty list or an empty item is refused by the command-line parser.
        for list in [",", "init,,reuse", ""] {
            let empty = replayCommand(["replay", noReset, "--only", list])
            #expect(empty.status == 64, Comment(rawValue: list))
            #expect(empty.err.contains("replay: --only takes a comma-separated list without empty items"), Comment(rawValue: empty.err))
        }
    }

    @Test func testFromAndTo() throws {
        let result = replayCommand(["replay", noReset, "--from", "240", "--to", "260"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(listedSeqs(result.out) == Array(240...260))
        let withOnly = replayCommand(["replay", noReset, "--from", "240", "--to", "308", "--only", "prepareForReuse"])
        #expect(listedSeqs(withOnly.out) == [248, 263, 283, 308])
        // --to past the end lists to the end.
        #expect(listedSeqs(replayCommand(["replay", noReset, "--from", "1252", "--to", "99999"]).out) == Array(1252...(try BundledFiles.lastStep(of: "images-async-no-reset"))))
        let backwards = replayCommand(["replay", noReset, "--from", "20", "--to", "10"])
        #expect(backwards.status == 64)
        #expect(backwards.err.contains("--from 20 comes after --to 10"), Comment(rawValue: backwards.err))
        let past = replayCommand(["replay", noReset, "--from", "5000"])
        #expect(past.status == 64)
        #expect(past.err.contains("--from 5000 is past the last step"), Comment(rawValue: past.err))
        #expect(past.err.contains("step \(try BundledFiles.lastStep(of: "images-async-no-reset"))"), Comment(rawValue: past.err))
        #expect(replayCommand(["replay", noReset, "--from", "-3"]).status == 64)
        #expect(replayCommand(["replay", noReset, "--to", "ten"]).status == 64)
    }

    @Test func testNothingMatches() {
        let result = replayCommand(["replay", noReset, "--only", "cacheHit"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.hasSuffix("(no step matches)\n"), Comment(rawValue: result.out))
    }

    @Test func testFramesGroupsStepsUnderFrameHeaders() {
        let result = replayCommand(["replay", noReset, "--frames", "--from", "253", "--to", "266"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Step 253 comes after frame 54 (drawn at step 250), so its group is frame 54's
        // (after the title, on two lines at 80 columns).
        #expect(lines[2] == "frame 54 (900 ms, offset 129 pt)")
        #expect(lines[3].hasPrefix("   253   916.7 ms  didEndDisplaying   Row 2 leaves the screen"), Comment(rawValue: lines[3]))
        #expect(lines.contains("frame 56 (933.3 ms, offset 143.7 pt)"), Comment(rawValue: result.out))
        #expect(lines.contains("frame 60 (1000 ms, offset 173 pt)"), Comment(rawValue: result.out))
        // Under its header a frame's step says only its rows, and what is stale.
        #expect(result.out.contains("   265    1000 ms  frame              [STALE] Rows 3–23 on screen. STALE: cell"), Comment(rawValue: result.out))
        #expect(listedSeqs(result.out) == Array(253...266))
        // Steps before the first frame.
        let start = replayCommand(["replay", noReset, "--frames", "--to", "2"])
        #expect(start.out.contains("\nbefore the first frame\n     0"), Comment(rawValue: start.out))
    }

    @Test func testPictureAfterTheLastListedStep() {
        let result = replayCommand(["replay", noReset, "--to", "265", "--only", "prepareForReuse,frame", "--picture"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.contains("\nState after step 265 (1000 ms):\nt = 1000 ms   offset 173 pt   modern profile"), Comment(rawValue: result.out))
        #expect(result.out.contains("| row 23    cell #1  image: image 0   << STALE"), Comment(rawValue: result.out))
    }

    @Test func testJSONLines() throws {
        let result = replayCommand(["replay", noReset, "--json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == (try BundledFiles.lastStep(of: "images-async-no-reset")) + 1)
        var previousFrame = 0
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], Comment(rawValue: String(line)))
            // "inferred" only where the explanation rests on a rule Apple does not document;
            // "inside" only on a dequeue's init or prepareForReuse, naming the cellForRowAt it runs in.
            // "code" where the step happened at a line of the app's code the trace carries.
            #expect(object.keys.sorted().filter { !["inferred", "inside", "code", "relatedCode"].contains($0) } == ["frame", "kind", "marks", "seq", "t", "text"])
            if let code = object["code"] as? [String: Any] {
                #expect((code["file"] as? String) == "AsyncNoResetStrategy.swift", Comment(rawValue: String(line)))
                #expect((code["line"] as? Int ?? 0) > 0, Comment(rawValue: String(line)))
            }
            if let rule = object["inferred"] as? String { #expect(InferredRule(rawValue: rule) != nil, Comment(rawValue: rule)) }
            if let inside = object["inside"] as? Int {
                #expect(["init", "prepareForReuse"].contains(object["kind"] as? String), Comment(rawValue: String(line)))
                #expect(inside > index, "the call a dequeue runs inside is listed after it")
                let call = try #require(try JSONSerialization.jsonObject(with: Data(lines[inside].utf8)) as? [String: Any])
                #expect((call["kind"] as? String) == "cellForRowAt", Comment(rawValue: String(line)))
            } else {
                #expect(!(object["kind"] as? String == "init"), "every init here runs inside a cellForRowAt: \(line)")
            }
            #expect((object["seq"] as? Int) == index)
            #expect((object["t"] as? Double) != nil)
            #expect(!((object["text"] as? String ?? "").isEmpty))
            let frame = try #require(object["frame"] as? Int)
            #expect(frame >= previousFrame)
            previousFrame = frame
            #expect((object["marks"] as? [String]) != nil)
        }
        let stale = try #require(try JSONSerialization.jsonObject(with: Data(lines[265].utf8)) as? [String: Any])
        #expect((stale["kind"] as? String) == "frame")
        #expect((stale["frame"] as? Int) == 60)
        #expect((stale["t"] as? Double) == 1000)
        #expect((stale["marks"] as? [String]) == ["STALE"])
        #expect((stale["text"] as? String ?? "").contains("STALE: cell #1 now shows row 23"))
        // --json keeps to --only, --from and --to.
        let some = replayCommand(["replay", noReset, "--json", "--only", "reuse", "--from", "244", "--to", "266"])
        let kinds = try some.out.split(separator: "\n").map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["kind"] as? String)
        }
        #expect(kinds == ["prepareForReuse", "keepAside", "enqueue", "prepareForReuse"])
        let reuse = some.out.split(separator: "\n")[0]
        #expect(reuse.contains(#""marks":["REUSE"],"inside":249,"code":{"file":"AsyncNoResetStrategy.swift","line":42,"text":"#), Comment(rawValue: String(reuse)))
    }

    @Test func testSummaryOfImagesAsyncNoReset() throws {
        let result = replayCommand(["replay", noReset, "--summary"])
        let last = try BundledFiles.lastStep(of: "images-async-no-reset")
        #expect(result.status == 0, Comment(rawValue: result.err))
        let text = result.out.flattened
        #expect(result.out.hasPrefix("Stale images: each picture set when it arrives, nothing cleared on reuse\nmodern profile, strategy async-no-reset, \(last + 1) steps over 6066.7 ms\n"), Comment(rawValue: result.out))
        #expect(text.contains("23 cells served 49 different rows"), Comment(rawValue: result.out))
        #expect(text.contains("The first reuse, step 248, at 900 ms: Inside cellForRowAt for row 23, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), Comment(rawValue: result.out))
        #expect(text.contains("The first STALE moment, step 265, at 1000 ms: cell #1 now shows row 23 but its image view still holds row 0's image (image 0) — nothing reset it in prepareForReuse."), Comment(rawValue: result.out))
        #expect(text.contains("a stale image is on screen for 3031.1 ms (182 frames)"), Comment(rawValue: result.out))
        // Its decoding is short work: no frame is late.
        #expect(text.contains("No hitch: the main thread never makes the screen miss a frame."), Comment(rawValue: result.out))
        #expect(text.contains("The first complete screen (every visible row showing its own image) is drawn at 267.6 ms, step 180."), Comment(rawValue: result.out))
        #expect(text.contains("77 downloads (2.2 MB). No cache hit."), Comment(rawValue: result.out))
        #expect(text.contains("The screen goes away at step \(last - 24) (6066.7 ms); 23 cells are deallocated with the table view, 19 of them still on screen and without didEndDisplaying."), Comment(rawValue: result.out))
        // Then the metrics, as 'stats' prints them (without its title line).
        #expect(result.out.contains("\nMetrics\n  cells created                  23\n"), Comment(rawValue: result.out))
        #expect(result.out.contains("  stale frames                   182 frames\n"), Comment(rawValue: result.out))
    }

    @Test func testSummaryOfLateResponseAndPrefetching() {
        let late = replayCommand(["replay", bundledTrace("late-response-async-reset"), "--summary"]).out.flattened
        #expect(late.contains("The first LATE moment, step 615, at 2515 ms: image 2 (row 2's image) is written into cell #3, which has moved on to row 26"), Comment(rawValue: late))
        #expect(late.contains("The first STALE moment, step 618"), Comment(rawValue: late))
        #expect(late.contains("Row 2's image takes 2.5 s"), "the instructor's note: \(late)")
        let prefetch = replayCommand(["replay", bundledTrace("prefetch-on"), "--summary"]).out.flattened
        #expect(prefetch.contains("62 prefetch batches ask for 80 rows ahead of time; the first, step 82, at 0 ms: Prefetch batch 1: rows 19–28"), Comment(rawValue: prefetch))
        #expect(prefetch.contains("10 cancellations take back 10 rows; the first, step 1229"), Comment(rawValue: prefetch))
        let firstScreen = replayCommand(["replay", bundledTrace("first-screen"), "--summary"]).out.flattened
        #expect(firstScreen.contains("19 cells served 19 different rows: every row that appears gets a new cell (init); no cell is ever reused."), Comment(rawValue: firstScreen))
    }

    @Test func testSummaryAsJSON() throws {
        let result = replayCommand(["replay", noReset, "--summary", "--json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((object["title"] as? String) == "Stale images: each picture set when it arrives, nothing cleared on reuse")
        let points = try #require(object["points"] as? [String])
        #expect(points.contains { $0.hasPrefix("The first reuse, step 248") })
        let stats = try #require(object["stats"] as? [String: Any])
        let metrics = try #require(stats["metrics"] as? [String: Any])
        #expect((metrics["cellsCreated"] as? Int) == 23)
    }

    @Test func testOptionsThatDoNotGoTogether() {
        for (options, message) in [
            (["--step", "--json"], "--step cannot be combined with --json"),
            (["--step", "--only", "init"], "--step cannot be combined with --only"),
            (["--summary", "--from", "3"], "--summary cannot be combined with --from"),
            (["--json", "--frames"], "--json cannot be combined with --frames"),
            (["--json", "--picture"], "--json cannot be combined with --picture"),
        ] {
            let result = replayCommand(["replay", noReset] + options)
            #expect(result.status == 64, "\(options)")
            #expect(result.err.contains(message), "\(options): \(result.err)")
            #expect(result.out == "")
        }
        let stdinStep = replayCommand(["replay", "-", "--step"])
        #expect(stdinStep.status == 64)
        #expect(stdinStep.err.contains("--step reads its commands from standard input"), Comment(rawValue: stdinStep.err))
        let none = replayCommand(["replay"])
        #expect(none.status == 64)
        #expect(none.err.contains("replay: expected TRACE (the trace file); see 'reuselab replay --help'"), Comment(rawValue: none.err))
        let two = replayCommand(["replay", noReset, "other.trace.json"])
        #expect(two.status == 64)
        #expect(two.err.contains("replay: unexpected argument 'other.trace.json' (it takes TRACE)"), Comment(rawValue: two.err))
        let noValue = replayCommand(["replay", noReset, "--from"])
        #expect(noValue.status == 64)
        #expect(noValue.err.contains("replay: the option --from needs a value (N)"), Comment(rawValue: noValue.err))
        #expect(replayCommand(["replay", noReset, "--json=yes"]).err.contains("--json takes no value"))
        let typo = replayCommand(["replay", noReset, "--summray"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("did you mean --summary?"), Comment(rawValue: typo.err))
    }

    @Test func testHelpAndBadFiles() {
        let help = replayCommand(["replay", "--help"])
        #expect(help.status == 0)
        for part in ["--only LIST", "--frames", "--step", "--summary", "  reuse     init, prepareForReuse, deinit, enqueue, keepAside", "NO_COLOR",
                     "Usage: reuselab replay TRACE [--from N]", "       reuselab replay TRACE --step [--from N] [--picture]\n",
                     "       reuselab replay TRACE --summary [--json]\n", "  TRACE        the trace file (- reads standard input)\n",
                     "  --from N     start at step N", "\nGroups for --only (and for k when stepping):\n", "    stale     steps marked STALE, LATE or WRONG ROW\n",
                     "\nStepping:\n", "    printf 'g 248\\np\\ns\\nq\\n' |\n", "\nExamples:\n"] {
            #expect(help.out.contains(part), Comment(rawValue: part))
        }
        // Every kind and every group is in the list, which is generated from them.
        for kind in EventFilter.kindNames {
            #expect(help.out.contains(" \(kind)\n") || help.out.contains(" \(kind),"), Comment(rawValue: kind))
        }
        for group in EventFilter.groupNames {
            #expect(help.out.contains("\n    \(group) "), Comment(rawValue: group))
        }
        #expect(replayCommand(["help", "replay"]).out == help.out, "'reuselab help replay' is 'reuselab replay --help'")
        #expect(replayCommand(["replay", "/no/such/trace.json"]).status == 66)
        let broken = replayCommand(["replay", bundledTrace("images-async-no-reset").replacingOccurrences(of: ".trace.json", with: ".scenario.json")])
        #expect(broken.status == 65, Comment(rawValue: broken.err))
    }

    /// A trace without events: a title and a note, for the listing, the summary and JSON.
    @Test func testEmptyTrace() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("empty.trace.json", #"{"format":"reuselab-trace","version":1,"title":"Nothing","profile":"classic","events":[]}"#)
        #expect(replayCommand(["replay", path]).out == "Nothing (classic profile, 0 steps)\n(the trace has no events)\n")
        #expect(replayCommand(["replay", path, "--json"]).out == "")
        #expect(replayCommand(["replay", path, "--summary"]).status == 0)
        #expect(replayCommand(["replay", path, "--from", "1"]).status == 64)
    }
}

/// `replay` refuses an invalid trace in `validate`'s own words, line and column included.
@Suite
final class ReplayInvalidTraceTests {
    @Test func testReplayAndValidateGiveTheSameError() throws {
        let folder = try ScratchFolder()
        let text = """
        {"format": "reuselab-trace", "version": 1, "title": "bad", "profile": "classic", "events": [
          {"seq": 0, "t": 0, "kind": "init", "cell": 1, "identifier": "Cell"},
          {"seq": 1, "t": 0, "kind": "willDisplay", "row": 3, "cell": 1}
        ]}
        """
        let path = try folder.write("bad.trace.json", text)
        let validate = try ReplayBinary.run(["validate", path])
        #expect(validate.status == 65)
        #expect(validate.err.hasPrefix("reuselab: error: \(path):3:3: event 1"), Comment(rawValue: validate.err))
        for arguments in [["replay", path], ["replay", path, "--summary"], ["replay", path, "--json"], ["stats", path]] {
            let run = try ReplayBinary.run(arguments)
            #expect(run.status == 65, "\(arguments)")
            #expect(run.err == validate.err, "\(arguments) words the error as validate does")
        }
    }
}
