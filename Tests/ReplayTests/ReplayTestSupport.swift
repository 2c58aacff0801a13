import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

// Helpers for the Replay tests: hand-written traces built as text, with each event
// at a chosen virtual time, and ways to measure them.

/// A trace written by hand: a header (a scenario only when given) and events, each
/// at a time in milliseconds; `seq` is filled in.
struct HandTrace {
    var title = "hand-written"
    var profile = "modern"
    /// A collection view's columns: the header then says `"list": "collection"` and
    /// `"columns"` instead of a profile, and events name items.
    var columns: Int?
    /// Compact JSON of the scenario, or nil for a trace without one (not recorded by the engine).
    var scenario: String?
    private(set) var events: [(t: Double, body: String)] = []

    init(scenario: String? = nil) {
        self.scenario = scenario
    }

    /// Adds events, all at time `t`.
    mutating func at(_ t: Double, _ bodies: String...) {
        at(t, bodies)
    }

    mutating func at(_ t: Double, _ bodies: [String]) {
        events += bodies.map { (t, $0) }
    }

    var text: String {
        var out = "{\n"
        out += "  \"format\": \"reuselab-trace\",\n"
        out += "  \"version\": 1,\n"
        out += "  \"title\": \(quoted(title)),\n"
        if let columns {
            out += "  \"list\": \"collection\",\n  \"columns\": \(columns),\n"
        } else {
            out += "  \"profile\": \"\(profile)\",\n"
        }
        if let scenario { out += "  \"scenario\": \(scenario),\n" }
        out += "  \"events\": [\n"
        out += events.enumerated().map { index, event in
            "    {\"seq\":\(index),\"t\":\(NumberText.of(event.t)),\(event.body)}"
        }.joined(separator: ",\n")
        out += events.isEmpty ? "  ]\n}\n" : "\n  ]\n}\n"
        return out
    }

    var bytes: [UInt8] { Array(text.utf8) }

    private func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }
}

/// A scenario for recorded-looking traces: `rows` rows, the given fps and extra members.
func scenarioJSON(rows: Int = 10, fps: Int = 60, extra: String = "") -> String {
    #"{"title":"hand","profile":"modern","table":{"rows":\#(rows),"rowHeight":44,"viewportHeight":100},"strategy":"plain","fps":\#(fps),"script":[{"wait":{"ms":100}}]\#(extra)}"#
}

