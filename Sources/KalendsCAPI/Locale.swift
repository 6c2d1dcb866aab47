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

/// The calendar system named by `system` (NULL: gregorian) and the CLDR table of its names.
func localeSystem(_ system: UnsafePointer<CChar>?) throws(KalendsError) -> (AnyCalendarSystem, LocaleCalendar) {
    guard let system else { return (.gregorian, .gregorian) }
    let s = try namedSystem(system)
    guard let calendar = LocaleCalendar(system: s.identifier) else {
        throw KalendsError(.notFound, "calendar system \(s.identifier) has no CLDR names (the locale tables hold: "
            + LocaleCalendar.allCases.map(\.identifier).joined(separator: ", ") + ", and their variants)")
    }
    return (s, calendar)
}

func nameWidth(_ value: Int32) throws(KalendsError) -> NameWidth {
    guard let w = NameWidth(rawValue: value) else {
        throw invalid("width \(value) is not WIDE (0), ABBREVIATED (1), SHORT (2) or NARROW (3)")
    }
    return w
}

func nameContext(_ value: Int32) throws(KalendsError) -> NameContext {
    guard let c = NameContext(rawValue: value) else { throw invalid("context \(value) is not FORMAT (0) or STAND_ALONE (1)") }
    return c
}

func dateStyle(_ value: Int32) throws(KalendsError) -> DateStyle {
    guard let s = DateStyle(rawValue: value) else {
        throw invalid("style \(value) is not FULL (0), LONG (1), MEDIUM (2) or SHORT (3)")
    }
    return s
}

/// The pattern fields of day `day` in `system`, weeks by the locale's week data.
func dateFields(_ locale: KalendsCore.Locale, _ system: AnyCalendarSystem, _ calendar: LocaleCalendar,
                _ day: Int) throws(KalendsError) -> DateFields {
    if system.isGregorian {
        return DateFields(try Date(dayNumber: Int32(truncatingIfNeeded: day)), weekData: locale.weekData)
    }
    return try DateFields(dayNumber: day, system: system.base, calendar: calendar, weekData: locale.weekData)
}

/// The output checks every string export shares: a buffer only with a capacity, and
/// somewhere to write.
func textOutput(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                _ length: UnsafeMutablePointer<Int>?) throws(KalendsError) -> StringOutput {
    let output = try StringOutput(buffer, capacity, length)
    if buffer == nil && length == nil { throw invalid("buffer and length are both NULL: nowhere to write") }
    return output
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

@_cdecl("kalends_locale_free")
public func kalendsLocaleFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .locale)
    }
}

@_cdecl("kalends_locale_identifier")
public func kalendsLocaleIdentifier(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try textOutput(buffer, capacity, length).write(locale.identifier)
    }
}

@_cdecl("kalends_locale_is_fallback")
public func kalendsLocaleIsFallback(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = locale.isFallback ? 1 : 0
    }
}

@_cdecl("kalends_locale_available_count")
public func kalendsLocaleAvailableCount(_ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try required(out, "out").pointee = Int32(KalendsCore.Locale.identifiers().count)
    }
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
    status { () throws(KalendsError) in
        try required(out, "out").pointee = Int32(KalendsCore.Locale.cldrVersion)
    }
}

@_cdecl("kalends_locale_week_data")
public func kalendsLocaleWeekData(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_week_data>?) -> kalends_status {
    status { () throws(KalendsError) in
        let w = try localeHandle(handle).weekData
        try required(out, "out").pointee = kalends_week_data(first_weekday: w.firstWeekday.rawValue,
                                                             min_days_in_first_week: w.minDaysInFirstWeek,
                                                             weekend_days: w.weekend.rawValue)
    }
}

@_cdecl("kalends_locale_direction")
public func kalendsLocaleDirection(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = locale.direction.rawValue
    }
}

@_cdecl("kalends_locale_character_order")
public func kalendsLocaleCharacterOrder(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = locale.characterOrder.rawValue
    }
}

@_cdecl("kalends_locale_line_order")
public func kalendsLocaleLineOrder(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = locale.lineOrder.rawValue
    }
}

@_cdecl("kalends_locale_hour_cycle")
public func kalendsLocaleHourCycle(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try required(out, "out").pointee = locale.hourCycle.rawValue
    }
}

