import Foundation
import Testing

/// The validator itself: it must catch what it is there to catch, or its passing
/// on every export would mean nothing.
@Suite
final class TraceEventValidatorTests {
    static let names = """
    {"ph":"M","pid":1,"tid":1,"ts":0,"name":"process_name","args":{"name":"app"}},
    {"ph":"M","pid":1,"tid":1,"ts":0,"name":"thread_name","args":{"name":"main"}}
    """

    func problems(_ events: String, names: Bool = true) -> [String] {
        var validator = TraceEventValidator()
        let body = names ? Self.names + (events.isEmpty ? "" : ",\n" + events) : events
        _ = validator.check(Array("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\(body)]}".utf8))
        return validator.problems
    }

    @Test func testAGoodFilePasses() {
        #expect(problems("""
        {"ph":"X","pid":1,"tid":1,"ts":0,"dur":10,"name":"outer"},
        {"ph":"X","pid":1,"tid":1,"ts":2,"dur":3,"name":"inner"},
        {"ph":"X","pid":1,"tid":1,"ts":10,"dur":5,"name":"next"},
        {"ph":"i","pid":1,"tid":1,"ts":10,"s":"t","name":"moment"},
        {"ph":"B","pid":1,"tid":1,"ts":20,"name":"b"},
        {"ph":"E","pid":1,"tid":1,"ts":25},
        {"ph":"C","pid":1,"tid":1,"ts":0,"name":"memory","args":{"bytes":5}},
        {"ph":"X","pid":1,"tid":1,"ts":30,"dur":5,"name":"start","bind_id":1,"flow_out":true},
        {"ph":"X","pid":1,"tid":1,"ts":40,"dur":0,"name":"step","bind_id":1,"flow_in":true,"flow_out":true},
        {"ph":"X","pid":1,"tid":1,"ts":41,"dur":0,"name":"end","bind_id":1,"flow_in":true}
        """) == [])
    }

    @Test func testWhatItCatches() {
        let cases: [(String, String)] = [
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"name":"no dur"}"#, "X without dur"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":-1,"name":"negative"}"#, "negative"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":-5,"dur":1,"name":"before zero"}"#, "negative"),
            (#"{"ph":"X","pid":1,"tid":1,"dur":1,"name":"no ts"}"#, "ts missing"),
            (#"{"ph":"X","pid":1,"ts":0,"dur":1,"name":"no tid"}"#, "pid and tid"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1}"#, "no name"),
            (#"{"ph":"Z","pid":1,"tid":1,"ts":0,"name":"odd"}"#, "ph missing or unknown"),
            (#"{"ph":"i","pid":1,"tid":1,"ts":0,"name":"no scope"}"#, "scope"),
            (#"{"ph":"C","pid":1,"tid":1,"ts":0,"name":"c","args":{"v":"high"}}"#, "not a number"),
            (#"{"ph":"C","pid":1,"tid":1,"ts":0,"name":"c","args":{"v":true}}"#, "not a number"),
            (#"{"ph":"C","pid":1,"tid":1,"ts":0,"name":"c"}"#, "without arguments"),
            (#"{"ph":"E","pid":1,"tid":1,"ts":0}"#, "E without a B"),
            (#"{"ph":"B","pid":1,"tid":1,"ts":0,"name":"open"}"#, "never ended"),
            (#"{"ph":"B","pid":1,"tid":1,"ts":5,"name":"a"},{"ph":"E","pid":1,"tid":1,"ts":3}"#, "goes back"),
            (#"{"ph":"B","pid":1,"tid":1,"ts":0,"name":"a"},{"ph":"E","pid":1,"tid":1,"ts":3,"name":"b"}"#, "closes B a"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":10,"name":"a"},{"ph":"X","pid":1,"tid":1,"ts":5,"dur":10,"name":"b"}"#, "without nesting"),
            (#"{"ph":"X","pid":1,"tid":2,"ts":0,"dur":1,"name":"unnamed track"}"#, "no thread_name"),
            (#"{"ph":"X","pid":2,"tid":1,"ts":0,"dur":1,"name":"tid shared"}"#, "in processes 1 and 2"),
            (#"{"ph":"M","pid":1,"tid":1,"ts":0,"name":"thread_sort_index","args":{"sort_index":"first"}}"#, "sort_index"),
            (#"{"ph":"M","pid":1,"tid":1,"ts":0,"name":"thread_name","args":{}}"#, "args.name"),
        ]
        let flowCases: [(String, String)] = [
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"alone","bind_id":7,"flow_out":true}"#, "needs a start and an end"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"a","bind_id":7,"flow_in":true},{"ph":"X","pid":1,"tid":1,"ts":5,"dur":1,"name":"b","bind_id":7,"flow_out":true}"#, "expected out"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":0,"name":"a","bind_id":7,"flow_out":true},{"ph":"X","pid":1,"tid":1,"ts":0,"dur":0,"name":"b","bind_id":7,"flow_in":true}"#, "two slices start at"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"a","bind_id":7}"#, "neither arrives nor leaves"),
            (#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"a","bind_id":"x","flow_out":true}"#, "whole bind_id"),
            (#"{"ph":"i","pid":1,"tid":1,"ts":0,"s":"t","name":"a","bind_id":7,"flow_out":true}"#, "on an instant"),
        ]
        for (events, expected) in cases + flowCases {
            let found = problems(events)
            #expect(found.contains { $0.contains(expected) }, "\(events): expected \"\(expected)\", found \(found)")
        }
        #expect(problems(#"{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"x"}"#, names: false).contains { $0.contains("no thread_name") })
        var validator = TraceEventValidator()
        #expect(validator.check(Array("[1, 2]".utf8)) == nil)
        #expect(validator.check(Array("{\"traceEvents\": 3}".utf8)) == nil)
        #expect(validator.check(Array("not json".utf8)) == nil)
    }
}
