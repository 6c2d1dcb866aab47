/// Per-day flags of a grid (the C ABI's `KALENDS_DAY_*` bits).
public struct DayFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// In the grid's month.
    @inlinable public static var inMonth: DayFlags { DayFlags(rawValue: 1 << 0) }
    /// Before the grid's month (a leading out-date).
    @inlinable public static var leading: DayFlags { DayFlags(rawValue: 1 << 1) }
    /// After the grid's month (a trailing out-date).
    @inlinable public static var trailing: DayFlags { DayFlags(rawValue: 1 << 2) }
    /// The calendar's today.
    @inlinable public static var today: DayFlags { DayFlags(rawValue: 1 << 3) }
    /// One of the calendar's weekend days.
    @inlinable public static var weekend: DayFlags { DayFlags(rawValue: 1 << 4) }

    // Set by a view on the days it shows:

    /// Selected.
    @inlinable public static var selected: DayFlags { DayFlags(rawValue: 1 << 5) }
    /// In the view's highlighted dates.
    @inlinable public static var highlighted: DayFlags { DayFlags(rawValue: 1 << 6) }
    /// Cannot be selected: outside the minimum and maximum dates, or disabled.
    @inlinable public static var disabled: DayFlags { DayFlags(rawValue: 1 << 7) }
    /// First day of the selected range. A one-day range is both start and end.
    @inlinable public static var rangeStart: DayFlags { DayFlags(rawValue: 1 << 8) }
    /// Strictly inside the selected range.
    @inlinable public static var rangeMiddle: DayFlags { DayFlags(rawValue: 1 << 9) }
    /// Last day of the selected range.
    @inlinable public static var rangeEnd: DayFlags { DayFlags(rawValue: 1 << 10) }
    /// An out-date cell left empty (the view's out-dates are hidden): draw nothing.
    @inlinable public static var hidden: DayFlags { DayFlags(rawValue: 1 << 11) }
    /// The keyboard focus.
    @inlinable public static var focused: DayFlags { DayFlags(rawValue: 1 << 12) }
}

/// One cell of a grid (the C ABI's `kalends_day`).
public struct Day: Hashable, Sendable {
    public let date: Date
    public let dayNumber: Int32
    public let weekday: Weekday
    /// Week number of the day's row, by the calendar's week rule.
    public let weekOfYear: WeekOfYear
    public let flags: DayFlags
    /// The day in the calendar's system (for Gregorian: era 0 BC / 1 AD and the civil
    /// fields of `date`).
    public let systemDate: SystemDate
    /// The day in the calendar's secondary system, if it has one.
    public let secondaryDate: SystemDate?

    @inlinable
    public init(date: Date, dayNumber: Int32, weekday: Weekday, weekOfYear: WeekOfYear, flags: DayFlags,
                systemDate: SystemDate, secondaryDate: SystemDate? = nil) {
        self.date = date
        self.dayNumber = dayNumber
        self.weekday = weekday
        self.weekOfYear = weekOfYear
        self.flags = flags
        self.systemDate = systemDate
        self.secondaryDate = secondaryDate
    }

    /// A Gregorian day (its system date is the civil date with its era).
    @inlinable
    public init(date: Date, dayNumber: Int32, weekday: Weekday, weekOfYear: WeekOfYear, flags: DayFlags) {
        self.init(date: date, dayNumber: dayNumber, weekday: weekday, weekOfYear: weekOfYear, flags: flags,
                  systemDate: date.year > 0 ? SystemDate(era: 1, year: date.year, month: date.month, day: date.day)
                      : SystemDate(era: 0, year: 1 &- date.year, month: date.month, day: date.day))
    }

    /// The same day with other flags.
    @inlinable
    public func with(flags: DayFlags) -> Day {
        Day(date: date, dayNumber: dayNumber, weekday: weekday, weekOfYear: weekOfYear, flags: flags,
            systemDate: systemDate, secondaryDate: secondaryDate)
    }
}

/// An inclusive range of day numbers (the C ABI's `kalends_day_range`).
public struct DayRange: Hashable, Sendable {
    public let first: Int32
    public let last: Int32

    public init(first: Int32, last: Int32) {
        self.first = first
        self.last = last
    }

    public var count: Int { Int(last) - Int(first) + 1 }

    public func contains(_ dayNumber: Int32) -> Bool { first <= dayNumber && dayNumber <= last }
}

/// How many rows a month grid has (the C ABI's `KALENDS_ROWS_*`).
public enum Rows: Int32, Sendable, CaseIterable {
    /// Always six rows (42 days): the grid's height never jumps between months.
    case fixed = 0
    /// Only the rows the month needs: 4, 5 or 6.
    case variable = 1
}
