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

/// Rows of the months of a scrolling calendar, counted from its first month.
///
/// Systems whose month starts repeat with a period of whole weeks (`monthCycle`:
/// Gregorian months every 400 years = 4800 months = 20871 weeks; Julian every 336
/// months; Islamic civil 2520; Coptic and Ethiopic 364; Persian 2772; Indian 4800) keep
/// the rows of one period as a prefix sum: rows before any month are periods x rows per
/// period + a prefix entry, O(1). The others (Hebrew, Umm al-Qura, astronomical Islamic,
/// Chinese, Dangi), whose month lengths follow no short period, count rows from their
/// month starts (`MonthStarts`: committed tables and per-block prefixes): the rows
/// before month i are the weeks between the first days of the first month and month i,
/// plus the month boundaries inside a week; O(1) from the first query (Hebrew: the
/// first query in a block of 1024 years computes that block's years, ~40 µs, once).
/// Systems registered at run time keep the rows from the first month as a table
/// extended on demand: O(d) `firstDay(monthIndex:)` calls to reach a month d months
/// from the first, once.
final class MonthRows: @unchecked Sendable {
    let system: any CalendarSystem
    let first: Int
    let firstWeekday: Weekday
    let fixed: Bool
    /// Periodic systems: months per period and the rows of months `base ..< base + k`.
    let period: Int?
    private let prefix: [Int32]
    private let base: Int
    /// Non-periodic built-in systems: their month starts (`MonthStarts`), O(1) a query.
    private let starts: (any MonthStartIndex)?
    /// Other non-periodic systems (registered ones): rows of months `first ..< first + k`,
    /// k = 0...table.count - 1, extended on demand.
    private var table: [Int32] = [0]
    private let lock = Lock()

    init(system: any CalendarSystem, first: Int, firstWeekday: Weekday, rows: Rows) {
        self.system = system
        self.first = first
        self.firstWeekday = firstWeekday
        fixed = rows == .fixed
        starts = fixed || MonthRows.cycle(of: system) != nil ? nil : MonthStarts.index(for: system)
        if fixed {
            period = 1
            prefix = [0, 6]
            base = 0
        } else if let cycle = MonthRows.cycle(of: system) {
            period = cycle
            // The period starting at month index 0, or at the first month if 0 is outside the system.
            base = system.monthIndexRange.contains(0) && system.monthIndexRange.contains(cycle) ? 0 : first
            var p = [Int32](repeating: 0, count: cycle + 1)
            var start = system.firstDay(monthIndex: base)
            for k in 0..<cycle {
                let next = system.firstDay(monthIndex: base + k + 1)
                p[k + 1] = p[k] + Int32(MonthRows.rows(start, next, firstWeekday))
                start = next
            }
            prefix = p
        } else {
            period = nil
            prefix = []
            base = 0
        }
    }

    /// Months per period of whole weeks, for the systems that have a short one.
    static func cycle(of system: any CalendarSystem) -> Int? {
        switch system.identifier {
        case "gregorian", "iso8601", "buddhist", "roc", "japanese", "indian": 4800
        case "julian": 336
        case "islamic-civil", "islamic-tbla": 2520
        case "coptic", "ethiopic", "ethiopic-amete-alem": 364
        case "persian": 2772
        default: nil
        }
    }

    /// Rows of a month from its first day to the next month's first day.
    @inline(__always)
    static func rows(_ start: Int, _ next: Int, _ firstWeekday: Weekday) -> Int {
        let lead = Int(Weekday(dayNumber: Int32(truncatingIfNeeded: start)).days(since: firstWeekday))
        return (lead + next - start + 6) / 7
    }

    var perPeriod: Int { Int(prefix[prefix.count - 1]) }

    private func periodic(_ a: Int) -> Int {   // rows of months base ..< a
        let p = prefix.count - 1
        let q = Arith.floorDiv(a - base, p)
        return q * perPeriod + Int(prefix[a - base - q * p])
    }

    /// Rows of months `first ..< first + i`.
    func before(_ i: Int) -> Int {
        if period != nil { return periodic(first + i) - periodic(first) }
        if let starts {
            // Rows of months first ..< first + i: the weeks from the first month's week to
            // the week of month first + i's first day, plus one for every month boundary
            // inside a week (months in first + 1 ... first + i not starting on the first
            // weekday).
            let w = Int(firstWeekday.rawValue) - 1
            let a = starts.firstDay(first), b = starts.firstDay(first + i)
            let weeks = Arith.floorDiv(b - w - 4, 7) - Arith.floorDiv(a - w - 4, 7)   // day 0 (1970-01-01) is a Thursday
            return weeks + i - (starts.count(weekday: w, below: first + i + 1) - starts.count(weekday: w, below: first + 1))
        }
        lock.lock()
        defer { lock.unlock() }
        if i >= table.count {
            var k = table.count - 1
            var start = system.firstDay(monthIndex: first + k)
            table.reserveCapacity(i + 1)
            while k < i {
                let next = system.firstDay(monthIndex: first + k + 1)
                table.append(table[k] + Int32(MonthRows.rows(start, next, firstWeekday)))
                start = next
                k += 1
            }
        }
        return Int(table[i])
    }

    func rows(_ i: Int) -> Int {
        if fixed { return 6 }
        return before(i + 1) - before(i)
    }
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
public final class Scroll: @unchecked Sendable {
    public let calendar: Calendar
    public let options: ScrollOptions
    public let metrics: Metrics
    /// Months in the range (open-ended ranges stop at 999999-12).
    public let monthCount: Int
    public var isBounded: Bool { options.lastMonth != nil }

