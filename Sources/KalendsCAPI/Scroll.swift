// kalends_scroll_*: scrolling calendars.
import CKalends
import KalendsCore

/// A scrolling calendar is immutable: the handle holds it directly (reads need no lock).
final class ScrollHandle: @unchecked Sendable {
    let layout: Scroll
    init(_ layout: Scroll) { self.layout = layout }
}

private func scroll(_ handle: OpaquePointer?) throws(KalendsError) -> Scroll {
    try HandleRegistry.shared.object(handle, kind: .scroll, as: ScrollHandle.self).layout
}

extension ScrollOptions {
    static let cSize = MemoryLayout<kalends_scroll_options>.size

    init(_ c: kalends_scroll_options) throws(KalendsError) {
        try checkStructSize(c.struct_size, known: ScrollOptions.cSize, minimum: ScrollOptions.cSize, "kalends_scroll_options")
        self.init(axis: try Axis(checking: c.axis), firstMonth: Month(try Date(c.first_month)),
                  lastMonth: try flag(c.has_last_month, "has_last_month") ? Month(try Date(c.last_month)) : nil,
                  rows: try Rows(checking: c.rows), outDates: try OutDates(checking: c.out_dates),
                  showWeekdays: try flag(c.show_weekdays, "show_weekdays"), monthSpacing: c.month_spacing)
        try validate()
    }
}

/// Reads a viewport argument.
private func viewport(_ p: UnsafePointer<kalends_rect>?) throws(KalendsError) -> Rect {
    let r = try required(p, "viewport")
    return Rect(x: r.x, y: r.y, width: r.width, height: r.height)
}

@_cdecl("kalends_scroll_options_init")
public func kalendsScrollOptionsInit(_ options: UnsafeMutablePointer<kalends_scroll_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(options, "options")
        var c = kalends_scroll_options()
        c.struct_size = UInt32(ScrollOptions.cSize)
        let d = ScrollOptions.standard
        c.axis = d.axis.rawValue
        c.first_month = kalends_date(year: d.firstMonth.year, month: d.firstMonth.month, day: 1)
        c.has_last_month = 0
        c.last_month = c.first_month
        c.rows = d.rows.rawValue
        c.out_dates = d.outDates.rawValue
        c.show_weekdays = d.showWeekdays ? 1 : 0
        c.month_spacing = d.monthSpacing
        out.pointee = c
    }
}

@_cdecl("kalends_scroll_new")
public func kalendsScrollNew(_ calendarHandle: OpaquePointer?, _ options: UnsafePointer<kalends_scroll_options>?,
                             _ metrics: UnsafePointer<kalends_view_metrics>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let cal = try calendarHandle.map { h throws(KalendsError) in try calendar(h) } ?? Calendar.default
        let opts = try options.map { (p) throws(KalendsError) in try ScrollOptions(p.pointee) } ?? ScrollOptions.standard
        guard let metrics else {
            throw KalendsError(.noIntrinsicMetric, "a scrolling calendar needs metrics with the container's width")
        }
        let layout = try Scroll(calendar: cal, options: opts, metrics: try Metrics(metrics.pointee))
        out.pointee = try HandleRegistry.shared.register(ScrollHandle(layout), kind: .scroll)
    }
}

@_cdecl("kalends_scroll_month_count")
public func kalendsScrollMonthCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        try required(out, "out").pointee = Int32(clamping: s.monthCount)
    }
}

@_cdecl("kalends_scroll_content_size")
public func kalendsScrollContentSize(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_size>?,
                                     _ unbounded: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        let out = try required(out, "out")
        let (size, open) = s.contentSize()
        out.pointee = size.c
        store(open ? 1 : 0, unbounded)
    }
}

@_cdecl("kalends_scroll_elements")
public func kalendsScrollElements(_ handle: OpaquePointer?, _ viewportRect: UnsafePointer<kalends_rect>?,
                                  _ out: UnsafeMutablePointer<kalends_element>?, _ capacity: Int32,
                                  _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        let vp = try viewport(viewportRect)
        let output = try ArrayOutput(out, capacity, count)
        // Counted by arithmetic first: a size query builds nothing, and an answer an
        // int32 cannot count is refused before anything is written.
        let n = try s.count(in: vp)
        guard n <= Int(Int32.max) else {
            throw KalendsError(.outOfRange, "the viewport holds \(n) elements, more than an int32 counts")
        }
        guard let buffer = try output.commit(n) else { return }
        var written = 0
        try s.forEachElement(in: vp) { e in
            if written < n { buffer[written] = e.c }
            written += 1
        }
        guard written == n else {
            throw KalendsError(.internal, "the viewport was counted as \(n) elements but holds \(written)")
        }
    }
}

@_cdecl("kalends_scroll_visible_days")
public func kalendsScrollVisibleDays(_ handle: OpaquePointer?, _ viewportRect: UnsafePointer<kalends_rect>?,
                                     _ out: UnsafeMutablePointer<kalends_day_range>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        let vp = try viewport(viewportRect)
        let out = try required(out, "out")
        guard let range = try s.visibleDays(in: vp) else {
            throw KalendsError(.notFound, "no day of the range is in the viewport")
        }
        out.pointee = range.c
    }
}

@_cdecl("kalends_scroll_visible_months")
public func kalendsScrollVisibleMonths(_ handle: OpaquePointer?, _ viewportRect: UnsafePointer<kalends_rect>?,
                                       _ first: UnsafeMutablePointer<kalends_date>?,
                                       _ last: UnsafeMutablePointer<kalends_date>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        let vp = try viewport(viewportRect)
        let first = try required(first, "first"), last = try required(last, "last")
        guard let months = try s.visibleMonths(in: vp) else {
            throw KalendsError(.notFound, "no month of the range is in the viewport")
        }
        first.pointee = kalends_date(year: months.first.year, month: months.first.month, day: 1)
        last.pointee = kalends_date(year: months.last.year, month: months.last.month, day: 1)
    }
}

@_cdecl("kalends_scroll_offset")
public func kalendsScrollOffset(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?, _ position: Int32,
                                _ length: Double, _ out: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try scroll(handle)
        let d = try Date(try required(date, "date"))
        let where_ = try ScrollPosition(checking: position)
        let out = try required(out, "out")
        out.pointee = try s.offset(for: d, position: where_, viewportLength: length)
    }
}
