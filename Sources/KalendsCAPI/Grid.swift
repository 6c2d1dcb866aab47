// kalends_calendar_month_grid / _week_grid and their ranges.
import CKalends
import KalendsCore

/// Writes the days of `span` into a C buffer under the array convention.
@inline(__always)
private func fill(_ cal: Calendar, _ span: GridSpan, _ out: UnsafeMutablePointer<kalends_day>?,
                  _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    guard let buffer = try ArrayOutput(out, capacity, count).commit(Int(span.count)) else { return }
    cal.forEachDay(in: span) { i, day in buffer[i] = day.c }
}

extension CalendarHandle {
    /// The month grid from the handle's calendar in place (a method, so the calendar
    /// is borrowed from `self`, not copied out per call).
    @inline(never)
    func monthGrid(year: Int32, month: Int32, rows: Rows, _ out: UnsafeMutablePointer<kalends_day>?, _ capacity: Int32,
                   _ count: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
        let span = try calendar.monthSpan(year: year, month: month, rows: rows)
        try fill(calendar, span, out, capacity, count)
    }
}

@_cdecl("kalends_calendar_month_grid")
public func kalendsCalendarMonthGrid(_ handle: OpaquePointer?, _ year: Int32, _ month: Int32, _ rows: Int32,
                                     _ out: UnsafeMutablePointer<kalends_day>?, _ capacity: Int32,
                                     _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try calendarHandle(handle).monthGrid(year: year, month: month, rows: try Rows(checking: rows),
                                             out, capacity, count)
    }
}

@_cdecl("kalends_calendar_month_range")
public func kalendsCalendarMonthRange(_ handle: OpaquePointer?, _ year: Int32, _ month: Int32, _ rows: Int32,
                                      _ out: UnsafeMutablePointer<kalends_day_range>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let range = try cal.monthRange(year: year, month: month, rows: try Rows(checking: rows))
        try required(out, "out").pointee = range.c
    }
}

@_cdecl("kalends_calendar_week_grid")
public func kalendsCalendarWeekGrid(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                    _ out: UnsafeMutablePointer<kalends_day>?, _ capacity: Int32,
                                    _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let span = try cal.weekSpan(containing: try Date(try required(date, "date")))
        try fill(cal, span, out, capacity, count)
    }
}

@_cdecl("kalends_calendar_week_range")
public func kalendsCalendarWeekRange(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                     _ out: UnsafeMutablePointer<kalends_day_range>?) -> kalends_status {
    status { () throws(KalendsError) in
        let cal = try calendar(handle)
        let range = try cal.weekRange(containing: try Date(try required(date, "date")))
        try required(out, "out").pointee = range.c
    }
}
