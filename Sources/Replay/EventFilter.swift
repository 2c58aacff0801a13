import TraceModel
import TraceCoding

/// Which steps to show: event kinds (`init`, `prepareForReuse`, …) and named groups
/// of them (`reuse`, `prefetch`, `stale`, …), as `replay --only` and the stepper's
/// `k` name them. A kind is taken by its table view name or its collection view
/// name (`cellForRowAt` or `cellForItemAt`) on any trace: both name the same kind.
public struct EventFilter: Sendable, Equatable {
    public var kinds: Set<EventKind>
    public var groups: [EventGroup]

    public init(kinds: Set<EventKind> = [], groups: [EventGroup] = []) {
        self.kinds = kinds
        self.groups = groups
    }

    /// Steps with a STALE or LATE mark.
    public static let staleOrLate = EventFilter(groups: [.stale])

    public func matches(_ annotation: Annotation) -> Bool {
        kinds.contains(annotation.kind) || groups.contains { $0.contains(annotation) }
    }

    /// A name that is neither an event kind nor a group, with the closest of those.
    public struct UnknownName: Error, Sendable, Equatable {
        public var name: String
        public var suggestion: String?
    }

    /// Every kind name, as written in table traces.
    public static var kindNames: [String] { EventKind.allCases.map(\.rawValue) }
    /// The collection view's own names, where they differ (`cellForItemAt`, `prefetchItemsAt`, …).
    public static var collectionKindNames: [String] {
        EventKind.allCases.map(collection.name(of:)).filter { EventKind(rawValue: $0) == nil }
    }
    /// Any collection view: only its names are read here, never its columns.
    private static let collection = ListStyle.collection(columns: 1)
    /// Every group name.
    public static var groupNames: [String] { EventGroup.allCases.map(\.rawValue) }

    /// Parses a comma-separated list of kinds and groups (`init,prepareForReuse,stale`).
    /// Names match exactly, or else ignoring case; empty items are skipped.
    public static func parse(_ list: String) throws(UnknownName) -> EventFilter {
        var filter = EventFilter()
        for item in list.split(separator: ",", omittingEmptySubsequences: true) {
            let name = item.trimmingSpaces
            guard !name.isEmpty else { continue }
            if let kind = kind(named: name) {
                filter.kinds.insert(kind)
            } else if let group = group(named: name) {
                if !filter.groups.contains(group) { filter.groups.append(group) }
            } else {
                throw UnknownName(name: name, suggestion: Suggestion.closest(to: name, among: kindNames + collectionKindNames + groupNames))
            }
        }
        return filter
    }

    /// True when the filter names nothing (an empty list).
    public var isEmpty: Bool { kinds.isEmpty && groups.isEmpty }

    private static func kind(named name: String) -> EventKind? {
        if let kind = EventKind(rawValue: name) ?? collection.kind(named: name) { return kind }
        let lowered = name.lowercased()
        return EventKind.allCases.first { $0.rawValue.lowercased() == lowered || collection.name(of: $0).lowercased() == lowered }
    }

    private static func group(named name: String) -> EventGroup? {
        EventGroup(rawValue: name) ?? EventGroup.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
