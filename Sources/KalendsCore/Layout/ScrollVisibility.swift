/// What a scrolling calendar shows in a viewport: the elements, how many there are, the
/// first and last visible day and month.
///
/// Overlap is separable: a cell overlaps the viewport when its column does along x and
/// its row does along y, so a month's visible elements are four small facts (header
/// visible, weekday row visible, a mask of rows, a mask of columns) and its count is a
/// few popcounts. Enumerating, counting and the visible-day queries all read those
/// facts from `hits(_:_:columns:)`, so they agree by construction.
///
/// Counting never visits elements and rarely months: months wholly inside the viewport
/// (by a margin covering snapping and rounding) show the same header, weekday labels,
/// rows and columns, so what one shows depends only on its shape (lead and length) and a
/// run of them is counted from the run's shape histogram (`MonthRows.shapeCounts`). Vertically that needs every element to be equally visible
/// wherever it sits. With snapping, anything a device pixel tall or more is (see
/// `snappedEdges`). Without, a height h gives an element a positive height below
/// 2^(e+53) (e the exponent of h; 2^(e+54) unless h is a power of two) and a zero height
/// from 2^(e+54) on, where y + h rounds to y; the inner months are cut at those powers of
/// two into runs that are each uniform. Left to be visited one by one: the months at the
/// viewport's edges and at the cuts, and runs that are not uniform (a header or weekday
/// row under one device pixel with snapping on is as tall as the pixel grid makes it at
/// each month: O(months)). So a count is O(log months + 4800) for any metrics but those.
extension Scroll {
    /// Which elements of one month overlap a viewport (bit c = column c, bit r = row r).
    struct MonthHits {
        var header = false
        var weekdayRow = false
        var rows: UInt8 = 0
        var columns: UInt8 = 0

        var isEmpty: Bool { !header && !weekdayRow && (rows == 0 || columns == 0) }
    }

    /// The months a viewport can reach along the axis, and runs of them wholly inside it
    /// that all show the same (rows: which of rows 0...5, where a month has them).
    struct Reach {
        var months: Range<Int>
        var runs: [(months: Range<Int>, hits: MonthHits)] = []

    }

    // MARK: per month

    @inline(__always)
    private static func spans(_ a: Double, _ length: Double, _ lo: Double, _ hi: Double) -> Bool {
        a < hi && a + length > lo && length > 0
    }

    /// Columns whose cells overlap the viewport along x on a page starting at `ox`.
    private func columnHits(_ ox: Double, _ v: Rect) -> UInt8 {
        var mask: UInt8 = 0
        for c in 0..<7 {
            let (x0, x1) = columns.edges(c)
            if Scroll.spans(ox + x0, x1 - x0, v.x, v.maxX) { mask |= 1 << UInt8(c) }
        }
        return mask
    }

    /// The columns of a vertical calendar, the same for every month; nil horizontally.
    private func sharedColumns(_ v: Rect) -> UInt8? {
        options.axis == .vertical ? columnHits(0, v) : nil
    }

    func hits(_ i: Int, _ v: Rect, columns shared: UInt8?) -> MonthHits {
        var h = MonthHits()
        let (ox, oy) = origin(i)
        let hf = headerFrame(ox, oy)
        h.header = Scroll.spans(hf.x, hf.width, v.x, v.maxX) && Scroll.spans(hf.y, hf.height, v.y, v.maxY)
        h.columns = shared ?? columnHits(ox, v)
        guard h.columns != 0 else { return h }
        if labelHeight > 0 {
            let (y0, y1) = weekdayEdges(oy)
            h.weekdayRow = Scroll.spans(y0, y1 - y0, v.y, v.maxY)
        }
        let gridTop = oy + header + weekdays
        for r in 0..<rows(i) {
            let (y0, y1) = rowEdges(gridTop, r)
            if Scroll.spans(y0, y1 - y0, v.y, v.maxY) { h.rows |= 1 << UInt8(r) }
        }
        return h
    }

