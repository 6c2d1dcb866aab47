// kalends_calendar_system_*: conversions, months, years and eras of calendar systems;
// grids of a system month and the system dates of a calendar's days.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// The system named by a C string (read during the call).
func namedSystem(_ identifier: UnsafePointer<CChar>?) throws(KalendsError) -> AnyCalendarSystem {
    guard let identifier else { throw invalid("system is NULL") }
    let length = strnlen(identifier, 256)
    guard length < 256, let name = String(validating: UnsafeRawBufferPointer(start: identifier, count: length), as: UTF8.self) else {
        throw invalid("system is not a UTF-8 identifier of at most 255 bytes")
    }
    return try CalendarSystems.named(name)
}

/// is_leap_month as a Bool: 0 or 1.
func leapFlag(_ value: Int32) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("is_leap_month \(value) is not 0 or 1") }
    return value == 1
}

/// Day number arithmetic results as int32 (every system's days are inside the library's).
func day32(_ z: Int) throws(KalendsError) -> Int32 {
    guard let v = Int32(exactly: z) else { throw KalendsError(.outOfRange, "day number \(z) is outside the supported days") }
    return v
}

/// An export answering from the system named by `system` through a required `out`.
private func systemAnswer<T>(_ system: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<T>?,
                             _ value: (AnyCalendarSystem) throws(KalendsError) -> T) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try namedSystem(system)
        let out = try required(out, "out")
        out.pointee = try value(s)
    }
}

@_cdecl("kalends_calendar_system_count")
public func kalendsCalendarSystemCount(_ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try required(out, "out").pointee = Int32(CalendarSystems.identifiers.count)
    }
}

@_cdecl("kalends_calendar_system_identifier")
public func kalendsCalendarSystemIdentifier(_ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                            _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        if buffer == nil && length == nil { throw invalid("buffer and length are both NULL: nowhere to write") }
        let all = CalendarSystems.identifiers
        guard index >= 0, Int(index) < all.count else {
            throw KalendsError(.outOfRange, "system index \(index) is not in 0...\(all.count - 1)")
        }
        output.write(all[Int(index)])
    }
}

@_cdecl("kalends_calendar_system_from_day")
public func kalendsCalendarSystemFromDay(_ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                         _ out: UnsafeMutablePointer<kalends_system_date>?) -> kalends_status {
    systemAnswer(system, out) { (s) throws(KalendsError) in try s.date(checkedDayNumber: Int(dayNumber)).c }
}

@_cdecl("kalends_calendar_system_to_day")
public func kalendsCalendarSystemToDay(_ system: UnsafePointer<CChar>?, _ date: UnsafePointer<kalends_system_date>?,
                                       _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try namedSystem(system)
        let d = try SystemDate(try required(date, "date"))
        let out = try required(out, "out")
        out.pointee = try day32(try s.base.dayNumber(of: d))
    }
}

@_cdecl("kalends_calendar_system_day_range")
public func kalendsCalendarSystemDayRange(_ system: UnsafePointer<CChar>?,
                                          _ out: UnsafeMutablePointer<kalends_day_range>?) -> kalends_status {
    status { () throws(KalendsError) in
        let r = try namedSystem(system).base.dayRange
        try required(out, "out").pointee = kalends_day_range(first: try day32(r.lowerBound), last: try day32(r.upperBound))
    }
}

@_cdecl("kalends_calendar_system_months_in_year")
public func kalendsCalendarSystemMonthsInYear(_ system: UnsafePointer<CChar>?, _ era: Int32, _ year: Int32,
                                              _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    systemAnswer(system, out) { (s) throws(KalendsError) in Int32(try s.base.monthsInYear(era: era, year: year)) }
}

@_cdecl("kalends_calendar_system_month_length")
public func kalendsCalendarSystemMonthLength(_ system: UnsafePointer<CChar>?, _ era: Int32, _ year: Int32, _ month: Int32,
                                             _ isLeapMonth: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    systemAnswer(system, out) { (s) throws(KalendsError) in
        Int32(try s.base.monthLength(era: era, year: year, month: month, isLeapMonth: try leapFlag(isLeapMonth)))
    }
}

