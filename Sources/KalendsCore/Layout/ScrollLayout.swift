/// Along which axis a scrolling calendar's months follow one another
/// (the C ABI's `KALENDS_AXIS_*`).
public enum Axis: Int32, Sendable, CaseIterable {
    /// Months stacked top to bottom.
    case vertical = 0
    /// Months side by side, one page (the container width) each.
    case horizontal = 1
}

/// Where a date lands in the viewport (the C ABI's `KALENDS_SCROLL_*`).
public enum ScrollPosition: Int32, Sendable, CaseIterable {
    /// At the top (vertical) or leading edge (horizontal).
    case start = 0
    case center = 1
    /// At the bottom or trailing edge.
    case end = 2
}

/// What a scrolling calendar shows (the C ABI's `kalends_scroll_options`).
public struct ScrollOptions: Hashable, Sendable {
    public var axis: Axis
    public var firstMonth: Month
    /// nil: open-ended, months go on to the last supported month (999999-12).
    public var lastMonth: Month?
    public var rows: Rows
    /// Out-dates belong to the neighbouring months in a scrolling calendar: hidden by default.
    public var outDates: OutDates
    public var showWeekdays: Bool
    /// Space between consecutive months along the axis.
    public var monthSpacing: Double

    public init(axis: Axis = .vertical, firstMonth: Month, lastMonth: Month? = nil, rows: Rows = .variable,
                outDates: OutDates = .hide, showWeekdays: Bool = true, monthSpacing: Double = 24) {
        self.axis = axis
        self.firstMonth = firstMonth
        self.lastMonth = lastMonth
        self.rows = rows
        self.outDates = outDates
        self.showWeekdays = showWeekdays
        self.monthSpacing = monthSpacing
    }

    public func validate() throws(KalendsError) {
        if let lastMonth, lastMonth < firstMonth {
            throw KalendsError(.invalidArgument, "last month \(lastMonth) is before first month \(firstMonth)")
        }
        guard monthSpacing.isFinite, monthSpacing >= 0, monthSpacing <= Metrics.maxLength else {
            throw KalendsError(.invalidArgument, "month spacing \(monthSpacing) is not a length in 0...\(Int(Metrics.maxLength))")
        }
    }
}

/// Rows of every month of a 400-year Gregorian cycle for one first weekday: the
/// calendar repeats every 4800 months (146097 days = 20871 weeks), so rows before any
/// month are cycles x rows per cycle + a prefix sum inside the cycle. O(1) per lookup.
struct RowCycle: Sendable {
    static let months = 4800
    private let prefix: [Int32]   // rows of cycle months 0..<k, k = 0...4800

    init(firstWeekday: Weekday, rows: Rows) {
        var prefix = [Int32](repeating: 0, count: RowCycle.months + 1)
        for k in 0..<RowCycle.months {
            let year = k / 12, month = k % 12 + 1
            let count: Int
            switch rows {
            case .fixed: count = 6
            case .variable:
                let first = Gregorian.daysFromCivil(year, month, 1)
                let lead = (Gregorian.isoWeekday(first) - Int(firstWeekday.rawValue) + 7) % 7
                count = (lead + Gregorian.daysInMonth(year, month) + 6) / 7
            }
            prefix[k + 1] = prefix[k] + Int32(count)
        }
        self.prefix = prefix
    }

    var perCycle: Int { Int(prefix[RowCycle.months]) }

    /// Rows of all months before absolute month `a`, counted from year 0 January.
    func rowsBefore(_ a: Int) -> Int {
        let q = a >= 0 ? a / RowCycle.months : (a - RowCycle.months + 1) / RowCycle.months
        return q * perCycle + Int(prefix[a - q * RowCycle.months])
    }

    func rows(_ a: Int) -> Int { rowsBefore(a + 1) - rowsBefore(a) }
}

