/// A POSIX TZ string: the footer of a TZif file, or a `$TZ` value such as
/// `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0330>-3:30` or `UTC0`.
///
/// Grammar: `std offset [dst [offset] [,start[/time],end[/time]]]`, with RFC 8536's
/// extension of rule times to -167...167 hours (`M3.4.4/50`, `M3.5.0/-1`). Offsets here
/// are stored the ISO way, seconds *east* of UT; the string spells them west (`EST5`).
public struct PosixTZ: Sendable, Hashable {
    /// Daylight saving time: its designation, offset and the two yearly changes.
    public struct Daylight: Sendable, Hashable {
        public let abbreviation: String
        /// Seconds east of UT; one hour more than standard time when the string omits it.
        public let utOffset: Int32
        /// When DST starts, in local standard time.
        public let start: Rule
        /// When DST ends, in local daylight time.
        public let end: Rule
    }

    /// A yearly change: a date rule and the local time of day at which it happens.
    public struct Rule: Sendable, Hashable {
        public let date: RuleDate
        /// Seconds after local midnight of `date`: -167...167 hours (2:00 if omitted).
        public let time: Int32
    }

    public enum RuleDate: Sendable, Hashable {
        /// `Jn`: day 1...365 of the year, February 29 never counted (J60 is always March 1).
        case julian(Int32)
        /// `n`: zero-based day 0...365 of the year, February 29 counted.
        case zeroBased(Int32)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...5, 5 = the last) of month `m`.
        case monthWeekDay(month: Int32, week: Int32, weekday: Int32)
    }

    public let standardAbbreviation: String
    /// Seconds east of UT.
    public let standardOffset: Int32
    /// `nil` when the zone has no daylight saving time.
    public let daylight: Daylight?

    /// The rule POSIX leaves to the implementation when a string names a DST designation but
    /// no dates ("EST5EDT"): glibc and most systems use the US rules, second Sunday in March
    /// to first Sunday in November, at 2:00.
    static let defaultStart = Rule(date: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7_200)
    static let defaultEnd = Rule(date: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7_200)

    init(standardAbbreviation: String, standardOffset: Int32, daylight: Daylight?) {
        self.standardAbbreviation = standardAbbreviation
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    /// The instants (UT) at which daylight saving time starts and ends by the rules of
    /// `year`, or `nil` without DST. Either may fall outside the year itself (`J365/25`),
    /// and in the southern hemisphere the end comes before the start.
    public func daylightTransitions(year: Int32) -> (start: Int64, end: Int64)? {
        guard let daylight else { return nil }
        // Each change is given in the local time in effect just before it. Any Int32 year's
        // day number times 86400 stays below 2^57: no overflow.
        let start = daylight.start.localSeconds(year: Int(year)) - Int64(standardOffset)
        let end = daylight.end.localSeconds(year: Int(year)) - Int64(daylight.utOffset)
        return (start, end)
    }
}

extension PosixTZ.Rule {
    /// Local seconds since 1970-01-01T00:00 (day number x 86400 + time).
    func localSeconds(year: Int) -> Int64 {
        Int64(date.dayNumber(year: year)) * 86_400 + Int64(time)
    }
}

extension PosixTZ.RuleDate {
    /// The day number of the rule's date in `year`.
    func dayNumber(year: Int) -> Int {
        let january1 = Gregorian.daysFromCivil(year, 1, 1)
        switch self {
        case .julian(let n):
            let skipsLeapDay = Gregorian.isLeapYear(year) && n >= 60
            return january1 + Int(n) - 1 + (skipsLeapDay ? 1 : 0)
        case .zeroBased(let n):
            return january1 + Int(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = Gregorian.daysFromCivil(year, Int(month), 1)
            let firstWeekday = Gregorian.isoWeekday(first) % 7   // 0 = Sunday, like `d`
            var day = first + (Int(weekday) - firstWeekday + 7) % 7 + 7 * (Int(week) - 1)
            // Week 5 means the last such weekday; it may be the fourth.
            if day >= first + Gregorian.daysInMonth(year, Int(month)) { day -= 7 }
            return day
        }
    }
}