    /// Columns of row `r` holding a day that is shown: the days of the month (grid
    /// offsets lead..<lead + length), the leading days before them when `leading`, the
    /// trailing days after them when the date policy shows them.
    @inline(__always)
    private func shown(_ r: Int, lead: Int, length: Int, leading: Bool) -> UInt8 {
        let trailing = options.datePolicy.showsTrailing
        if leading && trailing { return 0x7F }
        let lo = leading ? 0 : max(0, lead - 7 * r), hi = trailing ? 7 : min(7, lead + length - 7 * r)
        guard lo < hi else { return 0 }
        return UInt8(truncatingIfNeeded: (1 << hi) - (1 << lo))
    }

    /// Whether the month at position `i` of the range shows its leading days.
    @inline(__always)
    private func leading(_ i: Int) -> Bool { options.datePolicy.showsLeading(position: i) }

    /// Whether any month of positions `months` shows its leading days (they agree
    /// except for the first month under `.firstMonthOnly`).
    private func leading(_ months: Range<Int>) -> Bool {
        (months.contains(0) && leading(0)) || (months.upperBound > max(1, months.lowerBound) && leading(1))
    }

    /// Elements of a month of this shape showing `h` (rows beyond its own ignored).
    private func count(_ h: MonthHits, lead: Int, length: Int, leading: Bool) -> Int {
        var n = h.header ? 1 : 0
        if h.weekdayRow { n += h.columns.nonzeroBitCount }
        let rowCount = min(6, MonthRows.rows(lead: lead, length: length, fixed: monthRows.fixed))
        for r in 0..<rowCount where h.rows & (1 << UInt8(r)) != 0 {
            n += (h.columns & shown(r, lead: lead, length: length, leading: leading)).nonzeroBitCount
        }
        return n
    }

    private func count(month i: Int, _ h: MonthHits) -> Int {
        let s = monthRows.shape(i)
        return count(h, lead: s.lead, length: s.length, leading: leading(i))
    }

    /// Day cells of month `i` showing `h` whose day is outside the calendar's days
    /// (`dayBounds`: the system's range inside the library's); they are not shown.
    /// Only months near the ends of a range can have them: the month holding a system's
    /// first or last day begins before it or ends after it, and the out-dates of the
    /// month next to it can reach past it too.
    func outsideDays(month i: Int, _ h: MonthHits) -> Int {
        guard h.rows != 0, h.columns != 0 else { return 0 }
        let bounds = calendar.dayBounds
        let start = Int(gridStart(i)), s = monthRows.shape(i)
        let rowCount = min(6, MonthRows.rows(lead: s.lead, length: s.length, fixed: monthRows.fixed))
        guard start < Int(bounds.lowerBound) || start + 7 * rowCount - 1 > Int(bounds.upperBound) else { return 0 }
        var n = 0
        for r in 0..<rowCount where h.rows & (1 << UInt8(r)) != 0 {
            let cells = h.columns & shown(r, lead: s.lead, length: s.length, leading: leading(i))
            for c in 0..<7 where cells & (1 << UInt8(c)) != 0 {
                let day = start + 7 * r + c
                if day < Int(bounds.lowerBound) || day > Int(bounds.upperBound) { n += 1 }
            }
        }
        return n
    }

    // MARK: the months a viewport reaches

    private func checkViewport(_ v: Rect) throws(KalendsError) {
        guard v.x.isFinite, v.y.isFinite, v.width.isFinite, v.height.isFinite, v.width >= 0, v.height >= 0 else {
            throw KalendsError(.invalidArgument, "viewport (\(v.x), \(v.y), \(v.width), \(v.height)) is not a finite rectangle")
        }
    }

    @inline(__always)
    private static func pow2(_ e: Int) -> Double { Double(sign: .plus, exponent: e, significand: 1) }

