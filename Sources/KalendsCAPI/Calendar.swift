// kalends_calendar_*: the handle, its options, today and week numbers.
import CKalends
import KalendsCore
import KalendsSystem

/// The state behind a calendar handle: an immutable calendar. Setting options puts a
/// new state behind the handle (`HandleRegistry.replace`), so a reader holds a
/// consistent calendar without a lock of its own or a copy of the value: one registry
/// lookup and one retain per call (grids are built from it outside any lock).
final class CalendarHandle: @unchecked Sendable {
    let calendar: Calendar
    init(_ calendar: Calendar) { self.calendar = calendar }
}

/// The calendar state behind a handle (read `.calendar` in place: no copy).
@inline(__always)
func calendarHandle(_ handle: OpaquePointer?) throws(KalendsError) -> CalendarHandle {
    try HandleRegistry.shared.object(handle, kind: .calendar, as: CalendarHandle.self)
}

/// The calendar behind a handle, as a value.
@inline(__always)
func calendar(_ handle: OpaquePointer?) throws(KalendsError) -> Calendar {
    try calendarHandle(handle).calendar
}

@_cdecl("kalends_calendar_options_init")
public func kalendsCalendarOptionsInit(_ options: UnsafeMutablePointer<kalends_calendar_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        try required(options, "options").pointee = CalendarOptions().c
    }
}

@_cdecl("kalends_calendar_new")
public func kalendsCalendarNew(_ options: UnsafePointer<kalends_calendar_options>?,
                               _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let opts = try options.map { p throws(KalendsError) in try CalendarOptions(p) } ?? CalendarOptions()
        let handle = CalendarHandle(try Calendar(options: opts))
        out.pointee = try HandleRegistry.shared.register(handle, kind: .calendar)
    }
}

@_cdecl("kalends_calendar_get_options")
public func kalendsCalendarGetOptions(_ handle: OpaquePointer?,
                                      _ out: UnsafeMutablePointer<kalends_calendar_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let out = try required(out, "out")
        let size = out.pointee.struct_size
        try CalendarOptions.checkSize(size)
        var value = cal.options.c
        value.struct_size = size
        // Copy only the fields an older caller's struct has.
        withUnsafeBytes(of: &value) { src in
            UnsafeMutableRawPointer(out).copyMemory(from: src.baseAddress!, byteCount: Int(size))
        }
    }
}

@_cdecl("kalends_calendar_set_options")
public func kalendsCalendarSetOptions(_ handle: OpaquePointer?,
                                      _ options: UnsafePointer<kalends_calendar_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        var cal = try calendar(handle)
        guard let options else { throw invalid("options is NULL") }
        try cal.setOptions(try CalendarOptions(options))
        // Another thread's set_options at the same time: the last one wins whole.
        try HandleRegistry.shared.replace(handle, kind: .calendar, with: CalendarHandle(cal))
    }
}

@_cdecl("kalends_calendar_today")
public func kalendsCalendarToday(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_date>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let out = try required(out, "out")
        guard let today = cal.today() else {
            throw KalendsError(.notFound, "the calendar marks no day as today (today mode is off)")
        }
        out.pointee = today.c
    }
}

@_cdecl("kalends_calendar_week_of_year")
public func kalendsCalendarWeekOfYear(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                      _ out: UnsafeMutablePointer<kalends_week_of_year>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let date = try Date(try required(date, "date"))
        try required(out, "out").pointee = cal.weekOfYear(date).c
    }
}
