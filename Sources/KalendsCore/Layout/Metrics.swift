/// How tall a row of day cells is (the C ABI's `KALENDS_ROW_HEIGHT_*`).
public enum RowHeight: Hashable, Sendable {
    /// As tall as a cell is wide: width / days per week (MBCalendarKit's rule).
    case square
    /// A fixed height in points.
    case fixed(Double)
    /// Cell height = cell width x ratio.
    case aspectRatio(Double)
}

/// Everything that sizes a calendar view (the C ABI's `kalends_view_metrics`).
/// Defaults follow MBCalendarKit 5: a 44-point header holding the title and the weekday
/// symbols, then square cells, so a view is 44 + rows x row height high (February 2026,
/// four rows at width 320: 44 + 4 x 320 / 7 = 226.86 points before snapping).
public struct Metrics: Hashable, Sendable {
    /// The container's width; 0 means not known yet, and then the view has no
    /// intrinsic size and no frames (`.noIntrinsicMetric`).
    public var width: Double
    public var headerHeight: Double
    /// A separate weekday row between the header and the days (an option). 0, the
    /// default: the weekday symbols sit in the header's bottom strip
    /// (`weekdayStrip(header:)`), the title and buttons above them, as in MBCalendarKit.
    public var weekdayHeight: Double
    public var insets: Insets
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var rowHeight: RowHeight
    /// Device pixels per point for snapping (1, 2, 3, 2.5...); 0 turns snapping off.
    public var scale: Double

    public init(width: Double = 0, headerHeight: Double = 44, weekdayHeight: Double = 0,
                insets: Insets = Insets(), columnSpacing: Double = 0, rowSpacing: Double = 0,
                rowHeight: RowHeight = .square, scale: Double = 1) {
        self.width = width
        self.headerHeight = headerHeight
        self.weekdayHeight = weekdayHeight
        self.insets = insets
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.rowHeight = rowHeight
        self.scale = scale
    }

    /// How tall the weekday symbols are inside the header when there is no separate
    /// weekday row: MBCalendarKit 5 ends its title 10 points above the header's bottom
    /// when the header has column titles, which sit in those 10 points. A header under
    /// 20 points gives them half of it.
    public static let headerWeekdayStrip = 10.0

    /// Height of the weekday strip inside a header `header` tall (no separate row).
    public static func weekdayStrip(header: Double) -> Double { min(headerWeekdayStrip, header / 2) }

    /// The largest length any metric may have: far beyond any screen, small enough
    /// that sums of metrics stay exact integers in a Double's mantissa at any scale.
    public static let maxLength = 1_000_000.0
    public static let maxScale = 64.0

    /// Height of a row of day cells when the content is `contentWidth` wide (seven
    /// columns with the column spacing between them).
    func rowHeight(contentWidth: Double) -> Double {
        let cell = max(0, (contentWidth - 6 * columnSpacing) / 7)
        switch rowHeight {
        case .square: return cell
        case .fixed(let h): return h
        case .aspectRatio(let r): return cell * r
        }
    }

    public func validate() throws(KalendsError) {
        func length(_ v: Double, _ name: String) throws(KalendsError) {
            guard v.isFinite, v >= 0, v <= Metrics.maxLength else {
                throw KalendsError(.invalidArgument, "\(name) \(v) is not a length in 0...\(Int(Metrics.maxLength))")
            }
        }
        try length(width, "width")
        try length(headerHeight, "header height")
        try length(weekdayHeight, "weekday height")
        try length(insets.top, "top inset")
        try length(insets.left, "left inset")
        try length(insets.bottom, "bottom inset")
        try length(insets.right, "right inset")
        try length(columnSpacing, "column spacing")
        try length(rowSpacing, "row spacing")
        switch rowHeight {
        case .square: break
        case .fixed(let h):
            try length(h, "row height")
            guard h > 0 else { throw KalendsError(.invalidArgument, "row height must be above 0") }
        case .aspectRatio(let r):
            guard r.isFinite, r > 0, r <= 1000 else {
                throw KalendsError(.invalidArgument, "row aspect ratio \(r) is not in (0, 1000]")
            }
        }
        guard scale.isFinite, scale >= 0, scale <= Metrics.maxScale else {
            throw KalendsError(.invalidArgument, "scale \(scale) is not in 0...\(Int(Metrics.maxScale)) (0 turns snapping off)")
        }
    }
}
