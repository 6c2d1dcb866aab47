/// Several months on one page (React Aria's `visibleDuration`, JTAppleCalendar's
/// several months per section): the page's month and the `months - 1` after it, each its
/// own grid under the date policies (the first month is position 0). Paging moves by
/// all of them (`PageBehavior.visible`) or by one (`.single`); a focus or selection that
/// leaves the months moves the page just enough (`.single`) or by whole pages (`.visible`).
extension View {
    /// Whether a state shows several months.
    static func showsMonths(_ s: ViewState) -> Bool { s.options.mode == .month && s.options.months > 1 }

    /// The grids of the page's months, the anchor's first. Cost O(months).
    static func monthSpans(of s: ViewState) throws(KalendsError) -> [GridSpan] {
        let first = try s.calendar.monthIndex(containing: s.anchor)
        var spans: [GridSpan] = []
        spans.reserveCapacity(Int(s.options.months))
        for k in 0..<Int(s.options.months) {
            spans.append(try s.calendar.monthSpan(monthIndex: first + k, rows: s.options.rows))
        }
        return spans
    }

    /// Months one page turn moves.
    static func pageMonths(_ s: ViewState) -> Int {
        showsMonths(s) && s.options.pageBehavior == .visible ? Int(s.options.months) : 1
    }

    /// The anchor of the page that shows `target`, moved from the current page: with one
    /// month (or another mode) `target` itself; with several, the page moved forward or
    /// back by whole pages (`.visible`) or by as few months as needed (`.single`).
    static func anchor(showing target: Int32, in s: ViewState) -> Int32 {
        guard showsMonths(s), let from = try? s.calendar.monthIndex(containing: s.anchor),
              let to = try? s.calendar.monthIndex(containing: target) else { return target }
        let n = Int(s.options.months)
        if to >= from && to < from + n { return s.anchor }
        let shift: Int
        switch s.options.pageBehavior {
        case .visible: shift = Arith.floorDiv(to - from, n) * n
        case .single: shift = to < from ? to - from : to - (from + n - 1)
        }
        return (try? s.calendar.adding(months: shift, to: s.anchor)) ?? target
    }

    /// The days of several months, each month's grid in turn (`position` 0 first).
    func monthsDays(of s: ViewState, _ body: (Int, GridSpan) throws(KalendsError) -> [Day]) throws(KalendsError) -> [Day] {
        var out: [Day] = []
        for (p, span) in s.page.monthSpans.enumerated() { out += try body(p, span) }
        return out
    }

    /// The month position and grid of visible day `index` of several months, and the
    /// index of its month's first cell.
    static func monthOf(index: Int, in page: Page) -> (position: Int, span: GridSpan, start: Int)? {
        var start = 0
        for (p, span) in page.monthSpans.enumerated() {
            if index < start + Int(span.count) { return index >= start ? (p, span, start) : nil }
            start += Int(span.count)
        }
        return nil
    }
}