    /// A month's elements lie within half a device pixel (snapping) of its span along
    /// the axis, monthStart(i)...monthStart(i + 1), up to rounding: months starting a
    /// pixel past the viewport's end, or ending a pixel before its start, show nothing.
    func reach(_ v: Rect) -> Reach {
        guard v.width > 0, v.height > 0 else { return Reach(months: 0..<0) }
        let vertical = options.axis == .vertical
        let (lo, hi) = vertical ? (v.y, v.maxY) : (v.x, v.maxX)
        // Snapping moves an edge by half a pixel at most, along the axis only where it snaps.
        let pixel = metrics.scale > 0 && (vertical ? snapY : columns.snaps) ? 1 / metrics.scale : 0
        // Rounding is relative to the content's coordinates, never beyond `extent`.
        let far = min(max(abs(lo), abs(hi)), extent)
        let slack = pixel + 16 * far.ulp
        let i0 = monthIndex(at: lo - slack)
        let i1 = firstMonth(in: i0, monthCount) { monthStart($0) >= hi + slack }
        guard i0 < i1, let across = crossHits(v) else { return Reach(months: 0..<0) }
        var reach = Reach(months: i0..<i1)
        // Months wholly inside, by a margin that covers snapping and rounding.
        let magnitude = max(abs(monthStart(i0)), abs(monthStart(i1)))
        let margin = 2 * pixel + 16 * magnitude.ulp
        let a = firstMonth(in: i0, i1) { monthStart($0) >= lo + margin }
        let b = firstMonth(in: a, i1) { monthStart($0 + 1) > hi - margin }
        guard a < b else { return reach }
        guard vertical else {
            reach.runs = [(a..<b, across)]
            return reach
        }
        // Vertically, cut where element heights turn from positive to zero (see above).
        var cuts: [Double] = []
        for h in [header, labelHeight, rowHeight] where h > 0 {
            let e = Int(h.exponent)
            cuts.append(Scroll.pow2(e + 54))
            if !snapY && h == Scroll.pow2(e) { cuts.append(Scroll.pow2(e + 53)) }
        }
        cuts.sort()
        var i = a
        while i < b {
            let y = monthStart(i)
            let cut = cuts.first { $0 > y } ?? .infinity
            let j = cut.isFinite ? firstMonth(in: i, b) { monthStart($0 + 1) + margin >= cut } : b
            if j > i, let run = verticalRun(across, low: y - margin, high: monthStart(j) + margin) {
                reach.runs.append((i..<j, run))
            }
            // months around the cut are visited one by one
            i = cut.isFinite ? max(j + 1, firstMonth(in: j, b) { monthStart($0) >= cut + margin }) : b
        }
        return reach
    }

    /// What a month wholly inside the viewport shows along the cross axis (the same for
    /// all of them): vertically the header's and the columns' x overlap, with rows and
    /// weekday row assumed positive; horizontally everything, since every page has the
    /// same y. nil when nothing can overlap the viewport along the cross axis at all.
    private func crossHits(_ v: Rect) -> MonthHits? {
        var h = MonthHits()
        switch options.axis {
        case .vertical:
            let hf = headerFrame(0, 0)
            h.header = header > 0 && Scroll.spans(hf.x, hf.width, v.x, v.maxX)
            h.columns = columnHits(0, v)
            h.weekdayRow = labelHeight > 0 && h.columns != 0
            h.rows = rowHeight > 0 && h.columns != 0 ? 0x3F : 0
        case .horizontal:
            let oy = metrics.insets.top
            let hf = headerFrame(0, oy)
            h.header = hf.width > 0 && Scroll.spans(hf.y, hf.height, v.y, v.maxY)
            for c in 0..<7 {
                let (x0, x1) = columns.edges(c)
                if x1 - x0 > 0 { h.columns |= 1 << UInt8(c) }
            }
            if h.columns != 0 {
                if labelHeight > 0 {
                    let (y0, y1) = weekdayEdges(oy)
                    h.weekdayRow = Scroll.spans(y0, y1 - y0, v.y, v.maxY)
                }
                let gridTop = oy + header + weekdays
                for r in 0..<6 {
                    let (y0, y1) = rowEdges(gridTop, r)
                    if Scroll.spans(y0, y1 - y0, v.y, v.maxY) { h.rows |= 1 << UInt8(r) }
                }
            }
        }
        return h.isEmpty ? nil : h
    }