/// A calendar that scrolls through a range of months, HorizonCalendar's idea as an
/// engine (the C ABI's `kalends_scroll`): months stacked vertically or paged
/// horizontally, each a header, a weekday row and its weeks, in content coordinates.
///
/// Cost follows the viewport: a month's position comes from arithmetic (the rows of
/// all earlier months are a per-400-year-cycle prefix sum), finding the month at an
/// offset is a division and a binary search inside one cycle (13 steps), and a query
/// only visits the months and rows it returns. A range of 10,000 years costs what one
/// of a year does. Immutable: make a new one to change options or metrics.
public final class ScrollLayout: @unchecked Sendable {
    public let calendar: Calendar
    public let options: ScrollOptions
    public let metrics: Metrics
    /// Months in the range (open-ended ranges stop at 999999-12).
    public let monthCount: Int
    public var isBounded: Bool { options.lastMonth != nil }

    private let cycle: RowCycle
    private let first: Int                 // absolute month of the first month
    private let firstRows: Int             // rows before it
    private let columns: Columns           // of the month block, relative to its page
    private let header: Double
    private let weekdays: Double
    private let rowHeight: Double
    private let rowSpacing: Double
    private let monthPitch: Double         // vertical: fixed part of one month's advance
    private let rowPitch: Double
    private let cyclePitch: Double         // vertical: advance over 4800 months
    private let pagePitch: Double          // horizontal: page width + spacing
    private let maxRows: Int
    private let snapY: Bool

    public init(calendar: Calendar, options: ScrollOptions, metrics: Metrics) throws(KalendsError) {
        try options.validate()
        try metrics.validate()
        guard metrics.width > 0 else {
            throw KalendsError(.noIntrinsicMetric, "a scrolling calendar needs a width: set metrics.width to the container's width")
        }
        self.calendar = calendar
        self.options = options
        self.metrics = metrics
        first = options.firstMonth.absolute
        monthCount = (options.lastMonth ?? Month.last).absolute - first + 1
        cycle = RowCycle(firstWeekday: calendar.options.firstWeekday, rows: options.rows)
        firstRows = cycle.rowsBefore(first)
        let left = metrics.insets.left
        let right = max(left, metrics.width - metrics.insets.right)
        columns = Columns(count: 7, left: left, right: right, spacing: metrics.columnSpacing, scale: metrics.scale)
        header = metrics.headerHeight
        weekdays = options.showWeekdays ? metrics.weekdayHeight : 0
        rowHeight = metrics.rowHeight(contentWidth: right - left)
        rowSpacing = metrics.rowSpacing
        rowPitch = rowHeight + rowSpacing
        monthPitch = header + weekdays - rowSpacing + options.monthSpacing
        cyclePitch = Double(RowCycle.months) * monthPitch + Double(cycle.perCycle) * rowPitch
        pagePitch = metrics.width + options.monthSpacing
        snapY = metrics.scale > 0 && rowHeight * metrics.scale >= 1
        if options.rows == .fixed {
            maxRows = 6
        } else {
            var most = 4
            for k in 0..<min(monthCount, RowCycle.months) { most = max(most, cycle.rows(first + k)) }
            maxRows = most
        }
    }

    // MARK: months along the axis

    /// Vertical: top of month `i`'s block; horizontal: left edge of its page.
    func monthStart(_ i: Int) -> Double {
        switch options.axis {
        case .vertical:
            return metrics.insets.top + Double(i) * monthPitch + Double(cycle.rowsBefore(first + i) - firstRows) * rowPitch
        case .horizontal:
            return Double(i) * pagePitch
        }
    }

    func rows(_ i: Int) -> Int { cycle.rows(first + i) }

    /// Height of month `i`'s block: header, weekday row, its rows.
    func blockHeight(_ i: Int) -> Double {
        let n = rows(i)
        return header + weekdays + Double(n) * rowHeight + Double(n - 1) * rowSpacing
    }

