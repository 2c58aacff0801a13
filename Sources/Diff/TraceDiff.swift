import TraceFormat
import Replay

/// Two traces compared: their lifecycle and loading events aligned, where they
/// first part ways and why (in each trace's own annotation), the changed stretches
/// with context, whether the scenarios match, and what each costs.
public struct TraceDiff: Sendable {
    /// One compared event shown in the diff.
    public struct Line: Sendable, Equatable {
        public var seq: Int
        public var text: String
    }

    /// One row of the side-by-side view.
    public struct Row: Sendable, Equatable {
        public enum Change: String, Sendable { case same, onlyA, onlyB, changed }
        public var change: Change
        public var a: Line?
        public var b: Line?
    }

    /// A run of changes with the unchanged rows around it.
    public struct Hunk: Sendable, Equatable {
        public var rows: [Row]
    }

    /// Where the traces first differ, told by each trace's own annotations.
    public struct Divergence: Sendable, Equatable {
        public var aSeq: Int?
        public var bSeq: Int?
        /// The last event both did before parting (its number in A and in B).
        public var lastSharedA: Int?
        public var lastSharedB: Int?
        public var time: VirtualTime?
        /// The annotations of the first differing events on each side (empty if that side
        /// has none there, or if the traces are too large to annotate).
        public var aExplanation: [String]
        public var bExplanation: [String]
    }

    public var a: DiffSide
    public var b: DiffSide
    public var equivalent: Bool
    /// True when the edit distance exceeded the alignment's cap (see `Alignment`).
    public var truncated: Bool
    public var changedEvents: Int
    public var scenarioDifferences: [String]
    /// What the comparison is about (strategy, profile, prefetching).
    public var setupDifferences: [String]
    public var firstDivergence: Divergence?
    public var hunks: [Hunk]
    /// How many hunks there are in all (`hunks` may hold only the first ones).
    public var hunkCount: Int
    public var metrics: [MetricDelta]

    /// Traces up to this many events each get their divergence explained by the annotator.
    public static let annotationLimit = 300_000

    /// Compares two trace files. `context` unchanged rows are kept around each change;
    /// at most `maximumHunks` hunks are gathered for display.
    public static func compare(pathA: String, pathB: String, kinds: Set<EventKind> = DiffKeyMaker.defaultKinds,
                               context: Int = 3, maximumHunks: Int = 200) throws(ReuseLabError) -> TraceDiff {
        let (a, bytesA) = try DiffSide.read(path: pathA, kinds: kinds)
        let (b, bytesB) = try DiffSide.read(path: pathB, kinds: kinds)
        let alignment = Alignment.align(a.hashes, b.hashes)
        let (allHunks, changed) = hunks(alignment.operations, context: context)
        let shown = Array(allHunks.prefix(maximumHunks))
        // Second pass: the text of every event the shown hunks mention.
        var wantedA: Set<Int> = [], wantedB: Set<Int> = []
        for hunk in shown {
            for operation in hunk {
                switch operation {
                case .same(let i, let j): wantedA.insert(Int(a.seqs[i])); wantedB.insert(Int(b.seqs[j]))
                case .onlyA(let i): wantedA.insert(Int(a.seqs[i]))
                case .onlyB(let j): wantedB.insert(Int(b.seqs[j]))
                }
            }
        }
        let textsA = try DiffSide.keyTexts(bytes: bytesA, file: a.file, kinds: kinds, wanted: wantedA)
        let textsB = try DiffSide.keyTexts(bytes: bytesB, file: b.file, kinds: kinds, wanted: wantedB)
        let renderedHunks = shown.map { Hunk(rows: rows($0, a: a, b: b, textsA: textsA, textsB: textsB)) }
        let divergence = try firstDivergence(alignment.operations, a: a, b: b, bytesA: bytesA, bytesB: bytesB)
        return TraceDiff(a: a, b: b, equivalent: changed == 0, truncated: alignment.truncated, changedEvents: changed,
                         scenarioDifferences: ScenarioComparison.differences(a.header, b.header),
                         setupDifferences: ScenarioComparison.setup(a.header, b.header), firstDivergence: divergence,
                         hunks: renderedHunks, hunkCount: allHunks.count, metrics: MetricDelta.compare(a.metrics, b.metrics))
    }

