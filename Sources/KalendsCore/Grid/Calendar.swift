/// A calendar: week rule, weekend and today, and the grids built from them
/// (the C ABI's `kalends_calendar`). A value type: copy it freely.
public struct Calendar: Hashable, Sendable {
    public private(set) var options: CalendarOptions

    public init(options: CalendarOptions = CalendarOptions()) throws(KalendsError) {
        try options.validate()
        self.options = options
    }

    /// ISO 8601 defaults with the system's today.
    public static var `default`: Calendar { Calendar(unchecked: CalendarOptions()) }

    /// For options known to be valid (the defaults).
    private init(unchecked options: CalendarOptions) { self.options = options }

    /// Replaces all options at once; on error nothing changes.
    public mutating func setOptions(_ options: CalendarOptions) throws(KalendsError) {
        try options.validate()
        self.options = options
    }

    public var weekRule: WeekRule {
        WeekRule(uncheckedFirstWeekday: options.firstWeekday, minDaysInFirstWeek: options.minDaysInFirstWeek)
    }

    /// Today's day number by the `today` option, or nil when it is `.off`.
    public func todayDayNumber() -> Int32? {
        switch options.today {
        case .system: SystemClock.localToday()
        case .fixed(let date): date.dayNumber
        case .off: nil
        }
    }

    /// Today's date by the `today` option, or nil when it is `.off` (or, for the system
    /// clock, in the unlikely case it is outside the supported range).
    public func today() -> Date? {
        todayDayNumber().flatMap { try? Date(dayNumber: $0) }
    }

    /// Week number of a date by this calendar's week rule.
    public func weekOfYear(_ date: Date) -> WeekOfYear {
        weekRule.weekOfYear(dayNumber: date.dayNumber)
    }

    // MARK: spans

    /// The days of the month grid of `year`-`month`.
    public func monthSpan(year: Int32, month: Int32, rows: Rows) throws(KalendsError) -> GridSpan {
        try Gregorian.checkYear(year)
        try Gregorian.checkMonth(month)
        let first = Gregorian.daysFromCivil(Int(year), Int(month), 1)
        let lead = Int(Weekday(dayNumber: Int32(first)).days(since: options.firstWeekday))
        let rowCount: Int
        switch rows {
        case .fixed: rowCount = 6
        case .variable: rowCount = (lead + Gregorian.daysInMonth(Int(year), Int(month)) + 6) / 7
        }
        return try span(first: first - lead, count: rowCount * 7, year: year, month: month,
                        what: "the \(rows == .fixed ? "fixed" : "variable")-row grid of \(Date.format(year, month))")
    }

    /// The seven days of the week holding `date`; flags are relative to `date`'s month.
    public func weekSpan(containing date: Date) throws(KalendsError) -> GridSpan {
        let z = Int(date.dayNumber)
        let lead = Int(date.weekday.days(since: options.firstWeekday))
        return try span(first: z - lead, count: 7, year: date.year, month: date.month,
                        what: "the week of \(date)")
    }

    private func span(first: Int, count: Int, year: Int32, month: Int32,
                      what: @autoclosure () -> String) throws(KalendsError) -> GridSpan {
        let last = first + count - 1
        guard first >= Int(Gregorian.minDayNumber), last <= Int(Gregorian.maxDayNumber) else {
            throw KalendsError(.outOfRange, "\(what()) reaches beyond the supported dates "
                + "\(Gregorian.minYear)-01-01...\(Gregorian.maxYear)-12-31")
        }
        return GridSpan(first: Int32(first), count: Int32(count), year: year, month: month)
    }

    public func monthRange(year: Int32, month: Int32, rows: Rows) throws(KalendsError) -> DayRange {
        try monthSpan(year: year, month: month, rows: rows).range
    }

    public func weekRange(containing date: Date) throws(KalendsError) -> DayRange {
        try weekSpan(containing: date).range
    }

    // MARK: days

