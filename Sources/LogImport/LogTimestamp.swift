/// The timestamps console prefixes print, as seconds since 2001-01-01 00:00:00 UTC.
///
/// The forms are `2016-10-04 08:11:12.668` (old NSLog: milliseconds, local time,
/// no zone), `2021-09-02 20:11:28.629969+0900` (NSLog, os_log and `log show`),
/// `2021-09-02 11:28:03 +0000` (Swift's `Date` description) and a time alone,
/// `20:11:28.629969`. The arithmetic is done by hand — a date needs no calendar
/// object, only the day count below — so reading a timestamp costs a few
/// comparisons per line. A zone offset is applied when printed, so lines across
/// midnight or from different zones compare correctly; without one the clock is
/// taken as it is, which keeps lines of one log in order. A time alone counts from
/// that day's midnight.
enum LogTimestamp {
    /// Days from 1970-01-01 to 2001-01-01.
    private static let referenceDay = 11_323

    /// Days from 2001-01-01 to the given date of the proleptic Gregorian calendar
    /// (Howard Hinnant's `days_from_civil`). Years here have four digits, so nothing
    /// can overflow.
    static func daysSinceReferenceDate(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468 - referenceDay
    }

    /// Reads a timestamp at the cursor: a date and time, or a time alone. On failure
    /// the cursor does not move.
    static func read(_ cursor: inout ScalarCursor) -> Double? {
        var probe = cursor
        var days = 0
        if let date = readDate(&probe) {
            days = date
            guard probe.take(" ") || probe.take("T") else { return nil }
        } else {
            probe = cursor
        }
        guard let time = readTime(&probe) else { return nil }
        let offset = readZone(&probe) ?? 0
        cursor = probe
        return Double(days) * 86_400 + time - Double(offset)
    }

    /// Seconds written as a plain decimal (`12.345678`, `-3`), or a timestamp
    /// filling the whole text; nil for anything else, infinities and NaN included.
    static func seconds(from text: String) -> Double? {
        let scalars = Array(text.unicodeScalars)
        var cursor = ScalarCursor(scalars)
        if let value = read(&cursor), cursor.isAtEnd { return value }
        return PrintedDecimal.read(text)
    }

    /// `YYYY-MM-DD`, as days since the reference date.
    private static func readDate(_ cursor: inout ScalarCursor) -> Int? {
        guard let year = cursor.digits(min: 4, max: 4), cursor.take("-"),
              let month = cursor.digits(min: 2, max: 2), cursor.take("-"),
              let day = cursor.digits(min: 2, max: 2),
              (1...12).contains(month.value), (1...31).contains(day.value) else { return nil }
        return daysSinceReferenceDate(year: year.value, month: month.value, day: day.value)
    }

    /// `H:MM:SS` or `HH:MM:SS`, with an optional fraction, as seconds since midnight.
    private static func readTime(_ cursor: inout ScalarCursor) -> Double? {
        guard let hour = cursor.digits(min: 1, max: 2), cursor.take(":"),
              let minute = cursor.digits(min: 2, max: 2), cursor.take(":"),
              let second = cursor.digits(min: 2, max: 2),
              hour.value < 24, minute.value < 60, second.value <= 60 else { return nil }
        var seconds = Double(hour.value * 3600 + minute.value * 60 + second.value)
        if cursor.peek() == ".", cursor.peek(1)?.isASCIIDigit == true {
            cursor.advance()
            // Nine digits are nanoseconds, finer than any log prints; more are skipped.
            if let fraction = cursor.digits(max: 9) {
                seconds += Double(fraction.value) / power(of10: fraction.count)
            }
            while cursor.peek()?.isASCIIDigit == true { cursor.advance() }
        }
        // A time followed by more digits or letters is part of something else.
        if let next = cursor.peek(), next.isLetterOrDigit, next != "Z" { return nil }
        return seconds
    }

    /// A zone after the time, as seconds east of UTC: `Z`, `+0900`, `+09:00`, `-07`,
    /// or ` +0000` after a space (Swift's `Date` description). Nil when none is printed.
    private static func readZone(_ cursor: inout ScalarCursor) -> Int? {
        if cursor.peek() == "Z", cursor.peek(1)?.isLetterOrDigit != true {
            cursor.advance()
            return 0
        }
        var probe = cursor
        let spaced = probe.take(" ")
        let sign: Int
        if probe.take("+") { sign = 1 } else if probe.take("-") { sign = -1 } else { return nil }
        guard let hours = probe.digits(min: 2, max: 2), hours.value <= 14 else { return nil }
        var minutes = 0
        let colon = probe.take(":")
        if let read = probe.digits(min: 2, max: 2), read.value < 60 {
            minutes = read.value
        } else if colon || spaced {
            return nil
        }
        // The spaced form must stand alone, so a message starting "+12" is not a zone.
        if spaced, let next = probe.peek(), !next.isSpace { return nil }
        if let next = probe.peek(), next.isLetterOrDigit { return nil }
        cursor = probe
        return sign * (hours.value * 3600 + minutes * 60)
    }

    private static func power(of10 exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }
}
