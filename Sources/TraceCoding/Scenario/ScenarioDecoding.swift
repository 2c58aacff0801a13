import Foundation
import TraceModel
import ToolSupport

extension Scenario {
    static let memberNames = ["title", "profile", "table", "collection", "strategy", "prefetching", "isPrefetchingEnabled", "fps", "seed", "images", "network", "cache", "mainThread", "paging", "script"]

    /// Reads a scenario from parsed JSON, checking every member. `knownStrategies`
    /// lists the strategy names the caller can simulate on a table view, and
    /// `knownCollectionStrategies` those it can simulate on a collection view; nil
    /// accepts any name. A strategy with a version for the other kind of list only
    /// is refused at `"strategy"`, naming those that run on this one.
    public static func decode(_ root: JSONField, knownStrategies: [String]? = nil,
                              knownCollectionStrategies: [String]? = nil,
                              strategiesChangingData: [String]? = nil) throws(ReuseLabError) -> Scenario {
        let object = try root.object()
        try object.rejectUnknown(allowed: memberNames)

        let titleField = try object.required("title", "a short title for the recording")
        let title = try titleField.string()
        guard !title.trimmingWhitespace().isEmpty else { throw titleField.error("\"title\" must not be empty") }

        // A table view, or a collection view's grid: one of the two.
        var collection: CollectionSpec?
        var collectionPrefetching: Bool?
        if let collectionField = object.optional("collection") {
            if let tableField = object.optional("table") {
                throw tableField.error("a scenario has either a \"table\" or a \"collection\", not both")
            }
            if let profileField = object.optional("profile") {
                throw profileField.error("\"profile\" does not apply to a collection view: profiles are table view behaviours (leave it out)")
            }
            if let enabledField = object.optional("isPrefetchingEnabled") {
                throw enabledField.error("a collection view's \"isPrefetchingEnabled\" goes inside \"collection\"")
            }
            (collection, collectionPrefetching) = try CollectionSpec.decode(collectionField)
        }
        let profile = try object.optional("profile").map { field throws(ReuseLabError) in
            TableProfile(rawValue: try field.choice(TableProfile.allCases.map(\.rawValue))) ?? .modern
        } ?? .modern

        let table: TableSpec
        if let collection {
            table = collection.listSpec
        } else {
            table = try TableSpec.decode(try object.required("table", "rows, rowHeight, viewportHeight; or a \"collection\" for a collection view's grid"))
        }
        let list: ListStyle = collection.map { .collection(columns: $0.columns) } ?? .table
        let naming = RowNaming(sectionRowCounts: table.sections?.map(\.rows) ?? [], list: list)

        var strategy = "plain"
        if let field = object.optional("strategy") {
            let (names, others) = collection == nil ? (knownStrategies, knownCollectionStrategies) : (knownCollectionStrategies, knownStrategies)
            if let names {
                let name = try field.string()
                if !names.contains(name), others?.contains(name) == true {
                    let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
                    throw field.error(collection == nil
                        ? "the \(name) strategy runs only on a collection view (a scenario with \"collection\" instead of \"table\"); a table view can use \(list)"
                        : "the \(name) strategy has no collection view version; the strategies that run on a collection view are \(list)")
                }
                strategy = try field.choice(names)
            } else {
                strategy = try field.string()
            }
        }

        if strategy == "batch-paging", let collectionField = object.optional("collection") {
            throw collectionField.error("the batch-paging strategy pages a table's rows; it has no collection view version")
        }
        if strategy == "batch-paging", table.sections != nil, let sectionsField = try object.required("table").object().optional("sections") {
            throw sectionsField.error("the batch-paging strategy pages one list of rows and has no sections; give \"rows\" instead, or another strategy")
        }
        if strategy == "batch-paging", table.selfSizing != nil, let sizingField = try object.required("table").object().optional("selfSizing") {
            throw sizingField.error("the batch-paging strategy grows the table as pages come, which a self-sizing table does not model; use fixed heights or another strategy")
        }
        let prefetching = try object.optional("prefetching")?.bool() ?? false
        // UITableView's own property, true by default as in UIKit.
        var isPrefetchingEnabled = try object.optional("isPrefetchingEnabled")?.bool() ?? true
        if let collectionPrefetching { isPrefetchingEnabled = collectionPrefetching }
        let fps = try object.optional("fps").map { field throws(ReuseLabError) in
            // Checked as the JSON number, so 1e300 is "not 60 or 120" rather than too big a whole number.
            if field.kind == .number, let number = try? field.double(), number != 60, number != 120 {
                throw field.error("\"fps\" must be 60 or 120, found \(NumberText.of(number))")
            }
            return try field.int()
        } ?? 60
        let seed = try object.optional("seed")?.int(in: 0...Int(Int32.max)) ?? 1

        let scriptField = try object.required("script", "a list of gestures such as {\"drag\": {\"by\": 440, \"ms\": 3000}}")
        let stepFields = try scriptField.array()
        guard !stepFields.isEmpty else {
            throw scriptField.error("\"script\" is empty; give at least one step (for example {\"wait\": {\"ms\": 500}})")
        }
        guard stepFields.count <= Limits.maximumScriptSteps else {
            throw scriptField.error("\"script\" has \(stepFields.count) steps; at most \(Limits.maximumScriptSteps) are allowed")
        }
        var script: [ScriptStep] = []
        var totalMilliseconds = 0
        for (index, field) in stepFields.enumerated() {
            let step = try ScriptStep.decode(field, naming: naming, rows: table.rows)
            if case .reconfigureRows = step, profile == .classic {
                throw field.error("\"reconfigureRows\" needs the modern profile: UITableView has it since iOS 15, and the classic profile models older table views (use reloadRows, or set \"profile\": \"modern\")")
            }
            if case .disappear = step, index != stepFields.count - 1 {
                throw field.error("\"disappear\" tears the table view down, so it must be the last step; \(stepFields.count - 1 - index) step(s) follow it")
            }
            switch step {
            case .drag(_, let ms), .wait(let ms): totalMilliseconds += ms
            case .fling(let velocity, let rate): totalMilliseconds += ScriptStep.flingDuration(velocity: velocity, rate: rate)
            default: break
            }
            guard totalMilliseconds <= Limits.maximumScriptMilliseconds else {
                throw field.error("the script runs longer than \(Limits.maximumScriptMilliseconds / 60_000) minutes of virtual time")
            }
            script.append(step)
        }
        if let updating = script.first(where: \.isRowUpdate) {
            if let changing = strategiesChangingData, !changing.contains(strategy) {
                throw scriptField.error("\"\(updating.name)\": the \(strategy) strategy's app code never changes its data, so its rows cannot be updated; use one of \(changing.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            if strategy == "batch-paging" {
                throw scriptField.error("\"\(updating.name)\": the batch-paging strategy grows its rows itself and takes no row updates")
            }
            if table.rows > RowItems.maximumRows {
                throw scriptField.error("\"\(updating.name)\": a table whose rows are updated may have at most \(RowItems.maximumRows) rows, and this one has \(table.rows)")
            }
            if table.rowHeights != nil || table.selfSizing != nil {
                // Per-row and measured heights are kept by row; an update would renumber the rows under them.
                throw scriptField.error("\"\(updating.name)\": a table whose rows are updated gives every row one height (\"rowHeight\"), not \"rowHeights\" or \"selfSizing\"")
            }
        }
        let world = try WorldSpec.decode(object, rows: table.rows)
        if let collection {
            return Scenario(title: title, collection: collection, strategy: strategy, prefetching: prefetching,
                            isPrefetchingEnabled: isPrefetchingEnabled, fps: fps, seed: seed, script: script, world: world)
        }
        return Scenario(title: title, profile: profile, table: table, strategy: strategy, prefetching: prefetching,
                        isPrefetchingEnabled: isPrefetchingEnabled, fps: fps, seed: seed, script: script, world: world)
    }

    /// The scenario as JSON with every default written out, members in a fixed order —
    /// except `isPrefetchingEnabled`, written only when it is `false`, so that traces
    /// recorded before the member existed (all with it on) keep their bytes.
    public var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        out.add("title", title)
        if let collection {
            out.add("collection", collection.jsonValue(isPrefetchingEnabled: isPrefetchingEnabled))
        } else {
            out.add("profile", profile.rawValue)
            out.add("table", table.jsonValue)
        }
        out.add("strategy", strategy)
        out.add("prefetching", prefetching)
        if !isPrefetchingEnabled && collection == nil { out.add("isPrefetchingEnabled", false) }
        out.add("fps", fps)
        out.add("seed", seed)
        world.addMembers(to: &out)
        let naming = rowNaming
        out.add("script", .list(script.map { $0.jsonValue(naming: naming) }))
        return out.value
    }
}

