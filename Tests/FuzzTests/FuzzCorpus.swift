import Foundation

/// What kind of file a fuzz input is; it decides where the file goes and which
/// commands read it (see `FuzzPlan`).
enum FuzzInputKind: String, CaseIterable, Sendable {
    case scenario, trace, lesson, answers, log

    /// How a file of this kind is named, in the workspace and in `Regressions/<kind>/`.
    var fileSuffix: String {
        switch self {
        case .scenario: return ".scenario.json"
        case .trace: return ".trace.json"
        case .lesson: return ".json"
        case .answers: return ".answers.txt"
        case .log: return ".log"
        }
    }
}

/// One unmutated input the fuzzer starts from.
struct FuzzSeed: Sendable {
    let kind: FuzzInputKind
    /// The bundled file's name without its suffix (`first-screen`), or for answers
    /// the lesson they answer (`02-first-reuse-modern`).
    let name: String
    let bytes: [UInt8]
    /// The parsed document, for structure-aware mutations (nil for answer files).
    let tree: JSONTree?
}

/// The seeds: small bundled scenarios, traces and lessons from the package, and
/// answer files written here, one answer per line, for a few lessons.
enum FuzzCorpus {
    /// The package's top folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tracesFolder = packageRoot.appendingPathComponent("traces")
    static let lessonsFolder = packageRoot.appendingPathComponent("lessons")

    /// Scenarios that record quickly, covering both profiles, every kind of script step
    /// (drag, fling, wait, reloadData, memoryWarning, disappear) and the image world.
    static let scenarioNames = [
        "first-screen", "seed004-slow-scroll", "seed004-slow-scroll-classic", "fast-fling", "leave-screen", "memory-warning",
        "reload-data", "late-response-async-reset", "batch-paging", "coalesce-shared-images", "images-sync-download",
    ]

    /// Small traces (the biggest bundled ones would make each case slow): lifecycle
    /// only, with a note, with images, network and a late response, with deinit.
    static let traceNames = ["first-screen", "seed004-slow-scroll", "late-response-async-reset", "leave-screen"]

    /// Lessons whose traces are small enough to keep a case well under a second (the
    /// others load a 250 KB image trace); between them they ask every kind of question.
    static let lessonNames = [
        "01-first-screen", "02-first-reuse-modern", "03-first-reuse-classic", "04-kept-aside", "06-deinit", "11-late-response",
        "15-batch-paging",
    ]

    /// Answer files, one answer per line, keyed by the lesson they answer: the right
    /// answers in the wordings a learner would use, a comment, and a wrong one.
    static let answerFiles: [(lesson: String, text: String)] = [
        ("01-first-screen", "# lesson 1\n19\ninit\ninit, cellForRowAt, willDisplay\n19\n"),
        ("01-first-screen", "twenty\nnew\ninit then cellForRowAt then willDisplay\n19 cells\n"),
        ("02-first-reuse-modern", "rows 19-28\ninit\ninit\nthe cell that showed row 0\n23\n"),
        ("02-first-reuse-modern", "19, 20, …, 28\nnew cell\ncreate\ncell #1\n22\n"),
        ("03-first-reuse-classic", "19…28\ninit\ncell #1, which showed row 0\nprepareForReuse → cellForRowAt → willDisplay → prefetchRowsAt\n"),
        ("04-kept-aside", "rows 23 to 32\ncancel, prefetch, willDisplay\nreuse\n"),
        ("11-late-response", "image 2\nyes\nasync-reset\n"),
        ("11-late-response", "row 2's image\nstale\nthis\n"),
        ("15-batch-paging", "1\n16\n60\n"),
    ]