    /// The first month that could reach `offset` along the axis (clamped to the range).
    func monthIndex(at offset: Double) -> Int {
        switch options.axis {
        case .horizontal:
            guard pagePitch > 0 else { return 0 }
            return max(0, min(monthCount - 1, Int(max(-1, min(Double(monthCount), (offset / pagePitch).rounded(.down))))))
        case .vertical:
            let relative = offset - metrics.insets.top
            guard relative > 0, cyclePitch > 0 else { return 0 }
            let k = Int(min(Double(monthCount / RowCycle.months + 1), (relative / cyclePitch).rounded(.down)))
            var lo = k * RowCycle.months, hi = lo + RowCycle.months   // monthStart(lo) <= offset
            if lo >= monthCount { return monthCount - 1 }
            hi = min(hi, monthCount)
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if monthStart(mid) <= offset { lo = mid } else { hi = mid }
            }
            return lo
        }
    }

    // MARK: queries

    /// Size of the whole content; along the axis `.infinity` when the range is open-ended.
    public func contentSize() -> (size: Size, unbounded: Bool) {
        switch options.axis {
        case .vertical:
            let height = isBounded
                ? Columns.snap(monthStart(monthCount) - options.monthSpacing + metrics.insets.bottom, metrics.scale, snapY)
                : Double.infinity
            return (Size(width: metrics.width, height: height), !isBounded)
        case .horizontal:
            let width = isBounded ? Double(monthCount) * pagePitch - options.monthSpacing : Double.infinity
            let block = header + weekdays + Double(maxRows) * rowHeight + Double(maxRows - 1) * rowSpacing
            let height = Columns.snap(metrics.insets.top + block + metrics.insets.bottom, metrics.scale, snapY)
            return (Size(width: width, height: height), !isBounded)
        }
    }

    /// Every element whose frame overlaps the viewport (with positive area): month
    /// headers (`index` = the month's position in the range, `dayNumber` = its first
    /// day), weekday labels (`dayNumber` = ISO weekday) and day cells, month by month.
    /// O(visible elements + log 4800).
    public func elements(in viewport: Rect) throws(KalendsError) -> [Element] {
        var out: [Element] = []
        try forEachElement(in: viewport) { out.append($0) }
        return out
    }

    /// First and last in-month day with a cell in the viewport; nil when none is.
    public func visibleDays(in viewport: Rect) throws(KalendsError) -> DayRange? {
        var lo = Int32.max, hi = Int32.min
        try forEachElement(in: viewport) { e in
            if e.kind == .day && e.flags.contains(.inMonth) {
                lo = min(lo, e.dayNumber)
                hi = max(hi, e.dayNumber)
            }
        }
        return lo <= hi ? DayRange(first: lo, last: hi) : nil
    }

    /// First and last month with an element in the viewport; nil when none has.
    public func visibleMonths(in viewport: Rect) throws(KalendsError) -> (first: Month, last: Month)? {
        var lo = Int.max, hi = Int.min
        try forEachElement(in: viewport) { e in
            lo = min(lo, Int(e.index))
            hi = max(hi, Int(e.index))
        }
        guard lo <= hi else { return nil }
        return (Month(absolute: first + lo), Month(absolute: first + hi))
    }

    /// The content offset along the axis (y for vertical, x for horizontal) at which
    /// `date`'s cell sits at the start, centre or end of a viewport `length` long;
    /// clamped so the viewport stays inside the content.
    public func offset(for date: Date, position: ScrollPosition, viewportLength length: Double) throws(KalendsError) -> Double {
        guard length.isFinite, length >= 0 else {
            throw KalendsError(.invalidArgument, "viewport length \(length) is not a length")
        }
        let i = Month(date).absolute - first
        guard i >= 0 && i < monthCount else {
            throw KalendsError(.outOfRange, "\(date) is outside the scrolling calendar's months \(Month(absolute: first))"
                + "...\(Month(absolute: first + monthCount - 1))")
        }
        let frame = cellFrame(month: i, day: date.dayNumber)
        let (a, b) = options.axis == .vertical ? (frame.y, frame.maxY) : (frame.x, frame.maxX)
        var value: Double
        switch position {
        case .start: value = a
        case .center: value = (a + b) / 2 - length / 2
        case .end: value = b - length
        }
        let content = contentSize().size
        let total = options.axis == .vertical ? content.height : content.width
        if total.isFinite { value = min(value, max(0, total - length)) }
        return max(0, value)
    }

    // MARK: elements

    private func origin(_ i: Int) -> (x: Double, y: Double) {
        switch options.axis {
        case .vertical: return (0, monthStart(i))
        case .horizontal: return (monthStart(i), metrics.insets.top)
        }
    }

    private func gridStart(_ month: Month) -> Int32 {
        let firstDay = month.firstDay
        return firstDay - Weekday(dayNumber: firstDay).days(since: calendar.options.firstWeekday)
    }

    private func rowEdges(_ gridTop: Double, _ r: Int) -> (Double, Double) {
        let y0 = gridTop + Double(r) * rowPitch
        return (Columns.snap(y0, metrics.scale, snapY), Columns.snap(y0 + rowHeight, metrics.scale, snapY))
    }

    private func cellFrame(month i: Int, day: Int32) -> Rect {
        let (ox, oy) = origin(i)
        let offset = Int(day - gridStart(Month(absolute: first + i)))
        let (x0, x1) = columns.edges(offset % 7)
        let (y0, y1) = rowEdges(oy + header + weekdays, offset / 7)
        return Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func overlaps(_ f: Rect, _ v: Rect) -> Bool {
        f.x < v.maxX && f.maxX > v.x && f.y < v.maxY && f.maxY > v.y && f.width > 0 && f.height > 0
    }

    func forEachElement(in viewport: Rect, _ body: (Element) -> Void) throws(KalendsError) {
        guard viewport.x.isFinite, viewport.y.isFinite, viewport.width.isFinite, viewport.height.isFinite,
              viewport.width >= 0, viewport.height >= 0 else {
            throw KalendsError(.invalidArgument, "viewport (\(viewport.x), \(viewport.y), \(viewport.width), "
                + "\(viewport.height)) is not a finite rectangle")
        }
        guard viewport.width > 0, viewport.height > 0 else { return }
        let (lo, hi) = options.axis == .vertical ? (viewport.y, viewport.maxY) : (viewport.x, viewport.maxX)
        var i = monthIndex(at: lo)
        let scale = metrics.scale
        let hideOutDates = options.outDates == .hide
        while i < monthCount && monthStart(i) < hi {
            let month = Month(absolute: first + i)
            let (ox, oy) = origin(i)
            let index = Int32(truncatingIfNeeded: i)
            let left = columns.snap(columns.left), right = columns.snap(columns.right)
            let headerFrame = Rect(x: ox + left, y: Columns.snap(oy, scale, snapY), width: right - left,
                                   height: Columns.snap(oy + header, scale, snapY) - Columns.snap(oy, scale, snapY))
            if overlaps(headerFrame, viewport) {
                body(Element(kind: .monthHeader, index: index, dayNumber: month.firstDay, frame: headerFrame))
            }
            if weekdays > 0 {
                let y0 = Columns.snap(oy + header, scale, snapY), y1 = Columns.snap(oy + header + weekdays, scale, snapY)
                if y0 < viewport.maxY && y1 > viewport.y {
                    for c in 0..<7 {
                        let (x0, x1) = columns.edges(c)
                        let frame = Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)
                        if overlaps(frame, viewport) {
                            let weekday = (calendar.options.firstWeekday.rawValue - 1 + Int32(c)) % 7 + 1
                            body(Element(kind: .weekday, index: index, dayNumber: weekday, frame: frame))
                        }
                    }
                }
            }
            let gridTop = oy + header + weekdays
            let n = rows(i)
            var firstRow = 0, lastRow = n - 1
            if rowPitch > 0 {
                firstRow = max(0, Int(max(-1, ((viewport.y - gridTop) / rowPitch).rounded(.down))) - 1)
                lastRow = min(n - 1, Int(min(Double(n), ((viewport.maxY - gridTop) / rowPitch).rounded(.down))) + 1)
            }
            if firstRow <= lastRow {
                let start = gridStart(month)
                let span = GridSpan(first: start + Int32(firstRow * 7), count: Int32((lastRow - firstRow + 1) * 7),
                                    year: month.year, month: month.month)
                calendar.forEachDay(in: span) { k, day in
                    if hideOutDates && !day.flags.contains(.inMonth) { return }
                    let (x0, x1) = columns.edges(k % 7)
                    let (y0, y1) = rowEdges(gridTop, firstRow + k / 7)
                    let frame = Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)
                    if overlaps(frame, viewport) {
                        body(Element(kind: .day, index: index, dayNumber: day.dayNumber, flags: day.flags, frame: frame))
                    }
                }
            }
            i += 1
        }
    }
}
