import Foundation
import Testing
import LogImport

/// Shorthands for the expected `LogLine`s of the recogniser's tables.
enum Expect {
    static func at(_ section: Int, _ row: Int) -> LogIndexPath { LogIndexPath(section: section, row: row) }

    /// A callback line; `row` is a row of section 0, `paths` any index paths.
    static func call(_ callback: LogLine.Callback, row: Int? = nil, paths: [LogIndexPath] = [], isNil: Bool = false,
                     cell: String? = nil, seconds: Double? = nil, offset: Double? = nil) -> LogLine {
        LogLine(content: .callback(callback), indexPaths: row.map { [LogIndexPath(row: $0)] } ?? paths, rowIsNil: isNil,
                address: cell, seconds: seconds, offset: offset, lineNumber: 1)
    }

    /// A line that is no call but says whether a cell is new or reused (`oldIndexPath: nil`).
    static func origin(_ origin: CellOrigin, row: Int? = nil) -> LogLine {
        var line = LogLine(content: .origin, indexPaths: row.map { [LogIndexPath(row: $0)] } ?? [], lineNumber: 1)
        line.origin = origin
        return line
    }

    /// `line`, a shared call, naming the table view in its words (`forRowAt`).
    static func inTable(_ line: LogLine) -> LogLine {
        var line = line
        line.namesTableView = true
        return line
    }

    /// `line` said in a collection view's words (`cellForItemAt`, `item=`).
    static func items(_ line: LogLine) -> LogLine {
        var line = line
        line.namesItems = true
        return line
    }

    /// `line` with the origin it states.
    static func stating(_ origin: CellOrigin, _ line: LogLine) -> LogLine {
        var line = line
        line.origin = origin
        return line
    }

    /// A skipped line that seems to state a cell's origin, unreadably.
    static let unreadableOrigin: LogLine = {
        var line = LogLine(content: .other, lineNumber: 1)
        line.unreadableOrigin = true
        return line
    }()

    static let other = LogLine(content: .other, lineNumber: 1)
    static let gap = LogLine(content: .gap, lineNumber: 1)
}

/// Recognises each line (as line 1) and compares the whole `LogLine`; the
/// expected seconds are only compared when given, so tables of messages without
/// prefixes need not spell them out.
func checkTable(_ table: [(String, LogLine)], recogniser: LineRecogniser = LineRecogniser(),
                sourceLocation: SourceLocation = #_sourceLocation) {
    for (text, expected) in table {
        var actual = recogniser.recognise(text, number: 1)
        if expected.seconds == nil { actual.seconds = nil }
        #expect(actual == expected, "line: \(text)", sourceLocation: sourceLocation)
    }
}
