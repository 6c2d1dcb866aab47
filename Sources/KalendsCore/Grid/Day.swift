/// One cell of a grid (the C ABI's `kalends_day`, plus its system and secondary dates,
/// which the C ABI gives in a parallel array: `kalends_calendar_day_dates`).
///
/// Stored packed (36 bytes; the public fields are computed): grids are arrays of days,
/// and a `Day` of plain fields with two `SystemDate`s would be 72 bytes, which made
/// Gregorian `[Day]` grids ~20% slower to build than before calendar systems. A
/// Gregorian day's system date is derived from its civil date (nothing stored). System
/// dates hold eras in -32768...32767, months and days in 0...255, week numbers in
/// 0...255: every built-in system's, and what plugin systems are checked against.
public struct Day: Hashable, Sendable {
    @usableFromInline let packedYear: Int32
    public let dayNumber: Int32
    @usableFromInline let packedWeekYear: Int32
    @usableFromInline let systemYear: Int32
    @usableFromInline let secondaryYear: Int32
    /// DayFlags in the low 16 bits; `Day.explicitSystem`, `.hasSecondary` and the
    /// leap-month bits above them.
    @usableFromInline let bits: UInt32
    @usableFromInline let systemEra: Int16
    @usableFromInline let secondaryEra: Int16
    @usableFromInline let packedMonth: UInt8
    @usableFromInline let packedDay: UInt8
    @usableFromInline let packedWeekday: UInt8
    @usableFromInline let packedWeek: UInt8
    @usableFromInline let systemMonth: UInt8
    @usableFromInline let systemDay: UInt8
    @usableFromInline let secondaryMonth: UInt8
    @usableFromInline let secondaryDay: UInt8

    @usableFromInline static var explicitSystem: UInt32 { 1 << 16 }
    @usableFromInline static var hasSecondary: UInt32 { 1 << 17 }
    @usableFromInline static var systemLeap: UInt32 { 1 << 18 }
    @usableFromInline static var secondaryLeap: UInt32 { 1 << 19 }

    @inlinable public var date: Date {
        Date(uncheckedYear: packedYear, month: Int32(packedMonth), day: Int32(packedDay))
    }
    @inlinable public var weekday: Weekday { Weekday(uncheckedIndex: Int(packedWeekday)) }
    /// Week number of the day's row, by the calendar's week rule.
    @inlinable public var weekOfYear: WeekOfYear { WeekOfYear(week: Int32(packedWeek), year: packedWeekYear) }
    @inlinable public var flags: DayFlags { DayFlags(rawValue: bits & 0xFFFF) }

    /// The day in the calendar's system (for Gregorian: era 0 BC / 1 AD and the civil
    /// fields of `date`).
    @inlinable public var systemDate: SystemDate {
        if bits & Day.explicitSystem == 0 {
            return packedYear > 0
                ? SystemDate(era: 1, year: packedYear, month: Int32(packedMonth), day: Int32(packedDay))
                : SystemDate(era: 0, year: 1 &- packedYear, month: Int32(packedMonth), day: Int32(packedDay))
        }
        return SystemDate(era: Int32(systemEra), year: systemYear, month: Int32(systemMonth), day: Int32(systemDay),
                          isLeapMonth: bits & Day.systemLeap != 0)
    }

    /// The day in the calendar's secondary system, if it has one.
    @inlinable public var secondaryDate: SystemDate? {
        guard bits & Day.hasSecondary != 0 else { return nil }
        return SystemDate(era: Int32(secondaryEra), year: secondaryYear, month: Int32(secondaryMonth),
                          day: Int32(secondaryDay), isLeapMonth: bits & Day.secondaryLeap != 0)
    }

    @inlinable
    init(packedYear: Int32, month: UInt8, day: UInt8, dayNumber: Int32, weekday: UInt8, week: UInt8, weekYear: Int32,
         bits: UInt32, systemEra: Int16, systemYear: Int32, systemMonth: UInt8, systemDay: UInt8,
         secondaryEra: Int16, secondaryYear: Int32, secondaryMonth: UInt8, secondaryDay: UInt8) {
        self.packedYear = packedYear
        self.dayNumber = dayNumber
        self.packedWeekYear = weekYear
        self.systemYear = systemYear
        self.secondaryYear = secondaryYear
        self.bits = bits
        self.systemEra = systemEra
        self.secondaryEra = secondaryEra
        self.packedMonth = month
        self.packedDay = day
        self.packedWeekday = weekday
        self.packedWeek = week
        self.systemMonth = systemMonth
        self.systemDay = systemDay
        self.secondaryMonth = secondaryMonth
        self.secondaryDay = secondaryDay
    }

