import TraceModel
import ReuseEngine
import StrategySource

/// Finds, for each site the engine notes (`CodeSite`), the line of the code a
/// recording carries: a call's own line (`#line`), a method's declaration found in
/// the carried text, and for an image set the line in the block or method that ran
/// which assigns an image view's image.
///
/// Which files a recording carries is the strategy's own (for its list), first the
/// file the strategy is written in, then those it builds on.
final class CodeLocator {
    let code: CarriedCode
    private let list: ListStyle
    /// Sites already found, by call (the file literal's address and the line) or by method.
    private var calls: [CallKey: CodeLine?] = [:]
    /// By `UIKitCall` (twice: the declaration, then the image it sets), once found.
    private var methods = [CodeLine??](repeating: nil, count: 2 * UIKitCall.allCases.count)

    private struct CallKey: Hashable {
        var file: UInt
        var line: UInt
        var settingImage: Bool
    }

    /// The files each strategy's recording carries, on a table view and on a collection view.
    /// With `updates` (a script that changes the app's data) the table strategy's
    /// files come with `DataChanges.swift`, where the app tells the table view.
    static func files(strategy: String, list: ListStyle, updates: Bool = false) -> [String] {
        let table: [String: [String]] = [
            "plain": ["PlainTextStrategy.swift"],
            "sync-download": ["SyncDownloadStrategy.swift", "MovieListModel.swift"],
            "eager-preload": ["EagerPreloadStrategy.swift", "MovieListModel.swift"],
            "memo-main-async": ["MemoMainAsyncStrategy.swift", "MovieListModel.swift"],
            "async-no-reset": ["AsyncNoResetStrategy.swift"],
            "async-reset": ["AsyncResetStrategy.swift", "AsyncNoResetStrategy.swift"],
            "task-identity-cancel": ["TaskIdentityCancelStrategy.swift"],
            "prefetch-reload": ["PrefetchReloadStrategy.swift"],
            "batch-paging": ["BatchPagingStrategy.swift"],
            "cache-coalesce": ["CacheCoalesceStrategy.swift"],
            "cache-coalesce-prepare": ["CacheCoalescePrepareStrategy.swift", "CacheCoalesceStrategy.swift"],
            "diffable": ["DiffableTableStrategy.swift", "CacheCoalesceStrategy.swift"],
        ]
        let collection: [String: [String]] = [
            "plain": ["PlainGridStrategy.swift"],
            "async-no-reset": ["ProfileGridStrategy.swift"],
            "async-reset": ["ProfileGridStrategy.swift"],
            "cache-coalesce": ["CacheCoalesceGridStrategy.swift", "CacheCoalesceStrategy.swift"],
            "cache-coalesce-reconfigure": ["CacheCoalesceGridStrategy.swift", "CacheCoalesceStrategy.swift"],
            "cache-coalesce-prepare": ["CacheCoalescePrepareStrategy.swift", "CacheCoalesceGridStrategy.swift", "CacheCoalesceStrategy.swift"],
            "grid-registration": ["RegistrationGridStrategy.swift", "PlainGridStrategy.swift"],
        ]
        let files = (list.isCollection ? collection : table)[strategy] ?? []
        return updates && !files.isEmpty ? files + ["DataChanges.swift"] : files
    }

    /// The locator for a recording of `strategy` on `list`, or nil when there is no code to carry.
    convenience init?(strategy: String, list: ListStyle, updates: Bool = false) {
        self.init(files: Self.files(strategy: strategy, list: list, updates: updates).compactMap(StrategySource.file(named:)), list: list)
    }

    /// The locator for app code given as `files` (an exercise's, the learner's own
    /// file first), or nil when there are none.
    init?(files: [CarriedCode.File], list: ListStyle) {
        guard !files.isEmpty else { return nil }
        code = CarriedCode(files: files)
        self.list = list
    }

    /// The line of `site` for an event of `kind`, or nil when the carried code has none.
    func line(of site: CodeSite, for kind: EventKind) -> CodeLine? {
        let settingImage = kind == .imageSet
        switch site {
        case .call(let file, let line):
            let key = CallKey(file: UInt(bitPattern: file.utf8Start), line: line, settingImage: settingImage)
            if let found = calls[key] { return found }
            let name = String(describing: file).split(separator: "/").last.map(String.init) ?? ""
            var found: CodeLine?
            if let index = code.files.firstIndex(where: { $0.name == name }), line >= 1, Int(line) <= code.files[index].lines.count {
                found = CodeLine(file: index, line: Int(line))
                if settingImage, let found { return remember(key, assignment(after: found) ?? found) }
            }
            return remember(key, found)
        case .method(let call):
            let key = 2 * call.rawValue + (settingImage ? 1 : 0)
            if let found = methods[key] { return found }
            var found = declaration(of: call.selector)
            if settingImage, let declared = found { found = assignment(after: declared) ?? declared }
            methods[key] = .some(found)
            return found
        }
    }

    private func remember(_ key: CallKey, _ line: CodeLine?) -> CodeLine? {
        calls[key] = .some(line)
        return line
    }

    /// Where the app's code declares the method UIKit calls (`tableView(_:cellForRowAt:)`
    /// on a table view is `collectionView(_:cellForItemAt:)` on a collection view).
    private func declaration(of selector: String) -> CodeLine? {
        guard let open = selector.firstIndex(of: "(") else { return nil }
        var name = String(selector[..<open])
        var label = selector[selector.index(after: open)...].split(separator: ":").dropFirst().first.map(String.init) ?? ""
        if list.isCollection, name == "tableView" {
            name = "collectionView"
            label = label.replacingOccurrences(of: "RowAt", with: "ItemAt").replacingOccurrences(of: "RowsAt", with: "ItemsAt")
        }
        return code.declaration(of: name, label: label)
    }

    /// The first line from `start` on, inside the block that begins there, that
    /// assigns an image (`… .image = …`, `cell.image = …`); when the block has
    /// none, the first such line in a function of the code it calls (seed 001's
    /// `cellForRowAt` hands the cell to `configure(_:forItemAt:)`). Nil when there is none.
    private func assignment(after start: CodeLine, followingCalls: Bool = true) -> CodeLine? {
        let lines = code.files[start.file].lines
        var depth = 0
        var opened = false
        var called: [String] = []
        for index in (start.line - 1)..<lines.count {
            let line = lines[index]
            let code = line.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? line
            if (code.contains(".image = ") || code.hasPrefix("image = ")), !line.trimmingLeadingSpaces.hasPrefix("//") {
                return CodeLine(file: start.file, line: index + 1)
            }
            if followingCalls, index > start.line - 1 { called += Self.calledNames(in: code) }
            for character in code {
                if character == "{" { depth += 1; opened = true }
                if character == "}" { depth -= 1 }
            }
            if opened && depth <= 0 { break }
        }
        for name in called {
            guard let declared = self.code.declaration(of: name), declared != start,
                  let found = assignment(after: declared, followingCalls: false) else { continue }
            return found
        }
        return nil
    }

    /// The names a line calls as functions: `configure` in `configure(cell, forItemAt: indexPath)`.
    private static func calledNames(in line: String) -> [String] {
        var names: [String] = []
        var word = ""
        for character in line {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if character == "(", let first = word.first, first.isLowercase { names.append(word) }
                word = ""
            }
        }
        return names
    }
}

private extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
