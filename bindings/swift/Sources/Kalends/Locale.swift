// kalends_locale_* through the C ABI: CLDR locales' names, week data, direction,
// digits and formatted dates; the view's text in its calendar's locale.
import CKalends

/// A territory's week conventions (`kalends_week_data`).
public struct WeekData: Hashable, Sendable {
    public let firstWeekday: Weekday
    /// 1...7
    public let minDaysInFirstWeek: Int32
    public let weekend: Set<Weekday>
}

/// A CLDR locale (`kalends_locale`): names, week data, direction, digits and dates in
/// the locale's patterns, for every locale CLDR 47 has. Opening never fails on an
/// unknown identifier: it falls back along CLDR's chain and `identifier` says to what.
/// `calendar` arguments are calendar system identifiers ("gregorian", "hebrew", ...).
public final class Locale: @unchecked Sendable {
    public let library: Library
    /// The C handle (a registry token). Still set after `close()`, so that later calls
    /// reach the library and fail with `.misuse`, as they would from C.
    public let handle: OpaquePointer
    /// The identifier as given; nil: the environment's (LC_ALL, LC_TIME, LANG).
    public let requested: String?
    private var closed = false

    public init(_ identifier: String? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        if let identifier {
            guard !identifier.utf8.contains(0) else { throw KalendsError(.invalidArgument, "identifier contains a NUL character") }
            let text = Array(identifier.utf8CString)
            try lib.check(text.withUnsafeBufferPointer { lib.c.localeOpen($0.baseAddress, &out) })
        } else {
            try lib.check(lib.c.localeOpen(nil, &out))
        }
        guard let out else { throw KalendsError(.misuse, "kalends_locale_open returned no handle") }
        self.library = lib
        self.handle = out
        self.requested = identifier
    }

    deinit { close() }

    /// Releases the handle now (idempotent).
    public func close() {
        guard !closed else { return }
        closed = true
        _ = library.c.localeFree(handle)
    }

    /// Every CLDR locale in the library, sorted.
    public static func identifiers(library: Library? = nil) throws(KalendsError) -> [String] {
        let lib = try Library.resolve(library)
        var n: Int32 = 0
        try lib.check(lib.c.localeAvailableCount(&n))
        var out: [String] = []
        out.reserveCapacity(Int(n))
        for i in 0..<n { out.append(try lib.readString { lib.c.localeAvailableIdentifier(i, $0, $1, $2) }) }
        return out
    }

    /// The CLDR version of the tables (47).
    public static func cldrVersion(library: Library? = nil) throws(KalendsError) -> Int32 {
        let lib = try Library.resolve(library)
        var n: Int32 = 0
        try lib.check(lib.c.localeCldrVersion(&n))
        return n
    }

    /// The CLDR locale the identifier resolved to ("de_AT", "root").
    public func identifier() throws(KalendsError) -> String {
        try library.readString { library.c.localeIdentifier(handle, $0, $1, $2) }
    }

    /// Whether the identifier named a locale CLDR does not have.
    public func isFallback() throws(KalendsError) -> Bool {
        var n: Int32 = 0
        try library.check(library.c.localeIsFallback(handle, &n))
        return n != 0
    }

    public func weekData() throws(KalendsError) -> WeekData {
        var w = kalends_week_data()
        try library.check(library.c.localeWeekData(handle, &w))
        return WeekData(firstWeekday: Weekday(rawValue: w.first_weekday) ?? .monday,
                        minDaysInFirstWeek: w.min_days_in_first_week,
                        weekend: Set(Weekday.allCases.filter { w.weekend_days & (1 << UInt32($0.rawValue - 1)) != 0 }))
    }

    public func direction() throws(KalendsError) -> LayoutDirection {
        var n: Int32 = 0
        try library.check(library.c.localeDirection(handle, &n))
        return LayoutDirection(rawValue: n) ?? .leftToRight
    }

    /// CLDR's characterOrder of the locale's script (top to bottom for mn_Mong).
    public func characterOrder() throws(KalendsError) -> TextOrder {
        var n: Int32 = 0
        try library.check(library.c.localeCharacterOrder(handle, &n))
        return TextOrder(rawValue: n) ?? .leftToRight
    }

    /// CLDR's lineOrder of the locale's script (left to right for mn_Mong).
    public func lineOrder() throws(KalendsError) -> TextOrder {
        var n: Int32 = 0
        try library.check(library.c.localeLineOrder(handle, &n))
        return TextOrder(rawValue: n) ?? .topToBottom
    }

    public func hourCycle() throws(KalendsError) -> HourCycle {
        var n: Int32 = 0
        try library.check(library.c.localeHourCycle(handle, &n))
        return HourCycle(rawValue: n) ?? .h23
    }

    /// The ten digits of the locale's default numbering system, concatenated.
    public func digits() throws(KalendsError) -> String {
        try library.readString { library.c.localeDigits(handle, $0, $1, $2) }
    }

    /// The calendar system the identifier's -u-ca- names, else nil.
    public func calendar() throws(KalendsError) -> String? {
        let s = try library.readString { library.c.localeCalendar(handle, $0, $1, $2) }
        return s.isEmpty ? nil : s
    }

    /// Month names of a calendar system, month 1 first (Hebrew: 14, the last "Adar II").
    public func monthNames(width: NameWidth = .wide, context: NameContext = .format,
                           calendar: String = "gregorian") throws(KalendsError) -> [String] {
        let system = try CString.interned(calendar)
        var n: Int32 = 0
        try library.check(library.c.localeMonthCount(handle, system, &n))
        var out: [String] = []
        for m in 1...max(n, 1) where m <= n {
            out.append(try library.readString { library.c.localeMonthName(handle, system, m, width.rawValue, context.rawValue, $0, $1, $2) })
        }
        return out
    }