    @inlinable
    public init(date: Date, dayNumber: Int32, weekday: Weekday, weekOfYear: WeekOfYear, flags: DayFlags,
                systemDate: SystemDate, secondaryDate: SystemDate? = nil) {
        var bits = (flags.rawValue & 0xFFFF) | Day.explicitSystem
        if systemDate.isLeapMonth { bits |= Day.systemLeap }
        let s = secondaryDate ?? SystemDate(era: 0, year: 0, month: 0, day: 0)
        if let secondaryDate {
            bits |= Day.hasSecondary
            if secondaryDate.isLeapMonth { bits |= Day.secondaryLeap }
        }
        self.init(packedYear: date.year, month: UInt8(truncatingIfNeeded: date.month), day: UInt8(truncatingIfNeeded: date.day),
                  dayNumber: dayNumber, weekday: UInt8(truncatingIfNeeded: weekday.rawValue &- 1),
                  week: UInt8(truncatingIfNeeded: weekOfYear.week), weekYear: weekOfYear.year, bits: bits,
                  systemEra: Int16(truncatingIfNeeded: systemDate.era), systemYear: systemDate.year,
                  systemMonth: UInt8(truncatingIfNeeded: systemDate.month), systemDay: UInt8(truncatingIfNeeded: systemDate.day),
                  secondaryEra: Int16(truncatingIfNeeded: s.era), secondaryYear: s.year,
                  secondaryMonth: UInt8(truncatingIfNeeded: s.month), secondaryDay: UInt8(truncatingIfNeeded: s.day))
    }

    /// A Gregorian day (its system date is the civil date with its era).
    @inlinable
    public init(date: Date, dayNumber: Int32, weekday: Weekday, weekOfYear: WeekOfYear, flags: DayFlags) {
        self.init(packedYear: date.year, month: UInt8(truncatingIfNeeded: date.month), day: UInt8(truncatingIfNeeded: date.day),
                  dayNumber: dayNumber, weekday: UInt8(truncatingIfNeeded: weekday.rawValue &- 1),
                  week: UInt8(truncatingIfNeeded: weekOfYear.week), weekYear: weekOfYear.year,
                  bits: flags.rawValue & 0xFFFF, systemEra: 0, systemYear: 0, systemMonth: 0, systemDay: 0,
                  secondaryEra: 0, secondaryYear: 0, secondaryMonth: 0, secondaryDay: 0)
    }

    /// The same day with other flags.
    @inlinable
    public func with(flags: DayFlags) -> Day {
        Day(packedYear: packedYear, month: packedMonth, day: packedDay, dayNumber: dayNumber, weekday: packedWeekday,
            week: packedWeek, weekYear: packedWeekYear, bits: (bits & ~0xFFFF) | (flags.rawValue & 0xFFFF),
            systemEra: systemEra, systemYear: systemYear, systemMonth: systemMonth, systemDay: systemDay,
            secondaryEra: secondaryEra, secondaryYear: secondaryYear, secondaryMonth: secondaryMonth,
            secondaryDay: secondaryDay)
    }

    // Equal when the public fields are (a Gregorian day equals the same day with its
    // system date spelled out).
    @inlinable
    public static func == (a: Day, b: Day) -> Bool {
        a.dayNumber == b.dayNumber && a.packedYear == b.packedYear && a.packedMonth == b.packedMonth
            && a.packedDay == b.packedDay && a.packedWeekday == b.packedWeekday && a.packedWeek == b.packedWeek
            && a.packedWeekYear == b.packedWeekYear && a.flags == b.flags && a.systemDate == b.systemDate
            && a.secondaryDate == b.secondaryDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dayNumber)
        hasher.combine(flags.rawValue)
        hasher.combine(systemDate)
        hasher.combine(secondaryDate)
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
