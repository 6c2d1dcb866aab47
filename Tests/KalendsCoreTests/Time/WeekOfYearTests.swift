import Foundation
import Testing
@testable import KalendsCore

@Suite struct WeekOfYearTests {
    /// Foundation's week numbers for every (first weekday, minimum days) rule: the
    /// CLDR/ICU definition Kalends implements. Foundation is an oracle from 1583 on.
    @Test(arguments: Array(1...7) as [Int32])
    func everyRuleAgreesWithFoundation(firstWeekday: Int32) throws {
        for minDays: Int32 in 1...7 {
            var oracle = Foundation.Calendar(identifier: .gregorian)
            oracle.timeZone = TimeZone(identifier: "UTC")!
            oracle.firstWeekday = Int(firstWeekday % 7) + 1   // Foundation: 1 = Sunday
            oracle.minimumDaysInFirstWeek = Int(minDays)
            let rule = try WeekRule(firstWeekday: Weekday(checking: firstWeekday), minDaysInFirstWeek: minDays)
            // Every day around each New Year of 1584...2500 (where week numbering turns),
            // plus a sweep through the years. (Week numbers of early 1583 depend on
            // 1582, which Foundation counts in the Julian calendar.)
            var days: [Int] = []
            for year in stride(from: 1584, through: 2500, by: 1) {
                let jan1 = Gregorian.daysFromCivil(year, 1, 1)
                days += (jan1 - 10)...(jan1 + 10)
            }
            days += stride(from: Gregorian.daysFromCivil(1584, 1, 1), to: Gregorian.daysFromCivil(2500, 1, 1), by: 37)
            var mismatches: [String] = []
            for z in days {
                let c = oracle.dateComponents([.weekOfYear, .yearForWeekOfYear],
                                              from: Foundation.Date(timeIntervalSince1970: Double(z) * 86_400))
                let ours = rule.weekOfYear(dayNumber: Int32(z))
                if Int(ours.week) != c.weekOfYear || Int(ours.year) != c.yearForWeekOfYear {
                    mismatches.append("\(KalendsCore.Date(uncheckedDayNumber: z)) \(KalendsCore.Date(uncheckedDayNumber: z).weekday): "
                        + "ours \(ours), Foundation W\(c.weekOfYear ?? -1) of \(c.yearForWeekOfYear ?? -1)")
                }
            }
            #expect(mismatches.isEmpty, "rule (\(firstWeekday), \(minDays)): \(mismatches.count) mismatches, first \(mismatches.prefix(4))")
        }
    }

    @Test func isoKnownValues() throws {
        // ISO 8601 examples: 2004-12-26 is in 2004-W52, 2005-01-01 in 2004-W53,
        // 2008-12-29 in 2009-W01, 2010-01-03 in 2009-W53.
        let cases: [(Int32, Int32, Int32, Int32, Int32)] = [
            (2004, 12, 26, 52, 2004), (2005, 1, 1, 53, 2004), (2008, 12, 29, 1, 2009),
            (2010, 1, 3, 53, 2009), (2026, 11, 22, 47, 2026), (2027, 1, 1, 53, 2026),
        ]
        for (y, m, d, week, year) in cases {
            #expect(try KalendsCore.Date(year: y, month: m, day: d).isoWeek == WeekOfYear(week: week, year: year))
        }
    }

    @Test func usRuleCountsTheWeekOfJanuaryFirst() throws {
        // US: Sunday weeks, week 1 holds January 1st; 2026-12-31 (Thursday) is in week 1 of 2027.
        #expect(WeekRule.us.weekOfYear(dayNumber: try KalendsCore.Date(year: 2026, month: 12, day: 31).dayNumber)
                == WeekOfYear(week: 1, year: 2027))
        #expect(WeekRule.us.weekOfYear(dayNumber: try KalendsCore.Date(year: 2026, month: 1, day: 3).dayNumber)
                == WeekOfYear(week: 1, year: 2026))
        #expect(WeekRule.us.weekOfYear(dayNumber: try KalendsCore.Date(year: 2026, month: 1, day: 4).dayNumber)
                == WeekOfYear(week: 2, year: 2026))
    }

    @Test func weekNumbersAtTheEndsOfTheRange() throws {
        // Week years may step one beyond the supported years; nothing overflows.
        for rule in [WeekRule.iso, WeekRule.us] {
            let first = rule.weekOfYear(dayNumber: Gregorian.minDayNumber)
            let last = rule.weekOfYear(dayNumber: Gregorian.maxDayNumber)
            #expect((-1_000_000 ... -999_999).contains(first.year))
            #expect((999_999...1_000_000).contains(last.year))
            #expect((1...53).contains(first.week) && (1...53).contains(last.week))
        }
        #expect(throws: KalendsError(.invalidArgument, "minimum days in first week 0 is not in 1...7")) {
            try WeekRule(firstWeekday: .monday, minDaysInFirstWeek: 0)
        }
    }
}
