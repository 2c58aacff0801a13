import Foundation
import Testing
@testable import Diff
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Event keys compare what an event means, not when or with which object it happened.
@Suite
final class DiffKeyTests {
    /// Folds `events` through a fresh key maker and returns their keys (nil for kinds not compared).
    func keys(_ events: [TraceEvent], profile: TableProfile = .modern) throws -> [String?] {
        var maker = DiffKeyMaker(header: TraceHeader(title: "test", profile: profile))
        return try events.map { event throws -> String? in try maker.key(for: event) }
    }

    func trace(_ name: String) throws -> Trace {
        try TraceReader.read(path: bundledTrace(name))
    }

    /// A trace's events recorded later and with another reuse identifier.
    func disguised(_ events: [TraceEvent]) -> [TraceEvent] {
        events.map { event in
            let body: EventBody
            switch event.body {
            case .initCell(let id, _): body = .initCell(cell: id, identifier: "PhotoCell")
            case .prepareForReuse(let id, _, let previous): body = .prepareForReuse(cell: id, identifier: "PhotoCell", previousRow: previous)
            case .enqueue(let id, _): body = .enqueue(cell: id, identifier: "PhotoCell")
            default: body = event.body
            }
            return TraceEvent(seq: event.seq, time: VirtualTime(microseconds: event.time.microseconds + 1_234_567), body: body)
        }
    }

    @Test func testTimesAndIdentifiersAreIgnored() throws {
        for name in ["images-async-no-reset", "images-cache-coalesce", "seed004-slow-scroll-classic", "late-response-task-identity-cancel"] {
            let original = try trace(name)
            let other = disguised(original.events)
            #expect(original.events != other)
            var first = DiffKeyMaker(header: original.header), second = DiffKeyMaker(header: original.header)
            var compared = 0
            for (left, right) in zip(original.events, other) {
                let a = try first.key(for: left), b = try second.key(for: right)
                #expect(a == b, "\(name) event \(left.seq)")
                if a != nil { compared += 1 }
            }
            #expect(compared > 100, Comment(rawValue: name))
        }
    }

    /// Row 0 configured, its image asked for, answered and shown — in A with cell #1
    /// and request 1 at once; in B with cell #2 and request 2, later, after row 5 took
    /// cell #1 and request 1.
    @Test func testCellIdsAndRequestNumbersAreIgnored() throws {
        func event(_ seq: Int, _ ms: Double, _ body: EventBody) -> TraceEvent {
            TraceEvent(seq: seq, time: VirtualTime(microseconds: Int64(ms * 1000)), body: body)
        }
        let a = try keys([
            event(0, 0, .initCell(cell: 1, identifier: "MyCell")),
            event(1, 0, .cellForRowAt(row: 0, cell: 1)),
            event(2, 0, .imageRequest(request: 1, row: 0, image: 0, cause: .cellForRowAt, sync: false)),
            event(3, 0, .willDisplay(row: 0, cell: 1)),
            event(4, 0, .requestStarted(request: 1)),
            event(5, 120, .response(request: 1, bytes: 30_000, fromCache: false)),
            event(6, 120, .imageSet(cell: 1, image: .image(0))),
        ])
        let b = try keys([
            event(0, 0, .initCell(cell: 1, identifier: "PhotoCell")),
            event(1, 0, .cellForRowAt(row: 5, cell: 1)),
            event(2, 0, .imageRequest(request: 1, row: 5, image: 5, cause: .cellForRowAt, sync: false)),
            event(3, 16, .initCell(cell: 2, identifier: "PhotoCell")),
            event(4, 16, .cellForRowAt(row: 0, cell: 2)),
            event(5, 16, .imageRequest(request: 2, row: 0, image: 0, cause: .cellForRowAt, sync: false)),
            event(6, 16, .willDisplay(row: 0, cell: 2)),
            event(7, 16, .requestStarted(request: 1)),
            event(8, 16, .requestStarted(request: 2)),
            event(9, 250, .response(request: 2, bytes: 30_000, fromCache: false)),
            event(10, 250, .imageSet(cell: 2, image: .image(0))),
        ])
        #expect(a[0] == b[3], "init")
        #expect(a[1] == b[4])
        #expect(a[2] == b[5])
        #expect(a[3] == b[6])
        #expect(a[5] == b[9])
        #expect(a[5] == "response row 0 image 0", "a response is keyed by what its request was for")
        #expect(a[6] == b[10])
        #expect(a[1] != b[1], "row 5 is another row")
        #expect(a[2] != b[2])
    }

