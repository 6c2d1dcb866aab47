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

@inline(__always)
func localeHandle(_ handle: OpaquePointer?) throws(KalendsError) -> KalendsCore.Locale {
    try HandleRegistry.shared.object(handle, kind: .locale, as: LocaleHandle.self).locale
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

/// The calendar system named by `system` (NULL: gregorian).
func localeSystem(_ system: UnsafePointer<CChar>?) throws(KalendsError) -> AnyCalendarSystem {
    try system.map { (p) throws(KalendsError) in try namedSystem(p) } ?? .gregorian
}

/// The output checks every string export shares: a buffer only with a capacity, and
/// somewhere to write.
func textOutput(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                _ length: UnsafeMutablePointer<Int>?) throws(KalendsError) -> StringOutput {
    let output = try StringOutput(buffer, capacity, length)
    if buffer == nil && length == nil { throw invalid("buffer and length are both NULL: nowhere to write") }
    return output
}

/// A locale export writing text: the locale, the output's checks, then `text`.
private func localeText(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                        _ length: UnsafeMutablePointer<Int>?,
                        _ text: (KalendsCore.Locale) throws(KalendsError) -> String) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let output = try textOutput(buffer, capacity, length)
        output.write(try text(locale))
    }
}

/// A locale export writing one value through `out`.
private func localeValue<T>(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<T>?,
                            _ value: (KalendsCore.Locale) throws(KalendsError) -> T) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = try value(locale)
    }
}

/// A view export writing text (the view's title and labels).
private func viewText(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                      _ length: UnsafeMutablePointer<Int>?, _ text: (View) throws(KalendsError) -> String) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let output = try textOutput(buffer, capacity, length)
        output.write(try box.with(text))
    }
}

@_cdecl("kalends_locale_open")
public func kalendsLocaleOpen(_ identifier: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let locale = try identifier.map { p throws(KalendsError) in
            KalendsCore.Locale(try utf8String(p, "identifier", limit: 255))
        } ?? KalendsCore.Locale.environment
        out.pointee = try HandleRegistry.shared.register(LocaleHandle(locale), kind: .locale)
    }
}

@_cdecl("kalends_locale_identifier")
public func kalendsLocaleIdentifier(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { $0.identifier }
}

@_cdecl("kalends_locale_is_fallback")
public func kalendsLocaleIsFallback(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    localeValue(handle, out) { $0.isFallback ? 1 : 0 }
}

@_cdecl("kalends_locale_available_count")
public func kalendsLocaleAvailableCount(_ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in try required(out, "out").pointee = Int32(KalendsCore.Locale.identifiers().count) }
}

@_cdecl("kalends_locale_available_identifier")
public func kalendsLocaleAvailableIdentifier(_ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try textOutput(buffer, capacity, length)
        guard let name = KalendsCore.Locale.identifier(at: Int(index)) else {
            throw KalendsError(.outOfRange, "locale index \(index) is not in 0...\(KalendsCore.Locale.count - 1)")
        }
        output.write(name)
    }
}

@_cdecl("kalends_locale_cldr_version")
public func kalendsLocaleCldrVersion(_ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in try required(out, "out").pointee = Int32(KalendsCore.Locale.cldrVersion) }
}

@_cdecl("kalends_locale_week_data")
public func kalendsLocaleWeekData(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_week_data>?) -> kalends_status {
    localeValue(handle, out) { l in
        kalends_week_data(first_weekday: l.weekData.firstWeekday.rawValue, min_days_in_first_week: l.weekData.minDaysInFirstWeek,
                          weekend_days: l.weekData.weekend.rawValue)
    }
}

@_cdecl("kalends_locale_direction")
public func kalendsLocaleDirection(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    localeValue(handle, out) { $0.direction.rawValue }
}

@_cdecl("kalends_locale_hour_cycle")
public func kalendsLocaleHourCycle(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    localeValue(handle, out) { $0.hourCycle.rawValue }
}

@_cdecl("kalends_locale_digits")
public func kalendsLocaleDigits(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { $0.digits.joined() }
}

@_cdecl("kalends_locale_region")
public func kalendsLocaleRegion(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { $0.region }
}

@_cdecl("kalends_locale_calendar")
public func kalendsLocaleCalendar(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                  _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { $0.calendarIdentifier ?? "" }
}

@_cdecl("kalends_locale_month_count")
public func kalendsLocaleMonthCount(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    localeValue(handle, out) { (l) throws(KalendsError) in Int32(try l.monthCount(system: try localeSystem(system))) }
}