    /// Groups the alignment into runs of changes with `context` unchanged steps
    /// around each, merging runs whose context overlaps.
    static func hunks(_ operations: [Alignment.Operation], context: Int) -> ([[Alignment.Operation]], Int) {
        var changedIndices: [Int] = []
        for (index, operation) in operations.enumerated() {
            if case .same = operation { continue }
            changedIndices.append(index)
        }
        var ranges: [ClosedRange<Int>] = []
        for index in changedIndices {
            let low = max(0, index - context), high = min(operations.count - 1, index + context)
            if let last = ranges.last, low <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                ranges.append(low...high)
            }
        }
        return (ranges.map { Array(operations[$0]) }, changedIndices.count)
    }

    /// Side-by-side rows: unchanged steps as they are; in each run of changes, A's
    /// and B's events paired up in order, the longer side's rest on its own.
    static func rows(_ operations: [Alignment.Operation], a: DiffSide, b: DiffSide, textsA: [Int: String], textsB: [Int: String]) -> [Row] {
        func lineA(_ i: Int) -> Line { let seq = Int(a.seqs[i]); return Line(seq: seq, text: textsA[seq] ?? "") }
        func lineB(_ j: Int) -> Line { let seq = Int(b.seqs[j]); return Line(seq: seq, text: textsB[seq] ?? "") }
        var rows: [Row] = []
        var pendingA: [Int] = [], pendingB: [Int] = []
        func flush() {
            for index in 0..<max(pendingA.count, pendingB.count) {
                let left = index < pendingA.count ? lineA(pendingA[index]) : nil
                let right = index < pendingB.count ? lineB(pendingB[index]) : nil
                rows.append(Row(change: left != nil && right != nil ? .changed : (left != nil ? .onlyA : .onlyB), a: left, b: right))
            }
            pendingA = []
            pendingB = []
        }
        for operation in operations {
            switch operation {
            case .same(let i, let j):
                flush()
                rows.append(Row(change: .same, a: lineA(i), b: lineB(j)))
            case .onlyA(let i): pendingA.append(i)
            case .onlyB(let j): pendingB.append(j)
            }
        }
        flush()
        return rows
    }

    /// The first run of changes, explained by each trace's annotator (for traces
    /// small enough to annotate).
    static func firstDivergence(_ operations: [Alignment.Operation], a: DiffSide, b: DiffSide,
                                bytesA: [UInt8], bytesB: [UInt8]) throws(ReuseLabError) -> Divergence? {
        guard let start = operations.firstIndex(where: { if case .same = $0 { return false }; return true }) else { return nil }
        var onlyA: [Int] = [], onlyB: [Int] = []
        for operation in operations[start...] {
            switch operation {
            case .same: break
            case .onlyA(let i): onlyA.append(Int(a.seqs[i])); continue
            case .onlyB(let j): onlyB.append(Int(b.seqs[j])); continue
            }
            break
        }
        // The last event both did before parting: what a side that does nothing new here did last.
        var commonA: Int?, commonB: Int?
        if start > 0, case .same(let i, let j) = operations[start - 1] {
            commonA = Int(a.seqs[i])
            commonB = Int(b.seqs[j])
        }
        var divergence = Divergence(aSeq: onlyA.first, bSeq: onlyB.first, lastSharedA: commonA, lastSharedB: commonB,
                                    time: nil, aExplanation: [], bExplanation: [])
        guard a.eventCount <= annotationLimit, b.eventCount <= annotationLimit else { return divergence }
        let (explainedA, timeA) = try explain(bytes: bytesA, file: a.file, seqs: Array(onlyA.prefix(3)), fallback: commonA, name: "A")
        let (explainedB, timeB) = try explain(bytes: bytesB, file: b.file, seqs: Array(onlyB.prefix(3)), fallback: commonB, name: "B")
        divergence.aExplanation = explainedA
        divergence.bExplanation = explainedB
        divergence.time = [timeA, timeB].compactMap { $0 }.min()
        return divergence
    }

    /// How far past the divergence to look for its consequence (a STALE or LATE step).
    static let consequenceWindow = 400

    /// The annotations of events `seqs` (in order) — or, when that side did nothing
    /// new here, of its last shared event `fallback` — then the first STALE or LATE
    /// step that follows; and the time of the first event explained.
    static func explain(bytes: [UInt8], file: String, seqs: [Int], fallback: Int?, name: String) throws(ReuseLabError) -> ([String], VirtualTime?) {
        let explained = seqs.isEmpty ? (fallback.map { [$0] } ?? []) : seqs
        guard let last = explained.last else { return ([], nil) }
        let trace = try TraceReader.read(bytes: bytes, file: file)
        var annotator = Annotator(trace: trace)
        var texts: [String] = []
        var time: VirtualTime?
        while let annotation = try annotator.step(file: file) {
            if annotation.seq <= last {
                if explained.contains(annotation.seq) {
                    texts.append(annotation.text)
                    time = time ?? annotation.time
                }
                continue
            }
            if annotation.seq > last + consequenceWindow { break }
            if !annotation.marks.isDisjoint(with: [.stale, .late]) {
                texts.append("Then, at \(JSONWriter.formatNumber(annotation.time.milliseconds)) ms (event \(annotation.seq)): " + annotation.text)
                break
            }
        }
        if seqs.isEmpty, !texts.isEmpty {
            texts[0] += " \(name) does nothing more here."
            time = nil
        }
        return (texts, time)
    }
}
