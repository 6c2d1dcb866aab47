/// One row of a grid: seven days starting on the calendar's first weekday.
public struct Week: Hashable, Sendable {
    public let days: [Day]

    /// Week number of the row (every day of a row shares it).
    public var weekOfYear: WeekOfYear { days[0].weekOfYear }

    init(days: [Day]) { self.days = days }
}

/// The weeks that show a month.
public struct MonthGrid: Hashable, Sendable {
    public let year: Int32
    public let month: Int32
    public let rows: Rows
    /// Every day, row by row: 7 x `weeks.count`.
    public let days: [Day]

    init(year: Int32, month: Int32, rows: Rows, days: [Day]) {
        self.year = year
        self.month = month
        self.rows = rows
        self.days = days
    }

    public var weeks: [Week] {
        stride(from: 0, to: days.count, by: 7).map { Week(days: Array(days[$0..<$0 + 7])) }
    }

    /// First and last day shown.
    public var range: DayRange { DayRange(first: days[0].dayNumber, last: days[days.count - 1].dayNumber) }
}
