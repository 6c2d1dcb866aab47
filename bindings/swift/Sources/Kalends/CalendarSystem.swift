// kalends_calendar_system_* through the C ABI: conversions, months, years and eras of
// calendar systems, grids of system months and the system dates of a calendar's days.
import CKalends
#if canImport(Glibc)
import Glibc
#endif

/// A date in a calendar system (`kalends_system_date`).
public struct SystemDate: Hashable, Sendable, CustomStringConvertible {
    public var era: Int32
    public var year: Int32
    public var month: Int32
    public var day: Int32
    public var isLeapMonth: Bool

    public init(era: Int32, year: Int32, month: Int32, day: Int32, isLeapMonth: Bool = false) {
        self.era = era
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    init(_ c: kalends_system_date) {
        self.init(era: c.era, year: c.year, month: c.month, day: c.day, isLeapMonth: c.is_leap_month != 0)
    }

    var c: kalends_system_date {
        kalends_system_date(era: era, year: year, month: month, day: day, is_leap_month: isLeapMonth ? 1 : 0)
    }

    public var description: String { "era \(era) year \(year) month \(month)\(isLeapMonth ? " (leap)" : "") day \(day)" }
}

/// A month of a calendar system (`kalends_system_month`).
public struct SystemMonth: Hashable, Sendable {
    public let era: Int32
    public let year: Int32
    public let month: Int32
    public let isLeapMonth: Bool
    public let extendedYear: Int32
    public let firstDay: Int32
    public let length: Int32
}

/// An era and the years and days of it a system converts.
public struct EraRange: Hashable, Sendable {
    public let era: Int32
    public let code: String
    public let years: ClosedRange<Int32>
    public let days: ClosedRange<Int32>
}

/// The dates of one day in a calendar's system and secondary system.
public struct DayDates: Hashable, Sendable {
    public let date: SystemDate
    public let secondary: SystemDate?

    init(_ c: kalends_day_dates) {
        date = SystemDate(c.date)
        secondary = c.has_secondary != 0 ? SystemDate(c.secondary) : nil
    }
}

/// NUL-terminated copies of identifiers kept for the process, for option structs that
/// hold `const char *` (the library copies them at the call anyway).
enum CString {
    nonisolated(unsafe) private static var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(p, nil)
        return p
    }()

    static func interned(_ s: String) throws(KalendsError) -> UnsafePointer<CChar> {
        guard !s.utf8.contains(0) else { throw KalendsError(.invalidArgument, "identifier contains a NUL character") }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let p = strings[s] { return UnsafePointer(p) }
        let p = strdup(s) ?? UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        strings[s] = p
        return UnsafePointer(p)
    }
}

/// A calendar system by identifier (`kalends_calendar_system_*`). Errors name the
/// system and the valid range: `.notFound` (unknown identifier), `.invalidArgument`
/// (an era, month or leap month it lacks), `.outOfRange` (a year or day outside it).
public struct CalendarSystem: Hashable, @unchecked Sendable {
    public let identifier: String
    public let library: Library
    /// The interned C string of the identifier (kept for the process).
    private let name: UnsafePointer<CChar>

    public init(_ identifier: String, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var range = kalends_day_range()
        let name = try CString.interned(identifier)
        try lib.check(lib.c.calendarSystemDayRange(name, &range))
        self.identifier = identifier
        self.library = lib
        self.name = name
    }

    public static func == (a: CalendarSystem, b: CalendarSystem) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Every identifier: the built-in systems in CLDR's order, then the plugins'.
    public static func identifiers(library: Library? = nil) throws(KalendsError) -> [String] {
        let lib = try Library.resolve(library)
        var n: Int32 = 0
        try lib.check(lib.c.calendarSystemCount(&n))
        var out: [String] = []
        for i in 0..<n {
            out.append(try lib.readString { lib.c.calendarSystemIdentifier(i, $0, $1, $2) })
        }
        return out
    }

    /// The date of a day number in this system.
    public func fromDay(_ dayNumber: Int32) throws(KalendsError) -> SystemDate {
        var out = kalends_system_date()
        try library.check(library.c.calendarSystemFromDay(name, dayNumber, &out))
        return SystemDate(out)
    }

    /// The day number of a date of this system.
    public func toDay(_ date: SystemDate) throws(KalendsError) -> Int32 {
        var c = date.c
        var out: Int32 = 0
        try library.check(library.c.calendarSystemToDay(name, &c, &out))
        return out
    }

