import TraceModel
import ToolSupport
import Replay

/// Where two traces first part ways, before it is explained: the first run of
/// changes — what each side does there that the other does not — and the last
/// event both did before it.
struct Parting: Sendable {
    /// The `seq` of each side's first events in the first run of changes (at most
    /// three: all an explanation tells).
    var onlyA: [Int] = [], onlyB: [Int] = []
    /// The last event both did before parting (its number in A and in B).
    var commonA: Int?, commonB: Int?

    /// Nil when the alignment has no changes.
    init?(_ operations: [Alignment.Operation], a: DiffSide, b: DiffSide) {
        guard let start = operations.firstIndex(where: { if case .same = $0 { return false }; return true }) else { return nil }
        run: for operation in operations[start...] {
            switch operation {
            case .same: break run
            case .onlyA(let i): if onlyA.count < 3 { onlyA.append(Int(a.seqs[i])) }
            case .onlyB(let j): if onlyB.count < 3 { onlyB.append(Int(b.seqs[j])) }
            }
        }
        if start > 0, case .same(let i, let j) = operations[start - 1] {
            commonA = Int(a.seqs[i])
            commonB = Int(b.seqs[j])
        }
    }

    /// The divergence with no explanation yet.
    var divergence: TraceDiff.Divergence {
        TraceDiff.Divergence(aSeq: onlyA.first, bSeq: onlyB.first, lastSharedA: commonA, lastSharedB: commonB,
                             time: nil, aExplanation: [], bExplanation: [])
    }
}

/// What one side's explanation of the divergence needs: its first new events
/// (at most three) or, when it does nothing new there, its last shared event.
struct ExplanationPlan: Sendable {
    var seqs: [Int]
    var fallback: Int?
    var name: String

    /// The events whose annotations are the explanation.
    var explained: [Int] { seqs.isEmpty ? (fallback.map { [$0] } ?? []) : seqs }

    /// How far the trace must be read: past the explained events, far enough to find
    /// their consequence (see `TraceDiff.consequenceWindow`). Nil if nothing is explained.
    var readThrough: Int? { explained.last.map { $0 + TraceDiff.consequenceWindow } }

    /// Both sides' plans, or neither when either would replay more than
    /// `TraceDiff.annotationLimit` events.
    static func both(_ parting: Parting, a: DiffSide, b: DiffSide) -> (a: ExplanationPlan?, b: ExplanationPlan?) {
        let planA = ExplanationPlan(seqs: parting.onlyA, fallback: parting.commonA, name: "A")
        let planB = ExplanationPlan(seqs: parting.onlyB, fallback: parting.commonB, name: "B")
        func replayed(_ plan: ExplanationPlan, _ side: DiffSide) -> Int { min((plan.readThrough ?? -1) + 1, side.eventCount) }
        guard replayed(planA, a) <= TraceDiff.annotationLimit, replayed(planB, b) <= TraceDiff.annotationLimit else { return (nil, nil) }
        return (planA, planB)
    }
}

/// One side's explanation of the divergence, with the time of its first event:
/// the trace's beginning read again, as far as the plan needs, and annotated.
struct Explanation: Sendable {
    var texts: [String] = []
    var time: VirtualTime?

    init(source: TraceSource, side: DiffSide, plan: ExplanationPlan?) throws(ReuseLabError) {
        guard let plan else { return }
        (texts, time) = try TraceDiff.explain(source, plan: plan)
    }
}

extension TraceDiff {
    /// How far past the divergence to look for its consequence (a STALE or LATE step).
    static let consequenceWindow = 400

    /// The annotations of the plan's events (in order), then the first STALE or LATE
    /// step that follows; and the time of the first event explained (nil when the
    /// side did nothing new there). The trace is read again from its start, as far
    /// as that needs, annotated as it is read.
    static func explain(_ source: TraceSource, plan: ExplanationPlan) throws(ReuseLabError) -> ([String], VirtualTime?) {
        let explained = plan.explained
        guard let last = explained.last else { return ([], nil) }
        let first = explained.first ?? last
        var texts: [String] = []
        var time: VirtualTime?
        var gapBefore = false
        try source.annotate(through: last + consequenceWindow) { annotation, event, _ in
            // An imported log abridged here: the other side's calls may be the ones it left out.
            if event.kind == .gap, event.seq >= first - 1, event.seq <= last { gapBefore = true }
            if annotation.seq <= last {
                if explained.contains(annotation.seq) {
                    texts.append(annotation.text)
                    time = time ?? annotation.time
                }
                return true
            }
            if !annotation.marks.isDisjoint(with: [.stale, .late, .wrongRow]) {
                texts.append("Then, at \(ReadableNumber.ms(annotation.time)) (event \(annotation.seq)): " + annotation.text)
                return false
            }
            return true
        }
        if plan.seqs.isEmpty, !texts.isEmpty {
            texts[0] += " \(plan.name) does nothing more here."
            time = nil
        }
        if !texts.isEmpty, gapBefore {
            texts[0] += " \(plan.name)'s log leaves lines out just before this (a gap), so what it did in between is not known."
        }
        return (texts, time)
    }
}
