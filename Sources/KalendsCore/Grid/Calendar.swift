/// A calendar: week rule, weekend and today, and the grids built from them
/// (the C ABI's `kalends_calendar`). A value type: copy it freely.
public struct Calendar: Hashable, Sendable {
    public private(set) var options: CalendarOptions {
        didSet { derive() }
    }
    /// The today option as grids read it: a fixed day's number, `Int.min` for off,
    /// `Int.max` for the system clock (read per grid).
    @usableFromInline private(set) var todayMark: Int
    /// Gregorian without a secondary system: grids take the direct Gregorian path
    /// (decided when the options are set, not per grid).
    @usableFromInline private(set) var directGregorian: Bool
    /// Whether the options name a secondary system (read per grid without copying the
    /// optional system).
    @usableFromInline private(set) var hasSecondarySystem = false
    /// The system's days inside the library's (`dayBounds`), its month indexes and its
    /// extended years, asked of the system once, not per grid (a system's years come
    /// from its first and last months: for Hebrew ~1,000 instructions, more than a grid).
    private(set) var bounds: ClosedRange<Int32> = 0...0
    @usableFromInline private(set) var systemMonths: ClosedRange<Int> = 0...0
    private(set) var systemYears: ClosedRange<Int> = 0...0

    public init(options: CalendarOptions = CalendarOptions()) throws(KalendsError) {
        try options.validate()
        self.options = options
        directGregorian = options.system.isGregorian && options.secondarySystem == nil
        todayMark = Calendar.todayMark(options.today)
        derive()
    }

    /// Everything decided from the options when they are set.
    private mutating func derive() {
        directGregorian = options.system.isGregorian && options.secondarySystem == nil
        hasSecondarySystem = options.secondarySystem != nil
        todayMark = Calendar.todayMark(options.today)
        let r = options.system.dayRange
        bounds = Int32(clamping: max(r.lowerBound, Int(Gregorian.minDayNumber)))...Int32(clamping: min(r.upperBound, Int(Gregorian.maxDayNumber)))
        systemMonths = options.system.monthIndexRange
        systemYears = options.system.isGregorian ? 0...0 : options.system.base.extendedYearRange
    }

    /// ISO 8601 defaults with the system's today.
    public static var `default`: Calendar { Calendar(unchecked: CalendarOptions()) }

    /// For options known to be valid (the defaults).
    private init(unchecked options: CalendarOptions) {
        self.options = options
        directGregorian = options.system.isGregorian && options.secondarySystem == nil
        todayMark = Calendar.todayMark(options.today)
        derive()
    }

    /// Replaces all options at once; on error nothing changes.
    public mutating func setOptions(_ options: CalendarOptions) throws(KalendsError) {
        try options.validate()
        self.options = options
    }

    public var weekRule: WeekRule {
        WeekRule(uncheckedFirstWeekday: options.firstWeekday, minDaysInFirstWeek: options.minDaysInFirstWeek)
    }

    static func todayMark(_ today: Today) -> Int {
        switch today {
        case .system: Int.max
        case .fixed(let date): Int(date.dayNumber)
        case .off: Int.min
        }
    }

    /// Today's day number for a grid's flags (`Int.min` when today is off).
    @inlinable
    var gridToday: Int {
        todayMark != Int.max ? todayMark : Platform.current.localToday().map { Int($0) } ?? Int.min
    }

