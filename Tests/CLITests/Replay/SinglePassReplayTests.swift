import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import Recorder
import ReuseLabTestSupport
@testable import ReuseLabCLI

/// `replay` reads its trace once, checking it as it explains it: it must print
/// what a listing of the whole trace in memory prints, refuse a bad trace in
/// `validate`'s words with nothing printed while the output is held, and end a
/// longer listing with the error after the steps before it.
@Suite
final class SinglePassReplayTests {
    private static func capture(_ body: (CommandIO) throws(ReuseLabError) -> Int32) -> (status: Int32, out: String, error: ReuseLabError?) {
        final class Captured: @unchecked Sendable { var out = "" }
        let captured = Captured()
        let io = CommandIO(out: { captured.out += $0 }, err: { _ in }, width: 80)
        do throws(ReuseLabError) {
            return (try body(io), captured.out, nil)
        } catch {
            return (error.kind.exitStatus, captured.out, error)
        }
    }

    private func selection(from: Int? = nil, to: Int = ReplayCommand.largestStep, only: String? = nil) throws -> ReplayCommand.Selection {
        ReplayCommand.Selection(from: from ?? 0, to: to, fromGiven: from != nil, filter: try only.map { try EventFilter.parse($0) })
    }

    private static let all = ReplayCommand.Selection(from: 0, to: ReplayCommand.largestStep, fromGiven: false, filter: nil)

    // MARK: The last event, read from the end

    /// The sample traces; every bundled trace in `SinglePassReplaySecondTierTests`.
    @Test func testTheTailOfEverySampleTraceIsItsLastEvent() throws {
        try Self.checkTails(BundledFiles.sampleTraces)
    }

    static func checkTails(_ names: [String]) throws {
        for path in names.map(BundledFiles.tracePath) {
            let trace = try TraceReader.read(path: path)
            guard let last = trace.events.last else { continue }
            #expect(TraceTail.read(path: path) == TraceTail(lastSeq: last.seq, lastTime: last.time), Comment(rawValue: path))
        }
    }

    @Test func testATailThatIsNotAsRecordWritesItGivesNoHint() throws {
        let trace = try TraceReader.read(path: bundledTrace("first-screen"))
        let written = TraceWriter.text(trace)
        // Pretty-printed by hand: the last event is still one object, so it is read.
        let spaced = written.replacingOccurrences(of: "{\"seq\"", with: "{ \"seq\"")
        #expect(TraceTail.read(bytes: Array(spaced.utf8))?.lastSeq == (trace.events.count - 1))
        // Cut short, or with no events: nothing to go on.
        #expect(TraceTail.read(bytes: Array(written.utf8.dropLast(5))) == nil)
        #expect(TraceTail.read(bytes: Array("{\"format\":\"reuselab-trace\",\"version\":1,\"events\":[]}".utf8)) == nil)
        #expect(TraceTail.read(bytes: []) == nil)
        // An escape in the last event is left to the full reader: no hint, never a wrong one.
        var noted = trace
        let lastSeq = noted.events.count
        noted.events.append(TraceEvent(seq: lastSeq, time: noted.events.last?.time ?? .zero, body: .note(text: "a {\"seq\":1} in \"quotes\" }")))
        let tail = TraceTail.read(bytes: Array(TraceWriter.text(noted).utf8))
        #expect(tail == nil || tail?.lastSeq == lastSeq, "\(String(describing: tail))")
        // Braces in plain text do not mislead it.
        var braced = trace
        braced.events.append(TraceEvent(seq: lastSeq, time: braced.events.last?.time ?? .zero, body: .note(text: "{} {x} {")))
        #expect(TraceTail.read(bytes: Array(TraceWriter.text(braced).utf8))?.lastSeq == lastSeq)
    }

    // MARK: One reading prints what a whole trace in memory prints