extension TableSpec {
    static let memberNames = ["rows", "sections", "rowHeight", "rowHeights", "viewportHeight", "contentInset", "selfSizing"]

    static func decode(_ field: JSONField) throws(ReuseLabError) -> TableSpec {
        let object = try field.object()
        try object.rejectUnknown(allowed: memberNames)
        let sections = try object.optional("sections").map { field throws(ReuseLabError) in try SectionSpec.decodeList(field) }
        let rows: Int
        if let sections {
            if let rowsField = object.optional("rows") {
                throw rowsField.error("give either \"rows\" or \"sections\", not both: with sections, each section says how many rows it has")
            }
            rows = sections.reduce(0) { $0 + $1.rows }
        } else {
            rows = try object.required("rows", "how many rows the table has (or \"sections\", each with its rows)").positiveInt(max: Scenario.Limits.maximumRows)
        }
        let heightRange = Scenario.Limits.rowHeights
        let rowHeight = try object.optional("rowHeight")?.positiveDouble(atLeast: heightRange.lowerBound, max: heightRange.upperBound) ?? 44
        var rowHeights: [Double]?
        if let heightsField = object.optional("rowHeights") {
            let elements = try heightsField.array()
            guard elements.count == rows else {
                throw heightsField.error("\"rowHeights\" has \(elements.count) heights but the table has \(rows) rows; give one per row")
            }
            var heights: [Double] = []
            heights.reserveCapacity(rows)
            for element in elements {
                heights.append(try element.positiveDouble(atLeast: heightRange.lowerBound, max: heightRange.upperBound))
            }
            rowHeights = heights
        }
        let selfSizing = try SelfSizingSpec.decodeBeside(object, rows: rows)
        let viewportField = try object.required("viewportHeight", "the table view's height in points")
        let viewports = Scenario.Limits.viewportHeights
        let viewportHeight = try viewportField.positiveDouble(atLeast: viewports.lowerBound, max: viewports.upperBound)
        let smallestRow = selfSizing?.shortestRow ?? rowHeights?.min() ?? rowHeight
        // At most 100,001 with the ranges above; compared as a Double all the same, so
        // the conversion to Int can never trap whatever the ranges become.
        let rowsOnScreen = min((viewportHeight / smallestRow).rounded(.up), 1e9)
        let mostVisible = Int(rowsOnScreen) + 1
        if mostVisible > Scenario.Limits.maximumVisibleRows {
            throw viewportField.error("a \(NumberText.of(viewportHeight)) pt viewport with rows as short as \(NumberText.of(smallestRow)) pt shows up to \(mostVisible) rows at once; at most \(Scenario.Limits.maximumVisibleRows) are supported (use taller rows or a shorter viewport)")
        }
        let (top, bottom) = try Scenario.contentInset(object.optional("contentInset"))
        return TableSpec(rows: rows, rowHeight: rowHeight, rowHeights: rowHeights, viewportHeight: viewportHeight,
                         contentInsetTop: top, contentInsetBottom: bottom, sections: sections, selfSizing: selfSizing)
    }

