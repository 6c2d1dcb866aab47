/// One cell of a view's months or years picker (the C ABI's `kalends_picker_cell`).
public struct PickerCell: Hashable, Sendable {
    /// The system's extended year (Gregorian: the civil year).
    public let year: Int32
    /// The month (months picker), 0 (years picker).
    public let month: Int32
    public let firstDay: Int32
    public let lastDay: Int32
    /// `.selected`: the page's month or year; `.today`; `.disabled`: wholly outside the
    /// view's dates; `.leading` / `.trailing`: the years around the decade.
    public let flags: DayFlags
    public let frame: Rect
}

/// Zag's month and year views on a view: the months of the page's year or the years of
/// its decade, three to a row in the area below the title down to the content height
/// (the view keeps its size), and drilling down from a cell. O(cells), at most 13.
extension View {
    public func pickerCells(_ picker: Picker) throws(KalendsError) -> [PickerCell] {
        try View.pickerCells(picker, state)
    }

    /// The index of the cell at `point`, nil where there is none.
    public func pickerHitTest(_ picker: Picker, _ point: Point) throws(KalendsError) -> Int? {
        guard point.x.isFinite, point.y.isFinite else {
            throw KalendsError(.invalidArgument, "point (\(point.x), \(point.y)) is not finite")
        }
        return try View.pickerCells(picker, state).firstIndex { $0.frame.contains(point) }
    }

    /// Drills down from cell `index`: that month, or the page's month in that year, the
    /// anchor's day clamped to it and into the view's dates, as `goTo` shows it.
    @discardableResult
    public func pick(_ picker: Picker, index: Int) throws(KalendsError) -> Transition {
        try checkMutable()
        let s = state
        let cells = try View.pickerItems(picker, s)
        guard cells.indices.contains(index) else {
            throw KalendsError(.outOfRange, "picker cell \(index) is not one of the \(cells.count) cells")
        }
        let cell = cells[index]
        guard !cell.flags.contains(.disabled) else {
            throw KalendsError(.outOfRange, "picker cell \(index) lies outside the view's dates")
        }
        let page = s.page.systemMonth
        let offset = Int32(truncatingIfNeeded: Int(s.anchor) - page.firstDay)
        var first = cell.firstDay, last = cell.lastDay
        if picker == .years, let m = try? s.calendar.month(index: try s.calendar.monthSpan(year: cell.year, month: page.month,
                                                                                           rows: .variable).monthIndex) {
            first = Int32(truncatingIfNeeded: m.firstDay)
            last = Int32(truncatingIfNeeded: m.lastDay)
        }
        let target = clamp(min(first + offset, last), s.bounds)
        return try goTo(Date(uncheckedDayNumber: Int(target)))
    }

    /// The cells without frames: year, month, days and flags.
    static func pickerItems(_ picker: Picker, _ s: ViewState) throws(KalendsError) -> [PickerCell] {
        let cal = s.calendar, page = s.page
        let today = cal.todayDayNumber()
        let bounds = s.bounds
        func cell(_ year: Int32, _ month: Int32, _ first: Int32, _ last: Int32, _ flags: DayFlags) -> PickerCell {
            var f = flags
            if let today, first <= today && today <= last { f.insert(.today) }
            if last < bounds.lowerBound || first > bounds.upperBound { f.insert(.disabled) }
            return PickerCell(year: year, month: month, firstDay: first, lastDay: last, flags: f, frame: .zero)
        }
        let year = page.systemMonth.extendedYear
        switch picker {
        case .months:
            var lo = page.monthIndex, hi = page.monthIndex
            while let m = try? cal.month(index: lo - 1), m.extendedYear == year { lo -= 1 }
            while let m = try? cal.month(index: hi + 1), m.extendedYear == year { hi += 1 }
            var out: [PickerCell] = []
            for i in lo...hi {
                let m = try cal.month(index: i)
                out.append(cell(Int32(truncatingIfNeeded: year), m.month, Int32(truncatingIfNeeded: m.firstDay),
                                Int32(truncatingIfNeeded: m.lastDay), i == page.monthIndex ? .selected : []))
            }
            return out
        case .years:
            let start = Arith.floorDiv(year, 10) * 10
            return (start - 1...start + 10).map { y in
                var flags: DayFlags = y == year ? .selected : []
                if y < start { flags.insert(.leading) }
                if y > start + 9 { flags.insert(.trailing) }
                let y32 = Int32(clamping: y)
                guard let a = try? cal.monthSpan(year: y32, month: 1, rows: .variable).monthIndex,
                      let first = try? cal.month(index: a) else {
                    return cell(y32, 0, bounds.lowerBound, bounds.lowerBound, flags.union(.disabled))
                }
                var b = a
                while let m = try? cal.month(index: b + 1), m.extendedYear == first.extendedYear { b += 1 }
                let last = (try? cal.month(index: b).lastDay) ?? first.lastDay
                return cell(y32, 0, Int32(truncatingIfNeeded: first.firstDay), Int32(truncatingIfNeeded: last), flags)
            }
        }
    }

    /// The cells with their frames: three columns between the insets (mirrored right to
    /// left), rows sharing the area from below the title to the content's bottom.
    static func pickerCells(_ picker: Picker, _ s: ViewState) throws(KalendsError) -> [PickerCell] {
        guard let g = ViewGeometry(s), let size = intrinsicSize(of: s) else { throw View.noWidth }
        let m = s.metrics
        let items = try pickerItems(picker, s)
        let left = m.insets.left, right = max(left, m.width - m.insets.right)
        let columns = Columns(count: 3, left: left, right: right, spacing: m.columnSpacing, scale: m.scale,
                              rightToLeft: s.options.rightToLeft)
        let top = m.weekdayHeight > 0 ? g.header.maxY : g.weekdayTop
        let bottom = max(top, size.height - m.insets.bottom)
        let rows = (items.count + 2) / 3
        let height = max(0, (bottom - top - Double(rows - 1) * m.rowSpacing) / Double(rows))
        let snapY = m.scale > 0 && height * m.scale >= 1
        return items.enumerated().map { i, item in
            let (x0, x1) = columns.edges(i % 3)
            let y = top + Double(i / 3) * (height + m.rowSpacing)
            let y0 = Columns.snap(y, m.scale, snapY), y1 = Columns.snap(y + height, m.scale, snapY)
            return PickerCell(year: item.year, month: item.month, firstDay: item.firstDay, lastDay: item.lastDay,
                              flags: item.flags, frame: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }
}
