/// One element of a view and its frame (the C ABI's `kalends_element`).
public struct Element: Hashable, Sendable {
    public var kind: ElementKind
    /// Day: index among the visible days. Weekday label: its column (0 = the first
    /// weekday, before any right-to-left mirroring).
    public var index: Int32
    /// Day: its day number. Weekday label: the ISO weekday. Header and title: the
    /// page's anchor.
    public var dayNumber: Int32
    /// Day: its flags. Previous / next button: `.disabled` when no page lies that way.
    public var flags: DayFlags
    public var frame: Rect
    /// Opacity for transitions (`View.transitionLayout`); 1 elsewhere.
    public var alpha: Double = 1
    /// In a transition: the element belongs to the outgoing page.
    public var outgoing: Bool = false

    public init(kind: ElementKind, index: Int32 = 0, dayNumber: Int32 = 0, flags: DayFlags = [], frame: Rect = .zero) {
        self.kind = kind
        self.index = index
        self.dayNumber = dayNumber
        self.flags = flags
        self.frame = frame
    }

    public static let nothing = Element(kind: .none)
}

/// The snapped lines a view's elements sit on, as arithmetic: building one allocates
/// nothing, and an edge or the column under a point is a few operations (O(1)).
struct ViewGeometry {
    let columns: Columns
    let rowCount: Int
    private let gridTop: Double
    private let rowHeight: Double
    private let rowPitch: Double
    private let scale: Double
    private let snapY: Bool
    let header: Rect
    let title: Rect
    let previous: Rect
    let next: Rect
    let weekdayTop: Double
    let weekdayBottom: Double
    let height: Double

    var columnCount: Int { columns.count }

    /// Device-pixel snapping: each edge goes to the nearest multiple of 1/scale, so
    /// neighbouring cells share an edge exactly and the cells tile the width. Along an
    /// axis where a column (or row) would get less than one device pixel, edges stay
    /// exact instead: no cell ever collapses to nothing.
    init?(_ s: ViewState) {
        let m = s.metrics
        guard m.width > 0 else { return nil }
        let columnCount = s.options.mode == .day ? 1 : 7
        rowCount = max(1, Int(s.page.last - s.page.first + 1) / columnCount)
        let left = m.insets.left
        let right = max(left, m.width - m.insets.right)
        columns = Columns(count: columnCount, left: left, right: right, spacing: m.columnSpacing, scale: m.scale,
                          rightToLeft: s.options.rightToLeft)
        rowHeight = m.rowHeight(contentWidth: right - left)
        gridTop = m.insets.top + m.headerHeight + m.weekdayHeight
        rowPitch = rowHeight + m.rowSpacing
        scale = m.scale
        snapY = scale > 0 && rowHeight * scale >= 1

        let top = m.insets.top
        let headerTop = Columns.snap(top, scale, snapY)
        let headerBottom = Columns.snap(top + m.headerHeight, scale, snapY)
        // Without a separate weekday row the weekday symbols take the header's bottom
        // strip and the title and buttons the rest (MBCalendarKit 5).
        let strip = m.weekdayHeight > 0 ? 0 : Metrics.weekdayStrip(header: m.headerHeight)
        let titleBottom = Columns.snap(top + m.headerHeight - strip, scale, snapY)
        let button = min(m.headerHeight - strip, (right - left) / 3)
        let x0 = columns.snap(left), x1 = columns.snap(right)
        let b0 = columns.snap(left + button), b1 = columns.snap(right - button)
        let startButton = Rect(x: x0, y: headerTop, width: b0 - x0, height: titleBottom - headerTop)
        let endButton = Rect(x: b1, y: headerTop, width: x1 - b1, height: titleBottom - headerTop)
        header = Rect(x: x0, y: headerTop, width: x1 - x0, height: headerBottom - headerTop)
        previous = s.options.rightToLeft ? endButton : startButton
        next = s.options.rightToLeft ? startButton : endButton
        title = Rect(x: startButton.maxX, y: headerTop, width: max(0, endButton.x - startButton.maxX),
                     height: titleBottom - headerTop)
        weekdayTop = m.weekdayHeight > 0 ? headerBottom : titleBottom
        weekdayBottom = m.weekdayHeight > 0 ? Columns.snap(gridTop, scale, snapY) : headerBottom
        let lastRowBottom = gridTop + Double(rowCount) * rowHeight + Double(rowCount - 1) * m.rowSpacing
        height = Columns.snap(lastRowBottom + m.insets.bottom, scale, snapY)
    }

    func rowEdges(_ r: Int) -> (Double, Double) {
        let y0 = gridTop + Double(r) * rowPitch
        return (Columns.snap(y0, scale, snapY), Columns.snap(y0 + rowHeight, scale, snapY))
    }

    func cell(_ index: Int) -> Rect {
        let (x0, x1) = columns.edges(index % columnCount)
        let (y0, y1) = rowEdges(min(index / columnCount, rowCount - 1))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func weekdayLabel(_ column: Int) -> Rect {
        let (x0, x1) = columns.edges(column)
        return Rect(x: x0, y: weekdayTop, width: x1 - x0, height: weekdayBottom - weekdayTop)
    }

    func column(at x: Double) -> Int? { columns.column(at: x) }

    func row(at y: Double) -> Int? {
        guard rowPitch > 0 else { return nil }
        let guess = Int(flooring: (y - gridTop) / rowPitch, clampedTo: -1...rowCount, nan: -1)
        for r in max(0, guess - 1)...min(rowCount - 1, max(0, guess + 1)) {
            let (y0, y1) = rowEdges(r)
            if y >= y0 && y < y1 { return r }
        }
        return nil
    }
}

extension View {
    /// The content size: the container width, and the height of header, weekday row
    /// and the rows of the current mode. `.noIntrinsicMetric` while the width is 0.
    public func intrinsicSize() throws(KalendsError) -> Size {
        guard let size = View.intrinsicSize(of: state) else { throw View.noWidth }
        return size
    }