    var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        if let sections {
            out.add("sections", SectionSpec.jsonList(sections, unit: "rows"))
        } else {
            out.add("rows", rows)
        }
        if let selfSizing {
            out.add("selfSizing", selfSizing.jsonValue)
        } else {
            out.add("rowHeight", rowHeight)
        }
        if let rowHeights { out.add("rowHeights", .list(rowHeights.map { .number($0) })) }
        out.add("viewportHeight", viewportHeight)
        var inset = JSONObjectBuilder()
        inset.add("top", contentInsetTop)
        inset.add("bottom", contentInsetBottom)
        out.add("contentInset", inset.value)
        return out.value
    }
}

extension Scenario {
    /// `{"top": 47, "bottom": 34}`, each inset 0 when left out (a table's and a grid's alike).
    static func contentInset(_ field: JSONField?) throws(ReuseLabError) -> (top: Double, bottom: Double) {
        guard let field else { return (0, 0) }
        let inset = try field.object()
        try inset.rejectUnknown(allowed: ["top", "bottom"])
        return (try inset.optional("top")?.nonNegativeDouble(max: Limits.maximumContentInset) ?? 0,
                try inset.optional("bottom")?.nonNegativeDouble(max: Limits.maximumContentInset) ?? 0)
    }
}

extension SectionSpec {
    /// `[{"rows": 12, "header": 28}, …]` (`"items"` for a collection view's sections).
    static func jsonList(_ sections: [SectionSpec], unit: String) -> JSONValue {
        .list(sections.map { section in
            var entry = JSONObjectBuilder()
            entry.add(unit, section.rows)
            entry.add("header", section.header)
            return entry.value
        })
    }

