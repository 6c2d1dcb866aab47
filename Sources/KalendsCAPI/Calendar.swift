// kalends_calendar_*: the handle, its options, today and week numbers.
import CKalends
import KalendsCore
import KalendsSystem

typealias CalendarHandle = Locked<Calendar>

/// The calendar behind a handle, as a snapshot (grids are built outside the lock).
@inline(__always)
func calendar(_ handle: OpaquePointer?) throws(KalendsError) -> Calendar {
    try HandleRegistry.shared.object(handle, kind: .calendar, as: CalendarHandle.self).snapshot
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

@_cdecl("kalends_calendar_free")
public func kalendsCalendarFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .calendar)
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
        let box = try HandleRegistry.shared.object(handle, kind: .calendar, as: CalendarHandle.self)
        guard let options else { throw invalid("options is NULL") }
        let opts = try CalendarOptions(options)
        try box.update { (cal: inout Calendar) throws(KalendsError) in try cal.setOptions(opts) }
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