    /// Weekday names, Monday first.
    public func weekdayNames(width: NameWidth = .wide, context: NameContext = .format) throws(KalendsError) -> [String] {
        var out: [String] = []
        for d in Weekday.allCases {
            out.append(try library.readString { library.c.localeWeekdayName(handle, d.rawValue, width.rawValue, context.rawValue, $0, $1, $2) })
        }
        return out
    }

    /// Era names by ICU's era index (gregorian: BC, AD).
    public func eraNames(width: NameWidth = .abbreviated, calendar: String = "gregorian") throws(KalendsError) -> [String] {
        let system = try CString.interned(calendar)
        var n: Int32 = 0
        try library.check(library.c.localeEraCount(handle, system, &n))
        var out: [String] = []
        for e in 0..<n {
            out.append(try library.readString { library.c.localeEraName(handle, system, e, width.rawValue, $0, $1, $2) })
        }
        return out
    }

    public func dayPeriodName(_ period: DayPeriod, width: NameWidth = .abbreviated,
                              context: NameContext = .format) throws(KalendsError) -> String {
        try library.readString { library.c.localeDayPeriodName(handle, period.rawValue, width.rawValue, context.rawValue, $0, $1, $2) }
    }

    /// A day (number) in a calendar system by the locale's date pattern of `style`.
    public func formatDate(dayNumber: Int32, style: DateStyle = .full, calendar: String = "gregorian") throws(KalendsError) -> String {
        let system = try CString.interned(calendar)
        return try library.readString { library.c.localeFormatDate(handle, system, dayNumber, style.rawValue, $0, $1, $2) }
    }

    public func formatDate(_ date: Date, style: DateStyle = .full, calendar: String = "gregorian") throws(KalendsError) -> String {
        try formatDate(dayNumber: date.dayNumber, style: style, calendar: calendar)
    }

    /// A month page's title: month `month` of extended year `year` of a calendar system.
    public func formatMonthYear(year: Int32, month: Int32, calendar: String = "gregorian",
                                isLeapMonth: Bool = false) throws(KalendsError) -> String {
        let system = try CString.interned(calendar)
        return try library.readString { library.c.localeFormatMonthYear(handle, system, year, month, isLeapMonth ? 1 : 0, $0, $1, $2) }
    }

    /// The label of a day's cell in a grid of a calendar system: its day of the month in
    /// the numbering of the locale's dates of that system ("ט״ז" for a Hebrew date in he).
    public func formatDay(dayNumber: Int32, calendar: String = "gregorian") throws(KalendsError) -> String {
        let system = try CString.interned(calendar)
        return try library.readString { library.c.localeFormatDay(handle, system, dayNumber, $0, $1, $2) }
    }

    public func formatTime(hour: Int32, minute: Int32 = 0, second: Int32 = 0, style: DateStyle = .short) throws(KalendsError) -> String {
        try library.readString { library.c.localeFormatTime(handle, hour, minute, second, style.rawValue, $0, $1, $2) }
    }

    /// The label of an hour of a day timeline ("3 PM", "15 Uhr").
    public func formatHour(_ hour: Int32) throws(KalendsError) -> String {
        try library.readString { library.c.localeFormatHour(handle, hour, $0, $1, $2) }
    }

    /// A day by a CLDR pattern, at `secondOfDay`, with CLDR's numbering override `numbers`.
    public func format(dayNumber: Int32, pattern: String, calendar: String = "gregorian", secondOfDay: Int32 = 0,
                       numbers: String? = nil) throws(KalendsError) -> String {
        let system = try CString.interned(calendar)
        guard !pattern.utf8.contains(0) else { throw KalendsError(.invalidArgument, "pattern contains a NUL character") }
        let override = try numbers.map { (s) throws(KalendsError) in try CString.interned(s) }
        let text = Array(pattern.utf8CString)
        let result = text.withUnsafeBufferPointer { p -> Result<String, KalendsError> in
            do throws(KalendsError) {
                return .success(try library.readString {
                    library.c.localeFormatPattern(handle, system, dayNumber, secondOfDay, p.baseAddress, override, $0, $1, $2)
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension View {
    /// The page's title in the calendar's locale and system ("November 2026", "Kislev 5787").
    public func title() throws(KalendsError) -> String {
        try library.readString { library.c.viewTitle(handle, $0, $1, $2) }
    }

    /// A day cell's label: its day of the month in the calendar's system and locale
    /// ("16"; "ט״ז" in a Hebrew calendar in he).
    public func dayLabel(_ date: Date) throws(KalendsError) -> String {
        var c = date.c
        return try library.readString { library.c.viewDayLabel(handle, &c, $0, $1, $2) }
    }

    /// A weekday column's label in the calendar's locale (stand-alone names).
    public func weekdayLabel(_ weekday: Weekday, width: NameWidth = .abbreviated) throws(KalendsError) -> String {
        try library.readString { library.c.viewWeekdayLabel(handle, weekday.rawValue, width.rawValue, $0, $1, $2) }
    }

    /// The label of an hour (0...23) of the day timeline in the locale's hour cycle.
    public func hourLabel(_ hour: Int32) throws(KalendsError) -> String {
        try library.readString { library.c.viewHourLabel(handle, hour, $0, $1, $2) }
    }
}

extension CalendarOptions {
    /// The locale of titles, weekday and hour labels and accessibility labels ("en" by
    /// default; the week fields stay as set: take a locale's from `Locale.weekData()`).
    public var locale: String {
        c.locale.map { String(cString: $0) } ?? "en"
    }

    /// The same options in another locale.
    public func with(locale: String) throws(KalendsError) -> CalendarOptions {
        var copy = self
        try copy.setLocale(locale)
        return copy
    }
}
