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
/// Defaults follow MBCalendarKit: a 44-point header and square cells.
public struct Metrics: Hashable, Sendable {
    /// The container's width; 0 means not known yet, and then the view has no
    /// intrinsic size and no frames (`.noIntrinsicMetric`).
    public var width: Double
    public var headerHeight: Double
    public var weekdayHeight: Double
    public var insets: Insets
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var rowHeight: RowHeight
    /// Device pixels per point for snapping (1, 2, 3, 2.5...); 0 turns snapping off.
    public var scale: Double

    public init(width: Double = 0, headerHeight: Double = 44, weekdayHeight: Double = 20,
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
