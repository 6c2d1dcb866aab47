/// Which day a calendar marks as today (the C ABI's `KALENDS_TODAY_*`).
public enum Today: Hashable, Sendable {
    /// The local date from the system clock, read at each query.
    case system
    /// A fixed date: deterministic output for tests, previews and servers.
    case fixed(Date)
    /// No day is today.
    case off
}

/// Everything that configures a `Calendar` (the C ABI's `kalends_calendar_options`).
/// The defaults are ISO 8601: weeks start on Monday, week 1 has at least 4 days,
/// Saturday and Sunday are the weekend, today comes from the system clock; names,
/// titles and labels are CLDR's English ("en").
public struct CalendarOptions: Hashable, Sendable {
    public var firstWeekday: Weekday
    /// 1...7: how many days of the new year week 1 must hold.
    public var minDaysInFirstWeek: Int32
    public var weekendDays: WeekdaySet
    public var today: Today
    /// The calendar system whose months the grids, pages and scrolling show (CLDR
    /// identifier `gregorian` by default, the library's direct Gregorian path).
    public var system: AnyCalendarSystem
    /// A second system each day also reports its date in (`Day.secondaryDate`): the
    /// Chinese lunar day under the Gregorian date, the Hebrew date beside it. nil: none.
    public var secondarySystem: AnyCalendarSystem?
    /// The language of titles, weekday labels and accessibility labels.
    public var locale: Locale

    public init(firstWeekday: Weekday = .monday, minDaysInFirstWeek: Int32 = 4,
                weekendDays: WeekdaySet = .saturdayAndSunday, today: Today = .system,
                system: AnyCalendarSystem = .gregorian, secondarySystem: AnyCalendarSystem? = nil,
                locale: Locale = .english) {
        self.firstWeekday = firstWeekday
        self.minDaysInFirstWeek = minDaysInFirstWeek
        self.weekendDays = weekendDays
        self.today = today
        self.system = system
        self.secondarySystem = secondarySystem
        self.locale = locale
    }

    /// The locale's conventions: its names, the first weekday, minimal days and weekend
    /// of its territory (CLDR weekData, `-u-fw-` applied), and the system its `-u-ca-`
    /// names (gregorian when none or unknown).
    public init(locale: Locale, today: Today = .system) {
        let system = locale.calendarIdentifier.flatMap { try? CalendarSystems.named($0) } ?? .gregorian
        self.init(firstWeekday: locale.weekData.firstWeekday, minDaysInFirstWeek: locale.weekData.minDaysInFirstWeek,
                  weekendDays: locale.weekData.weekend, today: today, system: system, locale: locale)
    }

    /// Throws if a field holds a value no calendar accepts.
    public func validate() throws(KalendsError) {
        _ = try WeekRule(firstWeekday: firstWeekday, minDaysInFirstWeek: minDaysInFirstWeek)
        _ = try WeekdaySet(checking: weekendDays.rawValue)
    }
}