@_cdecl("kalends_calendar_system_month")
public func kalendsCalendarSystemMonth(_ system: UnsafePointer<CChar>?, _ dayNumber: Int32,
                                       _ out: UnsafeMutablePointer<kalends_system_month>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try namedSystem(system).base
        let out = try required(out, "out")
        try s.checkDayNumber(Int(dayNumber))
        out.pointee = s.month(index: s.monthIndex(dayNumber: Int(dayNumber))).c
    }
}

@_cdecl("kalends_calendar_system_eras")
public func kalendsCalendarSystemEras(_ system: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kalends_system_era>?,
                                      _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let eras = try namedSystem(system).base.eras
        var converted: [kalends_system_era] = []
        for e in eras { converted.append(try e.c) }
        try fillArray(out, capacity, count, converted) { $0 }
    }
}

@_cdecl("kalends_calendar_system_era_code")
public func kalendsCalendarSystemEraCode(_ system: UnsafePointer<CChar>?, _ era: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
                                         _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try namedSystem(system)
        let output = try StringOutput(buffer, capacity, length)
        output.write(try s.base.eraRange(era).code)
    }
}

@_cdecl("kalends_calendar_system_add_months")
public func kalendsCalendarSystemAddMonths(_ system: UnsafePointer<CChar>?, _ dayNumber: Int32, _ months: Int32,
                                           _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    systemAnswer(system, out) { (s) throws(KalendsError) in try day32(try s.base.adding(months: Int(months), to: Int(dayNumber))) }
}

@_cdecl("kalends_calendar_system_add_years")
public func kalendsCalendarSystemAddYears(_ system: UnsafePointer<CChar>?, _ dayNumber: Int32, _ years: Int32,
                                          _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    systemAnswer(system, out) { (s) throws(KalendsError) in try day32(try s.base.adding(years: Int(years), to: Int(dayNumber))) }
}

@_cdecl("kalends_calendar_month_grid_containing")
public func kalendsCalendarMonthGridContaining(_ handle: OpaquePointer?, _ dayNumber: Int32, _ rows: Int32,
                                               _ out: UnsafeMutablePointer<kalends_day>?, _ capacity: Int32,
                                               _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let span = try cal.monthSpan(containing: dayNumber, rows: try Rows(checking: rows))
        guard let buffer = try ArrayOutput(out, capacity, count).commit(Int(span.count)) else { return }
        cal.forEachDay(in: span) { i, day in buffer[i] = day.c }
    }
}

@_cdecl("kalends_calendar_day_dates")
public func kalendsCalendarDayDates(_ handle: OpaquePointer?, _ firstDay: Int32, _ days: Int32,
                                    _ out: UnsafeMutablePointer<kalends_day_dates>?, _ capacity: Int32,
                                    _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        guard days >= 0, days <= 100_000 else { throw invalid("days \(days) is not in 0...100000") }
        if days > 0 {
            let bounds = cal.dayBounds
            let last = Int(firstDay) + Int(days) - 1
            guard Int(firstDay) >= Int(bounds.lowerBound), last <= Int(bounds.upperBound) else {
                throw KalendsError(.outOfRange, "days \(firstDay)...\(last) are not all inside the \(cal.system.identifier) "
                    + "calendar's days \(bounds.lowerBound)...\(bounds.upperBound)")
            }
        }
        guard let buffer = try ArrayOutput(out, capacity, count).commit(Int(days)) else { return }
        cal.dayDates(first: firstDay, count: Int(days)) { i, date, secondary in
            buffer[i] = kalends_day_dates(date: date.c, secondary: secondary?.c ?? kalends_system_date(),
                                          has_secondary: secondary == nil ? 0 : 1)
        }
    }
}

@_cdecl("kalends_view_day_dates")
public func kalendsViewDayDates(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_day_dates>?,
                                _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let days = try viewHandle(handle).with { (v: View) throws(KalendsError) in try v.days() }
        try fillArray(out, capacity, count, days) { d in
            let secondary = d.secondaryDate
            return kalends_day_dates(date: d.systemDate.c, secondary: secondary?.c ?? kalends_system_date(),
                                     has_secondary: secondary == nil ? 0 : 1)
        }
    }
}