@_cdecl("kalends_locale_month_name")
public func kalendsLocaleMonthName(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ month: Int32,
                                   _ width: Int32, _ context: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                   _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.monthName(month, system: try localeSystem(system), width: try NameWidth(checking: width),
                        context: try NameContext(checking: context))
    }
}

@_cdecl("kalends_locale_weekday_name")
public func kalendsLocaleWeekdayName(_ handle: OpaquePointer?, _ weekday: Int32, _ width: Int32, _ context: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        l.weekdayName(try Weekday(checking: weekday, "weekday"), width: try NameWidth(checking: width),
                      context: try NameContext(checking: context))
    }
}

@_cdecl("kalends_locale_era_count")
public func kalendsLocaleEraCount(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?,
                                  _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    localeValue(handle, out) { (l) throws(KalendsError) in Int32(try l.eraNames(system: try localeSystem(system)).count) }
}

@_cdecl("kalends_locale_era_name")
public func kalendsLocaleEraName(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ era: Int32, _ width: Int32,
                                 _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                 _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.eraName(era, system: try localeSystem(system), width: try NameWidth(checking: width))
    }
}

@_cdecl("kalends_locale_day_period_name")
public func kalendsLocaleDayPeriodName(_ handle: OpaquePointer?, _ period: Int32, _ width: Int32, _ context: Int32,
                                       _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                       _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        l.dayPeriodName(try DayPeriod(checking: period), width: try NameWidth(checking: width),
                        context: try NameContext(checking: context))
    }
}

@_cdecl("kalends_locale_date_pattern")
public func kalendsLocaleDatePattern(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ style: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.datePattern(try DateStyle(checking: style), system: try localeSystem(system))
    }
}

@_cdecl("kalends_locale_date_numbers")
public func kalendsLocaleDateNumbers(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ style: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.dateNumbers(try DateStyle(checking: style), system: try localeSystem(system))
    }
}

@_cdecl("kalends_locale_format_date")
public func kalendsLocaleFormatDate(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                    _ style: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.formatDate(day: Int(dayNumber), system: try localeSystem(system), style: try DateStyle(checking: style))
    }
}

@_cdecl("kalends_locale_format_month_year")
public func kalendsLocaleFormatMonthYear(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ year: Int32,
                                         _ month: Int32, _ isLeapMonth: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                         _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.formatMonthYear(year: year, month: month, isLeapMonth: try leapFlag(isLeapMonth), system: try localeSystem(system))
    }
}

@_cdecl("kalends_locale_format_time")
public func kalendsLocaleFormatTime(_ handle: OpaquePointer?, _ hour: Int32, _ minute: Int32, _ second: Int32,
                                    _ style: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        try l.formatTime(hour: hour, minute: minute, second: second, style: try DateStyle(checking: style))
    }
}

@_cdecl("kalends_locale_format_hour")
public func kalendsLocaleFormatHour(_ handle: OpaquePointer?, _ hour: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                    _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in try l.formatHour(checked: hour) }
}

@_cdecl("kalends_locale_format_pattern")
public func kalendsLocaleFormatPattern(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                       _ secondOfDay: Int32, _ pattern: UnsafePointer<CChar>?,
                                       _ numbers: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?,
                                       _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    localeText(handle, buffer, capacity, length) { (l) throws(KalendsError) in
        guard let pattern else { throw invalid("pattern is NULL") }
        let text = try utf8String(pattern, "pattern", limit: 4096)
        let override = try numbers.map { p throws(KalendsError) in try utf8String(p, "numbers", limit: 255) } ?? ""
        return try l.format(day: Int(dayNumber), secondOfDay: secondOfDay, system: try localeSystem(system), pattern: text,
                            numbers: override)
    }
}

// MARK: the view's text

@_cdecl("kalends_view_title")
public func kalendsViewTitle(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    viewText(handle, buffer, capacity, length) { $0.title() }
}

@_cdecl("kalends_view_weekday_label")
public func kalendsViewWeekdayLabel(_ handle: OpaquePointer?, _ weekday: Int32, _ width: Int32,
                                    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    viewText(handle, buffer, capacity, length) { (v) throws(KalendsError) in
        v.weekdayLabel(try Weekday(checking: weekday, "weekday"), width: try NameWidth(checking: width))
    }
}

@_cdecl("kalends_view_hour_label")
public func kalendsViewHourLabel(_ handle: OpaquePointer?, _ hour: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                 _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    viewText(handle, buffer, capacity, length) { (v) throws(KalendsError) in
        guard (0...23).contains(hour) else { throw invalid("hour \(hour) is not in 0...23") }
        return v.hourLabel(hour)
    }
}