    /// `[{"rows": 12, "header": 28}, …]`: at least one section, and at least one row in all
    /// (`unit` "items" for a collection view's sections: `{"items": 12, …}`).
    static func decodeList(_ field: JSONField, unit: String = "rows") throws(ReuseLabError) -> [SectionSpec] {
        let elements = try field.array()
        guard !elements.isEmpty else { throw field.error("\"sections\" is empty; give at least one section, such as {\"\(unit)\": 12, \"header\": 28}") }
        guard elements.count <= Scenario.Limits.maximumSections else {
            throw field.error("\"sections\" lists \(elements.count) sections; at most \(Scenario.Limits.maximumSections) are supported")
        }
        var sections: [SectionSpec] = []
        var total = 0
        for element in elements {
            let object = try element.object()
            try object.rejectUnknown(allowed: [unit, "header"])
            let rowsField = try object.required(unit, "how many \(unit) the section has")
            let rows = try rowsField.nonNegativeInt(max: Scenario.Limits.maximumRows)
            total += rows
            guard total <= Scenario.Limits.maximumRows else {
                throw rowsField.error("the sections have more than \(Scenario.Limits.maximumRows) \(unit) in all")
            }
            let header = try object.optional("header")?.nonNegativeDouble(max: Scenario.Limits.maximumHeaderHeight) ?? 0
            sections.append(SectionSpec(rows: rows, header: header))
        }
        guard total > 0 else { throw field.error("the sections have no \(unit) at all; give at least one section \(unit == "rows" ? "a row" : "an item")") }
        return sections
    }
}

extension ScriptStep {
    /// About how long a fling decelerates before it rests (speed below 10 pt/s), in ms:
    /// the speed after t ms is v·rateᵗ. Used only to bound a script's length.
    static func flingDuration(velocity: Double, rate: Double) -> Int {
        let speed = abs(velocity)
        guard speed > 10, rate > 0, rate < 1 else { return 0 }
        // Capped before the conversion: a rate a hair below 1 would otherwise give a
        // number of milliseconds no Int holds (and far past any script's limit anyway).
        let ticks = min((log(10 / speed) / log(rate)).rounded(.up), 1e15)
        return Int(ticks) + 1
    }