    /// The content size the view would have at `width` (its metrics otherwise), without
    /// changing it: what Auto Layout asks a view item for.
    public func intrinsicSize(forWidth width: Double) throws(KalendsError) -> Size {
        guard width.isFinite, width > 0 else {
            throw KalendsError(.invalidArgument, "width \(width) is not a positive finite width")
        }
        var s = state
        s.metrics.width = width
        guard let size = View.intrinsicSize(of: s) else { throw View.noWidth }
        return size
    }

    static func intrinsicSize(of s: ViewState) -> Size? {
        if showsMonths(s) { return MonthsGeometry(s).map { Size(width: s.metrics.width, height: $0.height) } }
        return ViewGeometry(s).map { Size(width: s.metrics.width, height: $0.height) }
    }

    static var noWidth: KalendsError {
        KalendsError(.noIntrinsicMetric, "the view has no width yet: set metrics.width to the container's width")
    }

    /// Every element of the current page with its frame: header, title, previous and
    /// next buttons, weekday labels, day cells.
    public func layout() throws(KalendsError) -> [Element] {
        try layout(of: state, days: try days())
    }

    func layout(of s: ViewState, days: [Day]) throws(KalendsError) -> [Element] {
        if View.showsMonths(s) { return try monthsLayout(of: s, days: days) }
        guard let g = ViewGeometry(s) else { throw View.noWidth }
        var out: [Element] = []
        out.reserveCapacity(4 + g.columnCount + days.count)
        out.append(Element(kind: .header, dayNumber: s.page.anchor, frame: g.header))
        out.append(Element(kind: .title, dayNumber: s.page.anchor, frame: g.title))
        out.append(Element(kind: .previous, dayNumber: s.page.anchor,
                           flags: canTurn(.backward, s) ? [] : .disabled, frame: g.previous))
        out.append(Element(kind: .next, dayNumber: s.page.anchor,
                           flags: canTurn(.forward, s) ? [] : .disabled, frame: g.next))
        for c in 0..<g.columnCount {
            let weekday = s.options.mode == .day
                ? Weekday(dayNumber: s.page.anchor).rawValue
                : (s.calendar.options.firstWeekday.rawValue - 1 + Int32(c)) % 7 + 1
            out.append(Element(kind: .weekday, index: Int32(c), dayNumber: weekday, frame: g.weekdayLabel(c)))
        }
        for (i, day) in days.enumerated() {
            out.append(Element(kind: .day, index: Int32(i), dayNumber: day.dayNumber, flags: day.flags, frame: g.cell(i)))
        }
        return out
    }

    /// Whether a page lies in that direction within the view's dates.
    func canTurn(_ direction: Direction, _ s: ViewState) -> Bool {
        let target = clamp(View.step(s.anchor, in: s, by: Int(direction.rawValue)), s.bounds)
        return !View.samePeriod(target, s.anchor, s)
    }

    /// The element under a point: a day (not a hidden one), a weekday label, a header
    /// button, the title, the header, or `.none`. Agrees with `layout()`: the centre
    /// of every frame hits its own element.
    public func hitTest(_ point: Point) throws(KalendsError) -> Element {
        guard let g = ViewGeometry(state) else { throw View.noWidth }
        guard point.x.isFinite, point.y.isFinite else {
            throw KalendsError(.invalidArgument, "point (\(point.x), \(point.y)) is not finite")
        }
        let s = state
        if View.showsMonths(s) { return try monthsHitTest(point, s) }
        if g.previous.contains(point) {
            return Element(kind: .previous, dayNumber: s.page.anchor, flags: canTurn(.backward, s) ? [] : .disabled,
                           frame: g.previous)
        }
        if g.next.contains(point) {
            return Element(kind: .next, dayNumber: s.page.anchor, flags: canTurn(.forward, s) ? [] : .disabled,
                           frame: g.next)
        }
        if g.title.contains(point) { return Element(kind: .title, dayNumber: s.page.anchor, frame: g.title) }
        // The weekday labels may lie inside the header (its bottom strip): they come first.
        let column = g.column(at: point.x)
        if let column, point.y >= g.weekdayTop && point.y < g.weekdayBottom {
            let layoutWeekday = s.options.mode == .day
                ? Weekday(dayNumber: s.page.anchor).rawValue
                : (s.calendar.options.firstWeekday.rawValue - 1 + Int32(column)) % 7 + 1
            return Element(kind: .weekday, index: Int32(column), dayNumber: layoutWeekday, frame: g.weekdayLabel(column))
        }
        if g.header.contains(point) { return Element(kind: .header, dayNumber: s.page.anchor, frame: g.header) }
        guard let column else { return .nothing }
        guard let row = g.row(at: point.y) else { return .nothing }
        let index = row * g.columnCount + column
        guard let day = try day(at: index, of: s), !day.flags.contains(.hidden) else { return .nothing }
        return Element(kind: .day, index: Int32(index), dayNumber: day.dayNumber, flags: day.flags, frame: g.cell(index))
    }
}
