/// Frames of a page of several months: the page's header (title and buttons across the
/// content width), then the months in rows of `columns`, each laid out as a one-month
/// page of the month's width (`ViewGeometry`: its header holding the weekday strip or
/// followed by a weekday row, then its weeks), rows of months `monthSpacing` apart.
/// Building one costs O(months), no day is built.
struct MonthsGeometry {
    struct Block {
        let x: Double
        let y: Double
        let geometry: ViewGeometry
        /// Index of the month's first cell among the page's days.
        let start: Int
        let count: Int
        let width: Double
        let height: Double

        func contains(_ p: Point) -> Bool { p.x >= x && p.x < x + width && p.y >= y && p.y < y + height }
        func moved(_ r: Rect) -> Rect { Rect(x: r.x + x, y: r.y + y, width: r.width, height: r.height) }
    }

    let page: ViewGeometry
    let header: Rect
    let blocks: [Block]
    let columns: Int
    let height: Double

    init?(_ s: ViewState) {
        guard let page = ViewGeometry(s) else { return nil }
        self.page = page
        let m = s.metrics, o = s.options
        let spans = s.page.monthSpans
        let left = m.insets.left, right = max(left, m.width - m.insets.right)
        let snapY = m.scale > 0
        let top = m.weekdayHeight > 0 ? page.header.maxY : page.weekdayTop
        header = Rect(x: page.header.x, y: page.header.y, width: page.header.width, height: max(0, top - page.header.y))
        let fit = Int((right - left + o.monthSpacing) / (ViewOptions.monthMinWidth + o.monthSpacing))
        let count = o.monthColumns > 0 ? Int(o.monthColumns) : max(1, fit)
        columns = max(1, min(spans.count, count))
        let across = Columns(count: columns, left: left, right: right, spacing: o.monthSpacing, scale: m.scale,
                             rightToLeft: o.rightToLeft)
        var blocks: [Block] = []
        blocks.reserveCapacity(spans.count)
        var start = 0, y = top, rowHeight = 0.0
        for (p, span) in spans.enumerated() {
            if p > 0 && p % columns == 0 {
                y = Columns.snap(y + rowHeight + o.monthSpacing, m.scale, snapY)
                rowHeight = 0
            }
            let (x0, x1) = across.edges(p % columns)
            var sub = s
            sub.metrics.width = x1 - x0
            sub.metrics.insets = Insets()
            sub.options.months = 1
            sub.page = Page(mode: .month, anchor: span.first, year: span.year, month: span.month, first: span.first,
                            last: span.first + span.count - 1, systemMonth: s.page.systemMonth, monthIndex: span.monthIndex)
            guard let g = ViewGeometry(sub) else { return nil }
            blocks.append(Block(x: x0, y: y, geometry: g, start: start, count: Int(span.count), width: x1 - x0, height: g.height))
            rowHeight = max(rowHeight, g.height)
            start += Int(span.count)
        }
        self.blocks = blocks
        height = Columns.snap(y + rowHeight + m.insets.bottom, m.scale, snapY)
    }
}

extension View {
    /// `layout(of:days:)` for several months: header, title, buttons, then each month's
    /// header, weekday labels and days.
    func monthsLayout(of s: ViewState, days: [Day]) throws(KalendsError) -> [Element] {
        guard let g = MonthsGeometry(s) else { throw View.noWidth }
        var out: [Element] = []
        out.reserveCapacity(4 + g.blocks.count * 8 + days.count)
        out.append(Element(kind: .header, dayNumber: s.page.anchor, frame: g.header))
        out.append(Element(kind: .title, dayNumber: s.page.anchor, frame: g.page.title))
        out.append(Element(kind: .previous, dayNumber: s.page.anchor,
                           flags: canTurn(.backward, s) ? [] : .disabled, frame: g.page.previous))
        out.append(Element(kind: .next, dayNumber: s.page.anchor,
                           flags: canTurn(.forward, s) ? [] : .disabled, frame: g.page.next))
        for (p, b) in g.blocks.enumerated() {
            let first = Int32(truncatingIfNeeded: (try? s.calendar.month(index: s.page.monthSpans[p].monthIndex).firstDay) ?? 0)
            out.append(Element(kind: .monthHeader, index: Int32(p), dayNumber: first, frame: b.moved(b.geometry.header)))
            for c in 0..<7 {
                let weekday = (s.calendar.options.firstWeekday.rawValue - 1 + Int32(c)) % 7 + 1
                out.append(Element(kind: .weekday, index: Int32(c), dayNumber: weekday, frame: b.moved(b.geometry.weekdayLabel(c))))
            }
            for k in 0..<b.count where b.start + k < days.count {
                let day = days[b.start + k]
                out.append(Element(kind: .day, index: Int32(b.start + k), dayNumber: day.dayNumber, flags: day.flags,
                                   frame: b.moved(b.geometry.cell(k))))
            }
        }
        return out
    }

    /// `hitTest` for several months: agrees with `monthsLayout`.
    func monthsHitTest(_ point: Point, _ s: ViewState) throws(KalendsError) -> Element {
        guard let g = MonthsGeometry(s) else { throw View.noWidth }
        if g.page.previous.contains(point) {
            return Element(kind: .previous, dayNumber: s.page.anchor, flags: canTurn(.backward, s) ? [] : .disabled,
                           frame: g.page.previous)
        }
        if g.page.next.contains(point) {
            return Element(kind: .next, dayNumber: s.page.anchor, flags: canTurn(.forward, s) ? [] : .disabled,
                           frame: g.page.next)
        }
        if g.page.title.contains(point) { return Element(kind: .title, dayNumber: s.page.anchor, frame: g.page.title) }
        if g.header.contains(point) { return Element(kind: .header, dayNumber: s.page.anchor, frame: g.header) }
        guard let p = g.blocks.firstIndex(where: { $0.contains(point) }) else { return .nothing }
        let b = g.blocks[p], sub = b.geometry
        let local = Point(x: point.x - b.x, y: point.y - b.y)
        let column = sub.column(at: local.x)
        if let column, local.y >= sub.weekdayTop && local.y < sub.weekdayBottom {
            let weekday = (s.calendar.options.firstWeekday.rawValue - 1 + Int32(column)) % 7 + 1
            return Element(kind: .weekday, index: Int32(column), dayNumber: weekday, frame: b.moved(sub.weekdayLabel(column)))
        }
        if sub.header.contains(local) {
            let first = Int32(truncatingIfNeeded: (try? s.calendar.month(index: s.page.monthSpans[p].monthIndex).firstDay) ?? 0)
            return Element(kind: .monthHeader, index: Int32(p), dayNumber: first, frame: b.moved(sub.header))
        }
        guard let column, let row = sub.row(at: local.y) else { return .nothing }
        let k = row * 7 + column
        guard k < b.count, let day = try day(at: b.start + k, of: s), !day.flags.contains(.hidden) else { return .nothing }
        return Element(kind: .day, index: Int32(b.start + k), dayNumber: day.dayNumber, flags: day.flags, frame: b.moved(sub.cell(k)))
    }
}