    /// The step, with the rows it names turned into global rows (see `RowNaming`):
    /// in a table with sections, `scrollTo`, `reloadRows` and `reconfigureRows` take a
    /// `section` (0 when left out) and rows within it.
    static func decode(_ field: JSONField, naming: RowNaming, rows: Int) throws(ReuseLabError) -> ScriptStep {
        /// The section a step names, and the rows in it.
        let (rowKey, rowsKey) = (naming.list.member("row"), naming.list.member("rows"))
        func section(_ args: JSONFieldObject) throws(ReuseLabError) -> (number: Int, rows: Int) {
            guard let sectionField = args.optional("section") else { return (0, naming.hasSections ? naming.sectionRowCounts[0] : rows) }
            guard naming.hasSections else {
                throw sectionField.error(naming.list.isCollection
                    ? "the collection view has no sections (no \"collection.sections\"), so a step names items without \"section\""
                    : "the table has no sections (no \"table.sections\"), so a step names rows without \"section\"")
            }
            let number = try sectionField.int(in: 0...(naming.sectionRowCounts.count - 1))
            let count = naming.sectionRowCounts[number]
            guard count > 0 else { throw sectionField.error("section \(number) has no \(rowsKey)") }
            return (number, count)
        }
        /// `{"section": S, "rows": [...]}`: at least one row, each a row of the section, as global rows.
        func rowList(_ args: JSONFieldObject, verb: String) throws(ReuseLabError) -> [Int] {
            try args.rejectUnknown(allowed: ["section", rowsKey])
            let rowsField = try args.required(rowsKey, "the \(rowsKey) to \(verb)")
            let named = try section(args)
            var list: [Int] = []
            for element in try rowsField.array() { list.append(try row(element, in: named)) }
            guard !list.isEmpty else { throw rowsField.error("\"\(rowsKey)\" is empty; name at least one \(rowKey) to \(verb)") }
            return list
        }
        /// A list of rows an update names: each named once, checked against the
        /// table's rows when the step is played (an update changes how many there are).
        func updateRows(_ args: JSONFieldObject, _ key: String, verb: String) throws(ReuseLabError) -> [Int] {
            let listField = try args.required(key, "the rows to \(verb)")
            var list: [Int] = []
            for element in try listField.array() {
                let row = try element.int(in: 0...(RowItems.maximumRows - 1))
                guard !list.contains(row) else { throw element.error("row \(row) is named twice; name each row to \(verb) once") }
                list.append(row)
            }
            guard !list.isEmpty else { throw listField.error("\"\(key)\" is empty; name at least one row to \(verb)") }
            guard list.count <= TraceEvent.maximumListedRows else { throw listField.error("\"\(key)\" names more than \(TraceEvent.maximumListedRows) rows") }
            return list.sorted()
        }
        /// `{"from": 8, "to": 1}`: the row before the update and its place after it.
        func rowMove(_ field: JSONField) throws(ReuseLabError) -> RowMove {
            let move = try field.object()
            try move.rejectUnknown(allowed: ["from", "to"])
            let from = try move.required("from", "the row to move, as numbered before the update").int(in: 0...(RowItems.maximumRows - 1))
            let to = try move.required("to", "where it goes, as numbered after the update").int(in: 0...(RowItems.maximumRows - 1))
            return RowMove(from: from, to: to)
        }
        /// A row of `section`, as a global row.
        func row(_ field: JSONField, in section: (number: Int, rows: Int)) throws(ReuseLabError) -> Int {
            let local = try field.int(in: 0...(section.rows - 1))
            return naming.globalRow(section: section.number, row: local) ?? local
        }
        let object = try field.object()
        guard object.keys.count == 1, let name = object.keys.first else {
            throw field.error("a script step must be an object with exactly one member naming the step (one of \(ScriptStep.names.joined(separator: ", "))), found \(object.keys.count) members")
        }
        let stepNames = naming.list.isCollection ? ScriptStep.collectionNames : ScriptStep.names
        if let other = ScriptStep.counterpart(of: name, in: naming.list), let wrong = object.optional(name) {
            throw wrong.error(naming.list.isCollection ? "a collection view's script says \"\(other)\", not \"\(name)\""
                                                       : "a table's script says \"\(other)\", not \"\(name)\" (that is a collection view's)")
        }
        if naming.list.isCollection, ScriptStep.updateNames.contains(name) || name == "reloadSections", let wrong = object.optional(name) {
            throw wrong.error("\"\(name)\": row updates are modelled for table views only, not yet for a collection view")
        }
        try object.rejectUnknown(allowed: stepNames)
        let body = try object.required(name)
        if ScriptStep.updateNames.contains(name), naming.hasSections {
            throw body.error("\"\(name)\" needs a table of one section (\"rows\", not \"sections\"): updates across sections are not modelled")
        }
        let args = try body.object()
        switch name {
        case "drag":
            try args.rejectUnknown(allowed: ["by", "ms"])
            let byField = try args.required("by", "points to drag; positive scrolls down")
            let by = try byField.double()
            let maximumBy = Scenario.Limits.maximumDragDistance
            guard by != 0, abs(by) <= maximumBy else { throw byField.error("\"by\" must be a non-zero distance in points (at most \(NumberText.of(maximumBy))), found \(NumberText.of(by))") }
            let ms = try args.required("ms", "how long the drag lasts").positiveInt(max: Scenario.Limits.maximumScriptMilliseconds)
            return .drag(by: by, ms: ms)
        case "wait":
            try args.rejectUnknown(allowed: ["ms"])
            return .wait(ms: try args.required("ms").positiveInt(max: Scenario.Limits.maximumScriptMilliseconds))
        case "fling":
            try args.rejectUnknown(allowed: ["velocity", "deceleration"])
            let velocityField = try args.required("velocity", "points per second; positive scrolls down")
            let velocity = try velocityField.double()
            let maximumVelocity = Scenario.Limits.maximumFlingVelocity
            guard velocity != 0, abs(velocity) <= maximumVelocity else { throw velocityField.error("\"velocity\" must be a non-zero speed in points per second (at most \(NumberText.of(maximumVelocity))), found \(NumberText.of(velocity))") }
            var rate = DecelerationRate.normal
            if let rateField = args.optional("deceleration") {
                switch rateField.kind {
                case .string:
                    rate = try rateField.choice(["normal", "fast"]) == "fast" ? DecelerationRate.fast : DecelerationRate.normal
                default:
                    rate = try rateField.double()
                    guard rate >= 0.9, rate < 1 else { throw rateField.error("\"deceleration\" must be \"normal\", \"fast\" or a rate per millisecond from 0.9 to below 1, found \(NumberText.of(rate))") }
                }
            }
            return .fling(velocity: velocity, deceleration: rate)
        case "scrollTo":
            try args.rejectUnknown(allowed: ["section", rowKey, "position", "animated"])
            let row = try row(try args.required(rowKey), in: try section(args))
            let position = try args.optional("position").map { field throws(ReuseLabError) in
                ScrollPosition(rawValue: try field.choice(ScrollPosition.allCases.map(\.rawValue))) ?? .top
            } ?? .top
            let animated = try args.optional("animated")?.bool() ?? false
            return .scrollTo(row: row, position: position, animated: animated)
        case "reloadData":
            try args.rejectUnknown(allowed: [])
            return .reloadData
        case "reloadRows", "reloadItems":
            return .reloadRows(try rowList(args, verb: "reload"))
        case "reconfigureRows", "reconfigureItems":
            return .reconfigureRows(try rowList(args, verb: "reconfigure"))
        case "deleteRows":
            try args.rejectUnknown(allowed: ["rows"])
            return .deleteRows(try updateRows(args, "rows", verb: "delete"))
        case "insertRows":
            try args.rejectUnknown(allowed: ["rows"])
            return .insertRows(try updateRows(args, "rows", verb: "insert"))
        case "moveRow":
            let move = try rowMove(body)
            return .moveRow(from: move.from, to: move.to)
        case "performBatchUpdates":
            try args.rejectUnknown(allowed: ["deleteRows", "insertRows", "moveRows", "reloadRows"])
            var update = RowUpdate()
            if args.optional("deleteRows") != nil { update.deleted = try updateRows(args, "deleteRows", verb: "delete") }
            if args.optional("insertRows") != nil { update.inserted = try updateRows(args, "insertRows", verb: "insert") }
            if args.optional("reloadRows") != nil { update.reloaded = try updateRows(args, "reloadRows", verb: "reload") }
            if let movesField = args.optional("moveRows") {
                for element in try movesField.array() { update.moved.append(try rowMove(element)) }
                guard !update.moved.isEmpty else { throw movesField.error("\"moveRows\" is empty; name at least one {\"from\": 8, \"to\": 1}, or leave it out") }
            }
            guard !update.isEmpty else {
                throw body.error("\"performBatchUpdates\" changes nothing; give at least one of \"deleteRows\", \"insertRows\", \"moveRows\" and \"reloadRows\"")
            }
            return .performBatchUpdates(update)
        case "reloadSections":
            try args.rejectUnknown(allowed: ["sections"])
            let sectionsField = try args.required("sections", "the sections to reload, such as [0]")
            let last = max(0, naming.sectionRowCounts.count - 1)
            var sections: [Int] = []
            for element in try sectionsField.array() {
                let section = try element.int(in: 0...last)
                guard !sections.contains(section) else { throw element.error("section \(section) is named twice") }
                sections.append(section)
            }
            guard !sections.isEmpty else { throw sectionsField.error("\"sections\" is empty; name at least one section to reload") }
            return .reloadSections(sections)
        case "memoryWarning":
            try args.rejectUnknown(allowed: [])
            return .memoryWarning
        case "disappear":
            try args.rejectUnknown(allowed: [])
            return .disappear
        default: // "note"; other names were rejected above
            try args.rejectUnknown(allowed: ["text"])
            return .note(try args.required("text").string())
        }
    }

