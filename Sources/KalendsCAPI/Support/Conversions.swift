// C structs <-> KalendsCore values. Every conversion from C checks what it reads.
import CKalends
import KalendsCore

extension Date {
    init(_ c: kalends_date) throws(KalendsError) {
        try self.init(year: c.year, month: c.month, day: c.day)
    }

    var c: kalends_date { kalends_date(year: year, month: month, day: day) }
}

extension WeekOfYear {
    var c: kalends_week_of_year { kalends_week_of_year(week: week, year: year) }
}

extension DayRange {
    var c: kalends_day_range { kalends_day_range(first: first, last: last) }
}

extension Day {
    @inline(__always)
    var c: kalends_day {
        kalends_day(date: date.c, day_number: dayNumber, weekday: weekday.rawValue,
                    week_of_year: weekOfYear.c, flags: flags.rawValue)
    }
}

extension kalends_calendar_options {
    /// Three versions are read: before calendar systems, before locales, and today's.
    static func checkSize(_ size: UInt32) throws(KalendsError) { try CalendarOptions.checkSize(size) }
}

extension CalendarOptions {
    static let cSize = MemoryLayout<kalends_calendar_options>.size
    /// The struct before calendar systems were appended (it ended at `system`).
    static let cMinimumSize = MemoryLayout<kalends_calendar_options>.offset(of: \kalends_calendar_options.system) ?? cSize
    /// The struct before locales were appended (it ended at `locale`).
    static let cBeforeLocaleSize = MemoryLayout<kalends_calendar_options>.offset(of: \kalends_calendar_options.locale) ?? cSize

    /// A struct_size this library reads: the struct before calendar systems, before
    /// locales, or today's.
    static func checkSize(_ size: UInt32) throws(KalendsError) {
        try checkStructSize(size, known: cSize, minimum: cMinimumSize, "kalends_calendar_options")
        guard Int(size) == cMinimumSize || Int(size) == cBeforeLocaleSize || Int(size) == cSize else {
            throw invalid("kalends_calendar_options.struct_size \(size) is not \(cMinimumSize) (the struct before "
                + "calendar systems), \(cBeforeLocaleSize) (before locales) or \(cSize): set it with sizeof or "
                + "kalends_calendar_options_init")
        }
    }

    init(_ c: kalends_calendar_options) throws(KalendsError) {
        try CalendarOptions.checkSize(c.struct_size)
        let today: Today
        switch c.today_mode {
        case KALENDS_TODAY_SYSTEM: today = .system
        case KALENDS_TODAY_FIXED: today = .fixed(try Date(c.today))
        case KALENDS_TODAY_OFF: today = .off
        default: throw invalid("today_mode \(c.today_mode) is not SYSTEM (0), FIXED (1) or OFF (2)")
        }
        self.init(firstWeekday: try Weekday(checking: c.first_weekday, "first weekday"),
                  minDaysInFirstWeek: c.min_days_in_first_week,
                  weekendDays: try WeekdaySet(checking: c.weekend_days),
                  today: today)
        if Int(c.struct_size) > CalendarOptions.cMinimumSize {
            if let id = c.system { system = try namedSystem(id) }
            if let id = c.secondary_system { secondarySystem = try namedSystem(id) }
        }
        if Int(c.struct_size) > CalendarOptions.cBeforeLocaleSize, let id = c.locale {
            locale = KalendsCore.Locale(try utf8String(id, "locale", limit: 255))
        }
        try validate()
    }

    var c: kalends_calendar_options {
        var out = kalends_calendar_options()
        out.struct_size = UInt32(CalendarOptions.cSize)
        out.first_weekday = firstWeekday.rawValue
        out.min_days_in_first_week = minDaysInFirstWeek
        out.weekend_days = weekendDays.rawValue
        switch today {
        case .system: out.today_mode = KALENDS_TODAY_SYSTEM
        case .fixed(let date):
            out.today_mode = KALENDS_TODAY_FIXED
            out.today = date.c
        case .off: out.today_mode = KALENDS_TODAY_OFF
        }
        out.system = InternedIdentifiers.pointer(system.identifier)
        out.secondary_system = secondarySystem.map { InternedIdentifiers.pointer($0.identifier) }
        out.locale = InternedIdentifiers.pointer(locale.requested)
        return out
    }
}