@_cdecl("kalends_locale_digits")
public func kalendsLocaleDigits(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try textOutput(buffer, capacity, length).write(locale.digits.joined())
    }
}

@_cdecl("kalends_locale_region")
public func kalendsLocaleRegion(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try textOutput(buffer, capacity, length).write(locale.region)
    }
}

@_cdecl("kalends_locale_calendar")
public func kalendsLocaleCalendar(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                  _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        try textOutput(buffer, capacity, length).write(locale.calendarIdentifier ?? "")
    }
}

@_cdecl("kalends_locale_month_count")
public func kalendsLocaleMonthCount(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        try required(out, "out").pointee = Int32(locale.monthNames(calendar: calendar).count)
    }
}

@_cdecl("kalends_locale_month_name")
public func kalendsLocaleMonthName(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ month: Int32,
                                   _ width: Int32, _ context: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                   _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        let w = try nameWidth(width), c = try nameContext(context)
        let output = try textOutput(buffer, capacity, length)
        let count = locale.monthNames(calendar: calendar).count
        guard month >= 1, Int(month) <= count else {
            throw KalendsError(.outOfRange, "month \(month) is not in 1...\(count) (\(calendar.identifier))")
        }
        output.write(locale.monthName(month, calendar: calendar, width: w, context: c))
    }
}

@_cdecl("kalends_locale_weekday_name")
public func kalendsLocaleWeekdayName(_ handle: OpaquePointer?, _ weekday: Int32, _ width: Int32, _ context: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let day = try Weekday(checking: weekday, "weekday")
        let w = try nameWidth(width), c = try nameContext(context)
        try textOutput(buffer, capacity, length).write(locale.weekdayName(day, width: w, context: c))
    }
}

@_cdecl("kalends_locale_era_count")
public func kalendsLocaleEraCount(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?,
                                  _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        try required(out, "out").pointee = Int32(locale.eraNames(calendar: calendar).count)
    }
}

@_cdecl("kalends_locale_era_name")
public func kalendsLocaleEraName(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ era: Int32, _ width: Int32,
                                 _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                 _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        let w = try nameWidth(width)
        let output = try textOutput(buffer, capacity, length)
        let names = locale.eraNames(calendar: calendar, width: w)
        guard era >= 0, Int(era) < names.count else {
            throw KalendsError(.outOfRange, "era \(era) is not in 0...\(names.count - 1) (\(calendar.identifier))")
        }
        output.write(names[Int(era)])
    }
}

@_cdecl("kalends_locale_day_period_name")
public func kalendsLocaleDayPeriodName(_ handle: OpaquePointer?, _ period: Int32, _ width: Int32, _ context: Int32,
                                       _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                       _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        guard let p = DayPeriod(rawValue: period) else {
            throw invalid("day period \(period) is not in 0...11 (KALENDS_DAY_PERIOD_AM ... NIGHT2)")
        }
        let w = try nameWidth(width), c = try nameContext(context)
        try textOutput(buffer, capacity, length).write(locale.dayPeriodName(p, width: w, context: c))
    }
}

@_cdecl("kalends_locale_date_pattern")
public func kalendsLocaleDatePattern(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ style: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        let s = try dateStyle(style)
        try textOutput(buffer, capacity, length).write(locale.datePattern(s, calendar: calendar))
    }
}

@_cdecl("kalends_locale_date_numbers")
public func kalendsLocaleDateNumbers(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ style: Int32,
                                     _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                     _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (_, calendar) = try localeSystem(system)
        let s = try dateStyle(style)
        try textOutput(buffer, capacity, length).write(locale.dateNumbers(s, calendar: calendar))
    }
}

@_cdecl("kalends_locale_format_date")
public func kalendsLocaleFormatDate(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                    _ style: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (s, calendar) = try localeSystem(system)
        let st = try dateStyle(style)
        let output = try textOutput(buffer, capacity, length)
        output.write(locale.format(try dateFields(locale, s, calendar, Int(dayNumber)), style: st))
    }
}