    /// RRULE text (RFC 7529) of "every year on this date in this system": RSCALE,
    /// FREQ=YEARLY, the day's month (a leap month as "5L") and day of the month, and `skip`
    /// for the years without them (`kalends_rrule_yearly_text`). Expand it with
    /// `RecurrenceSet(text:start:)` from that day.
    public func yearlyRule(onDay dayNumber: Int32, skip: RruleSkip = .omit) throws(KalendsError) -> String {
        try library.readString { library.c.rruleYearlyText(name, dayNumber, skip.rawValue, $0, $1, $2) }
    }

    public func monthsInYear(era: Int32, year: Int32) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.calendarSystemMonthsInYear(name, era, year, &out))
        return out
    }

    public func monthLength(era: Int32, year: Int32, month: Int32, isLeapMonth: Bool = false) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.calendarSystemMonthLength(name, era, year, month, isLeapMonth ? 1 : 0, &out))
        return out
    }

    /// The month holding a day.
    public func month(containing dayNumber: Int32) throws(KalendsError) -> SystemMonth {
        var m = kalends_system_month()
        try library.check(library.c.calendarSystemMonth(name, dayNumber, &m))
        return SystemMonth(era: m.era, year: m.year, month: m.month, isLeapMonth: m.is_leap_month != 0,
                           extendedYear: m.extended_year, firstDay: m.first_day, length: m.length)
    }

    /// The first and last day number the system converts.
    public var dayRange: ClosedRange<Int32> {
        get throws(KalendsError) {
            var r = kalends_day_range()
            try library.check(library.c.calendarSystemDayRange(name, &r))
            return r.first...r.last
        }
    }

    /// The eras with the years and days of each.
    public func eras() throws(KalendsError) -> [EraRange] {
        var n: Int32 = 0
        try library.check(library.c.calendarSystemEras(name, nil, 0, &n))
        var buffer = [kalends_system_era](repeating: kalends_system_era(), count: Int(n))
        let status = buffer.withUnsafeMutableBufferPointer { library.c.calendarSystemEras(name, $0.baseAddress, n, &n) }
        try library.check(status)
        var out: [EraRange] = []
        for e in buffer {
            let code = try library.readString { library.c.calendarSystemEraCode(name, e.era, $0, $1, $2) }
            out.append(EraRange(era: e.era, code: code, years: e.first_year...e.last_year, days: e.first_day...e.last_day))
        }
        return out
    }

    public func addMonths(_ months: Int32, to dayNumber: Int32) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.calendarSystemAddMonths(name, dayNumber, months, &out))
        return out
    }

    public func addYears(_ years: Int32, to dayNumber: Int32) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.calendarSystemAddYears(name, dayNumber, years, &out))
        return out
    }
}

extension Calendar {
    /// The grid of the calendar system's month holding `dayNumber`.
    public func monthGrid(containing dayNumber: Int32, rows: Rows = .fixed) throws(KalendsError) -> [Day] {
        var buffer = [kalends_day](repeating: kalends_day(), count: Int(KALENDS_GRID_MAX_DAYS))
        var count: Int32 = 0
        let status = buffer.withUnsafeMutableBufferPointer { b in
            library.c.calendarMonthGridContaining(handle, dayNumber, rows.rawValue, b.baseAddress, Int32(b.count), &count)
        }
        try library.check(status)
        return buffer.prefix(Int(count)).map { Day($0, library) }
    }

    /// The dates of `count` consecutive days from `first` in the calendar's system and
    /// secondary system.
    public func dayDates(first: Int32, count: Int32) throws(KalendsError) -> [DayDates] {
        var buffer = [kalends_day_dates](repeating: kalends_day_dates(), count: Int(max(count, 0)))
        var n: Int32 = 0
        let status = buffer.withUnsafeMutableBufferPointer { b in
            library.c.calendarDayDates(handle, first, count, b.baseAddress, Int32(b.count), &n)
        }
        try library.check(status)
        return buffer.prefix(Int(n)).map(DayDates.init)
    }
}

extension View {
    /// The dates of the visible days (as `days()`) in the calendar's system and
    /// secondary system.
    public func dayDates() throws(KalendsError) -> [DayDates] {
        var n: Int32 = 0
        try library.check(library.c.viewDayDates(handle, nil, 0, &n))
        var buffer = [kalends_day_dates](repeating: kalends_day_dates(), count: Int(n))
        let status = buffer.withUnsafeMutableBufferPointer { b in
            library.c.viewDayDates(handle, b.baseAddress, Int32(b.count), &n)
        }
        try library.check(status)
        return buffer.prefix(Int(n)).map(DayDates.init)
    }
}