    /// The listing as made from the whole trace in memory: its steps counted and
    /// its times measured first, then every step annotated and laid out.
    private static func listedInMemory(_ path: String, _ chosen: ReplayCommand.Selection, frames: Bool, picture: Bool) throws -> String {
        let trace = try CheckedTraceReader.read(path: path)
        let measure = try TraceFold.run(StepMeasure.self, path: path)
        final class Captured: @unchecked Sendable { var out = "" }
        let captured = Captured()
        let output = BufferedOutput(CommandIO(out: { captured.out += $0 }, err: { _ in }, width: 80))
        let layout = StepLayout(header: trace.header, steps: measure.stepCount, widestTime: measure.widestTime, style: .plain, width: 80)
        var listing = ReplayListing(layout: layout, groupByFrame: frames, picture: picture, output: output)
        listing.begin(trace.header, steps: measure.stepCount)
        var annotator = Annotator(trace: trace)
        var index = 0
        while let annotation = try annotator.step(file: path), annotation.seq <= chosen.to {
            listing.step(annotation, event: trace.events[index], state: annotator.state, selected: chosen.selects(annotation))
            index += 1
        }
        listing.finish(steps: measure.stepCount)
        output.flush()
        return captured.out
    }

    /// The sample traces; every bundled trace in `SinglePassReplaySecondTierTests`.
    @Test func testEverySampleTraceIsListedAsInMemory() throws {
        try Self.checkListings(BundledFiles.sampleTraces)
    }

    static func checkListings(_ names: [String]) throws {
        for path in names.map(BundledFiles.tracePath) {
            let listed = capture { io throws(ReuseLabError) in
                try ReplayCommand.listing(TraceSource.file(path), Self.all, groupByFrame: false, picture: false, io: io)
            }
            #expect(listed.status == 0, Comment(rawValue: path))
            #expect(listed.out == (try Self.listedInMemory(path, Self.all, frames: false, picture: false)), Comment(rawValue: path))
        }
    }

    @Test func testOptionsListAsInMemory() throws {
        let path = bundledTrace("late-response-async-reset")
        let choices: [(ReplayCommand.Selection, Bool, Bool)] = [
            (try selection(from: 240, to: 270), false, false),
            (try selection(only: "reuse,stale"), true, false),
            (try selection(from: 5), true, true),
            (try selection(to: 40), false, true),
        ]
        for (chosen, frames, picture) in choices {
            let listed = Self.capture { io throws(ReuseLabError) in
                try ReplayCommand.listing(TraceSource.file(path), chosen, groupByFrame: frames, picture: picture, io: io)
            }
            #expect(listed.out == (try Self.listedInMemory(path, chosen, frames: frames, picture: picture)), "frames \(frames), picture \(picture)")
            #expect(!listed.out.isEmpty)
        }
    }

    /// The last time shows no tenths, so the tail cannot size the time column:
    /// a first reading measures it, narrower than the last time alone suggests.
    @Test func testAColumnTheTailCannotSizeIsMeasured() throws {
        let text = """
        {"format":"reuselab-trace","version":1,"title":"whole ms","profile":"modern","events":[
        {"seq":0,"t":0,"kind":"note","text":"start"},
        {"seq":1,"t":1000,"kind":"note","text":"one second"},
        {"seq":2,"t":12000,"kind":"recordingEnded"}
        ]}
        """
        let source = TraceSource.bytes(Array(text.utf8), name: "whole.trace.json")
        #expect(source.tail == TraceTail(lastSeq: 2, lastTime: VirtualTime(microseconds: 12_000_000)))
        #expect((try source.listingMeasure().steps) == 3)
        #expect((try source.listingMeasure().widestTime) == "12000 ms".count)
        let listed = Self.capture { io throws(ReuseLabError) in
            try ReplayCommand.listing(source, Self.all, groupByFrame: false, picture: false, io: io)
        }
        #expect(listed.out.contains("\n2  12000 ms  recordingEnded"), Comment(rawValue: listed.out))
        // One time with a tenth among the last ones: as wide as any can be.
        let tenth = text.replacingOccurrences(of: "\"t\":1000,", with: "\"t\":10000.25,")
        #expect((try TraceSource.bytes(Array(tenth.utf8), name: "tenth.trace.json").listingMeasure().widestTime) == "10000.3 ms".count)
    }

