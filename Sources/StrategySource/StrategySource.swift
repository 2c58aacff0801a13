import TraceModel

/// The source files of `Strategies/`, as the binary carries them (SwiftPM embeds
/// each file linked from `Resources/`): the text a recorded trace carries.
public enum StrategySource {
    /// Every file, by name, in the order of their names.
    public static let files: [(name: String, bytes: [UInt8])] = [
        ("AsyncNoResetStrategy.swift", PackageResources.AsyncNoResetStrategy_swift),
        ("AsyncResetStrategy.swift", PackageResources.AsyncResetStrategy_swift),
        ("BatchPagingStrategy.swift", PackageResources.BatchPagingStrategy_swift),
        ("CacheCoalesceGridStrategy.swift", PackageResources.CacheCoalesceGridStrategy_swift),
        ("CacheCoalescePrepareStrategy.swift", PackageResources.CacheCoalescePrepareStrategy_swift),
        ("CacheCoalesceStrategy.swift", PackageResources.CacheCoalesceStrategy_swift),
        ("DataChanges.swift", PackageResources.DataChanges_swift),
        ("DiffableTableStrategy.swift", PackageResources.DiffableTableStrategy_swift),
        ("EagerPreloadStrategy.swift", PackageResources.EagerPreloadStrategy_swift),
        ("IndexPathName.swift", PackageResources.IndexPathName_swift),
        ("MemoMainAsyncStrategy.swift", PackageResources.MemoMainAsyncStrategy_swift),
        ("MovieListModel.swift", PackageResources.MovieListModel_swift),
        ("PlainGridStrategy.swift", PackageResources.PlainGridStrategy_swift),
        ("PlainTextStrategy.swift", PackageResources.PlainTextStrategy_swift),
        ("PrefetchReloadStrategy.swift", PackageResources.PrefetchReloadStrategy_swift),
        ("ProfileGridStrategy.swift", PackageResources.ProfileGridStrategy_swift),
        ("RegistrationGridStrategy.swift", PackageResources.RegistrationGridStrategy_swift),
        ("SectionedItems.swift", PackageResources.SectionedItems_swift),
        ("StrategyCatalog.swift", PackageResources.StrategyCatalog_swift),
        ("SyncDownloadStrategy.swift", PackageResources.SyncDownloadStrategy_swift),
        ("TaskIdentityCancelStrategy.swift", PackageResources.TaskIdentityCancelStrategy_swift),
        ("UIKitNames.swift", PackageResources.UIKitNames_swift),
    ]

    /// The file named `name` as a trace carries it: its lines without their breaks.
    public static func file(named name: String) -> CarriedCode.File? {
        guard let bytes = files.first(where: { $0.name == name })?.bytes else { return nil }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return CarriedCode.File(name: name, lines: lines)
    }
}
