import TraceCoding
import Replay

/// A comparison as one JSON object, for other tools. Figures keep full precision
/// in the units `stats --json` uses (milliseconds, bytes, counts, frames).
///
///     {"source": "scenario", "file", "title", "profile", "seeds": [1, 2, …],
///      "runsPerColumn", "notes": […], "baseline": "async-reset",
///      "jitter": {"fraction": 0.15, "source": "compareDefault"},
///      "interval": {"method": "order statistics", "level": 0.95},
///      "blocks": [{"network": "long-tail", "networkDescription", "baseline",
///                  "columns": [{"name", "strategy", "file", "title", "profile"}],
///                  "skipped": [{"name", "reason"}],
///                  "rows": [{"metric", "label", "kind", "group", "unit", "best", "tradeOff",
///                            "cells": [{"column", "median", "low", "high", "min", "max",
///                                       "measured", "runs", "unavailable",
///                                       "difference": {"median", "low", "high", "min",
///                                                      "max", "pairs", "verdict"}}]}],
///                  "recordings": [{"column", "seed", "metrics": {"staleMs": 0, …}}]}]}
///
/// `low` and `high` are the median's 95% interval (null below six recordings);
/// `difference` is the column minus the block's baseline, seed by seed (null for
/// the baseline itself), its `verdict` `"better"` or `"worse"` where its interval
/// is clear of 0 (`"trade-off"` where a late first screen bought the
/// difference, `TradeOff`), else null. `best` and `tradeOff` name a column or are null.
/// `recordings` has one entry per column and seed, each metric's value or null
/// where that recording did not measure it. A comparison of traces has
/// `"source": "traces"`, no file, title, profile or seeds, a null jitter, and
/// one block whose network is null; its recordings have a null seed.
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
        out.add("baseline", optional(comparison.baseline))
        if let jitter = comparison.jitter {
            var item = JSONObjectBuilder()
            item.add("fraction", jitter.fraction)
            item.add("source", jitter.source.rawValue)
            out.add("jitter", item.value)
        } else {
            out.add("jitter", .null)
        }
        var interval = JSONObjectBuilder()
        interval.add("method", "order statistics")
        interval.add("level", MedianInterval.level)
        out.add("interval", interval.value)
        out.add("blocks", .list(comparison.blocks.map { block($0, seeds: comparison.seeds) }))
        return out.value
    }

    static func block(_ block: ComparisonBlock, seeds: [Int]) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("network", block.network.map { .string($0.name) } ?? .null)
        out.add("networkDescription", block.networkDescription.map(JSONValue.string) ?? .null)
        out.add("baseline", optional(block.baseline.map { block.columns[$0].name }))
        out.add("columns", .list(block.columns.map(column)))
        out.add("skipped", .list(block.skipped.map { skipped in
            var item = JSONObjectBuilder()
            item.add("name", skipped.name)
            item.add("reason", skipped.reason)
            return item.value
        }))
        out.add("rows", .list(block.rows.map { row($0, block: block) }))
        out.add("recordings", .list(recordings(block, seeds: seeds)))
        return out.value
    }

    /// One entry per column and recording: the seed and every metric's value.
    static func recordings(_ block: ComparisonBlock, seeds: [Int]) -> [JSONValue] {
        var out: [JSONValue] = []
        for (index, column) in block.columns.enumerated() {
            for run in 0..<(block.rows.first?.cells[index].runs ?? 0) {
                var item = JSONObjectBuilder()
                item.add("column", column.name)
                item.add("seed", run < seeds.count ? .number(Double(seeds[run])) : .null)
                var metrics = JSONObjectBuilder()
                for row in block.rows {
                    metrics.add(row.key, row.cells[index].values[run].map(JSONValue.number) ?? .null)
                }
                item.add("metrics", metrics.value)
                out.append(item.value)
            }
        }
        return out
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

    static func row(_ row: ComparisonRow, block: ComparisonBlock) -> JSONValue {
        let columns = block.columns
        var out = JSONObjectBuilder()
        out.add("metric", row.key)
        out.add("label", row.label)
        out.add("kind", row.kind.rawValue)
        out.add("group", row.group.rawValue)
        out.add("unit", optional(row.unit?.rawValue))
        out.add("best", optional(row.best.map { columns[$0].name }))
        out.add("tradeOff", optional(row.tradeOff.map { columns[$0].name }))
        out.add("cells", .list(row.cells.enumerated().map { index, cell in
            var item = JSONObjectBuilder()
            item.add("column", columns[index].name)
            item.add("median", number(cell.spread?.median))
            item.add("low", number(cell.spread?.interval?.low))
            item.add("high", number(cell.spread?.interval?.high))
            item.add("min", number(cell.spread?.min))
            item.add("max", number(cell.spread?.max))
            item.add("measured", cell.spread?.count ?? 0)
            item.add("runs", cell.runs)
            item.add("unavailable", optional(cell.unavailable))
            item.add("difference", difference(row, column: index, block: block))
            return item.value
        }))
        return out.value
    }

    /// The column minus the baseline, seed by seed; null when there is none.
    static func difference(_ row: ComparisonRow, column: Int, block: ComparisonBlock) -> JSONValue {
        guard let spread = row.differences[column]?.spread else { return .null }
        var out = JSONObjectBuilder()
        out.add("median", spread.median)
        out.add("low", number(spread.interval?.low))
        out.add("high", number(spread.interval?.high))
        out.add("min", spread.min)
        out.add("max", spread.max)
        out.add("pairs", spread.count)
        out.add("verdict", optional(verdict(row, column: column, block: block)))
        return out.value
    }

    /// "better", "worse", "trade-off" (a difference a late first screen bought,
    /// `ComparisonRow.isBought`), or nil: `column` against the block's baseline on `row`.
    static func verdict(_ row: ComparisonRow, column: Int, block: ComparisonBlock) -> String? {
        guard let verdict = row.differences[column]?.verdict(kind: row.kind) else { return nil }
        return row.isBought(by: column, in: block) ? "trade-off" : verdict.rawValue
    }

    static func number(_ value: Double?) -> JSONValue {
        value.map(JSONValue.number) ?? .null
    }

    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
