/// A valid proleptic Gregorian date between `Gregorian.minYear` and `Gregorian.maxYear`
/// (the C ABI's `kalends_date`). Construction checks it; every instance is valid.
public struct Date: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int32
    public let month: Int32
    public let day: Int32

    /// A checked civil date.
    public init(year: Int32, month: Int32, day: Int32) throws(KalendsError) {
        try Gregorian.checkYear(year)
        try Gregorian.checkMonth(month)
        let days = Int32(Gregorian.daysInMonth(Int(year), Int(month)))
        guard day >= 1, day <= days else {
            throw KalendsError(.invalidArgument,
                "day \(day) is not in 1...\(days) for \(Date.format(year, month))")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day number (days since 1970-01-01).
    public init(dayNumber: Int32) throws(KalendsError) {
        try Gregorian.checkDayNumber(dayNumber)
        self.init(uncheckedDayNumber: Int(dayNumber))
    }

    /// For day numbers already known to be in range.
    @inlinable
    init(uncheckedDayNumber dayNumber: Int) {
        let c = Gregorian.civilFromDays(dayNumber)
        self.init(uncheckedYear: Int32(truncatingIfNeeded: c.year),
                  month: Int32(truncatingIfNeeded: c.month), day: Int32(truncatingIfNeeded: c.day))
    }

    @usableFromInline
    init(uncheckedYear year: Int32, month: Int32, day: Int32) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int32 {
        Int32(truncatingIfNeeded: Gregorian.daysFromCivil(Int(year), Int(month), Int(day)))
    }

    public var weekday: Weekday { Weekday(dayNumber: dayNumber) }

    /// 1 for January 1st ... 365 or 366 for December 31st.
    public var dayOfYear: Int32 {
        Int32(truncatingIfNeeded: Gregorian.dayOfYear(Int(year), Int(month), Int(day)))
    }

    /// ISO 8601 week number and week-based year.
    public var isoWeek: WeekOfYear { WeekRule.iso.weekOfYear(dayNumber: dayNumber) }

    public static func < (a: Date, b: Date) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// ISO 8601: `2026-11-22`; years outside 0...9999 use the six-digit expanded form
    /// with a sign, `+012026-11-22`, `-000044-03-15`.
    public var description: String {
        "\(Date.format(year, month))-\(Date.pad(Int(day), 2))"
    }

    static func format(_ year: Int32, _ month: Int32) -> String {
        let y: String
        if (0...9999).contains(year) {
            y = pad(Int(year), 4)
        } else {
            y = (year < 0 ? "-" : "+") + pad(Int(year.magnitude), 6)
        }
        return "\(y)-\(pad(Int(month), 2))"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

/// Checked year facts (the C ABI's `kalends_year_*`).
public enum Year {
    public static func isLeap(_ year: Int32) throws(KalendsError) -> Bool {
        try Gregorian.checkYear(year)
        return Gregorian.isLeapYear(Int(year))
    }

    public static func daysInMonth(_ year: Int32, _ month: Int32) throws(KalendsError) -> Int32 {
        try Gregorian.checkYear(year)
        try Gregorian.checkMonth(month)
        return Int32(Gregorian.daysInMonth(Int(year), Int(month)))
    }
}