/// Event bodies (everything after `seq` and `t`).
enum Ev {
    static func initCell(_ cell: Int, _ identifier: String = "Cell") -> String { #""kind":"init","cell":\#(cell),"identifier":"\#(identifier)""# }
    static func cellForRowAt(_ row: Int, _ cell: Int) -> String { #""kind":"cellForRowAt","row":\#(row),"cell":\#(cell)"# }
    static func willDisplay(_ row: Int, _ cell: Int, item: Bool = false) -> String {
        #""kind":"willDisplay","\#(item ? "item" : "row")":\#(row),"cell":\#(cell)"#
    }
    static func didEndDisplaying(_ row: Int, _ cell: Int, item: Bool = false) -> String {
        #""kind":"didEndDisplaying","\#(item ? "item" : "row")":\#(row),"cell":\#(cell)"#
    }
    /// A collection view's cellForItemAt (its `item` is the global index).
    static func cellForItemAt(_ item: Int, _ cell: Int) -> String { #""kind":"cellForItemAt","item":\#(item),"cell":\#(cell)"# }
    static func prepareForReuse(_ cell: Int, previousItem: Int, _ identifier: String = "Cell") -> String {
        #""kind":"prepareForReuse","cell":\#(cell),"identifier":"\#(identifier)","previousItem":\#(previousItem)"#
    }
    static func enqueue(_ cell: Int, _ identifier: String = "Cell") -> String { #""kind":"enqueue","cell":\#(cell),"identifier":"\#(identifier)""# }
    static func prepareForReuse(_ cell: Int, previousRow: Int, _ identifier: String = "Cell") -> String {
        #""kind":"prepareForReuse","cell":\#(cell),"identifier":"\#(identifier)","previousRow":\#(previousRow)"#
    }
    static func prefetch(_ rows: [Int]) -> String { #""kind":"prefetchRowsAt","rows":[\#(rows.map(String.init).joined(separator: ","))]"# }
    static func note(_ text: String = "end") -> String { #""kind":"note","text":"\#(text)""# }

    /// A new cell created, configured and shown in `row`: three events.
    static func show(row: Int, newCell cell: Int) -> [String] {
        [initCell(cell), cellForRowAt(row, cell), willDisplay(row, cell)]
    }

    /// Cell `cell` leaves `oldRow`, joins the pool and is reused for `newRow`: five events.
    static func reuse(_ cell: Int, from oldRow: Int, for newRow: Int) -> [String] {
        [didEndDisplaying(oldRow, cell), enqueue(cell), prepareForReuse(cell, previousRow: oldRow),
         cellForRowAt(newRow, cell), willDisplay(newRow, cell)]
    }

    /// What an image view shows: `.image(n)`, or the strings "nothing" and "placeholder".
    static func shown(_ image: ImageShown) -> String {
        switch image {
        case .nothing: return "\"nothing\""
        case .placeholder: return "\"placeholder\""
        case .image(let number): return String(number)
        }
    }

    /// A frame snapshot whose cells carry what their image views show.
    static func frame(_ number: Int, _ cells: [(row: Int, cell: Int, image: ImageShown)]) -> String {
        let list = cells.map { "{\"row\":\($0.row),\"cell\":\($0.cell),\"image\":\(shown($0.image))}" }.joined(separator: ",")
        return #""kind":"frame","frame":\#(number),"offset":0,"cells":[\#(list)]"#
    }

    /// A frame snapshot of text-only cells (no `image`).
    static func textFrame(_ number: Int, _ cells: [(row: Int, cell: Int)]) -> String {
        let list = cells.map { "{\"row\":\($0.row),\"cell\":\($0.cell)}" }.joined(separator: ",")
        return #""kind":"frame","frame":\#(number),"offset":0,"cells":[\#(list)]"#
    }

    static func imageSet(_ cell: Int, _ image: ImageShown) -> String { #""kind":"imageSet","cell":\#(cell),"image":\#(shown(image))"# }
    static func imageRequest(_ request: Int, row: Int, image: Int, cause: String = "cellForRowAt") -> String {
        #""kind":"imageRequest","request":\#(request),"row":\#(row),"image":\#(image),"cause":"\#(cause)","sync":false"#
    }
    static func pageRequest(_ request: Int, firstRow: Int, count: Int) -> String {
        #""kind":"pageRequest","request":\#(request),"firstRow":\#(firstRow),"count":\#(count)"#
    }
    static func started(_ request: Int) -> String { #""kind":"requestStarted","request":\#(request)"# }
    static func coalesced(_ request: Int, row: Int) -> String { #""kind":"requestCoalesced","request":\#(request),"row":\#(row)"# }
    static func response(_ request: Int, bytes: Int, fromCache: Bool = false) -> String {
        #""kind":"response","request":\#(request),"bytes":\#(bytes),"fromCache":\#(fromCache)"#
    }
    static func failed(_ request: Int) -> String { #""kind":"requestFailed","request":\#(request),"reason":"timed out""# }
    static func cancelled(_ request: Int) -> String { #""kind":"requestCancelled","request":\#(request)"# }
    static func cacheHit(row: Int, image: Int, layer: String) -> String { #""kind":"cacheHit","row":\#(row),"image":\#(image),"layer":"\#(layer)""# }
    static func blocked(_ ms: Double) -> String { #""kind":"mainThreadBlocked","ms":\#(NumberText.of(ms)),"cause":"decode""# }
    static func hitch(frame: Int, missed: Int, ms: Double) -> String {
        #""kind":"hitch","frame":\#(frame),"missedFrames":\#(missed),"ms":\#(NumberText.of(ms)),"cause":"sync download""#
    }
    static func imageMemory(_ bytes: Int) -> String { #""kind":"imageMemory","bytes":\#(bytes)"# }
    static func beginDragging(_ offset: Double = 0) -> String { #""kind":"scrollViewWillBeginDragging","offset":\#(NumberText.of(offset))"# }
    static func endDragging(_ offset: Double = 0, willDecelerate: Bool) -> String {
        #""kind":"scrollViewDidEndDragging","offset":\#(NumberText.of(offset)),"willDecelerate":\#(willDecelerate)"#
    }
    static func endDecelerating(_ offset: Double = 0) -> String { #""kind":"scrollViewDidEndDecelerating","offset":\#(NumberText.of(offset))"# }
}

/// Measures a hand-written trace that must be valid.
func metrics(of trace: HandTrace, sourceLocation: SourceLocation = #_sourceLocation) throws -> MetricsReport {
    do {
        return try TraceMetrics.measure(bytes: trace.bytes, file: "hand.trace.json")
    } catch {
        Issue.record("expected a valid trace, got: \(error.description)\n\(trace.text)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Milliseconds as a `VirtualTime`, for comparing measured times.
func ms(_ value: Double) -> VirtualTime {
    VirtualTime(microseconds: Int64((value * 1000).rounded()))
}

/// The package's top folder (this file is Tests/ReplayTests/ReplayTestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
