import Foundation
import Testing
@testable import KalendsCore

private func date(_ y: Int32, _ m: Int32, _ d: Int32) -> KalendsCore.Date {
    // Test inputs are valid dates.
    (try? KalendsCore.Date(year: y, month: m, day: d)) ?? KalendsCore.Date(uncheckedDayNumber: 0)
}

@Suite struct GridTests {
    @Test(arguments: Weekday.allCases)
    func monthGridInvariants(firstWeekday: Weekday) throws {
        let cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: firstWeekday, today: .off))
        for year: Int32 in [-999_998, -1, 0, 1, 1582, 1900, 2000, 2026, 2100, 999_998] {
            for month: Int32 in 1...12 {
                let length = try Year.daysInMonth(year, month)
                for rows in Rows.allCases {
                    let grid = try cal.monthGrid(year: year, month: month, rows: rows)
                    let days = grid.days
                    #expect(days.count % 7 == 0)
                    if rows == .fixed { #expect(days.count == 42) } else { #expect((28...42).contains(days.count)) }
                    #expect(days.first?.weekday == firstWeekday)
                    // consecutive day numbers and matching dates
                    for (i, day) in days.enumerated() {
                        #expect(day.dayNumber == days[0].dayNumber + Int32(i))
                        #expect(day.date == (try KalendsCore.Date(dayNumber: day.dayNumber)))
                        #expect(day.weekday == day.date.weekday)
                        #expect(day.weekOfYear == cal.weekOfYear(day.date))
                    }
                    let inMonth = days.filter { $0.flags.contains(.inMonth) }
                    #expect(inMonth.map(\.date.day) == Array(1...length))
                    #expect(inMonth.allSatisfy { $0.date.month == month })
                    // leading days come first, then the month, then trailing days
                    let order: [DayFlags] = [.leading, .inMonth, .trailing]
                    let ranks = days.map { day in order.firstIndex(of: day.flags.intersection([.leading, .inMonth, .trailing])) }
                    #expect(ranks.allSatisfy { $0 != nil })
                    #expect(ranks == ranks.sorted { ($0 ?? -1) < ($1 ?? -1) })
                    if rows == .variable {
                        // no row is entirely outside the month
                        for w in grid.weeks { #expect(w.days.contains { $0.flags.contains(.inMonth) }) }
                    }
                }
            }
        }
    }

    @Test func variableRowsNeedFourToSix() throws {
        let cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .monday))
        // February 2021 starts on a Monday and has 28 days: exactly 4 rows.
        #expect(try cal.monthGrid(year: 2021, month: 2, rows: .variable).weeks.count == 4)
        // November 2026 starts on a Sunday: 6 rows when weeks start on Monday.
        #expect(try cal.monthGrid(year: 2026, month: 11, rows: .variable).weeks.count == 6)
        // ... and 5 when they start on Sunday.
        let sunday = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .sunday))
        #expect(try sunday.monthGrid(year: 2026, month: 11, rows: .variable).weeks.count == 5)
    }

    @Test func todayAndWeekendFlags() throws {
        let cal = try KalendsCore.Calendar(options: CalendarOptions(
            weekendDays: [.friday, .saturday], today: .fixed(date(2026, 11, 22))))
        let grid = try cal.monthGrid(year: 2026, month: 11, rows: .fixed)
        #expect(grid.days.filter { $0.flags.contains(.today) }.map(\.date) == [date(2026, 11, 22)])
        for day in grid.days {
            #expect(day.flags.contains(.weekend) == (day.weekday == .friday || day.weekday == .saturday))
        }
        // today in a leading or trailing cell is still marked
        let monday = try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(date(2026, 11, 30))))
        let december = try monday.monthGrid(year: 2026, month: 12, rows: .fixed)
        #expect(december.days.first { $0.flags.contains(.today) }?.flags.contains(.leading) == true)
        // off marks nothing
        let off = try KalendsCore.Calendar(options: CalendarOptions(today: .off))
        #expect(try off.monthGrid(year: 2026, month: 11, rows: .fixed).days.allSatisfy { !$0.flags.contains(.today) })
        #expect(off.today() == nil)
    }

    @Test func weekGridHoldsTheDate() throws {
        for first in Weekday.allCases {
            let cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: first, today: .off))
            for z in stride(from: Int32(-800), through: 800, by: 1) {
                let d = try KalendsCore.Date(dayNumber: z)
                let week = try cal.weekGrid(containing: d)
                #expect(week.days.count == 7)
                #expect(week.days[0].weekday == first)
                #expect(week.days.contains { $0.date == d })
                #expect(try cal.weekRange(containing: d) == DayRange(first: week.days[0].dayNumber, last: week.days[6].dayNumber))
                for day in week.days {
                    let expected: DayFlags = day.date.month == d.month && day.date.year == d.year ? .inMonth
                        : (day.dayNumber < z ? .leading : .trailing)
                    #expect(day.flags.intersection([.inMonth, .leading, .trailing]) == expected)
                }
            }
        }
    }

    @Test func monthRangeMatchesTheGrid() throws {
        let cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .wednesday))
        for month: Int32 in 1...12 {
            for rows in Rows.allCases {
                let grid = try cal.monthGrid(year: 2026, month: month, rows: rows)
                #expect(try cal.monthRange(year: 2026, month: month, rows: rows) == grid.range)
            }
        }
    }

    @Test func gridsAtTheEndsOfTheRange() throws {
        let monday = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .monday))
        // -999999-01-01 is a Monday? Whatever it is, a grid that would start before the
        // first supported date is out of range, and one that fits is fine.
        let first = try KalendsCore.Date(dayNumber: Gregorian.minDayNumber)
        let startsOnFirstWeekday = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: first.weekday))
        #expect(try startsOnFirstWeekday.monthGrid(year: Gregorian.minYear, month: 1, rows: .variable).days.first?.date == first)
        let other = Weekday(rawValue: first.weekday.rawValue % 7 + 1)!
        let spills = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: other))
        #expect(throws: KalendsError.self) { try spills.monthGrid(year: Gregorian.minYear, month: 1, rows: .fixed) }
        #expect(throws: KalendsError(.outOfRange, "year 1000000 is outside the supported range -999999...999999")) {
            try monday.monthGrid(year: 1_000_000, month: 1, rows: .fixed)
        }
        #expect(throws: KalendsError(.invalidArgument, "month 0 is not in 1...12")) {
            try monday.monthGrid(year: 2026, month: 0, rows: .fixed)
        }
        #expect(throws: KalendsError(.invalidArgument, "rows 2 is not one of 0 (fixed), 1 (variable)")) {
            try Rows(checking: 2)
        }
    }

    @Test func optionsAreValidatedAndUnchangedOnError() throws {
        var cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .sunday, minDaysInFirstWeek: 1))
        let before = cal.options
        #expect(throws: KalendsError(.invalidArgument, "minimum days in first week 8 is not in 1...7")) {
            try cal.setOptions(CalendarOptions(minDaysInFirstWeek: 8))
        }
        #expect(cal.options == before)
        #expect(throws: KalendsError.self) { try WeekdaySet(checking: 0x80) }
        #expect(throws: KalendsError(.invalidArgument, "first weekday 0 is not in 1...7 (Monday...Sunday)")) {
            try Weekday(checking: 0, "first weekday")
        }
    }
}
