// kalends_scroll_*: scrolling calendars.
import CKalends
import KalendsCore

/// A scrolling calendar is immutable: the handle holds it directly (reads need no lock).
final class ScrollHandle: @unchecked Sendable {
    let layout: Scroll
    init(_ layout: Scroll) { self.layout = layout }
}

extension ScrollOptions {
    init(_ c: kalends_scroll_options) throws(KalendsError) {
        self.init(axis: try Axis(checking: c.axis), firstMonth: Month(try Date(c.first_month)),
                  lastMonth: try flag(c.has_last_month, "has_last_month") ? Month(try Date(c.last_month)) : nil,
                  rows: try Rows(checking: c.rows), outDates: try OutDates(checking: c.out_dates),
                  showWeekdays: try flag(c.show_weekdays, "show_weekdays"), monthSpacing: c.month_spacing,
                  inDates: try InDates(checking: c.in_dates))
        try validate()
    }
}

extension Month {
    /// The month's first day.
    var c: kalends_date { kalends_date(year: year, month: month, day: 1) }
}

func scrollOptionsInit() throws(KalendsError) -> kalends_scroll_options {
    let d = ScrollOptions.standard
    return kalends_scroll_options(struct_size: UInt32(MemoryLayout<kalends_scroll_options>.size), axis: d.axis.rawValue,
                                  first_month: d.firstMonth.c, has_last_month: 0, last_month: d.firstMonth.c, rows: d.rows.rawValue,
                                  out_dates: d.outDates.rawValue, show_weekdays: d.showWeekdays ? 1 : 0, month_spacing: d.monthSpacing,
                                  in_dates: d.inDates.rawValue)
}

func scrollNew(_ calendar: CalendarHandle?, _ options: kalends_scroll_options?, _ metrics: kalends_view_metrics?) throws(KalendsError) -> ScrollHandle {
    let options = try options.map { (c) throws(KalendsError) in try ScrollOptions(c) } ?? ScrollOptions.standard
    guard let metrics else { throw KalendsError(.noIntrinsicMetric, "a scrolling calendar needs metrics with the container's width") }
    return ScrollHandle(try Scroll(calendar: calendar?.calendar ?? Calendar.default, options: options, metrics: try Metrics(metrics)))
}

func scrollMonthCount(_ h: ScrollHandle) throws(KalendsError) -> Int32 { Int32(clamping: h.layout.monthCount) }

/// The size, and whether it is unbounded.
func scrollContentSize(_ h: ScrollHandle) throws(KalendsError) -> (kalends_size, Int32) {
    let (size, open) = h.layout.contentSize()
    return (size.c, open ? 1 : 0)
}

func scrollElements(_ h: ScrollHandle, _ viewport: kalends_rect, _ out: ArrayOutput<kalends_element>) throws(KalendsError) {
    let viewport = Rect(viewport)
    // Counted by arithmetic first: a size query builds nothing, and an answer an int32
    // cannot count is refused before anything is written.
    let n = try h.layout.count(in: viewport)
    guard let buffer = try out.commit(n) else { return }
    try h.layout.forEachElement(in: viewport, count: n) { i, e in buffer[i] = e.c }
}

func scrollVisibleDays(_ h: ScrollHandle, _ viewport: kalends_rect) throws(KalendsError) -> kalends_day_range {
    guard let range = try h.layout.visibleDays(in: Rect(viewport)) else {
        throw KalendsError(.notFound, "no day of the range is in the viewport")
    }
    return range.c
}

func scrollVisibleMonths(_ h: ScrollHandle, _ viewport: kalends_rect) throws(KalendsError) -> (kalends_date, kalends_date) {
    guard let months = try h.layout.visibleMonths(in: Rect(viewport)) else {
        throw KalendsError(.notFound, "no month of the range is in the viewport")
    }
    return (months.first.c, months.last.c)
}

func scrollOffset(_ h: ScrollHandle, _ date: kalends_date, _ position: ScrollPosition, _ length: Double) throws(KalendsError) -> Double {
    try h.layout.offset(for: try Date(date), position: position, viewportLength: length)
}
