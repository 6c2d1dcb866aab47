// kalends_locale_*: CLDR locales (names, week data, direction, digits, formats) and the
// text of a view in its calendar's locale (title, weekday and hour labels).
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// The object behind a kalends_locale handle (a Locale is an immutable value).
final class LocaleHandle: Sendable {
    let locale: KalendsCore.Locale
    init(_ locale: KalendsCore.Locale) { self.locale = locale }
}

/// A NUL-terminated UTF-8 string of at most `limit` bytes, read during the call.
/// (String(validatingCString:): the generic String(validating:as:) instantiated generic
/// metadata on every call, ~10% of kalends_locale_open.)
func utf8String(_ p: UnsafePointer<CChar>, _ what: String, limit: Int) throws(KalendsError) -> String {
    let length = strnlen(p, limit + 1)
    guard length <= limit, let s = String(validatingCString: p) else {
        throw invalid("\(what) is not a UTF-8 string of at most \(limit) bytes")
    }
    return s
}

func localeOpen(_ identifier: UnsafePointer<CChar>?) throws(KalendsError) -> LocaleHandle {
    LocaleHandle(try identifier.map { (p) throws(KalendsError) in
        KalendsCore.Locale(try utf8String(p, "identifier", limit: 255))
    } ?? KalendsCore.Locale.environment)
}

func localeIdentifier(_ h: LocaleHandle) throws(KalendsError) -> String { h.locale.identifier }

func localeIsFallback(_ h: LocaleHandle) throws(KalendsError) -> Int32 { h.locale.isFallback ? 1 : 0 }

func localeAvailableCount() throws(KalendsError) -> Int32 { Int32(KalendsCore.Locale.identifiers().count) }

func localeAvailableIdentifier(_ index: Int32) throws(KalendsError) -> String {
    guard let name = KalendsCore.Locale.identifier(at: Int(index)) else {
        throw KalendsError(.outOfRange, "locale index \(index) is not in 0...\(KalendsCore.Locale.count - 1)")
    }
    return name
}

func localeCldrVersion() throws(KalendsError) -> Int32 { Int32(KalendsCore.Locale.cldrVersion) }

func localeWeekData(_ h: LocaleHandle) throws(KalendsError) -> kalends_week_data {
    let w = h.locale.weekData
    return kalends_week_data(first_weekday: w.firstWeekday.rawValue, min_days_in_first_week: w.minDaysInFirstWeek,
                             weekend_days: w.weekend.rawValue)
}

func localeDirection(_ h: LocaleHandle) throws(KalendsError) -> kalends_layout_direction { h.locale.direction.rawValue }

func localeHourCycle(_ h: LocaleHandle) throws(KalendsError) -> kalends_hour_cycle { h.locale.hourCycle.rawValue }

func localeCharacterOrder(_ h: LocaleHandle) throws(KalendsError) -> kalends_text_order { h.locale.characterOrder.rawValue }

func localeLineOrder(_ h: LocaleHandle) throws(KalendsError) -> kalends_text_order { h.locale.lineOrder.rawValue }

func localeDigits(_ h: LocaleHandle) throws(KalendsError) -> String { h.locale.digits.joined() }

func localeRegion(_ h: LocaleHandle) throws(KalendsError) -> String { h.locale.region }

func localeCalendar(_ h: LocaleHandle) throws(KalendsError) -> String { h.locale.calendarIdentifier ?? "" }

func localeMonthCount(_ h: LocaleHandle, _ system: AnyCalendarSystem) throws(KalendsError) -> Int32 {
    Int32(try h.locale.monthCount(system: system))
}

func localeMonthName(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ month: Int32, _ width: NameWidth,
                     _ context: NameContext) throws(KalendsError) -> String {
    try h.locale.monthName(month, system: system, width: width, context: context)
}

func localeWeekdayName(_ h: LocaleHandle, _ weekday: Weekday, _ width: NameWidth, _ context: NameContext) throws(KalendsError) -> String {
    h.locale.weekdayName(weekday, width: width, context: context)
}

func localeEraCount(_ h: LocaleHandle, _ system: AnyCalendarSystem) throws(KalendsError) -> Int32 {
    Int32(try h.locale.eraNames(system: system).count)
}

func localeEraName(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ era: Int32, _ width: NameWidth) throws(KalendsError) -> String {
    try h.locale.eraName(era, system: system, width: width)
}

func localeDayPeriodName(_ h: LocaleHandle, _ period: DayPeriod, _ width: NameWidth, _ context: NameContext) throws(KalendsError) -> String {
    h.locale.dayPeriodName(period, width: width, context: context)
}

func localeDatePattern(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ style: DateStyle) throws(KalendsError) -> String {
    try h.locale.datePattern(style, system: system)
}

func localeDateNumbers(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ style: DateStyle) throws(KalendsError) -> String {
    try h.locale.dateNumbers(style, system: system)
}

func localeFormatDate(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ dayNumber: Int32, _ style: DateStyle) throws(KalendsError) -> String {
    try h.locale.formatDate(day: Int(dayNumber), system: system, style: style)
}

func localeFormatDay(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ dayNumber: Int32) throws(KalendsError) -> String {
    h.locale.formatDay(try h.locale.dateFields(day: Int(dayNumber), system: system))
}

func localeFormatMonthYear(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ year: Int32, _ month: Int32,
                           _ isLeapMonth: Int32) throws(KalendsError) -> String {
    try h.locale.formatMonthYear(year: year, month: month, isLeapMonth: try leapFlag(isLeapMonth), system: system)
}

func localeFormatTime(_ h: LocaleHandle, _ hour: Int32, _ minute: Int32, _ second: Int32, _ style: DateStyle) throws(KalendsError) -> String {
    try h.locale.formatTime(hour: hour, minute: minute, second: second, style: style)
}

func localeFormatHour(_ h: LocaleHandle, _ hour: Int32) throws(KalendsError) -> String { try h.locale.formatHour(checked: hour) }

func localeFormatPattern(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ dayNumber: Int32, _ secondOfDay: Int32,
                         _ pattern: UnsafePointer<CChar>, _ numbers: UnsafePointer<CChar>?) throws(KalendsError) -> String {
    let text = try utf8String(pattern, "pattern", limit: 4096)
    let override = try numbers.map { (p) throws(KalendsError) in try utf8String(p, "numbers", limit: 255) } ?? ""
    return try h.locale.format(day: Int(dayNumber), secondOfDay: secondOfDay, system: system, pattern: text, numbers: override)
}

// MARK: the view's text

func viewTitle(_ h: ViewHandle) throws(KalendsError) -> String { try h.with { (v: View) in v.title() } }

func viewDayLabel(_ h: ViewHandle, _ date: kalends_date) throws(KalendsError) -> String {
    let d = try Date(date)
    return try h.with { (v: View) throws(KalendsError) in try v.dayLabel(d) }
}

func viewWeekdayLabel(_ h: ViewHandle, _ weekday: Weekday, _ width: NameWidth) throws(KalendsError) -> String {
    try h.with { (v: View) in v.weekdayLabel(weekday, width: width) }
}

func viewHourLabel(_ h: ViewHandle, _ hour: Int32) throws(KalendsError) -> String {
    try h.with { (v: View) throws(KalendsError) in try v.hourLabel(checked: hour) }
}