    // MARK: A bad trace

    /// A long scroll of 80 rows (about 1,900 events), recorded once for the tests that break it.
    private static let longScroll = Result { () throws -> Trace in
        try Recorder.simulate(try Recorder.parseScenario(bytes: Array(LongScroll.scenarioJSON(rows: 80, strategy: "async-no-reset").utf8), file: "long.scenario.json"))
    }

    /// A trace of `count` events whose event `bad` says the wrong seq.
    private func badTrace(count: Int, bad: Int) throws -> (bytes: [UInt8], validateError: ReuseLabError) {
        let trace = try Self.longScroll.get()
        #expect(trace.events.count > count)
        var events = Array(trace.events.prefix(count))
        events[bad].seq += 7
        let bytes = Array(TraceWriter.text(Trace(header: trace.header, events: events)).utf8)
        do {
            _ = try TraceFold.run(ReplayState.self, bytes: bytes, file: "bad.trace.json")
            try Test.cancel("the trace was not refused")
        } catch let error as ReuseLabError {
            return (bytes, error)
        }
    }

    @Test func testABadTraceIsRefusedInValidatesWordsWithNothingPrinted() throws {
        let (bytes, refused) = try badTrace(count: 400, bad: 300)
        let source = TraceSource.bytes(bytes, name: "bad.trace.json")
        let runs: [(String, (CommandIO) throws(ReuseLabError) -> Int32)] = [
            ("listing", { io throws(ReuseLabError) in try ReplayCommand.listing(source, Self.all, groupByFrame: false, picture: false, io: io) }),
            ("--picture", { io throws(ReuseLabError) in try ReplayCommand.listing(source, Self.all, groupByFrame: true, picture: true, io: io) }),
            ("--json", { io throws(ReuseLabError) in try ReplayCommand.jsonLines(source, Self.all, io: io) }),
            ("--summary", { io throws(ReuseLabError) in try ReplayCommand.summary(source, json: false, io: io) }),
        ]
        for (name, run) in runs {
            let result = Self.capture(run)
            #expect(result.out == "", Comment(rawValue: name))
            #expect(result.error?.message == refused.message, Comment(rawValue: name))
            #expect(result.error?.description == refused.description, Comment(rawValue: name))
            #expect(result.status == refused.kind.exitStatus, Comment(rawValue: name))
        }
    }

    /// Past what is held, the listing has been printing: it stops with the error,
    /// every line it printed whole and each of them a step before the bad one.
    @Test func testALongListingEndsWithTheErrorAfterTheStepsBeforeIt() throws {
        let (bytes, refused) = try badTrace(count: 700, bad: 600)
        let source = TraceSource.bytes(bytes, name: "bad.trace.json")
        let listed = Self.capture { io throws(ReuseLabError) in
            try ReplayCommand.listing(source, Self.all, groupByFrame: false, picture: false, io: io, holdLimit: 10_000)
        }
        #expect(listed.error?.description == refused.description)
        #expect(listed.out.hasPrefix("A long scroll of 80 rows"), Comment(rawValue: String(listed.out.prefix(100))))
        #expect(listed.out.hasSuffix("\n"))
        let seqs = listed.out.split(separator: "\n").compactMap { line in Int(line.prefix(5).trimmingCharacters(in: .whitespaces)) }
        #expect(seqs.count > 300)
        #expect(seqs == Array(0..<seqs.count), "steps in order from the first")
        #expect((seqs.last ?? .max) < 600)

        let json = Self.capture { io throws(ReuseLabError) in
            try ReplayCommand.jsonLines(source, Self.all, io: io, holdLimit: 10_000)
        }
        #expect(json.error?.description == refused.description)
        let lines = json.out.split(separator: "\n")
        #expect(lines.count > 300)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"seq\":") && $0.hasSuffix("}") })
    }

