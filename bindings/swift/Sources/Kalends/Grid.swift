// Grid values as the wrapper returns them.
import CKalends

/// One cell of a grid (`kalends_day`).
public struct Day: Hashable, Sendable {
    public let date: Date
    public let dayNumber: Int32
    public let weekday: Weekday
    public let weekOfYear: WeekOfYear
    public let flags: DayFlags

    init(_ c: kalends_day, _ lib: Library) {
        date = Date(trusted: c.date, dayNumber: c.day_number, library: lib)
        dayNumber = c.day_number
        weekday = Weekday(rawValue: c.weekday) ?? .monday
        weekOfYear = WeekOfYear(c.week_of_year)
        flags = DayFlags(rawValue: c.flags)
    }
}

/// One row of a grid.
public struct Week: Hashable, Sendable {
    public let days: [Day]
    public var weekOfYear: WeekOfYear { days.first?.weekOfYear ?? WeekOfYear(week: 0, year: 0) }
}

/// The weeks that show a month.
public struct MonthGrid: Hashable, Sendable {
    public let year: Int32
    public let month: Int32
    public let rows: Rows
    public let days: [Day]

    public var weeks: [Week] {
        stride(from: 0, to: days.count, by: 7).map { Week(days: Array(days[$0..<min($0 + 7, days.count)])) }
    }

    public var range: DayRange? {
        guard let first = days.first, let last = days.last else { return nil }
        return DayRange(first: first.dayNumber, last: last.dayNumber)
    }
}
