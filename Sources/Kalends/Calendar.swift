// kalends_calendar through the C ABI: options, today, week numbers and grids.
import CKalends

/// Which day a calendar marks as today.
public enum Today: Hashable, Sendable {
    case system
    case fixed(Date)
    case off
}

/// Row policy of a month grid (`KALENDS_ROWS_*`).
public enum Rows: Int32, Sendable, CaseIterable {
    case fixed = 0
    case variable = 1
}

/// Options of a calendar (`kalends_calendar_options`); the defaults are ISO 8601.
public struct CalendarOptions: Hashable, Sendable {
    public var firstWeekday: Weekday
    public var minDaysInFirstWeek: Int32
    public var weekendDays: Set<Weekday>
    public var today: Today

    public init(firstWeekday: Weekday = .monday, minDaysInFirstWeek: Int32 = 4,
                weekendDays: Set<Weekday> = [.saturday, .sunday], today: Today = .system) {
        self.firstWeekday = firstWeekday
        self.minDaysInFirstWeek = minDaysInFirstWeek
        self.weekendDays = weekendDays
        self.today = today
    }

    func c(_ lib: Library) throws(KalendsError) -> kalends_calendar_options {
        var c = kalends_calendar_options()
        try lib.check(lib.c.calendarOptionsInit(&c))
        c.first_weekday = firstWeekday.rawValue
        c.min_days_in_first_week = minDaysInFirstWeek
        c.weekend_days = weekendDays.reduce(0) { $0 | 1 << UInt32($1.rawValue - 1) }
        switch today {
        case .system: c.today_mode = KALENDS_TODAY_SYSTEM
        case .off: c.today_mode = KALENDS_TODAY_OFF
        case .fixed(let date):
            c.today_mode = KALENDS_TODAY_FIXED
            c.today = date.c
        }
        return c
    }

    init(_ c: kalends_calendar_options, _ lib: Library) throws(KalendsError) {
        guard let wd = Weekday(rawValue: c.first_weekday) else {
            throw KalendsError(.invalidArgument, "first weekday \(c.first_weekday)")
        }
        let today: Today
        switch c.today_mode {
        case KALENDS_TODAY_FIXED:
            today = .fixed(try Date(year: c.today.year, month: c.today.month, day: c.today.day, library: lib))
        case KALENDS_TODAY_OFF: today = .off
        default: today = .system
        }
        self.init(firstWeekday: wd, minDaysInFirstWeek: c.min_days_in_first_week,
                  weekendDays: Set(Weekday.allCases.filter { c.weekend_days & (1 << UInt32($0.rawValue - 1)) != 0 }),
                  today: today)
    }
}

/// A calendar handle (`kalends_calendar`). Safe to share between threads; released
/// when the last reference goes away or by `close()`.
public final class Calendar: @unchecked Sendable {
    public let library: Library
    /// The C handle (a registry token). Still set after `close()`, so that later calls
    /// reach the library and fail with `.misuse`, as they would from C.
    public let handle: OpaquePointer
    private var closed = false

    public init(_ options: CalendarOptions = CalendarOptions(), library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = try options.c(lib)
        var out: OpaquePointer?
        try lib.check(lib.c.calendarNew(&c, &out))
        guard let out else { throw KalendsError(.misuse, "kalends_calendar_new returned no handle") }
        self.library = lib
        self.handle = out
    }

    public convenience init(firstWeekday: Weekday = .monday, minDaysInFirstWeek: Int32 = 4,
                            weekendDays: Set<Weekday> = [.saturday, .sunday], today: Today = .system,
                            library: Library? = nil) throws(KalendsError) {
        try self.init(CalendarOptions(firstWeekday: firstWeekday, minDaysInFirstWeek: minDaysInFirstWeek,
                                      weekendDays: weekendDays, today: today), library: library)
    }

    deinit { close() }

    /// Releases the handle; later calls fail with `.misuse`. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = library.c.calendarFree(handle)
    }

    public var options: CalendarOptions {
        get throws(KalendsError) {
            var c = kalends_calendar_options()
            c.struct_size = UInt32(MemoryLayout<kalends_calendar_options>.size)
            try library.check(library.c.calendarGetOptions(handle, &c))
            return try CalendarOptions(c, library)
        }
    }

    public func setOptions(_ options: CalendarOptions) throws(KalendsError) {
        var c = try options.c(library)
        try library.check(library.c.calendarSetOptions(handle, &c))
    }

    /// Today by the `today` option; nil when it is `.off`.
    public func today() throws(KalendsError) -> Date? {
        var out = kalends_date()
        let status = library.c.calendarToday(handle, &out)
        if status == KALENDS_E_NOT_FOUND { return nil }
        try library.check(status)
        return try Date(year: out.year, month: out.month, day: out.day, library: library)
    }

    public func weekOfYear(_ date: Date) throws(KalendsError) -> WeekOfYear {
        var c = date.c
        var out = kalends_week_of_year()
        try library.check(library.c.calendarWeekOfYear(handle, &c, &out))
        return WeekOfYear(out)
    }

    private func days(_ fill: (UnsafeMutablePointer<kalends_day>, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        throws(KalendsError) -> [Day] {
        var buffer = [kalends_day](repeating: kalends_day(), count: Int(KALENDS_GRID_MAX_DAYS))
        var count: Int32 = 0
        let status = buffer.withUnsafeMutableBufferPointer { b in
            // A non-empty array always has a base address.
            b.baseAddress.map { fill($0, Int32(b.count), &count) } ?? KALENDS_E_INVALID_ARGUMENT
        }
        try library.check(status)
        return buffer.prefix(Int(count)).map { Day($0, library) }
    }

    public func monthGrid(year: Int32, month: Int32, rows: Rows = .fixed) throws(KalendsError) -> MonthGrid {
        let days = try days { library.c.calendarMonthGrid(handle, year, month, rows.rawValue, $0, $1, $2) }
        return MonthGrid(year: year, month: month, rows: rows, days: days)
    }

    /// Only the dates of `monthGrid`, as weeks.
    public func monthDates(year: Int32, month: Int32, rows: Rows = .fixed) throws(KalendsError) -> [[Date]] {
        try monthGrid(year: year, month: month, rows: rows).weeks.map { $0.days.map(\.date) }
    }

    public func monthRange(year: Int32, month: Int32, rows: Rows = .fixed) throws(KalendsError) -> DayRange {
        var out = kalends_day_range()
        try library.check(library.c.calendarMonthRange(handle, year, month, rows.rawValue, &out))
        return DayRange(out)
    }

    public func weekGrid(_ date: Date) throws(KalendsError) -> Week {
        var c = date.c
        return Week(days: try days { library.c.calendarWeekGrid(handle, &c, $0, $1, $2) })
    }

    public func weekRange(_ date: Date) throws(KalendsError) -> DayRange {
        var c = date.c
        var out = kalends_day_range()
        try library.check(library.c.calendarWeekRange(handle, &c, &out))
        return DayRange(out)
    }
}