    /// The step as a scenario writes it; rows are named within their section when the table has sections.
    public func jsonValue(naming: RowNaming = .single) -> JSONValue {
        var args = JSONObjectBuilder()
        switch self {
        case .drag(let by, let ms):
            args.add("by", by)
            args.add("ms", ms)
        case .wait(let ms):
            args.add("ms", ms)
        case .fling(let velocity, let deceleration):
            args.add("velocity", velocity)
            args.add("deceleration", deceleration)
        case .scrollTo(let row, let position, let animated):
            let path = naming.indexPath(ofRow: row)
            if path.section != 0 { args.add("section", path.section) }
            args.add(naming.list.member("row"), path.row)
            args.add("position", position.rawValue)
            args.add("animated", animated)
        case .reloadRows(let rows), .reconfigureRows(let rows):
            // A step names rows of one section (see `decode`).
            let paths = rows.map { naming.indexPath(ofRow: $0) }
            if let section = paths.first?.section, section != 0 { args.add("section", section) }
            args.add(naming.list.member("rows"), paths.map(\.row))
        case .deleteRows(let rows), .insertRows(let rows):
            args.add("rows", rows)
        case .moveRow(let from, let to):
            args.add("from", from)
            args.add("to", to)
        case .performBatchUpdates(let update):
            if !update.deleted.isEmpty { args.add("deleteRows", update.deleted) }
            if !update.inserted.isEmpty { args.add("insertRows", update.inserted) }
            if !update.moved.isEmpty {
                args.add("moveRows", JSONValue.array(update.moved.map { move in
                    var pair = JSONObjectBuilder()
                    pair.add("from", move.from)
                    pair.add("to", move.to)
                    return pair.value
                }))
            }
            if !update.reloaded.isEmpty { args.add("reloadRows", update.reloaded) }
        case .reloadSections(let sections):
            args.add("sections", sections)
        case .note(let text):
            args.add("text", text)
        case .reloadData, .memoryWarning, .disappear:
            break
        }
        var out = JSONObjectBuilder()
        out.add(name(in: naming.list), args.value)
        return out.value
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension CollectionSpec {
    static let memberNames = ["items", "sections", "columns", "itemHeight", "lineSpacing", "interitemSpacing", "viewportHeight", "contentInset", "isPrefetchingEnabled"]

    /// `{"items": 200, "columns": 2, "itemHeight": 180, "viewportHeight": 736, …}`,
    /// with the collection view's own `isPrefetchingEnabled` (true by default).
    static func decode(_ field: JSONField) throws(ReuseLabError) -> (CollectionSpec, isPrefetchingEnabled: Bool?) {
        let object = try field.object()
        try object.rejectUnknown(allowed: memberNames)
        var sections: [SectionSpec]?
        if let sectionsField = object.optional("sections") {
            if let itemsField = object.optional("items") {
                throw itemsField.error("give either \"items\" or \"sections\", not both: with sections, each section says how many items it has")
            }
            sections = try SectionSpec.decodeList(sectionsField, unit: "items")
        }
        let items: Int
        if let sections {
            items = sections.reduce(0) { $0 + $1.rows }
        } else {
            items = try object.required("items", "how many items the collection view has (or \"sections\", each with its items)").positiveInt(max: Scenario.Limits.maximumRows)
        }
        let columns = try object.required("columns", "how many items side by side in a row").int(in: 1...CollectionSpec.maximumColumns)
        let heights = Scenario.Limits.rowHeights
        let itemHeight = try object.required("itemHeight", "each item's height in points").positiveDouble(atLeast: heights.lowerBound, max: heights.upperBound)
        let lineSpacing = try object.optional("lineSpacing")?.nonNegativeDouble(max: heights.upperBound) ?? 0
        let interitemSpacing = try object.optional("interitemSpacing")?.nonNegativeDouble(max: heights.upperBound) ?? 0
        let viewportField = try object.required("viewportHeight", "the collection view's height in points")
        let viewports = Scenario.Limits.viewportHeights
        let viewportHeight = try viewportField.positiveDouble(atLeast: viewports.lowerBound, max: viewports.upperBound)
        // Rows of items on screen at once, each `columns` items.
        let rowsOnScreen = min((viewportHeight / (itemHeight + lineSpacing)).rounded(.up), 1e9) + 1
        let mostVisible = rowsOnScreen * Double(columns)
        if mostVisible > Double(Scenario.Limits.maximumVisibleRows) {
            throw viewportField.error("a \(NumberText.of(viewportHeight)) pt viewport with \(columns) columns of \(NumberText.of(itemHeight)) pt items shows up to \(Int(mostVisible)) items at once; at most \(Scenario.Limits.maximumVisibleRows) are supported")
        }
        let (top, bottom) = try Scenario.contentInset(object.optional("contentInset"))
        let enabled = try object.optional("isPrefetchingEnabled")?.bool()
        return (CollectionSpec(items: items, columns: columns, itemHeight: itemHeight, lineSpacing: lineSpacing,
                               interitemSpacing: interitemSpacing, viewportHeight: viewportHeight,
                               contentInsetTop: top, contentInsetBottom: bottom, sections: sections), enabled)
    }

    /// The grid as a scenario writes it, defaults filled in; `isPrefetchingEnabled`
    /// only when it is false.
    func jsonValue(isPrefetchingEnabled: Bool) -> JSONValue {
        var out = JSONObjectBuilder()
        if let sections {
            out.add("sections", SectionSpec.jsonList(sections, unit: "items"))
        } else {
            out.add("items", items)
        }
        out.add("columns", columns)
        out.add("itemHeight", itemHeight)
        out.add("lineSpacing", lineSpacing)
        out.add("interitemSpacing", interitemSpacing)
        out.add("viewportHeight", viewportHeight)
        var inset = JSONObjectBuilder()
        inset.add("top", contentInsetTop)
        inset.add("bottom", contentInsetBottom)
        out.add("contentInset", inset.value)
        if !isPrefetchingEnabled { out.add("isPrefetchingEnabled", false) }
        return out.value
    }
}
