import TraceModel
import ToolSupport
import Replay

/// One trace as the page draws it: every step's annotation (the sentence
/// `replay` prints, its marks and `--only` groups) and the table view after
/// every step, all computed here by folding the trace through the `Annotator`
/// (and so `ReplayState.apply`). The script only draws and navigates this.
struct TraceView {
    /// The most rows (items) on screen at once a page draws: twice the most a
    /// scenario's screen holds (`Scenario.Limits.maximumVisibleRows`), since
    /// within one fast frame the next screenful comes on screen before the last
    /// one leaves. Only a trace written by hand can show more.
    static let maximumRowsOnScreen = 2 * Scenario.Limits.maximumVisibleRows

    let value: PageValue

    /// The view of `trace`; the caveats of its steps are numbered in `notes`, the
    /// page's. A trace of more than `maximumSteps` events (`HTMLPages.maximumSteps`), or one that shows more
    /// than `maximumRowsOnScreen` rows at once, is refused (status 67).
    init(trace: Trace, file: String, notes: inout PageNotes, maximumSteps: Int = HTMLPages.maximumSteps,
         maximumRowsOnScreen: Int = maximumRowsOnScreen) throws(ReuseLabError) {
        guard trace.events.count <= maximumSteps else {
            throw ReuseLabError(.tooLarge, file: file, "has \(trace.events.count) events; a page draws at most \(maximumSteps), one step each (--max-steps raises that; replay, stats and diff take traces of any size)")
        }
        let header = trace.header
        let geometry = PageGeometry(header: header)
        let encoding = SceneEncoding(naming: header.rowNaming, geometry: geometry)
        var annotator = Annotator(trace: trace)
        let landings = RequestLandings(trace.events)
        var functions = CodeFunctions(code: header.code)
        let initial = SceneEncoding.object(encoding.members(TableScene(annotator.state), state: annotator.state))
        var steps = ByteBuffer(capacity: trace.events.count * 160 + 16)
        steps.append(UInt8(ascii: "["))
        var stepCount = 0
        var deltas = StateDeltas()
        var mostRowsOnScreen = 0
        var staleViews = StaleViews()
        while let annotation = try annotator.step(file: file) {
            stepCount += 1
            if stepCount > 1 { steps.append(UInt8(ascii: ",")) }
            Self.write(annotation, text: notes.text(of: annotation), list: header.list, functions: &functions, into: &steps)
            let scene = TableScene(annotator.state, landings: landings)
            guard scene.rows.count <= maximumRowsOnScreen else {
                throw ReuseLabError(.tooLarge, file: file, location: InputLocation(eventIndex: stepCount - 1),
                                    "shows \(scene.rows.count) \(header.list.plural) on screen at once; a page draws at most \(maximumRowsOnScreen), more than any scenario shows (replay, stats and diff take the trace)")
            }
            mostRowsOnScreen = max(mostRowsOnScreen, scene.rows.count)
            deltas.append(encoding.members(scene, state: annotator.state))
            staleViews.note(step: stepCount - 1, scene: scene, state: annotator.state, geometry: geometry)
        }
        // Without a scenario the screen is as tall as the most rows it showed.
        let viewport = geometry.viewportHeight ?? geometry.fallbackViewportHeight(mostOnScreen: mostRowsOnScreen)
        let list = header.list
        var members: [(String, PageValue)] = [
            ("title", .string(VisibleText.escape(header.title))),
            ("file", .string(VisibleText.escape(file))),
            // A collection view has no profile: the list member says what it is.
            ("profile", .string(list.isCollection ? "" : header.profile.rawValue)),
            ("strategy", .optional(header.scenario.map { VisibleText.escape($0.strategy) })),
            ("viewport", .object(list.isCollection ? [("height", .number(viewport)), ("width", .number(PageGeometry.screenWidth))]
                                                   : [("height", .number(viewport))])),
            ("rowHeightHint", .number(geometry.typicalRowHeight)),
            ("showsImages", .bool(Self.showsImages(trace))),
            ("duration", .number(trace.events.last?.time.milliseconds ?? 0)),
            ("steps", .raw(steps.string + "]")),
            ("states", deltas.json),
            ("initial", initial),
            // Where `s` goes: the steps whose screen shows a STALE row, not just its edge.
            ("staleViews", .array(staleViews.ranges(height: viewport).map { .array($0.map(PageValue.int)) })),
        ]
        if case .collection(let columns) = list {
            // The grid's words and shape, for the script to say and draw (rows carry each item's left edge).
            members.append(("list", .object([("columns", .int(columns)), ("itemWidth", .number(geometry.itemWidth ?? PageGeometry.screenWidth)),
                                             ("noun", .string(list.noun)), ("plural", .string(list.plural)),
                                             ("view", .string(list.viewName)),
                                             ("text", .string("collection view, \(columns) column\(columns == 1 ? "" : "s")"))])))
        }
        if !geometry.isExact {
            let (noun, plural) = (list.noun, list.plural)
            members.append(("layoutNote", .string("The trace carries no scenario, so \(noun) heights and offsets are not known: \(plural) are drawn \(Int(PageGeometry.defaultRowHeight)) pt tall, the first \(noun) on screen at the top.")))
        }
        if header.source != nil {
            members.append(("imported", .bool(true)))
        }
        if let code = header.code {
            members.append(("code", Self.code(code)))
        }
        value = .object(members)
    }