    private let monthRows: MonthRows
    private let first: Int                 // month index (in the calendar's system) of the first month
    private let columns: Columns           // of the month block, relative to its page
    private let header: Double
    private let weekdays: Double
    private let rowHeight: Double
    private let rowSpacing: Double
    private let monthPitch: Double         // vertical: fixed part of one month's advance
    private let rowPitch: Double
    private let cyclePitch: Double         // vertical: advance over one period of months (periodic systems)
    private let meanPitch: Double          // vertical: an estimate of one month's advance
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
        rowHeight = metrics.rowHeight(contentWidth: right - left)
        rowSpacing = metrics.rowSpacing
        rowPitch = rowHeight + rowSpacing
        monthPitch = header + weekdays - rowSpacing + options.monthSpacing
        cyclePitch = Double(monthRows.period ?? 1) * monthPitch + Double(monthRows.period == nil ? 5 : monthRows.perPeriod) * rowPitch
        meanPitch = monthPitch + 5 * rowPitch
        pagePitch = metrics.width + options.monthSpacing
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

    /// The first month that could reach `offset` along the axis (clamped to the range).
    func monthIndex(at offset: Double) -> Int {
        switch options.axis {
        case .horizontal:
            guard pagePitch > 0 else { return 0 }
            return max(0, min(monthCount - 1, Int(max(-1, min(Double(monthCount), (offset / pagePitch).rounded(.down))))))
        case .vertical:
            let relative = offset - metrics.insets.top
            guard relative > 0, cyclePitch > 0 else { return 0 }
            var lo: Int, hi: Int   // monthStart(lo) <= offset < monthStart(hi)
            if let period = monthRows.period {
                let k = Int(min(Double(monthCount / period + 1), (relative / cyclePitch).rounded(.down)))
                lo = k * period
                hi = lo + period
                if lo >= monthCount { return monthCount - 1 }
                hi = min(hi, monthCount)
            } else {
                // Gallop from the estimate by the mean month (the table grows to there once).
                let guess = Int(min(Double(monthCount - 1), max(0, (relative / meanPitch).rounded(.down))))
                lo = guess
                var step = 1
                while lo > 0 && monthStart(lo) > offset { lo = max(0, lo - step); step *= 2 }
                hi = lo + 1
                step = 1
                while hi < monthCount && monthStart(hi) <= offset { lo = hi; hi = min(monthCount, hi + step); step *= 2 }
            }
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
        return (gregorianMonth(lo), gregorianMonth(hi))
    }

    /// First and last month index (in the calendar's system) with an element in the
    /// viewport; nil when none has.
    public func visibleMonthIndexes(in viewport: Rect) throws(KalendsError) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        try forEachElement(in: viewport) { e in
            lo = min(lo, Int(e.index))
            hi = max(hi, Int(e.index))
        }
        return lo <= hi ? (first + lo)...(first + hi) : nil
    }

    /// The Gregorian month holding the first day of month `i` of the range.
    private func gregorianMonth(_ i: Int) -> Month {
        Month(Date(uncheckedDayNumber: firstDay(i)))
    }

    /// First day of month `i` of the range.
    private func firstDay(_ i: Int) -> Int { calendar.options.system.base.firstDay(monthIndex: first + i) }

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

    // MARK: elements

    private func origin(_ i: Int) -> (x: Double, y: Double) {
        switch options.axis {
        case .vertical: return (0, monthStart(i))
        case .horizontal: return (monthStart(i), metrics.insets.top)
        }
    }

    private func gridStart(_ i: Int) -> Int32 {
        let day = Int32(truncatingIfNeeded: firstDay(i))
        return day - Weekday(dayNumber: day).days(since: calendar.options.firstWeekday)
    }

    /// A span of month `i`'s grid rows.
    private func spanOf(_ i: Int, first day: Int32, count: Int32) -> GridSpan {
        let index = first + i
        if calendar.options.system.isGregorian {
            let y = Arith.floorDiv(index, 12)
            return GridSpan(first: day, count: count, year: Int32(truncatingIfNeeded: y), month: Int32(truncatingIfNeeded: index - y * 12 + 1))
        }
        return GridSpan(first: day, count: count, month: calendar.options.system.base.month(index: index), index: index)
    }

    private func rowEdges(_ gridTop: Double, _ r: Int) -> (Double, Double) {
        let y0 = gridTop + Double(r) * rowPitch
        return (Columns.snap(y0, metrics.scale, snapY), Columns.snap(y0 + rowHeight, metrics.scale, snapY))
    }

    private func cellFrame(month i: Int, day: Int32) -> Rect {
        let (ox, oy) = origin(i)
        let offset = Int(day - gridStart(i))
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
            let monthFirstDay = Int32(truncatingIfNeeded: firstDay(i))
            let (ox, oy) = origin(i)
            let index = Int32(truncatingIfNeeded: i)
            let left = columns.snap(columns.left), right = columns.snap(columns.right)
            let headerFrame = Rect(x: ox + left, y: Columns.snap(oy, scale, snapY), width: right - left,
                                   height: Columns.snap(oy + header, scale, snapY) - Columns.snap(oy, scale, snapY))
            if overlaps(headerFrame, viewport) {
                body(Element(kind: .monthHeader, index: index, dayNumber: monthFirstDay, frame: headerFrame))
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
                let start = gridStart(i)
                let span = spanOf(i, first: start + Int32(firstRow * 7), count: Int32((lastRow - firstRow + 1) * 7))
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