@_cdecl("kalends_locale_format_month_year")
public func kalendsLocaleFormatMonthYear(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ year: Int32,
                                         _ month: Int32, _ isLeapMonth: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                         _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (s, calendar) = try localeSystem(system)
        let leap = try leapFlag(isLeapMonth)
        let output = try textOutput(buffer, capacity, length)
        let base = s.base
        guard base.extendedYearRange.contains(Int(year)) else {
            throw KalendsError(.outOfRange, "year \(year) is outside \(s.identifier)'s years "
                + "\(base.extendedYearRange.lowerBound)...\(base.extendedYearRange.upperBound)")
        }
        let index = try base.monthIndex(extendedYear: Int(year), month: month, isLeapMonth: leap)
        let first = try base.month(checkedIndex: index).firstDay
        // The month's first day inside the system's days (its first month may start before them).
        let day = max(first, base.dayRange.lowerBound)
        output.write(locale.formatMonthYear(try dateFields(locale, s, calendar, day)))
    }
}

@_cdecl("kalends_locale_format_day")
public func kalendsLocaleFormatDay(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                   _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                   _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (s, calendar) = try localeSystem(system)
        let output = try textOutput(buffer, capacity, length)
        output.write(locale.formatDay(try dateFields(locale, s, calendar, Int(dayNumber))))
    }
}

@_cdecl("kalends_locale_format_time")
public func kalendsLocaleFormatTime(_ handle: OpaquePointer?, _ hour: Int32, _ minute: Int32, _ second: Int32,
                                    _ style: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let st = try dateStyle(style)
        let output = try textOutput(buffer, capacity, length)
        let fields = try DateFields(try Date(year: 2000, month: 1, day: 1), weekData: locale.weekData)
            .at(hour: hour, minute: minute, second: second)
        output.write(locale.format(fields, pattern: locale.timePattern(st)))
    }
}

@_cdecl("kalends_locale_format_hour")
public func kalendsLocaleFormatHour(_ handle: OpaquePointer?, _ hour: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                    _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        guard (0...23).contains(hour) else { throw invalid("hour \(hour) is not in 0...23") }
        try textOutput(buffer, capacity, length).write(locale.formatHour(hour))
    }
}

@_cdecl("kalends_locale_format_pattern")
public func kalendsLocaleFormatPattern(_ handle: OpaquePointer?, _ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                       _ secondOfDay: Int32, _ pattern: UnsafePointer<CChar>?,
                                       _ numbers: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?,
                                       _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let locale = try localeHandle(handle)
        let (s, calendar) = try localeSystem(system)
        guard let pattern else { throw invalid("pattern is NULL") }
        let text = try utf8String(pattern, "pattern", limit: 4096)
        let override = try numbers.map { p throws(KalendsError) in try utf8String(p, "numbers", limit: 255) } ?? ""
        guard (0..<86_400).contains(secondOfDay) else { throw invalid("second_of_day \(secondOfDay) is not in 0...86399") }
        let output = try textOutput(buffer, capacity, length)
        let fields = try dateFields(locale, s, calendar, Int(dayNumber))
            .at(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
        output.write(locale.format(fields, pattern: text, numbers: override))
    }
}

// MARK: the view's text

@_cdecl("kalends_view_title")
public func kalendsViewTitle(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let output = try textOutput(buffer, capacity, length)
        output.write(try box.with { (v: View) throws(KalendsError) in v.title() })
    }
}

@_cdecl("kalends_view_day_label")
public func kalendsViewDayLabel(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let d = try Date(try required(date, "date"))
        let output = try textOutput(buffer, capacity, length)
        output.write(try box.with { (v: View) throws(KalendsError) in try v.dayLabel(d) })
    }
}

@_cdecl("kalends_view_weekday_label")
public func kalendsViewWeekdayLabel(_ handle: OpaquePointer?, _ weekday: Int32, _ width: Int32,
                                    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let day = try Weekday(checking: weekday, "weekday")
        let w = try nameWidth(width)
        let output = try textOutput(buffer, capacity, length)
        output.write(try box.with { (v: View) throws(KalendsError) in v.weekdayLabel(day, width: w) })
    }
}

@_cdecl("kalends_view_hour_label")
public func kalendsViewHourLabel(_ handle: OpaquePointer?, _ hour: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                 _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        guard (0...23).contains(hour) else { throw invalid("hour \(hour) is not in 0...23") }
        let output = try textOutput(buffer, capacity, length)
        output.write(try box.with { (v: View) throws(KalendsError) in v.hourLabel(hour) })
    }
}
