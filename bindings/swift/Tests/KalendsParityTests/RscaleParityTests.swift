import Foundation
import Kalends
import KalendsCore
import Testing

/// RFC 7529 through the wrapper: "every year on this date in system X"
/// (`CalendarSystem.yearlyRule`) expanded with `RecurrenceSet(text:start:)`, against
/// Foundation's calendars (the same month and day each year, or SKIP's day).
@Suite struct RscaleParityTests {
    static func foundation(_ id: Foundation.Calendar.Identifier) -> Foundation.Calendar {
        var cal = Foundation.Calendar(identifier: id)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal
    }

    static func fields(_ cal: Foundation.Calendar, _ day: Int64) -> DateComponents {
        cal.dateComponents([.year, .month, .day, .isLeapMonth], from: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    /// Chinese New Year from 2026-02-17: 1/1 every year by Foundation's Chinese calendar
    /// (2026...2060; ICU's moon differs from the tables only at midnight-close new moons
    /// outside these years), one a year.
    @Test func chineseNewYear() throws {
        let chinese = try Kalends.CalendarSystem("chinese")
        let day = Int32(Gregorian.daysFromCivil(2026, 2, 17))
        let text = try chinese.yearlyRule(onDay: day)
        #expect(text == "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1")
        let set = try Kalends.RecurrenceSet(text: text + ";UNTIL=20401231", start: Int64(day) * 86_400)
        let got = try set.next(limit: 100).map { $0 / 86_400 }
        #expect(got.count == 15)
        let cal = Self.foundation(.chinese)
        for d in got where ![2027, 2030].contains(Gregorian.civilFromDays(Int(d)).year) {
            let f = Self.fields(cal, d)
            #expect(f.month == 1 && f.day == 1 && f.isLeapMonth == false, "\(Gregorian.civilFromDays(Int(d)))")
        }
    }

    /// A birthday on 30 Adar I (5784): in common years 30 Shevat (BACKWARD) or 1 Nisan
    /// (FORWARD), in leap years 30 Adar I, by Foundation's Hebrew calendar (1...13, Adar I = 6).
    /// 40 years from 5784: 15 leap years.
    @Test(arguments: [Kalends.RruleSkip.backward, .forward])
    func hebrewBirthday(skip: Kalends.RruleSkip) throws {
        let hebrew = try Kalends.CalendarSystem("hebrew")
        let day = Int32(Gregorian.daysFromCivil(2024, 3, 10))
        let text = try hebrew.yearlyRule(onDay: day, skip: skip)
        #expect(text.hasSuffix("BYMONTHDAY=30;BYMONTH=5L;SKIP=" + (skip == .backward ? "BACKWARD" : "FORWARD")))
        let set = try Kalends.RecurrenceSet(text: text + ";COUNT=40", start: Int64(day) * 86_400)
        let got = try set.next(limit: 100).map { $0 / 86_400 }
        #expect(got.count == 40)
        let cal = Self.foundation(.hebrew)
        for d in got {
            let f = Self.fields(cal, d)
            // Foundation's known error: AM 5806 has 385 days there, and its days from
            // 1 Kislev 5806 on are one behind (KalendsCoreTests' FoundationExceptions).
            if f.year == 5806 { continue }
            let leapYear = ((f.year ?? 0) * 7 + 1) % 19 < 7   // the Metonic cycle's 7 leap years of 19
            if leapYear {
                #expect(f.month == 6 && f.day == 30)
            } else if skip == .backward {
                #expect(f.month == 5 && f.day == 30)
            } else {
                #expect(f.month == 8 && f.day == 1)
            }
        }
    }

    /// The rule constructor takes rscale, skip and leap months (kalends_rrule_options'
    /// RFC 7529 fields): 8 Adar I (5L) with FORWARD, as the RRULE text gives it, and by
    /// Foundation's Hebrew calendar 8 Adar I (6) in leap years, 8 Adar (7) in common ones;
    /// a DAILY rule limited to Adar I; skip without rscale refused.
    @Test func constructorTakesRscaleAndSkip() throws {
        let start = Int64(Gregorian.daysFromCivil(2014, 2, 8)) * 86_400
        let parts = try Kalends.RecurrenceSet(frequency: .yearly, start: start, count: 12, byMonthDay: [8],
                                              rscale: "hebrew", skip: .forward, byLeapMonth: [5])
        let text = try Kalends.RecurrenceSet(text: "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=12",
                                             start: start)
        let got = try parts.next(limit: 20)
        let fromText = try text.next(limit: 20)
        #expect(got.count == 12 && got == fromText)
        let cal = Self.foundation(.hebrew)
        for t in got {
            let f = Self.fields(cal, t / 86_400)
            let leapYear = ((f.year ?? 0) * 7 + 1) % 19 < 7
            #expect(f.day == 8 && f.month == (leapYear ? 6 : 7), "\(f)")
        }
        let adarI = try Kalends.RecurrenceSet(frequency: .daily, start: start, count: 60, rscale: "HEBREW", byLeapMonth: [5])
        for t in try adarI.next(limit: 100) { #expect(Self.fields(cal, t / 86_400).month == 6) }
        #expect(throws: Kalends.KalendsError.self) {
            try Kalends.RecurrenceSet(frequency: .yearly, start: start, skip: .backward)
        }
    }
}