    /// The Annotator's fold checks, and an event it refuses is answered with what
    /// `validate` says of the whole trace:
    /// a syntax error further on comes first, a later event that does not decode
    /// does not, and a bad event after the last step listed (`--to`) still counts.
    @Test func testTheErrorIsValidatesWhateverComesAfterTheBadEvent() throws {
        let (bytes, _) = try badTrace(count: 1000, bad: 100)
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        let later = try #require(lines.firstIndex { $0.contains("{\"seq\":900,") })
        var syntax = lines, undecodable = lines
        syntax[later] = syntax[later].replacingOccurrences(of: "\"kind\":", with: "\"kind\" ")
        undecodable[later] = undecodable[later].replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"nonsense")
        // An event that does not decode soon after the bad one, before the Annotator
        // has folded that far: still the bad seq, as `validate` says.
        let soon = try #require(lines.firstIndex { $0.contains("{\"seq\":200,") })
        var undecodableSoon = lines
        undecodableSoon[soon] = undecodableSoon[soon].replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"nonsense")
        for (name, text) in [("bad seq alone", lines), ("and a syntax error later", syntax), ("and a bad kind later", undecodable),
                             ("and a bad kind soon after", undecodableSoon)] {
            let variant = Array(text.joined(separator: "\n").utf8)
            let expected: ReuseLabError
            do throws(ReuseLabError) {
                _ = try TraceFold.run(ReplayState.self, bytes: variant, file: "bad.trace.json")
                Issue.record("\(name): validate took it"); return
            } catch {
                expected = error
            }
            let source = TraceSource.bytes(variant, name: "bad.trace.json")
            let first = try selection(to: 10)
            let runs: [(String, (CommandIO) throws(ReuseLabError) -> Int32)] = [
                ("listing", { io throws(ReuseLabError) in try ReplayCommand.listing(source, Self.all, groupByFrame: false, picture: false, io: io) }),
                ("--json", { io throws(ReuseLabError) in try ReplayCommand.jsonLines(source, Self.all, io: io) }),
                ("--to 10", { io throws(ReuseLabError) in try ReplayCommand.listing(source, first, groupByFrame: false, picture: false, io: io) }),
                ("--json --to 10", { io throws(ReuseLabError) in try ReplayCommand.jsonLines(source, first, io: io) }),
            ]
            for (run, body) in runs {
                let result = Self.capture(body)
                #expect(result.out == "", "\(name), \(run)")
                #expect(result.error?.description == expected.description, "\(name), \(run)")
                #expect(result.status == expected.kind.exitStatus, "\(name), \(run)")
            }
        }
    }

    @Test func testFromPastTheEndIsRefusedWithNothingPrinted() throws {
        let source = TraceSource.file(bundledTrace("first-screen"))
        let pastTheEnd = try selection(from: 999_999)
        let listed = Self.capture { io throws(ReuseLabError) in
            try ReplayCommand.listing(source, pastTheEnd, groupByFrame: false, picture: false, io: io)
        }
        #expect(listed.out == "")
        #expect(listed.error?.message.contains("is past the last step") == true, Comment(rawValue: String(describing: listed.error)))
    }
}

/// `SinglePassReplayTests`' sweeps over every bundled trace.
@Suite(SecondTier.enabled("the single-pass listing of every bundled trace"))
final class SinglePassReplaySecondTierTests {

    @Test func testTheTailOfEveryBundledTraceIsItsLastEvent() throws {
        try SinglePassReplayTests.checkTails(try BundledFiles.allTraces())
    }

    @Test func testEveryBundledTraceIsListedAsInMemory() throws {
        try SinglePassReplayTests.checkListings(try BundledFiles.allTraces())
    }
}
