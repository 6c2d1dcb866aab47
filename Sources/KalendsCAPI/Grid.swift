// kalends_calendar_month_grid / _week_grid and their ranges.
import CKalends
import KalendsCore

extension CalendarHandle {
    /// The days of `span` into a C buffer under the array convention (a method, so the
    /// calendar is borrowed from `self`, not copied out per call).
    @inline(never)
    func fill(_ span: GridSpan, _ out: ArrayOutput<kalends_day>) throws(KalendsError) {
        guard let buffer = try out.commit(Int(span.count)) else { return }
        calendar.forEachDay(in: span) { i, day in buffer[i] = day.c }
    }
}

func calendarMonthGrid(_ handle: CalendarHandle, _ year: Int32, _ month: Int32, _ rows: Rows,
                       _ out: ArrayOutput<kalends_day>) throws(KalendsError) {
    try handle.fill(try handle.calendar.monthSpan(year: year, month: month, rows: rows), out)
}

func calendarMonthRange(_ handle: CalendarHandle, _ year: Int32, _ month: Int32, _ rows: Rows) throws(KalendsError) -> kalends_day_range {
    try handle.calendar.monthRange(year: year, month: month, rows: rows).c
}

func calendarWeekGrid(_ handle: CalendarHandle, _ date: kalends_date, _ out: ArrayOutput<kalends_day>) throws(KalendsError) {
    try handle.fill(try handle.calendar.weekSpan(containing: try Date(date)), out)
}

func calendarWeekRange(_ handle: CalendarHandle, _ date: kalends_date) throws(KalendsError) -> kalends_day_range {
    try handle.calendar.weekRange(containing: try Date(date)).c
}
