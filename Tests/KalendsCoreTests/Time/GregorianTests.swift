import Foundation
import Testing
@testable import KalendsCore

/// Foundation's Gregorian calendar in UTC: an oracle from 1583 on (before the Gregorian
/// reform it switches to Julian dates, where Kalends stays proleptic like Python).
private let foundation: Foundation.Calendar = {
    var cal = Foundation.Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    return cal
}()

private func foundationDate(_ dayNumber: Int) -> Foundation.Date {
    Foundation.Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
}

@Suite struct GregorianTests {
    @Test func dayNumbersAgreeWithFoundationFrom1583() throws {
        let start = Gregorian.daysFromCivil(1583, 1, 1)
        let end = Gregorian.daysFromCivil(2600, 12, 31)
        for z in stride(from: start, through: end, by: 3) {
            let c = foundation.dateComponents([.year, .month, .day, .weekday], from: foundationDate(z))
            let ours = Gregorian.civilFromDays(z)
            #expect(ours.year == c.year && ours.month == c.month && ours.day == c.day, "day \(z)")
            // Foundation: 1 = Sunday ... 7 = Saturday; ISO: 1 = Monday ... 7 = Sunday.
            #expect(Gregorian.isoWeekday(z) == (c.weekday! + 5) % 7 + 1, "weekday of \(z)")
            #expect(Gregorian.daysFromCivil(ours.year, ours.month, ours.day) == z)
        }
    }

    @Test func roundTripsOverTheWholeRange() throws {
        var z = Int(Gregorian.minDayNumber)
        let step = 9_973   // prime, so every weekday and month position comes up
        while z <= Int(Gregorian.maxDayNumber) {
            let date = try KalendsCore.Date(dayNumber: Int32(z))
            #expect(Int(date.dayNumber) == z)
            let again = try KalendsCore.Date(year: date.year, month: date.month, day: date.day)
            #expect(again == date)
            z += step
        }
        let first = try KalendsCore.Date(dayNumber: Gregorian.minDayNumber)
        let last = try KalendsCore.Date(dayNumber: Gregorian.maxDayNumber)
        #expect("\(first)" == "-999999-01-01")
        #expect("\(last)" == "+999999-12-31")
    }

    @Test func consecutiveDaysAdvanceByOne() throws {
        // Around every kind of boundary: month ends, leap days, century and 400-year rules,
        // year 0 and negative years.
        for year: Int32 in [-999_999, -401, -400, -101, -100, -5, -4, -1, 0, 1, 4, 99, 100, 1582, 1600, 1900, 2000, 2100, 999_998] {
            var previous = try KalendsCore.Date(year: year, month: 1, day: 1).dayNumber - 1
            for month: Int32 in 1...12 {
                for day in 1...(try Year.daysInMonth(year, month)) {
                    let date = try KalendsCore.Date(year: year, month: month, day: day)
                    #expect(date.dayNumber == previous + 1, "\(date)")
                    #expect(date.weekday == Weekday(dayNumber: previous + 1))
                    previous = date.dayNumber
                }
            }
        }
    }

    @Test func leapYears() throws {
        #expect(try Year.isLeap(2000))
        #expect(try !Year.isLeap(1900))
        #expect(try Year.isLeap(2024))
        #expect(try !Year.isLeap(2023))
        #expect(try Year.isLeap(0))
        #expect(try Year.isLeap(-4))
        #expect(try !Year.isLeap(-100))
        #expect(try Year.isLeap(-400))
        #expect(try Year.daysInMonth(2024, 2) == 29)
        #expect(try Year.daysInMonth(2023, 2) == 28)
    }

    @Test func dayOfYearAgreesWithFoundation() throws {
        for year: Int32 in [1583, 1600, 1900, 2000, 2023, 2024, 2400] {
            var expected: Int32 = 0
            for month: Int32 in 1...12 {
                for day in 1...(try Year.daysInMonth(year, month)) {
                    expected += 1
                    let date = try KalendsCore.Date(year: year, month: month, day: day)
                    #expect(date.dayOfYear == expected)
                    let f = foundation.ordinality(of: .day, in: .year, for: foundationDate(Int(date.dayNumber)))
                    #expect(f.map(Int32.init) == expected)
                }
            }
        }
    }

    @Test func invalidDatesAreErrorsWithClearMessages() {
        #expect(throws: KalendsError(.invalidArgument, "month 13 is not in 1...12")) {
            try KalendsCore.Date(year: 2026, month: 13, day: 1)
        }
        #expect(throws: KalendsError(.invalidArgument, "day 29 is not in 1...28 for 2023-02")) {
            try KalendsCore.Date(year: 2023, month: 2, day: 29)
        }
        #expect(throws: KalendsError(.outOfRange, "year 1000000 is outside the supported range -999999...999999")) {
            try KalendsCore.Date(year: 1_000_000, month: 1, day: 1)
        }
        #expect(throws: KalendsError.self) { try KalendsCore.Date(year: Int32.min, month: Int32.min, day: Int32.min) }
        #expect(throws: KalendsError.self) { try KalendsCore.Date(dayNumber: Int32.max) }
        #expect(throws: KalendsError.self) { try KalendsCore.Date(dayNumber: Gregorian.minDayNumber - 1) }
        #expect(throws: KalendsError.self) { try Year.isLeap(Int32.max) }
    }

    @Test func descriptionsUseISO8601ExpandedYears() throws {
        #expect("\(try KalendsCore.Date(year: 2026, month: 11, day: 22))" == "2026-11-22")
        #expect("\(try KalendsCore.Date(year: 12026, month: 1, day: 2))" == "+012026-01-02")
        #expect("\(try KalendsCore.Date(year: -44, month: 3, day: 15))" == "-000044-03-15")
        #expect("\(try KalendsCore.Date(year: 7, month: 3, day: 15))" == "0007-03-15")
    }
}
