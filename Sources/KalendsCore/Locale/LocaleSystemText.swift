// A locale's names and formats of any calendar system's dates, checked: what the C ABI's
// kalends_locale_* functions answer (a system named by identifier, NULL: gregorian).

extension LocaleCalendar {
    /// The CLDR table of `system`'s names (a system without its own uses another's:
    /// `init(system:)`), or `.notFound`.
    public init(naming system: AnyCalendarSystem) throws(KalendsError) {
        guard let calendar = LocaleCalendar(system: system.identifier) else {
            throw KalendsError(.notFound, "calendar system \(system.identifier) has no CLDR names (the locale tables hold: "
                + LocaleCalendar.allCases.map(\.identifier).joined(separator: ", ") + ", and their variants)")
        }
        self = calendar
    }
}

extension Locale {
    /// The pattern fields of day `day` in `system` (weeks by this locale's week data).
    public func dateFields(day: Int, system: AnyCalendarSystem) throws(KalendsError) -> DateFields {
        if system.isGregorian {
            return DateFields(try Date(dayNumber: Int32(truncatingIfNeeded: day)), weekData: weekData)
        }
        return try DateFields(dayNumber: day, system: system.base, calendar: try LocaleCalendar(naming: system),
                              weekData: weekData)
    }

    /// How many months `system`'s names have (13 for the Hebrew and Ethiopic ones).
    public func monthCount(system: AnyCalendarSystem) throws(KalendsError) -> Int {
        monthNames(calendar: try LocaleCalendar(naming: system)).count
    }

    /// Month `month` (1...monthCount) of `system`'s names, or `.outOfRange`.
    public func monthName(_ month: Int32, system: AnyCalendarSystem, width: NameWidth,
                          context: NameContext) throws(KalendsError) -> String {
        let calendar = try LocaleCalendar(naming: system)
        let count = monthNames(calendar: calendar).count
        guard month >= 1, Int(month) <= count else {
            throw KalendsError(.outOfRange, "month \(month) is not in 1...\(count) (\(calendar.identifier))")
        }
        return monthName(month, calendar: calendar, width: width, context: context)
    }

    /// The eras of `system`'s names.
    public func eraNames(system: AnyCalendarSystem, width: NameWidth = .abbreviated) throws(KalendsError) -> [String] {
        eraNames(calendar: try LocaleCalendar(naming: system), width: width)
    }

    /// Era `era` (0-based) of `system`'s names, or `.outOfRange`.
    public func eraName(_ era: Int32, system: AnyCalendarSystem, width: NameWidth) throws(KalendsError) -> String {
        let names = try eraNames(system: system, width: width)
        guard era >= 0, Int(era) < names.count else {
            throw KalendsError(.outOfRange, "era \(era) is not in 0...\(names.count - 1) (\(try LocaleCalendar(naming: system).identifier))")
        }
        return names[Int(era)]
    }

    /// The date pattern of `style` for `system`'s calendar.
    public func datePattern(_ style: DateStyle, system: AnyCalendarSystem) throws(KalendsError) -> String {
        datePattern(style, calendar: try LocaleCalendar(naming: system))
    }

    /// The numbering of `style`'s date pattern for `system`'s calendar.
    public func dateNumbers(_ style: DateStyle, system: AnyCalendarSystem) throws(KalendsError) -> String {
        dateNumbers(style, calendar: try LocaleCalendar(naming: system))
    }

    /// Day `day` of `system` in `style`.
    public func formatDate(day: Int, system: AnyCalendarSystem, style: DateStyle) throws(KalendsError) -> String {
        format(try dateFields(day: day, system: system), style: style)
    }

    /// Month `month` (`isLeapMonth`: its leap month) of extended year `year` of `system`,
    /// as a title ("November 2026"): the month's first day (within the system's days)
    /// formatted with the locale's month-and-year pattern. `.outOfRange` for a year
    /// outside the system's, `monthIndex`'s errors for a month it does not have.
    public func formatMonthYear(year: Int32, month: Int32, isLeapMonth: Bool,
                                system: AnyCalendarSystem) throws(KalendsError) -> String {
        _ = try LocaleCalendar(naming: system)
        let base = system.base
        guard base.extendedYearRange.contains(Int(year)) else {
            throw KalendsError(.outOfRange, "year \(year) is outside \(system.identifier)'s years "
                + "\(base.extendedYearRange.lowerBound)...\(base.extendedYearRange.upperBound)")
        }
        let index = try base.monthIndex(extendedYear: Int(year), month: month, isLeapMonth: isLeapMonth)
        let first = try base.month(checkedIndex: index).firstDay
        // The month's first day inside the system's days (its first month may start before them).
        return formatMonthYear(try dateFields(day: max(first, base.dayRange.lowerBound), system: system))
    }

    /// A time of day in `style` (the pattern's date fields are those of 2000-01-01).
    public func formatTime(hour: Int32, minute: Int32, second: Int32, style: DateStyle) throws(KalendsError) -> String {
        let fields = try DateFields(try Date(year: 2000, month: 1, day: 1), weekData: weekData)
            .at(hour: hour, minute: minute, second: second)
        return format(fields, pattern: timePattern(style))
    }

    /// Day `day` of `system` at second `secondOfDay` (0...86399) by a CLDR pattern,
    /// numbering overridden by `numbers` ("" for the locale's).
    public func format(day: Int, secondOfDay: Int32, system: AnyCalendarSystem, pattern: String,
                       numbers: String = "") throws(KalendsError) -> String {
        guard (0..<86_400).contains(secondOfDay) else {
            throw KalendsError(.invalidArgument, "second_of_day \(secondOfDay) is not in 0...86399")
        }
        let fields = try dateFields(day: day, system: system)
            .at(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
        return format(fields, pattern: pattern, numbers: numbers)
    }

    /// An hour's label (0...23) as the locale writes hours.
    public func formatHour(checked hour: Int32) throws(KalendsError) -> String {
        guard (0...23).contains(hour) else { throw KalendsError(.invalidArgument, "hour \(hour) is not in 0...23") }
        return formatHour(hour)
    }
}