    /// The hits of every vertical month whose elements all lie in low...high, when they
    /// are the same for all: each height positive everywhere there or zero everywhere.
    private func verticalRun(_ across: MonthHits, low: Double, high: Double) -> MonthHits? {
        let scale = metrics.scale
        /// true: positive, false: zero, nil: depends on the month.
        func positive(_ h: Double) -> Bool? {
            if h == 0 { return false }
            if snapY && h * scale >= 1 { return true }                  // a pixel at least (snappedEdges)
            let e = Int(h.exponent)
            if low >= Scroll.pow2(e + 54) { return false }        // y + h rounds to y
            if snapY { return nil }                                     // under a pixel: where the grid falls
            let below = h == Scroll.pow2(e) ? Scroll.pow2(e + 53) : Scroll.pow2(e + 54)
            return high <= below ? true : nil                          // y + h rounds above y
        }
        guard let headerShows = positive(header), let weekdaysShow = positive(labelHeight),
              let rowsShow = positive(rowHeight) else { return nil }
        var h = across
        h.header = h.header && headerShows
        h.weekdayRow = h.weekdayRow && weekdaysShow
        h.rows = rowsShow ? h.rows : 0
        return h
    }

    /// Whether any month shape the system has passes `test` (lead, length): when none
    /// does, a run of months can be skipped whole.
    private func anyShape(_ test: (Int, Int) -> Bool) -> Bool {
        monthRows.possibleShapes.contains { test($0.lead, $0.length) }
    }

    // MARK: queries

    /// How many elements `elements(in:)` returns, without building them: the months
    /// outside the reach's runs one by one, each run by its shape histogram.
    public func count(in viewport: Rect) throws(KalendsError) -> Int {
        try checkViewport(viewport)
        let r = reach(viewport)
        let columns = sharedColumns(viewport)
        var n = 0, i = r.months.lowerBound
        func visit(upTo end: Int) {
            while i < end {
                let h = hits(i, viewport, columns: columns)
                n += count(month: i, h) - outsideDays(month: i, h)
                i += 1
            }
        }
        for run in r.runs {
            visit(upTo: run.months.lowerBound)
            let shapes = monthRows.shapeCounts(run.months.lowerBound, run.months.upperBound)
            for (code, k) in shapes.enumerated() where k > 0 {
                let s = MonthRows.decode(code)
                n += k * count(run.hits, lead: s.lead, length: s.length, leading: leading(1))
            }
            // The range's first month may show leading days the others do not.
            if run.months.contains(0) && leading(0) != leading(1) {
                let s = monthRows.shape(0)
                n += count(run.hits, lead: s.lead, length: s.length, leading: leading(0))
                    - count(run.hits, lead: s.lead, length: s.length, leading: leading(1))
            }
            // A run is counted by shapes; its months near the range's ends may hold days
            // outside the calendar's (a grid of 42 days meets at most 3 months at an end).
            for end in Set([0, 1, 2, monthCount - 3, monthCount - 2, monthCount - 1]) where run.months.contains(end) {
                n -= outsideDays(month: end, run.hits)
            }
            i = run.months.upperBound
        }
        visit(upTo: r.months.upperBound)
        return n
    }

