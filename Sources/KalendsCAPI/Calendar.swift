// kalends_calendar_*: the handle, its options, today and week numbers.
import CKalends
import KalendsCore
import KalendsSystem

/// The state behind a calendar handle: an immutable calendar. Setting options puts a
/// new state behind the handle (`HandleRegistry.replace`), so a reader holds a
/// consistent calendar without a lock of its own or a copy of the value: one registry
/// lookup and one retain per call (grids are built from it outside any lock).
final class CalendarHandle: ReplaceableState, @unchecked Sendable {
    let calendar: Calendar
    var token: OpaquePointer?
    init(_ calendar: Calendar) { self.calendar = calendar }
}

func calendarOptionsInit() throws(KalendsError) -> kalends_calendar_options { CalendarOptions().c }

func calendarNew(_ options: kalends_calendar_options?) throws(KalendsError) -> CalendarHandle {
    CalendarHandle(try Calendar(options: try options.map { (c) throws(KalendsError) in try CalendarOptions(c) } ?? CalendarOptions()))
}

func calendarGetOptions(_ handle: CalendarHandle, _ out: UnsafeMutablePointer<kalends_calendar_options>) throws(KalendsError) {
    writeVersioned(handle.calendar.options.c, to: out)
}

func calendarSetOptions(_ handle: CalendarHandle, _ options: kalends_calendar_options) throws(KalendsError) {
    var calendar = handle.calendar
    try calendar.setOptions(try CalendarOptions(options))
    // Another thread's set_options at the same time: the last one wins whole.
    try HandleRegistry.shared.replace(handle, with: CalendarHandle(calendar), kind: .calendar)
}

func calendarToday(_ handle: CalendarHandle) throws(KalendsError) -> kalends_date {
    guard let today = handle.calendar.today() else {
        throw KalendsError(.notFound, "the calendar marks no day as today (today mode is off)")
    }
    return today.c
}

func calendarWeekOfYear(_ handle: CalendarHandle, _ date: kalends_date) throws(KalendsError) -> kalends_week_of_year {
    handle.calendar.weekOfYear(try Date(date)).c
}