    /// Today's day number by the `today` option, or nil when it is `.off`.
    public func todayDayNumber() -> Int32? {
        switch options.today {
        case .system: Platform.current.localToday()
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

    // MARK: the system

    /// The calendar's system.
    public var system: AnyCalendarSystem { options.system }

    /// The days this calendar converts: its system's day range inside the library's.
    public var dayBounds: ClosedRange<Int32> { bounds }

    func checkDay(_ day: Int) throws(KalendsError) {
        let b = dayBounds
        guard day >= Int(b.lowerBound), day <= Int(b.upperBound) else {
            if options.system.isGregorian { try Gregorian.checkDayNumber(Int32(clamping: day)) }
            throw KalendsError(.outOfRange, "day number \(day) is outside the \(options.system.identifier) calendar's days "
                + "\(b.lowerBound)...\(b.upperBound)")
        }
    }

    /// Index of the month holding a day, in the calendar's system.
    public func monthIndex(containing day: Int32) throws(KalendsError) -> Int {
        try checkDay(Int(day))
        if options.system.isGregorian {
            let c = Gregorian.civilFromDays(Int(day))
            return c.year * 12 + c.month - 1
        }
        return options.system.base.monthIndex(dayNumber: Int(day))
    }

    /// The month of an index in the calendar's system.
    public func month(index: Int) throws(KalendsError) -> SystemMonth {
        try options.system.base.month(checkedIndex: index)
    }

    /// The same day `months` months later in the calendar's system, clamped to the
    /// target month's length (January 31 + 1 month = February 28 or 29).
    public func adding(months: Int, to day: Int32) throws(KalendsError) -> Int32 {
        if options.system.isGregorian {
            let moved = Gregorian.addingMonths(months, to: Int(day))
            try Gregorian.checkDayNumber(Int32(clamping: moved))
            return Int32(moved)
        }
        let moved = try options.system.base.adding(months: months, to: Int(day))
        try checkDay(moved)
        return Int32(moved)
    }

    // MARK: spans

    /// The days of the month grid of `year`-`month`: for a Gregorian calendar the civil
    /// year and month, otherwise the system's extended year and (non-leap) month.
    public func monthSpan(year: Int32, month: Int32, rows: Rows) throws(KalendsError) -> GridSpan {
        if options.system.isGregorian {
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
        let system = options.system.base
        guard systemYears.contains(Int(year)) else {
            throw KalendsError(.outOfRange, "year \(year) is outside the \(system.identifier) calendar's years "
                + "\(systemYears.lowerBound)...\(systemYears.upperBound)")
        }
        let index = try system.monthIndex(extendedYear: Int(year), month: month, isLeapMonth: false)
        return try monthSpan(monthIndex: index, rows: rows)
    }

    /// The days of the month grid of a month of the calendar's system.
    public func monthSpan(era: Int32, year: Int32, month: Int32, isLeapMonth: Bool = false, rows: Rows) throws(KalendsError) -> GridSpan {
        try monthSpan(monthIndex: try options.system.base.monthIndex(era: era, year: year, month: month, isLeapMonth: isLeapMonth),
                      rows: rows)
    }

    /// The days of the month grid of the month holding `day`.
    public func monthSpan(containing day: Int32, rows: Rows) throws(KalendsError) -> GridSpan {
        try monthSpan(monthIndex: try monthIndex(containing: day), rows: rows)
    }

    /// The days of the month grid of a month index of the calendar's system.
    public func monthSpan(monthIndex index: Int, rows: Rows) throws(KalendsError) -> GridSpan {
        if options.system.isGregorian {
            let y = Int32(clamping: Arith.floorDiv(index, 12))
            return try monthSpan(year: y, month: Int32(truncatingIfNeeded: index - Int(y) * 12 + 1), rows: rows)
        }
        let indexes = systemMonths
        guard indexes.contains(index) else {
            throw KalendsError(.outOfRange, "month index \(index) is outside the \(options.system.identifier) calendar's months "
                + "\(indexes.lowerBound)...\(indexes.upperBound)")
        }
        let m = options.system.month(index: index)
        let lead = Int(Weekday(dayNumber: Int32(truncatingIfNeeded: m.firstDay)).days(since: options.firstWeekday))
        let rowCount: Int
        switch rows {
        case .fixed: rowCount = max(6, (lead + m.length + 6) / 7)
        case .variable: rowCount = (lead + m.length + 6) / 7
        }
        let first = m.firstDay - lead, last = first + rowCount * 7 - 1
        let b = dayBounds
        guard first >= Int(b.lowerBound), last <= Int(b.upperBound) else {
            throw KalendsError(.outOfRange, "the grid of month \(index) (\(m)) reaches beyond the \(options.system.identifier) "
                + "calendar's days \(b.lowerBound)...\(b.upperBound)")
        }
        return GridSpan(first: Int32(first), count: Int32(rowCount * 7), month: m, index: index,
                        system: options.system.builtInCode)
    }

    /// The seven days of the week holding `date`; flags are relative to `date`'s month.
    public func weekSpan(containing date: Date) throws(KalendsError) -> GridSpan {
        let z = Int(date.dayNumber)
        let lead = Int(date.weekday.days(since: options.firstWeekday))
        if options.system.isGregorian {
            return try span(first: z - lead, count: 7, year: date.year, month: date.month,
                            what: "the week of \(date)")
        }
        let index = try monthIndex(containing: date.dayNumber)
        let m = options.system.base.month(index: index)
        let b = dayBounds
        guard z - lead >= Int(b.lowerBound), z - lead + 6 <= Int(b.upperBound) else {
            throw KalendsError(.outOfRange, "the week of \(date) reaches beyond the \(options.system.identifier) calendar's days "
                + "\(b.lowerBound)...\(b.upperBound)")
        }
        return GridSpan(first: Int32(z - lead), count: 7, month: m, index: index)
    }

    /// One day as a span (a view's day page).
    func daySpan(_ day: Int32) throws(KalendsError) -> GridSpan {
        if options.system.isGregorian {
            let d = Date(uncheckedDayNumber: Int(day))
            return GridSpan(first: day, count: 1, year: d.year, month: d.month)
        }
        let index = try monthIndex(containing: day)
        return GridSpan(first: day, count: 1, month: options.system.base.month(index: index), index: index)
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
    /// Allocation-free, O(span.count). A span of at most 42 days touches few months
    /// (before, in and after its reference month; with the 5-day thirteenth month of
    /// the Coptic and Ethiopic calendars, four); each is a run of consecutive days of
    /// one month, so a day is an increment, not a date conversion (the Gregorian date,
    /// the system date and the secondary date each advance that way). Grid spans start
    /// on the first weekday, so rows are whole weeks: one week-number step per row (a
    /// span of one day, as a view's day page, is a row of its own).
    @inlinable
    public func forEachDay(in span: GridSpan, _ body: (Int, Day) -> Void) {
        if directGregorian {
            forEachGregorianDay(in: span, body)
        } else {
            forEachSystemDay(in: span, body)
        }
    }

    @inlinable
    func forEachGregorianDay(in span: GridSpan, _ body: (Int, Day) -> Void) {
        let first = Int(span.first)
        let last = first + Int(span.count) - 1
        let refYear = Int(span.year), refMonth = Int(span.month)
        let monthFirst = Gregorian.daysFromCivil(refYear, refMonth, 1)
        let monthLast = monthFirst + Gregorian.daysInMonth(refYear, refMonth) - 1
        let (prevYear, prevMonth) = refMonth == 1 ? (refYear - 1, 12) : (refYear, refMonth - 1)
        let (nextYear, nextMonth) = refMonth == 12 ? (refYear + 1, 1) : (refYear, refMonth + 1)
        let prevMonthFirst = monthFirst - Gregorian.daysInMonth(prevYear, prevMonth)

        let today = gridToday
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
            let year = Int32(truncatingIfNeeded: y), month = UInt8(truncatingIfNeeded: m)
            for z in from...to {
                if column == 7 {
                    column = 0
                    if z >= nextYearStart {
                        week = 1
                        weekYear &+= 1
                        // A span is shorter than a year (at most 8 rows), so it meets one
                        // week-year start at most. No call in the loop: a body that reads
                        // no week number leaves the whole row step dead (removed).
                        nextYearStart = Int.max
                    } else {
                        week &+= 1
                    }
                    weekOfYear = WeekOfYear(week: week, year: Int32(truncatingIfNeeded: weekYear))
                }
                var flags = position
                if z == today { flags |= DayFlags.today.rawValue }
                if weekendMask & (1 << UInt32(weekdayIndex)) != 0 { flags |= DayFlags.weekend.rawValue }
                // A Gregorian day stores no system date: it is derived from the civil date.
                body(index, Day(packedYear: year, month: month, day: UInt8(truncatingIfNeeded: z &- monthStart &+ 1),
                                dayNumber: Int32(truncatingIfNeeded: z), weekday: UInt8(truncatingIfNeeded: weekdayIndex),
                                week: UInt8(truncatingIfNeeded: weekOfYear.week), weekYear: weekOfYear.year, bits: flags,
                                systemEra: 0, systemYear: 0, systemMonth: 0, systemDay: 0,
                                secondaryEra: 0, secondaryYear: 0, secondaryMonth: 0, secondaryDay: 0))
                index &+= 1
                column &+= 1
                weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex &+ 1
            }
        }
        run(first, min(last, monthFirst - 1), prevYear, prevMonth, prevMonthFirst, DayFlags.leading.rawValue)
        run(max(first, monthFirst), min(last, monthLast), refYear, refMonth, monthFirst, DayFlags.inMonth.rawValue)
        run(max(first, monthLast + 1), last, nextYear, nextMonth, monthLast + 1, DayFlags.trailing.rawValue)
    }

    /// Grids of a system other than plain Gregorian. A built-in system gives the
    /// months the span meets in one call (`AnyCalendarSystem.gridMonths`, no
    /// existential); the days are then filled run by run, where a run is a stretch of
    /// one system month and one Gregorian month: per day only increments, the week
    /// step per row and the flags. Per grid: those months, one Gregorian conversion and
    /// one or two year starts for the week numbers. Other systems, and days outside a
    /// system's range, take the general path.
    @inlinable
    func forEachSystemDay(in span: GridSpan, _ body: (Int, Day) -> Void) {
        let first = Int(span.first)
        let last = first + Int(span.count) - 1
        var months = GridMonths()
        guard span.count <= 300,
              options.system.gridMonths(first: first, last: last, near: span.monthIndex,
                                        known: span.referenceMonth(system: options.system.builtInCode), into: &months) else {
            forEachSystemDayGeneral(in: span, body)
            return
        }
        // Two copies of the loop: the one without a secondary system has no per-day test for it.
        var weeks = systemWeeks(first: first, firstExtendedYear: months.firstExtendedYear, knownYear: months.knownYear,
                                knownYearStart: months.knownYearStart, knownNextYearStart: months.knownNextYearStart,
                                refIndex: span.monthIndex)
        if hasSecondarySystem, let second = options.secondarySystem {
            var cursor = MonthCursor(second, first)
            fillDays(span, months, &weeks, &cursor, body)
        } else {
            var none = NoSecondaryDates()
            fillDays(span, months, &weeks, &none, body)
        }
    }

    /// The days of `span` from its months (see `forEachSystemDay`), specialised for
    /// grids with and without secondary dates. Not inlined: inlined into
    /// forEachSystemDay its loop kept the week state in memory (19 instructions a day
    /// instead of 13 for a body that reads one field).
    @inlinable @inline(never)
    func fillDays<S: SecondaryDates>(_ span: GridSpan, _ months: borrowing GridMonths, _ weeks: inout WeekState,
                                     _ secondary: inout S, _ body: (Int, Day) -> Void) {
        let first = Int(span.first)
        let last = first + Int(span.count) - 1
        let hasSecondary = S.isActive
        let today = gridToday
        let weekendMask = options.weekendDays.rawValue
        var weekYear32 = Int32(truncatingIfNeeded: weeks.weekYear)
        var gYear = 0, gMonth = 0, gDay = 0
        (gYear, gMonth, gDay) = Gregorian.civilFromDays(first)
        var gFirst = first - gDay + 1
        var gLast = gFirst + Gregorian.daysInMonth(gYear, gMonth) - 1
        var column = 0
        var weekdayIndex = Gregorian.isoWeekday(first) - 1
        var index = 0
        var k = 0
        var z = first
        while true {
            let run = months[k]
            let runLast = Int(run.lastDay)
            let runEnd = min(last, runLast, gLast)
            let monthBits = Day.explicitSystem | (run.bits & GridMonths.Run.leapBit != 0 ? Day.systemLeap : 0)
                | UInt32(run.bits & ~GridMonths.Run.leapBit)
            let era = run.era, year = run.year, month = run.month
            let monthFirst = Int(run.monthFirstDay)
            let gYear32 = Int32(truncatingIfNeeded: gYear), gMonth8 = UInt8(truncatingIfNeeded: gMonth)
            for d in z...runEnd {
                if column == 7 {
                    column = 0
                    if d >= weeks.nextYearStart {
                        weeks.weekYear += 1
                        weekYear32 = Int32(truncatingIfNeeded: weeks.weekYear)
                        weeks.week = 1
                        weeks.nextYearStart = Int.max   // a span is shorter than a year
                    } else {
                        weeks.week &+= 1
                    }
                }
                var bits = monthBits
                if d == today { bits |= DayFlags.today.rawValue }
                if weekendMask & (1 << UInt32(weekdayIndex)) != 0 { bits |= DayFlags.weekend.rawValue }
                var q: (era: Int16, year: Int32, month: UInt8, day: UInt8) = (0, 0, 0, 0)
                if hasSecondary { q = secondary.fields(d, &bits) }
                body(index, Day(packedYear: gYear32, month: gMonth8, day: UInt8(truncatingIfNeeded: d &- gFirst &+ 1),
                                dayNumber: Int32(truncatingIfNeeded: d), weekday: UInt8(truncatingIfNeeded: weekdayIndex),
                                week: UInt8(truncatingIfNeeded: weeks.week), weekYear: weekYear32, bits: bits,
                                systemEra: era, systemYear: year, systemMonth: month,
                                systemDay: UInt8(truncatingIfNeeded: d &- monthFirst &+ 1),
                                secondaryEra: q.era, secondaryYear: q.year, secondaryMonth: q.month, secondaryDay: q.day))
                index &+= 1
                column &+= 1
                weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex &+ 1
            }
            if runEnd >= last { return }
            z = runEnd + 1
            if z > runLast { k += 1 }
            if z > gLast {
                if gMonth == 12 { gYear += 1; gMonth = 1 } else { gMonth += 1 }
                gFirst = z
                gLast = z + Gregorian.daysInMonth(gYear, gMonth) - 1
            }
        }
    }

    /// Week number state at a span's first day.
    @usableFromInline
    struct WeekState {
        @usableFromInline var week: Int
        @usableFromInline var weekYear: Int
        /// First day of week 1 of `weekYear + 1`, or Int.max when it cannot fall in the span.
        @usableFromInline var nextYearStart: Int
    }

    /// The week number of a span's first day and where the next week-year begins:
    /// systems of Gregorian months count Gregorian years, the others their own years
    /// (as ICU does). At most three year starts, directly from the system's arithmetic
    /// (or known from finding the months).
    @usableFromInline
    func systemWeeks(first: Int, firstExtendedYear: Int, knownYear: Int, knownYearStart: Int, knownNextYearStart: Int,
                     refIndex: Int) -> WeekState {
        let rule = weekRule
        let gregorianWeeks = options.system.hasGregorianMonths
        func weekStart(_ y: Int) -> Int {
            if gregorianWeeks { return rule.firstWeekStart(ofYear: y) }
            let start = y == knownYear ? knownYearStart
                : (y == knownYear &+ 1 ? knownNextYearStart : options.system.yearStart(extendedYear: y))
            return rule.firstWeekStart(yearStartingOn: start)
        }
        var weekYear = gregorianWeeks ? Gregorian.civilFromDays(first).year : firstExtendedYear
        var thisStart = weekStart(weekYear)
        var nextYearStart: Int
        if first < thisStart {
            nextYearStart = thisStart
            weekYear -= 1
            thisStart = weekStart(weekYear)
        } else if !gregorianWeeks && weekYear != knownYear
                    && options.system.monthIndexes(extendedYear: weekYear).upperBound >= refIndex + 4 {
            // The next year begins at least two whole months after the span (which ends
            // in the month after its own): its week 1 cannot start inside the span.
            nextYearStart = Int.max
        } else {
            nextYearStart = weekStart(weekYear + 1)
            if first >= nextYearStart {
                weekYear += 1
                thisStart = nextYearStart
                nextYearStart = weekStart(weekYear + 1)
            }
        }
        return WeekState(week: (first - thisStart) / 7 + 1, weekYear: weekYear, nextYearStart: nextYearStart)
    }

    /// The general path: months of any system, a secondary system, weeks of the
    /// system's years. Days come in runs of one month of the system; per day it
    /// compares and increments; a month change costs one `month(index:)` of the system
    /// that changes month. Per grid: the span's month and its neighbours (found from
    /// the span's month index, not by searching for the first day), and two year
    /// starts for the week numbers.
    @inlinable
    func forEachSystemDayGeneral(in span: GridSpan, _ body: (Int, Day) -> Void) {
        let system = options.system.base
        let first = Int(span.first)
        let last = first + Int(span.count) - 1
        let refIndex = span.monthIndex
        let range = system.dayRange
        let indexes = system.monthIndexRange
        // The month holding the first day: the span's month or one before it.
        var monthIndex = min(max(refIndex, indexes.lowerBound), indexes.upperBound)
        var m = system.month(index: monthIndex)
        while first < m.firstDay && monthIndex > indexes.lowerBound {
            monthIndex -= 1
            m = system.month(index: monthIndex)
        }
        let perDay = system.hasEraChangesWithinMonths
        let hasSecondary = options.secondarySystem != nil
        var secondary = MonthCursor(options.secondarySystem ?? options.system, first, active: hasSecondary)
        var gYear = 0, gMonth = 0, gDay = 0
        (gYear, gMonth, gDay) = Gregorian.civilFromDays(first)
        var gLength = Gregorian.daysInMonth(gYear, gMonth)

        let today = gridToday
        let weekendMask = options.weekendDays.rawValue
        let rule = weekRule
        // The Gregorian-month systems number weeks in Gregorian years, the others in
        // their own years (as ICU does).
        let gregorianWeeks = options.system.hasGregorianMonths
        func weekStart(_ y: Int) -> Int {
            gregorianWeeks ? rule.firstWeekStart(ofYear: y) : system.firstWeekStart(extendedYear: y, rule: rule)
        }
        // No year start known from the months: each from the system's arithmetic.
        let weeks = systemWeeks(first: first, firstExtendedYear: m.extendedYear, knownYear: Int.min, knownYearStart: 0,
                                knownNextYearStart: 0, refIndex: refIndex)
        var weekYear = weeks.weekYear, nextYearStart = weeks.nextYearStart
        var week = weeks.week
        var weekYear32 = Int32(truncatingIfNeeded: weekYear)
        var column = 0
        var weekdayIndex = Gregorian.isoWeekday(first) - 1
        var index = 0
        var z = first
        while z <= last {
            while z > m.firstDay + m.length - 1 && monthIndex < indexes.upperBound {
                monthIndex += 1
                m = system.month(index: monthIndex)
            }
            let inMonth = z >= m.firstDay && z < m.firstDay + m.length
            let runEnd = inMonth ? min(last, m.firstDay + m.length - 1) : z
            let position = monthIndex < refIndex ? DayFlags.leading.rawValue
                : (monthIndex == refIndex ? DayFlags.inMonth.rawValue : DayFlags.trailing.rawValue)
            let monthFirst = m.firstDay
            // Days of one month differ in era only where an era begins inside it (Japanese):
            // then, and only then, each day is converted.
            let eraChanges = perDay && inMonth && {
                let end = system.date(dayNumber: runEnd)
                return end.era != m.era || end.year != m.year
            }()
            let monthBits = Day.explicitSystem | (m.isLeapMonth ? Day.systemLeap : 0)
            let era = Int16(truncatingIfNeeded: m.era), year = m.year, month = UInt8(truncatingIfNeeded: m.month)
            for d in z...runEnd {
                if column == 7 {
                    column = 0
                    if d >= nextYearStart {
                        weekYear += 1
                        weekYear32 = Int32(truncatingIfNeeded: weekYear)
                        week = 1
                        nextYearStart = weekStart(weekYear + 1)
                    } else {
                        week += 1
                    }
                }
                var flags = position
                if d == today { flags |= DayFlags.today.rawValue }
                if weekendMask & (1 << UInt32(weekdayIndex)) != 0 { flags |= DayFlags.weekend.rawValue }
                if gDay > gLength {
                    gDay = 1
                    if gMonth == 12 { gYear += 1; gMonth = 1 } else { gMonth += 1 }
                    gLength = Gregorian.daysInMonth(gYear, gMonth)
                }
                var sEra = era, sYear = year, sMonth = month, sDay = UInt8(truncatingIfNeeded: d &- monthFirst &+ 1)
                var bits = monthBits | flags
                if eraChanges || !inMonth {
                    let s = range.contains(d) ? system.date(dayNumber: d) : SystemDate(era: 0, year: 0, month: 0, day: 0)
                    sEra = Int16(truncatingIfNeeded: s.era)
                    sYear = s.year
                    sMonth = UInt8(truncatingIfNeeded: s.month)
                    sDay = UInt8(truncatingIfNeeded: s.day)
                    bits = (bits & ~Day.systemLeap) | (s.isLeapMonth ? Day.systemLeap : 0)
                }
                var q: (era: Int16, year: Int32, month: UInt8, day: UInt8) = (0, 0, 0, 0)
                if hasSecondary { q = secondary.fields(d, &bits) }
                body(index, Day(packedYear: Int32(truncatingIfNeeded: gYear), month: UInt8(truncatingIfNeeded: gMonth),
                                day: UInt8(truncatingIfNeeded: gDay), dayNumber: Int32(truncatingIfNeeded: d),
                                weekday: UInt8(truncatingIfNeeded: weekdayIndex),
                                week: UInt8(truncatingIfNeeded: week), weekYear: weekYear32, bits: bits,
                                systemEra: sEra, systemYear: sYear, systemMonth: sMonth, systemDay: sDay,
                                secondaryEra: q.era, secondaryYear: q.year, secondaryMonth: q.month, secondaryDay: q.day))
                gDay += 1
                index &+= 1
                column &+= 1
                weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex &+ 1
            }
            z = runEnd + 1
        }
    }

    /// Checks a run of days for dayDates: 0 ... 100,000 of them, all inside the calendar's
    /// days (the C ABI's `kalends_calendar_day_dates`).
    public func checkDayDates(first: Int32, count: Int32) throws(KalendsError) {
        guard count >= 0, count <= 100_000 else { throw KalendsError(.invalidArgument, "days \(count) is not in 0...100000") }
        guard count > 0 else { return }
        let last = Int(first) + Int(count) - 1
        guard Int(first) >= Int(bounds.lowerBound), last <= Int(bounds.upperBound) else {
            throw KalendsError(.outOfRange, "days \(first)...\(last) are not all inside the \(system.identifier) "
                + "calendar's days \(bounds.lowerBound)...\(bounds.upperBound)")
        }
    }

    /// The dates of `count` consecutive days from `first` in the calendar's system and
    /// secondary system (the C ABI's `kalends_calendar_day_dates`): O(count), one
    /// month lookup per month. Days outside a system's range get zeros.
    public func dayDates(first: Int32, count: Int, _ body: (Int, SystemDate, SystemDate?) -> Void) {
        guard count > 0 else { return }
        let start = Int(first)
        var primary = MonthCursor(options.system, start)
        let hasSecondary = options.secondarySystem != nil
        var secondary = MonthCursor(options.secondarySystem ?? options.system, start, active: hasSecondary)
        let zero = SystemDate(era: 0, year: 0, month: 0, day: 0)
        for k in 0..<count {
            let z = start + k
            let s = primary.date(z) ?? zero
            let q: SystemDate? = hasSecondary ? (secondary.date(z) ?? zero) : nil
            body(k, s, q)
        }
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

    /// The grid of a month index of the calendar's system.
    public func monthGrid(monthIndex: Int, rows: Rows) throws(KalendsError) -> MonthGrid {
        let span = try monthSpan(monthIndex: monthIndex, rows: rows)
        return MonthGrid(year: span.year, month: span.month, rows: rows, days: days(in: span))
    }

    public func weekGrid(containing date: Date) throws(KalendsError) -> Week {
        let days = days(in: try weekSpan(containing: date))
        return Week(days: days)
    }
}
