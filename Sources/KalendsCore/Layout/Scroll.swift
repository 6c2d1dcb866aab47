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
    /// Leading days (JTAppleCalendar's in-dates): of every month, of the range's first
    /// month only, or none (`outDates` `.hide` hides them anyway).
    public var inDates: InDates = .allMonths

    /// The date policies of the months.
    public var datePolicy: DatePolicy { DatePolicy(inDates: inDates, outDates: outDates) }

    public init(axis: Axis = .vertical, firstMonth: Month, lastMonth: Month? = nil, rows: Rows = .variable,
                outDates: OutDates = .hide, showWeekdays: Bool = true, monthSpacing: Double = 24,
                inDates: InDates = .allMonths) {
        self.axis = axis
        self.firstMonth = firstMonth
        self.lastMonth = lastMonth
        self.rows = rows
        self.outDates = outDates
        self.showWeekdays = showWeekdays
        self.monthSpacing = monthSpacing
        self.inDates = inDates
    }

    /// The defaults (`kalends_scroll_options_init`): from the month of the platform's
    /// today (1970-01 without a clock), without end.
    public static var standard: ScrollOptions {
        ScrollOptions(firstMonth: Month(Date(uncheckedDayNumber: Int(Platform.current.localToday() ?? 0))))
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

/// A calendar that scrolls through a range of months, HorizonCalendar's idea as an
/// engine (the C ABI's `kalends_scroll`): months stacked vertically or paged
/// horizontally, each a header, a weekday row and its weeks, in content coordinates.
///
/// Cost follows the viewport: a month's position comes from arithmetic (the rows of
/// all earlier months are a per-period prefix sum, `MonthRows`), finding the months a
/// viewport reaches is a galloping search over those positions from an estimate, and a
/// query only visits the months and rows it returns. Counting what a viewport holds
/// visits only the months at its edges: the months wholly inside are counted by the
/// shapes of their grids (`ScrollVisibility.swift`). A range of 10,000 years costs what
/// one of a year does. Immutable: make a new one to change options or metrics.
public final class Scroll: @unchecked Sendable {
    public let calendar: Calendar
    public let options: ScrollOptions
    public let metrics: Metrics
    /// Months in the range (open-ended ranges stop at 999999-12).
    public let monthCount: Int
    public var isBounded: Bool { options.lastMonth != nil }

    let monthRows: MonthRows
    let first: Int                         // month index (in the calendar's system) of the first month
    let columns: Columns                   // of the month block, relative to its page
    let header: Double
    let weekdays: Double                   // a separate weekday row's height (0: none)
    let labelOffset: Double                // the weekday labels: from the block's top
    let labelHeight: Double                // (inside the header's bottom strip without a row)
    let rowHeight: Double
    private let rowSpacing: Double
    private let monthPitch: Double         // vertical: fixed part of one month's advance
    let rowPitch: Double
    private let meanPitch: Double          // vertical: an estimate of one month's advance
    private let pagePitch: Double          // horizontal: page width + spacing
    private let maxRows: Int
    let snapY: Bool
    /// A bound on every content coordinate along the axis (without walking the months).
    let extent: Double

    public init(calendar: Calendar, options: ScrollOptions, metrics: Metrics) throws(KalendsError) {
        try options.validate()
        try metrics.validate()
        guard metrics.width > 0 else {
            throw KalendsError(.noIntrinsicMetric, "a scrolling calendar needs a width: set metrics.width to the container's width")
        }
        self.calendar = calendar
        self.options = options
        self.metrics = metrics
        let system = calendar.options.system.base
        let bounds = calendar.dayBounds
        func index(_ day: Int32) -> Int {
            let z = min(max(day, bounds.lowerBound), bounds.upperBound)
            if calendar.options.system.isGregorian {
                let c = Gregorian.civilFromDays(Int(z))
                return c.year * 12 + c.month - 1
            }
            return system.monthIndex(dayNumber: Int(z))
        }
        first = index(options.firstMonth.firstDay)
        let lastDay: Int32
        if let lastMonth = options.lastMonth {
            lastDay = Int32(clamping: Gregorian.daysFromCivil(Int(lastMonth.year), Int(lastMonth.month), 1)
                + Gregorian.daysInMonth(Int(lastMonth.year), Int(lastMonth.month)) - 1)
        } else {
            lastDay = bounds.upperBound
        }
        monthCount = index(lastDay) - first + 1
        monthRows = MonthRows(system: system, first: first, firstWeekday: calendar.options.firstWeekday, rows: options.rows)
        let left = metrics.insets.left
        let right = max(left, metrics.width - metrics.insets.right)
        columns = Columns(count: 7, left: left, right: right, spacing: metrics.columnSpacing, scale: metrics.scale)
        header = metrics.headerHeight
        weekdays = options.showWeekdays ? metrics.weekdayHeight : 0
        // Without a separate weekday row the labels sit in the header's bottom strip.
        labelHeight = !options.showWeekdays ? 0 : weekdays > 0 ? weekdays : Metrics.weekdayStrip(header: header)
        labelOffset = weekdays > 0 ? header : header - labelHeight
        rowHeight = metrics.rowHeight(contentWidth: right - left)
        rowSpacing = metrics.rowSpacing
        rowPitch = rowHeight + rowSpacing
        monthPitch = header + weekdays - rowSpacing + options.monthSpacing
        meanPitch = monthPitch + 5 * rowPitch
        pagePitch = metrics.width + options.monthSpacing
        let months = Double(monthCount + 1)
        extent = options.axis == .vertical
            ? metrics.insets.top + months * (header + weekdays + options.monthSpacing + 6 * rowPitch + rowHeight)
            : months * pagePitch + metrics.width
        snapY = metrics.scale > 0 && rowHeight * metrics.scale >= 1
        if options.rows == .fixed {
            maxRows = 6
        } else {
            var most = 4
            if monthRows.period == nil && monthCount > 400 {
                most = 6
            } else {
                for k in 0..<min(monthCount, monthRows.period ?? monthCount) { most = max(most, monthRows.rows(k)) }
            }
            maxRows = most
        }
    }

    // MARK: months along the axis

    /// Vertical: top of month `i`'s block; horizontal: left edge of its page.
    func monthStart(_ i: Int) -> Double {
        switch options.axis {
        case .vertical:
            return metrics.insets.top + Double(i) * monthPitch + Double(monthRows.before(i)) * rowPitch
        case .horizontal:
            return Double(i) * pagePitch
        }
    }

    func rows(_ i: Int) -> Int { monthRows.rows(i) }

    /// The first `i` in `lo..<hi` for which `isPast(i)` holds (`hi` when none does);
    /// `isPast` must be monotonic (false ... false true ... true). Gallops up from `lo`
    /// before bisecting, so it probes no month beyond twice the distance to the answer
    /// (a non-periodic system's row table grows only as far as the answer).
    func firstMonth(in lo: Int, _ hi: Int, where isPast: (Int) -> Bool) -> Int {
        guard lo < hi else { return hi }
        if isPast(lo) { return lo }
        var known = lo, step = 1   // isPast(known) is false
        var upper = hi
        while true {
            let probe = known + step < hi ? known + step : hi
            if probe == hi { break }
            if isPast(probe) {
                upper = probe
                break
            }
            known = probe
            step = step < Int.max / 2 ? step * 2 : step
        }
        var a = known + 1, b = upper
        while a < b {
            let mid = a + (b - a) / 2
            if isPast(mid) { b = mid } else { a = mid + 1 }
        }
        return a
    }

    /// The last month starting at or before `offset` along the axis (0 when none does,
    /// or when `offset` is NaN). Any offset, however far outside the content, is fine:
    /// the search starts from an estimate (offset / a typical month's advance) and
    /// gallops from there.
    func monthIndex(at offset: Double) -> Int {
        guard monthCount > 1, monthStart(1) <= offset else { return 0 }
        let pitch = options.axis == .vertical ? meanPitch : pagePitch
        let relative = offset - (options.axis == .vertical ? metrics.insets.top : 0)
        var guess = pitch > 0 ? Int(flooring: relative / pitch, clampedTo: 1...(monthCount - 1), nan: 1) : 1
        // Down to a month starting at or before the offset, doubling the step.
        var step = 1
        while guess > 1 && monthStart(guess) > offset {
            guess = max(1, guess - step)
            step = step < Int.max / 2 ? step * 2 : step
        }
        return firstMonth(in: guess, monthCount) { monthStart($0) > offset } - 1
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
    /// O(visible elements + log months). `.outOfRange` when more elements than an int32
    /// counts overlap the viewport (found by `count(in:)` before anything is built).
    public func elements(in viewport: Rect) throws(KalendsError) -> [Element] {
        let n = try count(in: viewport)
        guard n <= Int(Int32.max) else {
            throw KalendsError(.outOfRange, "the viewport holds \(n) elements, more than an int32 counts")
        }
        var out: [Element] = []
        out.reserveCapacity(n)
        try forEachElement(in: viewport) { out.append($0) }
        return out
    }

    /// The Gregorian month holding the first day of month `i` of the range.
    func gregorianMonth(_ i: Int) -> Month {
        Month(Date(uncheckedDayNumber: firstDay(i)))
    }

    /// First day of month `i` of the range.
    func firstDay(_ i: Int) -> Int { calendar.options.system.base.firstDay(monthIndex: first + i) }

    /// The content offset along the axis (y for vertical, x for horizontal) at which
    /// `date`'s cell sits at the start, centre or end of a viewport `length` long;
    /// clamped so the viewport stays inside the content.
    public func offset(for date: Date, position: ScrollPosition, viewportLength length: Double) throws(KalendsError) -> Double {
        guard length.isFinite, length >= 0 else {
            throw KalendsError(.invalidArgument, "viewport length \(length) is not a length")
        }
        let i = (try? calendar.monthIndex(containing: date.dayNumber)).map { $0 - first } ?? -1
        guard i >= 0 && i < monthCount else {
            throw KalendsError(.outOfRange, "\(date) is outside the scrolling calendar's months "
                + "\(Date(uncheckedDayNumber: firstDay(0)))...\(Date(uncheckedDayNumber: firstDay(monthCount) - 1))")
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

    // MARK: frames (the one place each is computed: queries and counts agree by construction)

    func origin(_ i: Int) -> (x: Double, y: Double) {
        switch options.axis {
        case .vertical: return (0, monthStart(i))
        case .horizontal: return (monthStart(i), metrics.insets.top)
        }
    }

    func gridStart(_ i: Int) -> Int32 {
        let day = Int32(truncatingIfNeeded: firstDay(i))
        return day - Weekday(dayNumber: day).days(since: calendar.options.firstWeekday)
    }

    /// A span of month `i`'s grid rows.
    func spanOf(_ i: Int, first day: Int32, count: Int32) -> GridSpan {
        let index = first + i
        if calendar.options.system.isGregorian {
            let y = Arith.floorDiv(index, 12)
            return GridSpan(first: day, count: count, year: Int32(truncatingIfNeeded: y), month: Int32(truncatingIfNeeded: index - y * 12 + 1))
        }
        return GridSpan(first: day, count: count, month: calendar.options.system.base.month(index: index), index: index)
    }

    /// Snapped top and bottom of something `length` tall at `y`. With snapping, a length
    /// of a device pixel or more never snaps to nothing (rounding of a coordinate just
    /// past a half pixel could otherwise swallow it): so whether such an element shows
    /// does not depend on where its month sits, which counting by month shapes needs.
    func snappedEdges(_ y: Double, _ length: Double) -> (Double, Double) {
        let scale = metrics.scale
        let y0 = Columns.snap(y, scale, snapY), y1 = Columns.snap(y + length, scale, snapY)
        guard snapY, y1 <= y0, length * scale >= 1 else { return (y0, y1) }
        return (y0, Columns.snap(y0 + 1 / scale, scale, snapY))
    }

    func rowEdges(_ gridTop: Double, _ r: Int) -> (Double, Double) {
        snappedEdges(gridTop + Double(r) * rowPitch, rowHeight)
    }

    func headerFrame(_ ox: Double, _ oy: Double) -> Rect {
        let left = columns.snap(columns.left), right = columns.snap(columns.right)
        let (top, bottom) = snappedEdges(oy, header)
        return Rect(x: ox + left, y: top, width: right - left, height: bottom - top)
    }

    /// Top and bottom of the weekday row of a month whose block starts at `oy`.
    func weekdayEdges(_ oy: Double) -> (Double, Double) {
        snappedEdges(oy + labelOffset, labelHeight)
    }

    private func cellFrame(month i: Int, day: Int32) -> Rect {
        let (ox, oy) = origin(i)
        let offset = Int(day - gridStart(i))
        let (x0, x1) = columns.edges(offset % 7)
        let (y0, y1) = rowEdges(oy + header + weekdays, offset / 7)
        return Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