    /// {t, k, x, m, g, f, c, r}; the kind named as the list names it (cellForItemAt
    /// in a collection view); x: `text`, the annotation's sentence with its caveat
    /// as a numbered marker (`PageNotes`). c: the step's line of code and its function,
    /// [file, line, first, last]; r: other lines that explain it, [[file, line], …].
    static func write(_ annotation: Annotation, text: String, list: ListStyle = .table, functions: inout CodeFunctions, into out: inout ByteBuffer) {
        out.append("{\"t\":")
        out.appendNumber(annotation.time.milliseconds)
        out.append(",\"k\":")
        out.appendString(list.name(of: annotation.kind))
        out.append(",\"x\":")
        out.appendString(text)
        out.append(",\"m\":")
        out.appendStrings(annotation.marks.sorted().map(\.rawValue))
        out.append(",\"g\":")
        out.appendStrings(EventGroup.allCases.filter { $0.contains(annotation) }.map(\.rawValue))
        out.append(",\"f\":")
        out.appendInteger(annotation.frame)
        if let place = annotation.code?.at {
            let function = functions.function(containing: place)
            out.append(",\"c\":[")
            for (index, number) in [place.file, place.line, function?.start ?? place.line, function?.end ?? place.line].enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.appendInteger(number)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !annotation.relatedCode.isEmpty {
            out.append(",\"r\":[")
            for (index, related) in annotation.relatedCode.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                out.appendInteger(related.at.file)
                out.append(UInt8(ascii: ","))
                out.appendInteger(related.at.line)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The code the trace carries, for the page's code pane: each file's name and
    /// lines, made visible (a control character in a line shows as an escape).
    static func code(_ code: CarriedCode) -> PageValue {
        .object([("fingerprint", .string(code.fingerprint)),
                 ("files", .array(code.files.map { file in
                     .object([("name", .string(VisibleText.escape(file.name))),
                              ("lines", .array(file.lines.map { .string(VisibleText.escape($0)) }))])
                 }))])
    }

    /// Image tiles are drawn when the trace loads images at all.
    static func showsImages(_ trace: Trace) -> Bool {
        trace.events.contains { event in
            switch event.body {
            case .imageSet, .imageRequest: return true
            default: return false
            }
        }
    }

    /// The `--only` groups and their kinds, for the page's filter (named as `list` names them).
    static func groups(_ list: ListStyle = .table) -> PageValue {
        .array(EventGroup.allCases.map { group in
            .object([("name", .string(group.rawValue)),
                     ("kinds", .array(group.kinds.map { list.name(of: $0) }.sorted().map(PageValue.string)))])
        })
    }
}