    /// The `count` elements of `viewport` (count(in:) said so) with their indexes:
    /// INTERNAL, after handing over the first `count`, when it holds another number.
    public func forEachElement(in viewport: Rect, count: Int, _ body: (Int, Element) -> Void) throws(KalendsError) {
        var seen = 0
        try forEachElement(in: viewport) { e in
            if seen < count { body(seen, e) }
            seen += 1
        }
        guard seen == count else {
            throw KalendsError(.internal, "the viewport was counted as \(count) elements but holds \(seen)")
        }
    }

    /// Hands every element overlapping the viewport to `body`, month by month: header,
    /// weekday labels, day cells. A run of months that shows nothing is skipped whole, so
    /// an empty answer costs what a count does.
    public func forEachElement(in viewport: Rect, _ body: (Element) -> Void) throws(KalendsError) {
        try checkViewport(viewport)
        let r = reach(viewport)
        let columns = sharedColumns(viewport)
        let skipped = r.runs.filter { run in !anyShape { count(run.hits, lead: $0, length: $1, leading: leading(run.months)) > 0 } }
        var i = r.months.lowerBound
        while i < r.months.upperBound {
            if let run = skipped.first(where: { $0.months.lowerBound == i }) {
                i = run.months.upperBound
                continue
            }
            let h = hits(i, viewport, columns: columns)
            if !h.isEmpty { emit(month: i, h, body) }
            i += 1
        }
    }

