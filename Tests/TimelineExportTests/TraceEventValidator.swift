import Foundation

/// Checks a file in Chrome's trace-event JSON ("JSON Object Format") against the
/// rules the format sets and the ones Perfetto and chrome://tracing rely on, read
/// back with Foundation's own JSON parser (nothing of the exporter's):
///
/// - the document is an object with a `traceEvents` list (and `displayTimeUnit`
///   "ms" or "ns" when given);
/// - every event has `name`, `ph`, `ts`, `pid` and `tid` of the right types
///   (metadata events may leave `ts` out), times finite and not negative, and ids
///   that fit 32 bits;
/// - `X` has a duration, not negative; an instant has a scope `s` of g, p or t;
///   a counter has arguments, every one a number; metadata names a process or a
///   thread (`args.name`) or its sort order (`args.sort_index`);
/// - `B` and `E` match in stack order on each track, with times never going back;
/// - the slices on one track (`X`, `B`/`E` pairs, and instants, which Perfetto
///   draws as slices of no length) nest properly: two slices either do not
///   overlap or one holds the other;
/// - every track used has a `thread_name`, every process a `process_name`, and a
///   `tid` belongs to one process only (Perfetto names threads by `tid`);
/// - flows (version 2: `bind_id` with `flow_in` and `flow_out`) sit on `X`
///   slices only; each flow has exactly one start (out only), one end (in only)
///   and any steps (both) between, on slices in strictly increasing time, which
///   is the order Perfetto binds them in.
struct TraceEventValidator {
    /// One drawn event on a track.
    struct Slice {
        var name: String
        var phase: String
        var start: Double
        var end: Double
        var args: [String: Any]
    }

    struct Track: Hashable {
        var pid: Int
        var tid: Int
    }

    /// A slice's place on a flow.
    struct FlowNode {
        var track: Track
        var slice: Slice
        var incoming: Bool
        var outgoing: Bool
    }

    /// What the file holds, once it passed.
    struct Timeline {
        var document: [String: Any]
        var events: [[String: Any]]
        var processNames: [Int: String] = [:]
        var threadNames: [Track: String] = [:]
        var threadSortIndex: [Track: Int] = [:]
        /// Slices (`X`, `B`/`E` pairs) and instants, per track, in file order.
        var slices: [Track: [Slice]] = [:]
        /// Counter samples by name: time and arguments.
        var counters: [String: [(ts: Double, args: [String: Double])]] = [:]
        /// Each flow's slices by `bind_id`, in time order.
        var flows: [Int: [FlowNode]] = [:]

        /// The track named `name`, if exactly one is.
        func track(named name: String) -> Track? {
            let tracks = threadNames.filter { $0.value == name }.map(\.key)
            return tracks.count == 1 ? tracks[0] : nil
        }

        /// Slices and instants on the track named `name`.
        func slices(on name: String) -> [Slice] {
            track(named: name).flatMap { slices[$0] } ?? []
        }

        /// The tracks whose names start with `prefix`.
        func tracks(prefixed prefix: String) -> [Track] {
            threadNames.filter { $0.value.hasPrefix(prefix) }.map(\.key).sorted { $0.tid < $1.tid }
        }
    }

    /// Every problem found, each naming the event (its index in `traceEvents`).
    private(set) var problems: [String] = []

