// kalends_calendar through the C ABI: options, today, week numbers and grids.
import CKalends

/// Which day a calendar marks as today.
public enum Today: Hashable, Sendable {
    case system
    case fixed(Date)
    case off
}

/// Options of a calendar (`kalends_calendar_options`): the C struct, made from the
/// library's defaults (kalends_calendar_options_init: ISO 8601, today from the system
/// clock) with the fields given changed.
public struct CalendarOptions: Hashable, @unchecked Sendable {   // its strings are interned for the process
    public private(set) var c: kalends_calendar_options
    let library: Library

    public init(firstWeekday: Weekday? = nil, minDaysInFirstWeek: Int32? = nil, weekendDays: Set<Weekday>? = nil,
                today: Today? = nil, system: String? = nil, secondarySystem: String?? = nil,
                library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_calendar_options()
        try lib.check(lib.c.calendarOptionsInit(&c))
        self.init(c, lib)
        if let firstWeekday { self.firstWeekday = firstWeekday }
        if let minDaysInFirstWeek { self.minDaysInFirstWeek = minDaysInFirstWeek }
        if let weekendDays { self.weekendDays = weekendDays }
        if let today { self.today = today }
        if let system { self.c.system = try CString.interned(system) }
        if let secondarySystem {
            self.c.secondary_system = try secondarySystem.map { (s) throws(KalendsError) in try CString.interned(s) }
        }
    }

    init(_ c: kalends_calendar_options, _ library: Library) {
        self.c = c
        self.library = library
        // The library's identifier strings become the wrapper's interned ones, so that
        // options compare equal by their identifiers.
        self.c.system = c.system.flatMap { try? CString.interned(String(cString: $0)) }
        self.c.secondary_system = c.secondary_system.flatMap { try? CString.interned(String(cString: $0)) }
        self.c.locale = c.locale.flatMap { try? CString.interned(String(cString: $0)) }
    }

    /// Sets the locale's identifier (interned: the options keep a C string).
    mutating func setLocale(_ identifier: String) throws(KalendsError) {
        c.locale = try CString.interned(identifier)
    }

    /// The calendar system's identifier (`CalendarSystem.identifiers()`); NULL in the
    /// struct means "gregorian".
    public var system: String { c.system.map { String(cString: $0) } ?? "gregorian" }
    /// A second system every day also reports its date in; nil: none.
    public var secondarySystem: String? { c.secondary_system.map { String(cString: $0) } }

    /// The same options with another system (and secondary system: `.some(nil)` for none).
    public func with(system: String? = nil, secondarySystem: String?? = nil) throws(KalendsError) -> CalendarOptions {
        var copy = self
        if let system { copy.c.system = try CString.interned(system) }
        if let secondarySystem {
            copy.c.secondary_system = try secondarySystem.map { (s) throws(KalendsError) in try CString.interned(s) }
        }
        return copy
    }

    // Field by field (the struct holds identifier strings, compared as strings).
    public static func == (a: CalendarOptions, b: CalendarOptions) -> Bool {
        a.c.first_weekday == b.c.first_weekday && a.c.min_days_in_first_week == b.c.min_days_in_first_week
            && a.c.weekend_days == b.c.weekend_days && a.c.today_mode == b.c.today_mode && a.c.today == b.c.today
            && a.system == b.system && a.secondarySystem == b.secondarySystem && a.locale == b.locale
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c.first_weekday)
        hasher.combine(c.min_days_in_first_week)
        hasher.combine(c.weekend_days)
        hasher.combine(c.today_mode)
        hasher.combine(c.today)
        hasher.combine(system)
        hasher.combine(secondarySystem)
        hasher.combine(locale)
    }

    /// Grid rows and week numbers start on it.
    public var firstWeekday: Weekday {
        get { Weekday(rawValue: c.first_weekday) ?? .monday }
        set { c.first_weekday = newValue.rawValue }
    }
    /// Days of the new year week 1 must hold, 1 ... 7.
    public var minDaysInFirstWeek: Int32 {
        get { c.min_days_in_first_week }
        set { c.min_days_in_first_week = newValue }
    }
    public var weekendDays: Set<Weekday> {
        get { Set(Weekday.allCases.filter { c.weekend_days & (1 << UInt32($0.rawValue - 1)) != 0 }) }
        set { c.weekend_days = newValue.reduce(0) { $0 | 1 << UInt32($1.rawValue - 1) } }
    }
    public var today: Today {
        get {
            switch TodayMode(rawValue: c.today_mode) {
            case .fixed: Date(checked: c.today, library: library).map { .fixed($0) } ?? .off
            case .off: .off
            default: .system
            }
        }
        set {
            switch newValue {
            case .system: c.today_mode = TodayMode.system.rawValue
            case .off: c.today_mode = TodayMode.off.rawValue
            case .fixed(let date):
                c.today_mode = TodayMode.fixed.rawValue
                c.today = date.c
            }
        }
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

    /// A calendar with `options` (nil: the library's defaults, ISO 8601).
    public init(_ options: CalendarOptions? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library ?? options?.library)
        var out: OpaquePointer?
        try lib.check(withOptionalPointer(options?.c) { lib.c.calendarNew($0, &out) })
        guard let out else { throw KalendsError(.misuse, "kalends_calendar_new returned no handle") }
        self.library = lib
        self.handle = out
    }

    /// A calendar with the library's defaults and the fields given changed.
    public convenience init(firstWeekday: Weekday? = nil, minDaysInFirstWeek: Int32? = nil,
                            weekendDays: Set<Weekday>? = nil, today: Today? = nil,
                            library: Library? = nil) throws(KalendsError) {
        try self.init(CalendarOptions(firstWeekday: firstWeekday, minDaysInFirstWeek: minDaysInFirstWeek,
                                      weekendDays: weekendDays, today: today, library: library), library: library)
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
            return CalendarOptions(c, library)
        }
    }

    public func setOptions(_ options: CalendarOptions) throws(KalendsError) {
        var c = options.c
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