    private func emit(month i: Int, _ h: MonthHits, _ body: (Element) -> Void) {
        let (ox, oy) = origin(i)
        let index = Int32(truncatingIfNeeded: i)
        if h.header {
            body(Element(kind: .monthHeader, index: index, dayNumber: Int32(truncatingIfNeeded: firstDay(i)),
                         frame: headerFrame(ox, oy)))
        }
        if h.weekdayRow {
            let (y0, y1) = weekdayEdges(oy)
            for c in 0..<7 where h.columns & (1 << UInt8(c)) != 0 {
                let (x0, x1) = columns.edges(c)
                let weekday = (calendar.options.firstWeekday.rawValue - 1 + Int32(c)) % 7 + 1
                body(Element(kind: .weekday, index: index, dayNumber: weekday,
                             frame: Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)))
            }
        }
        guard h.rows != 0, h.columns != 0 else { return }
        let firstRow = h.rows.trailingZeroBitCount, lastRow = 7 - h.rows.leadingZeroBitCount
        let gridTop = oy + header + weekdays
        let span = spanOf(i, first: gridStart(i) + Int32(firstRow * 7), count: Int32((lastRow - firstRow + 1) * 7))
        let bounds = calendar.dayBounds
        let policy = options.datePolicy
        calendar.forEachDay(in: span) { k, day in
            let row = firstRow + k / 7, c = k % 7
            guard h.rows & (1 << UInt8(row)) != 0, h.columns & (1 << UInt8(c)) != 0 else { return }
            if policy.hides(day.flags, position: i) { return }
            // Days outside the calendar's days (at the ends of a system's range) are not shown.
            guard bounds.contains(day.dayNumber) else { return }
            let (x0, x1) = columns.edges(c)
            let (y0, y1) = rowEdges(gridTop, row)
            body(Element(kind: .day, index: index, dayNumber: day.dayNumber, flags: day.flags,
                         frame: Rect(x: ox + x0, y: y0, width: x1 - x0, height: y1 - y0)))
        }
    }

    /// The first (or last) month of the reach whose hits pass `test`; a run is skipped
    /// whole when `runCan` says none of its months can.
    private func scan(_ r: Reach, _ v: Rect, backwards: Bool, runCan: (MonthHits) -> Bool,
                      _ test: (Int, MonthHits) -> Bool) -> Int? {
        let columns = sharedColumns(v)
        let hopeless = r.runs.filter { !runCan($0.hits) }
        var i = backwards ? r.months.upperBound - 1 : r.months.lowerBound
        while r.months.contains(i) {
            if let run = hopeless.first(where: { $0.months.contains(i) }) {
                i = backwards ? run.months.lowerBound - 1 : run.months.upperBound
                continue
            }
            if test(i, hits(i, v, columns: columns)) { return i }
            i += backwards ? -1 : 1
        }
        return nil
    }

    /// Grid offset (7 x row + column) of the first or last in-month day a month of this
    /// shape shows with hits `h`.
    private func inMonthOffset(lead: Int, length: Int, _ h: MonthHits, last: Bool) -> Int? {
        let rowCount = min(6, MonthRows.rows(lead: lead, length: length, fixed: monthRows.fixed))
        var lo = Int.max, hi = Int.min
        for r in 0..<rowCount where h.rows & (1 << UInt8(r)) != 0 {
            let a = max(0, lead - 7 * r), b = min(7, lead + length - 7 * r)
            guard a < b else { continue }
            let mask = h.columns & UInt8(truncatingIfNeeded: (1 << b) - (1 << a))
            guard mask != 0 else { continue }
            lo = min(lo, 7 * r + mask.trailingZeroBitCount)
            hi = max(hi, 7 * r + 7 - mask.leadingZeroBitCount)
        }
        guard lo <= hi else { return nil }
        return last ? hi : lo
    }

    private func inMonthDay(_ i: Int, _ h: MonthHits, last: Bool) -> Int32? {
        let (lead, length) = monthRows.shape(i)
        guard let k = inMonthOffset(lead: lead, length: length, h, last: last) else { return nil }
        return gridStart(i) + Int32(k)
    }

    /// First and last in-month day with a cell in the viewport; nil when none is.
    /// O(log months) for a viewport that shows a day near its edges.
    public func visibleDays(in viewport: Rect) throws(KalendsError) -> DayRange? {
        try checkViewport(viewport)
        let r = reach(viewport)
        func runCan(_ h: MonthHits) -> Bool { anyShape { inMonthOffset(lead: $0, length: $1, h, last: false) != nil } }
        var firstDay: Int32?, lastDay: Int32?
        _ = scan(r, viewport, backwards: false, runCan: runCan) { i, h in
            firstDay = inMonthDay(i, h, last: false)
            return firstDay != nil
        }
        _ = scan(r, viewport, backwards: true, runCan: runCan) { i, h in
            lastDay = inMonthDay(i, h, last: true)
            return lastDay != nil
        }
        guard let firstDay, let lastDay else { return nil }
        // Not the days outside the calendar's (at the ends of a system's range).
        let bounds = calendar.dayBounds
        let first = max(firstDay, bounds.lowerBound), last = min(lastDay, bounds.upperBound)
        return first <= last ? DayRange(first: first, last: last) : nil
    }

    /// First and last month (positions in the range) with an element in the viewport.
    private func visibleRange(_ viewport: Rect) throws(KalendsError) -> ClosedRange<Int>? {
        try checkViewport(viewport)
        let r = reach(viewport)
        func runCan(_ h: MonthHits) -> Bool { anyShape { count(h, lead: $0, length: $1, leading: true) > 0 } }
        func shows(_ i: Int, _ h: MonthHits) -> Bool { count(month: i, h) > 0 }
        guard let lo = scan(r, viewport, backwards: false, runCan: runCan, shows),
              let hi = scan(r, viewport, backwards: true, runCan: runCan, shows) else { return nil }
        return lo...hi
    }

    /// The Gregorian months holding the first days of the first and last month with an
    /// element in the viewport; nil when none has.
    public func visibleMonths(in viewport: Rect) throws(KalendsError) -> (first: Month, last: Month)? {
        try visibleRange(viewport).map { (gregorianMonth($0.lowerBound), gregorianMonth($0.upperBound)) }
    }

    /// First and last month index (in the calendar's system) with an element in the
    /// viewport; nil when none has.
    public func visibleMonthIndexes(in viewport: Rect) throws(KalendsError) -> ClosedRange<Int>? {
        try visibleRange(viewport).map { (first + $0.lowerBound)...(first + $0.upperBound) }
    }
}