    /// Reads and checks `bytes`; the timeline is nil when it is not even JSON of the right shape.
    mutating func check(_ bytes: [UInt8]) -> Timeline? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            problems.append("not JSON")
            return nil
        }
        guard let document = object as? [String: Any] else {
            problems.append("the document is not an object (the JSON Object Format)")
            return nil
        }
        guard let events = document["traceEvents"] as? [Any] else {
            problems.append("no traceEvents list")
            return nil
        }
        if let unit = document["displayTimeUnit"] {
            if let unit = unit as? String, unit == "ms" || unit == "ns" {} else { problems.append("displayTimeUnit must be \"ms\" or \"ns\"") }
        }
        if let other = document["otherData"], !(other is [String: Any]) { problems.append("otherData is not an object") }
        var timeline = Timeline(document: document, events: [])
        var open: [Track: [(name: String, ts: Double, args: [String: Any])]] = [:]
        var lastBeginEnd: [Track: Double] = [:]
        var tidOwner: [Int: Int] = [:]
        var used: Set<Track> = []
        for (index, element) in events.enumerated() {
            guard let event = element as? [String: Any] else {
                problems.append("event \(index) is not an object")
                continue
            }
            timeline.events.append(event)
            func fail(_ message: String) { problems.append("event \(index) (\(event["ph"] ?? "?") \(event["name"] ?? "?")): \(message)") }
            guard let phase = event["ph"] as? String, ["B", "E", "X", "i", "I", "C", "M", "b", "e", "n"].contains(phase) else {
                fail("ph missing or unknown")
                continue
            }
            guard let pid = Self.integer(event["pid"]), let tid = Self.integer(event["tid"]) else {
                fail("pid and tid must be whole numbers")
                continue
            }
            if pid < 0 || pid > Int(UInt32.max) || tid < 0 || tid > Int(UInt32.max) { fail("pid or tid out of 32 bits") }
            if let owner = tidOwner[tid], owner != pid { fail("tid \(tid) is in processes \(owner) and \(pid)") }
            tidOwner[tid] = pid
            let track = Track(pid: pid, tid: tid)
            let name = event["name"] as? String
            if name == nil && phase != "E" { fail("no name") }
            let ts: Double
            if let value = Self.number(event["ts"]) {
                ts = value
            } else if phase == "M" && event["ts"] == nil {
                ts = 0
            } else {
                fail("ts missing or not a number")
                continue
            }
            if !ts.isFinite || ts < 0 { fail("ts \(ts) is negative or not finite") }
            let args = event["args"] as? [String: Any]
            if event["args"] != nil && args == nil { fail("args is not an object") }
            switch phase {
            case "M":
                switch name ?? "" {
                case "process_name":
                    if let value = args?["name"] as? String { timeline.processNames[pid] = value } else { fail("process_name without args.name") }
                case "thread_name":
                    if let value = args?["name"] as? String { timeline.threadNames[track] = value } else { fail("thread_name without args.name") }
                case "process_sort_index", "thread_sort_index":
                    guard let index = Self.integer(args?["sort_index"]) else {
                        fail("\(name ?? "") without a whole args.sort_index")
                        break
                    }
                    if name == "thread_sort_index" { timeline.threadSortIndex[track] = index }
                case "process_labels":
                    if !(args?["labels"] is String) { fail("process_labels without args.labels") }
                default:
                    fail("unknown metadata \(name ?? "")")
                }
            case "X":
                used.insert(track)
                guard let duration = Self.number(event["dur"]) else {
                    fail("X without dur")
                    break
                }
                if !duration.isFinite || duration < 0 { fail("dur \(duration) is negative or not finite") }
                let slice = Slice(name: name ?? "", phase: phase, start: ts, end: ts + max(duration, 0), args: args ?? [:])
                timeline.slices[track, default: []].append(slice)
                if event["bind_id"] != nil || event["flow_in"] != nil || event["flow_out"] != nil {
                    guard let id = Self.integer(event["bind_id"]), id >= 0 else {
                        fail("a flow without a whole bind_id")
                        break
                    }
                    let incoming = event["flow_in"] as? Bool, outgoing = event["flow_out"] as? Bool
                    if (event["flow_in"] != nil && incoming == nil) || (event["flow_out"] != nil && outgoing == nil) { fail("flow_in and flow_out must be true or false") }
                    if incoming != true && outgoing != true { fail("flow \(id) neither arrives nor leaves") }
                    timeline.flows[id, default: []].append(FlowNode(track: track, slice: slice, incoming: incoming == true, outgoing: outgoing == true))
                }
            case "i", "I":
                used.insert(track)
                if event["bind_id"] != nil { fail("a flow on an instant (Perfetto binds flows to slices only)") }
                guard let scope = event["s"] as? String, ["g", "p", "t"].contains(scope) else {
                    fail("instant without a scope s of g, p or t")
                    break
                }
                if scope == "t" {
                    timeline.slices[track, default: []].append(Slice(name: name ?? "", phase: phase, start: ts, end: ts, args: args ?? [:]))
                }
            case "C":
                used.insert(track)
                guard let args, !args.isEmpty else {
                    fail("counter without arguments")
                    break
                }
                var values: [String: Double] = [:]
                for (key, value) in args {
                    if let number = Self.number(value), number.isFinite { values[key] = number } else { fail("counter argument \(key) is not a number") }
                }
                timeline.counters[name ?? "", default: []].append((ts, values))
            case "B", "E":
                used.insert(track)
                if let last = lastBeginEnd[track], ts < last { fail("B/E time goes back on its track (\(ts) after \(last))") }
                lastBeginEnd[track] = ts
                if phase == "B" {
                    open[track, default: []].append((name ?? "", ts, args ?? [:]))
                } else if let begin = open[track]?.popLast() {
                    if let name, name != begin.name { fail("E \(name) closes B \(begin.name)") }
                    timeline.slices[track, default: []].append(Slice(name: begin.name, phase: "B", start: begin.ts, end: ts, args: begin.args))
                } else {
                    fail("E without a B on its track")
                }
            default:
                used.insert(track)
            }
        }
        for (track, stack) in open where !stack.isEmpty {
            problems.append("track \(track.pid)/\(track.tid): \(stack.count) B event(s) never ended")
        }
        for track in used {
            if timeline.threadNames[track] == nil { problems.append("track \(track.pid)/\(track.tid) has no thread_name") }
            if timeline.processNames[track.pid] == nil { problems.append("process \(track.pid) has no process_name") }
        }
        for (track, slices) in timeline.slices {
            checkNesting(slices, name: timeline.threadNames[track] ?? "\(track.pid)/\(track.tid)")
        }
        for id in timeline.flows.keys.sorted() {
            let nodes = (timeline.flows[id] ?? []).sorted { $0.slice.start < $1.slice.start }
            timeline.flows[id] = nodes
            checkFlow(id, nodes)
        }
        return timeline
    }

    /// One start, one end, steps between, in strictly increasing time.
    private mutating func checkFlow(_ id: Int, _ nodes: [FlowNode]) {
        guard nodes.count >= 2 else {
            problems.append("flow \(id) has \(nodes.count) slice(s): a flow needs a start and an end")
            return
        }
        for (index, node) in nodes.enumerated() {
            let expected = (incoming: index > 0, outgoing: index < nodes.count - 1)
            if node.incoming != expected.incoming || node.outgoing != expected.outgoing {
                problems.append("flow \(id): \"\(node.slice.name)\" at \(node.slice.start) is \(node.incoming ? "in" : "")\(node.outgoing ? "out" : ""), expected \(expected.incoming ? "in" : "")\(expected.outgoing ? "out" : "") for its place")
            }
            if index > 0, node.slice.start <= nodes[index - 1].slice.start {
                problems.append("flow \(id): two slices start at \(node.slice.start); Perfetto may bind them in either order")
            }
        }
    }

    /// Two slices on one track either do not overlap or one holds the other.
    private mutating func checkNesting(_ slices: [Slice], name: String) {
        let sorted = slices.sorted { $0.start != $1.start ? $0.start < $1.start : ($0.end - $0.start) > ($1.end - $1.start) }
        var stack: [Slice] = []
        for slice in sorted {
            while let top = stack.last, top.end <= slice.start {
                stack.removeLast()
            }
            if let top = stack.last, slice.end > top.end {
                problems.append("track \(name): \"\(slice.name)\" [\(slice.start), \(slice.end)] overlaps \"\(top.name)\" [\(top.start), \(top.end)] without nesting")
            }
            stack.append(slice)
        }
    }

    /// A JSON number (not true or false).
    static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        let type = String(cString: number.objCType)
        if type == "c" || type == "B" { return nil }
        return number.doubleValue
    }

    /// A whole JSON number.
    static func integer(_ value: Any?) -> Int? {
        guard let number = number(value), number == number.rounded(), abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}
