// Grid values as the wrapper returns them.
import CKalends

/// Per-day flags (`KALENDS_DAY_*`).
public struct DayFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let inMonth = DayFlags(rawValue: KALENDS_DAY_IN_MONTH)
    public static let leading = DayFlags(rawValue: KALENDS_DAY_LEADING)
    public static let trailing = DayFlags(rawValue: KALENDS_DAY_TRAILING)
    public static let today = DayFlags(rawValue: KALENDS_DAY_TODAY)
    public static let weekend = DayFlags(rawValue: KALENDS_DAY_WEEKEND)
    public static let selected = DayFlags(rawValue: KALENDS_DAY_SELECTED)
    public static let highlighted = DayFlags(rawValue: KALENDS_DAY_HIGHLIGHTED)
    public static let disabled = DayFlags(rawValue: KALENDS_DAY_DISABLED)
    public static let rangeStart = DayFlags(rawValue: KALENDS_DAY_RANGE_START)
    public static let rangeMiddle = DayFlags(rawValue: KALENDS_DAY_RANGE_MIDDLE)
    public static let rangeEnd = DayFlags(rawValue: KALENDS_DAY_RANGE_END)
    public static let hidden = DayFlags(rawValue: KALENDS_DAY_HIDDEN)
    public static let focused = DayFlags(rawValue: KALENDS_DAY_FOCUSED)
}

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