    @Test func testRowsAndImagesMatter() throws {
        let start = [TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "MyCell"))]
        let row0 = try keys(start + [TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1))])
        let row1 = try keys(start + [TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 1, cell: 1))])
        #expect(row0[0] == row1[0], "both make a new cell")
        #expect(row0[1] != row1[1])
        #expect(row0[1] == "cellForRowAt row 0")

        let configured = start + [TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1))]
        func request(image: Int) -> TraceEvent {
            TraceEvent(seq: 2, time: .zero, body: .imageRequest(request: 1, row: 0, image: image, cause: .cellForRowAt, sync: false))
        }
        let image0 = try keys(configured + [request(image: 0)])
        let image3 = try keys(configured + [request(image: 3)])
        #expect(image0[2] != image3[2])
        #expect(image0[2] == "imageRequest row 0 image 0 cellForRowAt")

        let shown0 = try keys(configured + [TraceEvent(seq: 2, time: .zero, body: .imageSet(cell: 1, image: .image(0)))])
        let shownPlaceholder = try keys(configured + [TraceEvent(seq: 2, time: .zero, body: .imageSet(cell: 1, image: .placeholder))])
        #expect(shown0[2] != shownPlaceholder[2])
        #expect(shown0[2] == "imageSet row 0: image 0", "an image set on a cell is keyed by the cell's row")
    }

    @Test func testTimingKindsAreNotCompared() throws {
        let scroll = try keys([TraceEvent(seq: 0, time: .zero, body: .scrollViewWillBeginDragging(offset: -47)),
                               TraceEvent(seq: 1, time: .zero, body: .note(text: "hello"))])
        #expect(scroll == [nil, nil])
        #expect(!DiffKeyMaker.defaultKinds.contains(.frame))
        #expect(DiffKeyMaker.defaultKinds.isSuperset(of: [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .imageSet]))
        // A kind left out of `kinds` is folded (the state stays right) but not keyed.
        var maker = DiffKeyMaker(header: TraceHeader(title: "test", profile: .modern), kinds: [.cellForRowAt])
        #expect((try maker.key(for: TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "MyCell")))) == nil)
        #expect((try maker.key(for: TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 4, cell: 1)))) == "cellForRowAt row 4")
    }

    /// The differ keeps each compared event's key, its hash and its `seq`, in step.
    @Test func testASideKeepsKeysHashesAndSeqsInStep() throws {
        let original = try trace("images-async-no-reset")
        var maker = DiffKeyMaker(header: original.header)
        let expected = try original.events.compactMap { event throws -> (Int, String)? in try maker.key(for: event).map { (event.seq, $0) } }
        let bytes = Array(try bundledTraceText("images-async-no-reset").utf8)
        let side = try DiffSide.scan(.bytes(bytes, name: "trace"), kinds: DiffKeyMaker.defaultKinds)
        #expect(side.eventCount == original.events.count)
        #expect(side.keys.count == expected.count)
        #expect(side.hashes.count == expected.count)
        #expect(side.seqs.count == expected.count)
        for (index, (seq, key)) in expected.enumerated() {
            #expect(Int(side.seqs[index]) == seq)
            #expect(side.keys[index] == key)
            #expect(side.hashes[index] == StableHash.of(key))
        }
    }

    /// FNV-1a, 64 bits: the published test vectors, so keys hash alike on every machine and run.
    @Test func testStableHashIsFNV1a() {
        #expect(StableHash.of("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.of("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.of("foobar") == 0x8594_4171_f739_67e8)
        #expect(StableHash.of("willDisplay row 23") == StableHash.of("willDisplay row 23"))
        #expect(StableHash.of("willDisplay row 23") != StableHash.of("willDisplay row 32"))
    }
}

/// Keys are written as bytes; their numbers must read as Swift prints them.
@Suite
final class KeyTextTests {
    @Test func testNumbersAreWrittenAsSwiftPrintsThem() {
        for value in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 65_999, 1_000_000, -1, -10, -1_234, Int.max, Int.min] {
            var text = KeyText()
            text.number(value)
            #expect(String(decoding: text.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func testKeysAndTheirHashesAreKeptTogether() throws {
        var maker = DiffKeyMaker(header: TraceHeader(title: "test", profile: .modern))
        var keys = KeyTexts()
        let events = [TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "MyCell")),
                      TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 12, cell: 1))]
        var hashes: [UInt64?] = []
        for event in events { hashes.append(try maker.keep(event, in: &keys)) }
        #expect(keys.count == 2)
        #expect(keys[0] == "init")
        #expect(keys[1] == "cellForRowAt row 12")
        #expect(hashes == [StableHash.of("init"), StableHash.of("cellForRowAt row 12")])
    }
}
