import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import ReuseEngine
import Recorder

/// The program an exercise's build makes: it records each scenario it is given
/// with the learner's view controller and writes the traces for `reuselab
/// exercise` to check. It is run by `reuselab exercise`, never by hand:
///
///     exercise-01 --out DIR --title TITLE --code FILE [--code FILE …] SCENARIO…
///
/// writes `DIR/1.trace.json`, `DIR/2.trace.json`, … in the order of the scenarios.
/// The first `--code` file is the learner's, carried in each trace so that every
/// step points at the learner's own line. It exits 0 when all were written, 65
/// with the error on standard error otherwise (a crash in the learner's code ends
/// it by a signal, which `reuselab exercise` reports).
public enum ExerciseRunner {
    public static func main(_ makeScreen: () -> TableViewController) -> Never {
        do throws(ReuseLabError) {
            try run(Array(CommandLine.arguments.dropFirst()), makeScreen: makeScreen)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            exit(error.kind.exitStatus)
        }
    }

    static func run(_ arguments: [String], makeScreen: () -> TableViewController) throws(ReuseLabError) {
        var out: String?, title = "Exercise", code: [String] = [], scenarios: [String] = []
        var index = 0
        func value() throws(ReuseLabError) -> String {
            index += 1
            guard index < arguments.count else { throw ReuseLabError(.usage, "\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--out": out = try value()
            case "--title": title = try value()
            case "--code": code.append(try value())
            default: scenarios.append(arguments[index])
            }
            index += 1
        }
        guard let out, !scenarios.isEmpty else { throw ReuseLabError(.usage, "usage: --out DIR --code FILE SCENARIO…") }
        let files = try code.map { (path: String) throws(ReuseLabError) -> CarriedCode.File in
            let bytes = try InputFile.read(path, limit: InputFile.smallFileBytes)
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return CarriedCode.File(name: (path as NSString).lastPathComponent, lines: lines)
        }
        for (number, path) in scenarios.enumerated() {
            let scenario = try Recorder.loadScenario(path: path)
            let trace = try Recorder.record(scenario, screen: .table(makeScreen()), showsImages: true, code: files,
                                            title: "\(title): \(scenario.title)")
            try Recorder.write(trace, to: out + "/\(number + 1).trace.json", permission: .ours, standardOutput: { _ in })
        }
    }
}
