import TraceCoding
import Replay

/// A comparison as one JSON object, for other tools. Figures keep full precision
/// in the units `stats --json` uses (milliseconds, bytes, counts, frames).
///
///     {"source": "scenario", "file", "title", "profile", "seeds": [1, 2, …],
///      "runsPerColumn", "notes": […],
///      "blocks": [{"network": "long-tail", "networkDescription",
///                  "columns": [{"name", "strategy", "file", "title", "profile"}],
///                  "skipped": [{"name", "reason"}],
///                  "rows": [{"metric", "label", "kind", "group", "unit", "best",
///                            "cells": [{"column", "median", "min", "max",
///                                       "measured", "runs", "unavailable"}]}]}]}
///
/// A comparison of traces has `"source": "traces"`, no file, title, profile or
/// seeds, and one block whose network is null.
public enum ComparisonJSON {
    public static func json(_ comparison: Comparison) -> JSONValue {
        var out = JSONObjectBuilder()
        switch comparison.source {
        case .traces:
            out.add("source", "traces")
        case .scenario(let file, let title, let profile, let list, let seeds):
            out.add("source", "scenario")
            out.add("file", file)
            out.add("title", title)
            if list.isCollection {
                out.add("profile", .null)
                out.add("list", "collection")
                out.add("columns", list.columns)
            } else {
                out.add("profile", profile.rawValue)
            }
            out.add("seeds", seeds.seeds)
        }
        out.add("runsPerColumn", comparison.runsPerColumn)
        out.add("notes", .list(comparison.notes.map(JSONValue.string)))
        out.add("blocks", .list(comparison.blocks.map(block)))
        return out.value
    }

    static func block(_ block: ComparisonBlock) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("network", block.network.map { .string($0.name) } ?? .null)
        out.add("networkDescription", block.networkDescription.map(JSONValue.string) ?? .null)
        out.add("columns", .list(block.columns.map(column)))
        out.add("skipped", .list(block.skipped.map { skipped in
            var item = JSONObjectBuilder()
            item.add("name", skipped.name)
            item.add("reason", skipped.reason)
            return item.value
        }))
        out.add("rows", .list(block.rows.map { row($0, columns: block.columns) }))
        return out.value
    }

    static func column(_ column: ComparisonColumn) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("name", column.name)
        out.add("strategy", optional(column.strategy))
        out.add("file", optional(column.file))
        out.add("title", optional(column.title))
        out.add("profile", optional(column.profile?.rawValue))
        return out.value
    }

    static func row(_ row: ComparisonRow, columns: [ComparisonColumn]) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("metric", row.key)
        out.add("label", row.label)
        out.add("kind", row.kind.rawValue)
        out.add("group", row.group.rawValue)
        out.add("unit", optional(row.unit?.rawValue))
        out.add("best", optional(row.best.map { columns[$0].name }))
        out.add("cells", .list(row.cells.enumerated().map { index, cell in
            var item = JSONObjectBuilder()
            item.add("column", columns[index].name)
            item.add("median", cell.spread.map { .number($0.median) } ?? .null)
            item.add("min", cell.spread.map { .number($0.min) } ?? .null)
            item.add("max", cell.spread.map { .number($0.max) } ?? .null)
            item.add("measured", cell.spread?.count ?? 0)
            item.add("runs", cell.runs)
            item.add("unavailable", optional(cell.unavailable))
            return item.value
        }))
        return out.value
    }

    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