    /// Builds every day of `span` in order and hands each to `body` with its index.
    /// Allocation-free, O(span.count). A span of at most 42 days touches at most three
    /// months (before, in and after its reference month); each is a run of consecutive
    /// days of one month, so a day is an increment, not a date conversion. Grid spans
    /// start on the first weekday, so rows are whole weeks: one week-number step per
    /// row (a span of one day, as a view's day page, is a row of its own).
    @inlinable
    public func forEachDay(in span: GridSpan, _ body: (Int, Day) -> Void) {
        let first = Int(span.first)
        let last = first + Int(span.count) - 1
        let refYear = Int(span.year), refMonth = Int(span.month)
        let monthFirst = Gregorian.daysFromCivil(refYear, refMonth, 1)
        let monthLast = monthFirst + Gregorian.daysInMonth(refYear, refMonth) - 1
        let (prevYear, prevMonth) = refMonth == 1 ? (refYear - 1, 12) : (refYear, refMonth - 1)
        let (nextYear, nextMonth) = refMonth == 12 ? (refYear + 1, 1) : (refYear, refMonth + 1)
        let prevMonthFirst = monthFirst - Gregorian.daysInMonth(prevYear, prevMonth)

        let today = todayDayNumber().map(Int.init) ?? Int.min
        let weekendMask = options.weekendDays.rawValue
        let rule = weekRule
        let firstWeek = rule.weekOfYear(dayNumber: span.first)
        var week = firstWeek.week
        var weekYear = Int(firstWeek.year)
        var nextYearStart = rule.firstWeekStart(ofYear: weekYear + 1)
        var weekOfYear = firstWeek

        var index = 0
        var column = 0
        var weekdayIndex = Gregorian.isoWeekday(first) - 1   // 0 = Monday

        /// Emits days `from...to` of one month whose 1st has day number `monthStart`.
        @inline(__always)
        func run(_ from: Int, _ to: Int, _ y: Int, _ m: Int, _ monthStart: Int, _ position: UInt32) {
            guard from <= to else { return }
            let year = Int32(truncatingIfNeeded: y), month = Int32(truncatingIfNeeded: m)
            for z in from...to {
                if column == 7 {
                    column = 0
                    if z >= nextYearStart {
                        week = 1
                        weekYear += 1
                        nextYearStart = rule.firstWeekStart(ofYear: weekYear + 1)
                    } else {
                        week &+= 1
                    }
                    weekOfYear = WeekOfYear(week: week, year: Int32(truncatingIfNeeded: weekYear))
                }
                var flags = position
                if z == today { flags |= DayFlags.today.rawValue }
                if weekendMask & (1 << UInt32(weekdayIndex)) != 0 { flags |= DayFlags.weekend.rawValue }
                body(index, Day(date: Date(uncheckedYear: year, month: month,
                                           day: Int32(truncatingIfNeeded: z &- monthStart &+ 1)),
                                dayNumber: Int32(truncatingIfNeeded: z),
                                weekday: Weekday(uncheckedIndex: weekdayIndex),
                                weekOfYear: weekOfYear,
                                flags: DayFlags(rawValue: flags)))
                index &+= 1
                column &+= 1
                weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex &+ 1
            }
        }
        run(first, min(last, monthFirst - 1), prevYear, prevMonth, prevMonthFirst, DayFlags.leading.rawValue)
        run(max(first, monthFirst), min(last, monthLast), refYear, refMonth, monthFirst, DayFlags.inMonth.rawValue)
        run(max(first, monthLast + 1), last, nextYear, nextMonth, monthLast + 1, DayFlags.trailing.rawValue)
    }

    public func days(in span: GridSpan) -> [Day] {
        var out: [Day] = []
        out.reserveCapacity(Int(span.count))
        forEachDay(in: span) { _, day in out.append(day) }
        return out
    }

    public func monthGrid(year: Int32, month: Int32, rows: Rows) throws(KalendsError) -> MonthGrid {
        let span = try monthSpan(year: year, month: month, rows: rows)
        return MonthGrid(year: year, month: month, rows: rows, days: days(in: span))
    }

    public func weekGrid(containing date: Date) throws(KalendsError) -> Week {
        let days = days(in: try weekSpan(containing: date))
        return Week(days: days)
    }
}
