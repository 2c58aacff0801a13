import TraceModel
import ToolSupport
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

    /// A run of changes with the unchanged rows around it: its place in the
    /// alignment, whose rows are made only as they are read, so that a stretch of
    /// a million changed events takes no more memory than its place.
    public struct Hunk: Sendable {
        let operations: ArraySlice<Alignment.Operation>
        let a: DiffSide, b: DiffSide
        /// How many rows the stretch has.
        public let rowCount: Int

        init(_ operations: ArraySlice<Alignment.Operation>, a: DiffSide, b: DiffSide) {
            self.operations = operations
            self.a = a
            self.b = b
            rowCount = Pairs(operations).reduce(0) { count, _ in count + 1 }
        }

        /// The side-by-side rows in order: unchanged steps as they are; in each run
        /// of changes, A's and B's events paired up in order, the longer side's rest
        /// on its own. Each row is made as it is read (`rows.prefix(40)` makes 40).
        public var rows: some Sequence<Row> {
            Pairs(operations).lazy.map { [a, b] pair in
                Row(change: pair.change, a: pair.a.map { Line(seq: Int(a.seqs[$0]), text: a.keys[$0]) },
                    b: pair.b.map { Line(seq: Int(b.seqs[$0]), text: b.keys[$0]) })
            }
        }
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
        /// has none there, or if they lie too far into the traces to annotate: see
        /// `annotationLimit`).
        public var aExplanation: [String]
        public var bExplanation: [String]

        /// "They part ways at 120.0 ms (A: event 41; B: event 40):"
        public var heading: String {
            var out = "They part ways"
            if let time { out += " at \(ReadableNumber.ms(time))" }
            func place(_ seq: Int?, _ shared: Int?) -> String {
                if let seq { return "event \(seq)" }
                return shared.map { "nothing new after event \($0)" } ?? "nothing new"
            }
            return out + " (A: \(place(aSeq, lastSharedA)); B: \(place(bSeq, lastSharedB))):"
        }
    }

    public var a: DiffSide
    public var b: DiffSide
    public var equivalent: Bool
    /// True when some stretch is one changed block: past the alignment's cap on the
    /// edit distance, or its budget of work, with no event unique to both sides (see `Alignment`).
    public var truncated: Bool
    /// Compared events on one side with no counterpart on the other (A's plus B's).
    public var changedEvents: Int
    /// How many of A's compared events have no counterpart in B.
    public var onlyInA: Int { a.hashes.count - (a.hashes.count + b.hashes.count - changedEvents) / 2 }
    /// How many of B's compared events have no counterpart in A.
    public var onlyInB: Int { b.hashes.count - (a.hashes.count + b.hashes.count - changedEvents) / 2 }
    public var scenarioDifferences: [String]
    /// What the comparison is about (strategy, profile, prefetching).
    public var setupDifferences: [String]
    public var firstDivergence: Divergence?
    public var hunks: [Hunk]
    /// How many hunks there are in all (`hunks` may hold only the first ones).
    public var hunkCount: Int
    public var metrics: [MetricDelta]
    /// What differs, kind by kind, over the whole alignment (not only the hunks shown).
    public var byKind: [KindChanges]
    /// Every compared event of both traces in alignment order, as `rows` pairs
    /// them (by seq, no text); only when asked for (`keepingPositions`), as the
    /// page steps through them in lockstep.
    public var positions: [Position] = []

    /// One place in the whole alignment: A's event, B's, or both.
    public struct Position: Sendable, Equatable {
        public var change: Row.Change
        public var aSeq: Int?
        public var bSeq: Int?
    }

    /// What is compared (sentences about the setup and the scenarios), then the
    /// outcome: equivalent, or how much differs.
    public var overview: (about: [String], outcome: String) {
        var about: [String] = []
        if !setupDifferences.isEmpty {
            about.append("Compared: " + setupDifferences.joined(separator: "; ") + ".")
        }
        if scenarioDifferences.isEmpty {
            about.append(setupDifferences.isEmpty ? "Same scenario, same setup." : "Same scenario otherwise: the differences below come from that.")
        } else {
            about.append("Different scenarios: " + scenarioDifferences.joined(separator: "; ")
                + ". A difference below may come from the scenario, not from the strategy.")
        }
        let outcome = equivalent
            ? "Equivalent: the traces do the same things in the same order (\(a.hashes.count) compared events)."
            : summary
        return (about, outcome)
    }

    /// "The traces differ in 33 stretches: 0 of A's 643 compared events are not in B,
    /// and 54 of B's 697 are not in A."
    public var summary: String {
        func verb(_ count: Int) -> String { count == 1 ? "is" : "are" }
        let stretches = "\(hunkCount) stretch\(hunkCount == 1 ? "" : "es")"
        return "The traces differ in \(stretches): \(onlyInA) of A's \(a.hashes.count) compared events \(verb(onlyInA)) not in B, "
            + "and \(onlyInB) of B's \(b.hashes.count) \(verb(onlyInB)) not in A."
    }

    /// An event kind as both traces name it: `cellForItemAt` when both are
    /// collection views, `cellForRowAt/cellForItemAt` for a table against one.
    public func kindName(_ kind: EventKind) -> String {
        let left = a.header.list.name(of: kind), right = b.header.list.name(of: kind)
        return left == right ? left : left + "/" + right
    }

    /// The divergence is explained by the annotator (which replays everything before
    /// it) when what it must replay lies within this many events of both traces' start.
    public static let annotationLimit = 300_000

    /// Compares two trace files. `context` unchanged rows are kept around each change;
    /// at most `maximumHunks` hunks are gathered for display.
    ///
    /// Each trace is read twice, streamed: once whole, for the key of every compared
    /// event and the metrics; then only as far as the divergence's explanation
    /// replays. A and B are read side by side on two threads; neither file is held.
    public static func compare(pathA: String, pathB: String, kinds: Set<EventKind> = DiffKeyMaker.defaultKinds,
                               context: Int = 3, maximumHunks: Int = 200, keepingPositions: Bool = false) throws(ReuseLabError) -> TraceDiff {
        let (a, sourceA, b, sourceB) = try readBoth(pathA: pathA, pathB: pathB, kinds: kinds)
        return try compare(a: a, sourceA: sourceA, b: b, sourceB: sourceB, context: context, maximumHunks: maximumHunks,
                           keepingPositions: keepingPositions)
    }

    /// Compares two traces already read into memory (`bytesA` named `fileA` in errors, …).
    public static func compare(bytesA: [UInt8], fileA: String, bytesB: [UInt8], fileB: String,
                               kinds: Set<EventKind> = DiffKeyMaker.defaultKinds, context: Int = 3, maximumHunks: Int = 200,
                               keepingPositions: Bool = false) throws(ReuseLabError) -> TraceDiff {
        let sourceA = TraceSource.bytes(bytesA, name: fileA), sourceB = TraceSource.bytes(bytesB, name: fileB)
        let (a, b) = try ParallelMap.both({ () throws(ReuseLabError) in
            try DiffSide.scan(sourceA, kinds: kinds)
        }, { () throws(ReuseLabError) in
            try DiffSide.scan(sourceB, kinds: kinds)
        })
        return try compare(a: a, sourceA: sourceA, b: b, sourceB: sourceB, context: context, maximumHunks: maximumHunks,
                           keepingPositions: keepingPositions)
    }

    static func compare(a: DiffSide, sourceA: TraceSource, b: DiffSide, sourceB: TraceSource, context: Int, maximumHunks: Int,
                        keepingPositions: Bool) throws(ReuseLabError) -> TraceDiff {
        let alignment = Alignment.align(a.hashes, b.hashes)
        let (stretches, changed) = hunks(alignment.operations, context: context)
        let shown = stretches.prefix(maximumHunks).map { Hunk(alignment.operations[$0], a: a, b: b) }
        // Second pass, as far as each side's explanation of the divergence replays.
        let parting = Parting(alignment.operations, a: a, b: b)
        let plans: (a: ExplanationPlan?, b: ExplanationPlan?) = parting.map { ExplanationPlan.both($0, a: a, b: b) } ?? (nil, nil)
        let (explainedA, explainedB) = try ParallelMap.both({ () throws(ReuseLabError) in
            try Explanation(source: sourceA, side: a, plan: plans.a)
        }, { () throws(ReuseLabError) in
            try Explanation(source: sourceB, side: b, plan: plans.b)
        })
        var divergence = parting?.divergence
        divergence?.aExplanation = explainedA.texts
        divergence?.bExplanation = explainedB.texts
        divergence?.time = [explainedA.time, explainedB.time].compactMap { $0 }.min()
        var diff = TraceDiff(a: a, b: b, equivalent: changed == 0, truncated: alignment.truncated, changedEvents: changed,
                         scenarioDifferences: ScenarioComparison.differences(a.header, b.header),
                         setupDifferences: ScenarioComparison.setup(a.header, b.header), firstDivergence: divergence,
                         hunks: shown, hunkCount: stretches.count, metrics: MetricDelta.compare(a.metrics, b.metrics),
                         byKind: KindChanges.tally(alignment.operations, a: a, b: b))
        if keepingPositions {
            diff.positions = Pairs(alignment.operations[...]).map { pair in
                Position(change: pair.change, aSeq: pair.a.map { Int(a.seqs[$0]) }, bSeq: pair.b.map { Int(b.seqs[$0]) })
            }
        }
        return diff
    }

    /// Reads both traces side by side, each streamed from its file. Errors come in
    /// the order a reading of A then B would meet them: A's file, A's contents, B's
    /// file, B's contents (standard input is read into memory first, once).
    static func readBoth(pathA: String, pathB: String, kinds: Set<EventKind>) throws(ReuseLabError)
        -> (a: DiffSide, sourceA: TraceSource, b: DiffSide, sourceB: TraceSource) {
        let sourceA = try TraceSource.open(pathA)
        let sourceB: TraceSource
        do {
            sourceB = try TraceSource.open(pathB)
        } catch {
            _ = try DiffSide.scan(sourceA, kinds: kinds)
            throw error
        }
        let (a, b) = try ParallelMap.both({ () throws(ReuseLabError) in
            try DiffSide.scan(sourceA, kinds: kinds)
        }, { () throws(ReuseLabError) in
            try DiffSide.scan(sourceB, kinds: kinds)
        })
        return (a, sourceA, b, sourceB)
    }

    /// Where in the alignment its runs of changes are, each with `context`
    /// unchanged steps around it, runs whose context overlaps merged; and how many
    /// of its steps are changes.
    static func hunks(_ operations: [Alignment.Operation], context: Int) -> ([Range<Int>], Int) {
        var ranges: [Range<Int>] = []
        var changed = 0
        for (index, operation) in operations.enumerated() {
            if case .same = operation { continue }
            changed += 1
            let low = max(0, index - context), high = min(operations.count, index + context + 1)
            if let last = ranges.last, low <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, high)
            } else {
                ranges.append(low..<high)
            }
        }
        return (ranges, changed)
    }

    /// The operations as side-by-side pairs of compared-event indices, one at a
    /// time: shared events together; in each run of changes, A's and B's paired in
    /// order (changed), the longer side's rest alone. Only the current run of
    /// changes is held.
    struct Pairs: Sequence, IteratorProtocol {
        private var operations: ArraySlice<Alignment.Operation>
        /// The current run of changes, and how many of its pairs have been given.
        private var runA: [Int] = [], runB: [Int] = [], given = 0

        init(_ operations: ArraySlice<Alignment.Operation>) { self.operations = operations }

        mutating func next() -> (change: Row.Change, a: Int?, b: Int?)? {
            if given == Swift.max(runA.count, runB.count) {
                runA.removeAll(keepingCapacity: true)
                runB.removeAll(keepingCapacity: true)
                given = 0
                gather: while let operation = operations.first {
                    switch operation {
                    case .same(let i, let j):
                        guard runA.isEmpty && runB.isEmpty else { break gather }
                        operations.removeFirst()
                        return (.same, i, j)
                    case .onlyA(let i): runA.append(i)
                    case .onlyB(let j): runB.append(j)
                    }
                    operations.removeFirst()
                }
                if runA.isEmpty && runB.isEmpty { return nil }
            }
            let left = given < runA.count ? runA[given] : nil
            let right = given < runB.count ? runB[given] : nil
            given += 1
            return (left != nil && right != nil ? .changed : (left != nil ? .onlyA : .onlyB), left, right)
        }
    }
}
