import ReuseLabTestSupport
/// One fuzz input: the bytes to run, and where they came from.
struct FuzzInput: Sendable {
    /// The case's seed: `REUSELAB_FUZZ_SEED=seed REUSELAB_FUZZ_CASES=1` makes this input again.
    /// Nil for a file from `Regressions/`.
    let seed: UInt64?
    let kind: FuzzInputKind
    /// The seed file's name (`first-screen`), or for answers the lesson they answer.
    let name: String
    let bytes: [UInt8]
    /// What was done to the seed file, in order; for a regression file, its path.
    let notes: [String]

    /// Where it came from, for messages: "a mutated traces/first-screen.trace.json".
    var origin: String {
        switch kind {
        case .scenario, .trace: return "a mutated traces/\(name)\(kind.fileSuffix)"
        case .lesson: return "a mutated lessons/\(name).json"
        case .answers: return "mutated answers to lessons/\(name).json"
        case .log: return "a mutated console log (\(name))"
        }
    }
}

/// Makes the input of one fuzz case from its seed: picks a seed file, then stacks one
/// to three mutations on it — structure-aware ones (on the parsed JSON) first, then
/// raw ones on the bytes — so most inputs get past the JSON parser and some do not,
/// and a fifth change only free text, so they stay valid and get printed.
enum Mutator {
    /// How often each kind of input is fuzzed.
    static let kindWeights: [(weight: Int, value: FuzzInputKind)] = [(35, .scenario), (30, .trace), (20, .lesson), (15, .answers), (12, .log)]

    static func input(seed: UInt64, corpus: [FuzzSeed]) -> FuzzInput {
        var rng = SeededGenerator(seed: seed)
        let kind = rng.weighted(kindWeights)
        let candidates = corpus.filter { $0.kind == kind }
        let source = rng.pick(candidates)
        var notes: [String] = []
        var bytes = source.bytes

        if kind == .answers {
            for _ in 0..<rng.within(1...3) { notes.append(AnswerMutations.mutate(&bytes, &rng)) }
        } else if kind == .log {
            // Lines typed or garbled as a learner's answers are, and raw byte damage.
            for _ in 0..<rng.within(1...2) { notes.append(AnswerMutations.mutate(&bytes, &rng)) }
            if rng.below(2) == 0 { notes.append(ByteMutations.mutate(&bytes, &rng)) }
        } else {
            // A fifth only touch free text (titles, notes, questions), so the file stays
            // valid and the hostile text reaches the code that prints it.
            var textOnly = 0, structural = 0, raw = 0
            switch rng.below(20) {
            case 0..<4: textOnly = rng.within(1...2)
            case 4..<13: structural = rng.within(1...3)
            case 13..<16: raw = rng.within(1...2)
            default: structural = rng.within(1...2); raw = 1
            }
            if var tree = source.tree, textOnly + structural > 0 {
                for _ in 0..<textOnly { notes.append(JSONMutations.spliceText(&tree, &rng) ?? "no text to change") }
                for _ in 0..<structural { notes.append(JSONMutations.mutate(&tree, &rng)) }
                bytes = Array(tree.text.utf8)
            } else {
                raw = max(raw, 1)
            }
            for _ in 0..<raw { notes.append(ByteMutations.mutate(&bytes, &rng)) }
        }
        return FuzzInput(seed: seed, kind: kind, name: source.name, bytes: bytes, notes: notes)
    }
}
