import Foundation
import Testing
import LogImport

/// NSLog, os_log and `log show` prefixes: taken off before the message is read, their
/// timestamps turned into seconds that compare correctly across midnight and zones.
@Suite
final class PrefixTests {
    typealias E = Expect

    /// Seconds since 2001-01-01 UTC by Foundation's calendar: the oracle for the
    /// recogniser's hand-made arithmetic. `zone` is the printed offset, in hours.
    func reference(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double,
                   zone: Double = 0) throws -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
        return date.timeIntervalSinceReferenceDate + second - zone * 3600
    }

    func seconds(_ line: String) -> Double? {
        LineRecogniser().recognise(line, number: 1).seconds
    }

    @Test func testEveryPrefixFormIsTakenOff() throws {
        let nsLogOld = try reference(2016, 10, 4, 8, 11, 12.668)
        let nsLogNew = try reference(2021, 9, 2, 20, 11, 28.629969, zone: 9)
        let compact = try reference(2021, 9, 2, 20, 11, 28.629)
        checkTable([
            ("2016-10-04 08:11:12.668 App[94247:11189819] willDisplay: 3", E.call(.willDisplay, row: 3, seconds: nsLogOld)),
            ("2016-10-04 08:11:12.668 My App[94247:a0b] willDisplay: 3", E.call(.willDisplay, row: 3, seconds: nsLogOld)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [Lifecycle] cellForRowAt: 19", E.call(.cellForRowAt, row: 19, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] cellForRowAt: 19", E.call(.cellForRowAt, row: 19, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [com.example.app:cells] cellForRowAt: 19",
             E.call(.cellForRowAt, row: 19, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 0x8a1b2c   Default     0x0                  67460  0    App: prepareForReuse, row:2",
             E.call(.prepareForReuse, row: 2, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900\t0x8a1b2c\tInfo\t0x0\t67460\t0\tApp: [com.example.app:cells] willDisplay 4",
             E.call(.willDisplay, row: 4, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 0x8a1b2c  Debug  0x1f2e  67460  14  App: (MyApp) [com.example.app:cells] willDisplay 4",
             E.call(.willDisplay, row: 4, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 0x8a1b2c 0x0 67460 0 My App: deinit", E.call(.deinitCell, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629 Df App[67460:9088556] willDisplay 4", E.call(.willDisplay, row: 4, seconds: compact)),
            ("2021-09-02 20:11:28.629969+0900  localhost App[67460]: (UIKitCore) didEndDisplaying: 2",
             E.call(.didEndDisplaying, row: 2, seconds: nsLogNew)),
            ("2021-09-02 11:28:03 +0000 deinit", E.call(.deinitCell, seconds: try reference(2021, 9, 2, 11, 28, 3))),
            ("2021-09-02T11:28:03Z willDisplay 3", E.call(.willDisplay, row: 3, seconds: try reference(2021, 9, 2, 11, 28, 3))),
            ("20:11:28.629969 willDisplay 3", E.call(.willDisplay, row: 3, seconds: 20 * 3600 + 11 * 60 + 28.629969)),
            ("2021-09-02 20:11:28.629969+0900 willDisplay [3]", E.call(.willDisplay, row: 3, seconds: nsLogNew)),
            // The message is read after the prefix: gaps, app output, lists and lone tags.
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] ...", LogLine(content: .gap, seconds: nsLogNew, lineNumber: 1)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [snip]", LogLine(content: .gap, seconds: nsLogNew, lineNumber: 1)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] Loaded 20 users", LogLine(content: .other, seconds: nsLogNew, lineNumber: 1)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] [0, 19] willDisplay", E.call(.willDisplay, row: 19, seconds: nsLogNew)),
            ("2021-09-02 20:11:28.629969+0900 App[67460:9088556] ", LogLine(content: .other, seconds: nsLogNew, lineNumber: 1)),
        ])
    }

    @Test func testLinesWithoutPrefixHaveNoSeconds() {
        for line in ["19: willDisplay", "12:30 willDisplay 3", "2021-09-02 willDisplay 3", "0x8a1b2c willDisplay 3",
                     "App[67460:9088556] willDisplay 3", "2021-13-02 20:11:28.629 App[1:2] init", "25:00:00 willDisplay 3"] {
            #expect(seconds(line) == nil, Comment(rawValue: line))
        }
        // Without a prefix nothing is taken off: the numbers in the message are still read.
        #expect(LineRecogniser().recognise("12:30 willDisplay 3", number: 1) == E.call(.willDisplay, row: 3))
    }

    @Test func testZonesAreApplied() throws {
        let instant = try reference(2021, 9, 2, 11, 11, 28.5)
        for line in ["2021-09-02 20:11:28.5+0900 App[1:2] init", "2021-09-02 20:11:28.5+09:00 App[1:2] init",
                     "2021-09-02 11:11:28.5+0000 App[1:2] init", "2021-09-02 04:11:28.5-0700 App[1:2] init",
                     "2021-09-02 11:11:28.5Z App[1:2] init", "2021-09-02 11:11:28.5 +0000 init",
                     "2021-09-03 01:41:28.5+1430 App[1:2] init"] {
            #expect(abs((try #require(seconds(line), Comment(rawValue: line))) - instant) <= 1e-6, Comment(rawValue: line))
        }
    }

    @Test func testTimestampsCompareAcrossMidnightMonthsAndYears() throws {
        let before = try #require(seconds("2021-12-31 23:59:59.900 App[1:2] willDisplay 1"))
        let after = try #require(seconds("2022-01-01 00:00:00.100 App[1:2] willDisplay 2"))
        #expect(abs((after - before) - 0.2) <= 1e-6)
        let leapDay = try #require(seconds("2020-02-29 12:00:00 +0000 init"))
        let nextDay = try #require(seconds("2020-03-01 12:00:00 +0000 init"))
        #expect(abs((nextDay - leapDay) - 86_400) <= 1e-6)
        // Tokyo just after its midnight is before Los Angeles' evening of the day before.
        let tokyo = try #require(seconds("2021-09-03 00:00:01.000000+0900 App[1:2] init"))
        let losAngeles = try #require(seconds("2021-09-02 08:00:02.000000-0700 App[1:2] init"))
        #expect(abs((losAngeles - tokyo) - 1) <= 1e-6)
        #expect((try #require(seconds("2001-01-01 00:00:00 +0000 init"))) == 0)
    }

    @Test func testTimestampsAgreeWithFoundationOverManyDates() throws {
        for year in stride(from: 1970, through: 2100, by: 7) {
            for month in [1, 2, 3, 6, 12] {
                for day in [1, 15, 28] {
                    let line = String(format: "%04d-%02d-%02d 13:45:07.250 App[1:2] init", year, month, day)
                    #expect(abs((try #require(seconds(line), Comment(rawValue: line))) - (try reference(year, month, day, 13, 45, 7.25))) <= 1e-5, Comment(rawValue: line))
                }
            }
        }
    }

    @Test func testFractionsOfAnyLength() throws {
        #expect(abs((try #require(seconds("00:00:01.5 init"))) - 1.5) <= 1e-9)
        #expect(abs((try #require(seconds("00:00:01.000001 init"))) - 1.000001) <= 1e-9)
        #expect(abs((try #require(seconds("00:00:01.123456789123456789 init"))) - 1.123456789) <= 1e-9)
    }
}