    /// Console logs for `import`, beside seed 004's bundled one: NSLog prefixes with
    /// addresses and sections, the instrumentation snippet's canonical lines (a
    /// table's and a collection view's), and lines saying whether a cell is new or reused.
    static let logTexts: [(name: String, text: String)] = [
        ("nslog-addresses", """
        2021-09-02 20:11:28.629969+0900 App[67460:9088556] init <MyCell: 0x7fb8c1d0a200>
        2021-09-02 20:11:28.630100+0900 App[67460:9088556] tableView(_:cellForRowAt:) [1, 0] <MyCell: 0x7fb8c1d0a200>
        2021-09-02 20:11:28.630200+0900 App[67460:9088556] [UI] Will display cell: [1, 0]
        2021-09-02 20:11:28.700000+0900 App[67460:9088556] prefetchRowsAt: [[1, 1], [1, 2]]
        Loaded 3 items
        2021-09-02 20:11:29.100000+0900 App[67460:9088556] didEndDisplaying [1, 0] <MyCell: 0x7fb8c1d0a200>
        2021-09-02 20:11:29.200000+0900 App[67460:9088556] ===== prepareForReuse ===== <MyCell: 0x7fb8c1d0a200>
        2021-09-02 20:11:29.300000+0900 App[67460:9088556] cancelPrefetchingForRowsAt: [[1, 2]]
        2021-09-02 20:11:30.000000+0900 App[67460:9088556] deinit <MyCell: 0x7fb8c1d0a200>

        """),
        ("canonical", """
        ReuseLab t=0.000000 kind=init cell=0x600001a0c000
        ReuseLab t=0.000100 kind=cellForRowAt section=0 row=0 cell=0x600001a0c000 offset=-47.0
        ReuseLab t=0.000200 kind=willDisplay section=0 row=0 cell=0x600001a0c000 offset=-47.0
        ReuseLab t=0.016000 kind=prefetchRowsAt rows=0:1,0:2,0:3
        ReuseLab t=0.500000 kind=didEndDisplaying section=0 row=0 cell=0x600001a0c000 offset=10.0
        ReuseLab t=0.600000 kind=prepareForReuse section=0 row=0 cell=0x600001a0c000
        ...
        ReuseLab t=0.700000 kind=cancelPrefetchingForRowsAt rows=0:3

        """),
        ("canonical-items", """
        ReuseLab t=0.000000 kind=init cell=0x600001a0c000
        ReuseLab t=0.000100 kind=cellForItemAt section=0 item=0 cell=0x600001a0c000 offset=-47.0
        ReuseLab t=0.000200 kind=willDisplay section=0 item=0 cell=0x600001a0c000 offset=-47.0
        ReuseLab t=0.016000 kind=prefetchItemsAt items=0:2,0:3
        ReuseLab t=0.500000 kind=didEndDisplaying section=0 item=0 cell=0x600001a0c000 offset=10.0
        ReuseLab t=0.600000 kind=prepareForReuse section=0 item=0 cell=0x600001a0c000
        ReuseLab t=0.700000 kind=cancelPrefetchingForItemsAt items=0:3

        """),
        ("statements", """
        oldIndexPath: nil
        cellForRowAt: 0
        willDisplay: 0
        didEndDisplaying: 0
        prepareForReuse: Optional(0)
        oldIndexPath: Optional([0, 0])
        cellForRowAt: 1
        reused cell for row 2
        willDisplay: 1

        """),
    ]

    /// Every seed, read once per test run.
    /// The corpus, loaded (and its JSON parsed) once per test run.
    static func loadOnce() throws -> [FuzzSeed] {
        try loaded.get()
    }

    private static let loaded = Result { try load() }

    static func load() throws -> [FuzzSeed] {
        var seeds: [FuzzSeed] = []
        func json(_ kind: FuzzInputKind, _ name: String, _ url: URL) throws {
            let bytes = [UInt8](try Data(contentsOf: url))
            seeds.append(FuzzSeed(kind: kind, name: name, bytes: bytes, tree: JSONTree.parse(bytes)))
        }
        for name in scenarioNames { try json(.scenario, name, tracesFolder.appendingPathComponent(name + ".scenario.json")) }
        for name in traceNames { try json(.trace, name, tracesFolder.appendingPathComponent(name + ".trace.json")) }
        for name in lessonNames { try json(.lesson, name, lessonsFolder.appendingPathComponent(name + ".json")) }
        for file in answerFiles {
            seeds.append(FuzzSeed(kind: .answers, name: file.lesson, bytes: Array(file.text.utf8), tree: nil))
        }
        seeds.append(FuzzSeed(kind: .log, name: "device-seed004", bytes: [UInt8](try Data(contentsOf: tracesFolder.appendingPathComponent("device-seed004.log"))), tree: nil))
        for log in logTexts { seeds.append(FuzzSeed(kind: .log, name: log.name, bytes: Array(log.text.utf8), tree: nil)) }
        return seeds
    }

    /// The bundled traces a lesson file names (`../traces/NAME.trace.json`, in `trace`
    /// or a question's `with`), found by their file names so a mutated lesson still
    /// gets the traces it can still name.
    static func tracesNamed(in bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var names: Set<String> = []
        var rest = Substring(text)
        while let end = rest.range(of: ".trace.json") {
            let before = rest[..<end.lowerBound]
            let start = before.lastIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
            let name = String(before[(start.map { before.index(after: $0) } ?? before.startIndex)...])
            if !name.isEmpty, FileManager.default.fileExists(atPath: tracesFolder.appendingPathComponent(name + ".trace.json").path) {
                names.insert(name)
            }
            rest = rest[end.upperBound...]
        }
        return names.sorted()
    }
}
