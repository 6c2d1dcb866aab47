/// Everything a CLDR date pattern can show about one day (and time of day) in one
/// calendar system: the input of `Locale.format(_:pattern:)`.
public struct DateFields: Hashable, Sendable {
    /// Era, year of era, month (ICU numbering) and day, as the system reports them.
    public var date: SystemDate
    /// Whose names the pattern uses.
    public var calendar: LocaleCalendar
    public var weekday: Weekday
    /// 1-based day of the system's year (D).
    public var dayOfYear: Int32
    /// The year in the proleptic Gregorian calendar holding the start of this system
    /// year (r); for gregorian the extended year (1 BC = 0).
    public var relatedGregorianYear: Int32
    /// Extended year (u): gregorian 1 BC = 0, 2 BC = -1; other systems their year.
    public var extendedYear: Int32
    /// Hebrew: the year has Adar I, so month 7 is named "Adar II".
    public var isLeapYear: Bool
    /// Week of year (w), its year (Y) and week of month (W) by a week rule.
    public var weekOfYear: Int32
    public var yearForWeekOfYear: Int32
    public var weekOfMonth: Int32
    public var hour: Int32 = 0
    public var minute: Int32 = 0
    public var second: Int32 = 0
    public var nanosecond: Int32 = 0

    public init(date: SystemDate, calendar: LocaleCalendar, weekday: Weekday, dayOfYear: Int32,
                relatedGregorianYear: Int32, extendedYear: Int32, isLeapYear: Bool = false,
                weekOfYear: Int32 = 0, yearForWeekOfYear: Int32 = 0, weekOfMonth: Int32 = 0) {
        self.date = date
        self.calendar = calendar
        self.weekday = weekday
        self.dayOfYear = dayOfYear
        self.relatedGregorianYear = relatedGregorianYear
        self.extendedYear = extendedYear
        self.isLeapYear = isLeapYear
        self.weekOfYear = weekOfYear
        self.yearForWeekOfYear = yearForWeekOfYear
        self.weekOfMonth = weekOfMonth
    }

    /// The fields of a proleptic Gregorian date, weeks by `weekData`'s rule.
    public init(_ date: Date, weekData: WeekData) {
        let era: Int32 = date.year > 0 ? 1 : 0
        let yearOfEra = date.year > 0 ? date.year : 1 - date.year
        let rule = WeekRule(uncheckedFirstWeekday: weekData.firstWeekday, minDaysInFirstWeek: weekData.minDaysInFirstWeek)
        let woy = rule.weekOfYear(dayNumber: date.dayNumber)
        self.init(date: SystemDate(era: era, year: yearOfEra, month: date.month, day: date.day),
                  calendar: .gregorian, weekday: date.weekday, dayOfYear: date.dayOfYear,
                  relatedGregorianYear: date.year, extendedYear: date.year,
                  weekOfYear: woy.week, yearForWeekOfYear: woy.year,
                  weekOfMonth: DateFields.weekNumber(dayOfPeriod: date.day, weekday: date.weekday, weekData: weekData))
    }

    /// The fields of day `dayNumber` in `system` (a `CalendarSystem`), its names from
    /// `calendar` (default: the table of the system's identifier). Day of year, week of
    /// year (ICU's way, by system year) and the related Gregorian year (r: the Gregorian
    /// year in which the system year began) come from the system's year start. O(1) for
    /// arithmetic systems. Throws if the day is outside the system's range.
    public init(dayNumber: Int, system: any CalendarSystem, calendar: LocaleCalendar? = nil,
                weekData: WeekData) throws(KalendsError) {
        let date = try system.date(checkedDayNumber: dayNumber)
        let month = system.month(index: system.monthIndex(dayNumber: dayNumber))
        let yearStart = system.yearStart(extendedYear: month.extendedYear)
        let cal = calendar ?? LocaleCalendar(system: system.identifier) ?? .gregorian
        let weekday = Weekday(dayNumber: Int32(truncatingIfNeeded: dayNumber))
        let rule = WeekRule(uncheckedFirstWeekday: weekData.firstWeekday, minDaysInFirstWeek: weekData.minDaysInFirstWeek)
        let woy = system.weekOfYear(dayNumber: dayNumber, rule: rule)
        let hebrewLeap = cal == .hebrew && system.monthIndexes(extendedYear: month.extendedYear).count == 13
        self.init(date: date, calendar: cal, weekday: weekday,
                  dayOfYear: Int32(truncatingIfNeeded: dayNumber - yearStart + 1),
                  relatedGregorianYear: Int32(truncatingIfNeeded: Gregorian.civilFromDays(yearStart).year),
                  extendedYear: Int32(truncatingIfNeeded: month.extendedYear), isLeapYear: hebrewLeap,
                  weekOfYear: woy.week, yearForWeekOfYear: woy.year,
                  weekOfMonth: DateFields.weekNumber(dayOfPeriod: date.day, weekday: weekday, weekData: weekData))
    }

    /// Sets the time of day (checked: 0...23, 0...59, 0...59, 0...999_999_999).
    public func at(hour: Int32, minute: Int32 = 0, second: Int32 = 0, nanosecond: Int32 = 0) throws(KalendsError) -> DateFields {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              (0...999_999_999).contains(nanosecond) else {
            throw KalendsError(.invalidArgument, "time \(hour):\(minute):\(second).\(nanosecond) is not a time of day")
        }
        var f = self
        f.hour = hour
        f.minute = minute
        f.second = second
        f.nanosecond = nanosecond
        return f
    }

    /// Hebrew leap years (with Adar I): years 3, 6, 8, 11, 14, 17, 19 of the 19-year cycle.
    static func isHebrewLeapYear(_ year: Int32) -> Bool {
        let r = (7 * Int(year) + 1) % 19
        return (r < 0 ? r + 19 : r) < 7
    }

    /// The week of a period (month or year) holding day `dayOfPeriod`, CLDR's way: week 1
    /// is the first with at least `minDaysInFirstWeek` days of the period; days before
    /// it are week 0 of the period (for a month; a year's are the previous year's last).
    static func weekNumber(dayOfPeriod: Int32, weekday: Weekday, weekData: WeekData) -> Int32 {
        // weekday of the period's first day, relative to the first weekday (0...6)
        let rel = Int(weekday.days(since: weekData.firstWeekday))
        let firstRel = ((rel - Int(dayOfPeriod) + 1) % 7 + 7) % 7
        var week = (Int(dayOfPeriod) + firstRel - 1) / 7
        if 7 - firstRel >= Int(weekData.minDaysInFirstWeek) { week += 1 }
        return Int32(week)
    }
}
