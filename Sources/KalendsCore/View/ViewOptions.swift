/// Behaviour of a calendar view (the C ABI's `kalends_view_options`).
public struct ViewOptions: Hashable, Sendable {
    public var mode: DisplayMode
    public var rows: Rows
    public var outDates: OutDates
    public var selectionMode: SelectionMode
    public var outDateTap: OutDateTap
    /// Mirror the columns: the first weekday on the right.
    public var rightToLeft: Bool
    /// Pages and selection stay within these dates (inclusive).
    public var minDate: Date?
    public var maxDate: Date?
    /// Leading days of month pages (JTAppleCalendar's in-dates; `outDates` hides them too).
    public var inDates: InDates = .allMonths
    /// Month mode: how many months a page shows (1...12), the page's month first.
    public var months: Int32 = 1
    /// Several months: page by all of them (`.visible`) or by one (`.single`).
    public var pageBehavior: PageBehavior = .visible
    /// Several months: months per row (0: as many as fit at `monthMinWidth`).
    public var monthColumns: Int32 = 0
    /// Several months: the space between months, across and down.
    public var monthSpacing: Double = 16

    /// The most months a page shows.
    public static let maxMonths: Int32 = 12
    /// The narrowest a month gets when `monthColumns` is 0.
    public static let monthMinWidth = 224.0

    /// The date policies of month pages.
    public var datePolicy: DatePolicy { DatePolicy(inDates: inDates, outDates: outDates) }

    public init(mode: DisplayMode = .month, rows: Rows = .fixed, outDates: OutDates = .show,
                selectionMode: SelectionMode = .single, outDateTap: OutDateTap = .pageAndSelect,
                rightToLeft: Bool = false, minDate: Date? = nil, maxDate: Date? = nil, inDates: InDates = .allMonths,
                months: Int32 = 1, pageBehavior: PageBehavior = .visible, monthColumns: Int32 = 0, monthSpacing: Double = 16) {
        self.mode = mode
        self.rows = rows
        self.outDates = outDates
        self.selectionMode = selectionMode
        self.outDateTap = outDateTap
        self.rightToLeft = rightToLeft
        self.minDate = minDate
        self.maxDate = maxDate
        self.inDates = inDates
        self.months = months
        self.pageBehavior = pageBehavior
        self.monthColumns = monthColumns
        self.monthSpacing = monthSpacing
    }

    public func validate() throws(KalendsError) {
        guard (1...ViewOptions.maxMonths).contains(months) else {
            throw KalendsError(.invalidArgument, "months \(months) is not in 1...\(ViewOptions.maxMonths)")
        }
        guard (0...ViewOptions.maxMonths).contains(monthColumns) else {
            throw KalendsError(.invalidArgument, "month columns \(monthColumns) is not in 0...\(ViewOptions.maxMonths)")
        }
        guard monthSpacing.isFinite, monthSpacing >= 0, monthSpacing <= Metrics.maxLength else {
            throw KalendsError(.invalidArgument, "month spacing \(monthSpacing) is not a length in 0...\(Int(Metrics.maxLength))")
        }
        if let minDate, let maxDate, maxDate < minDate {
            throw KalendsError(.invalidArgument, "maximum date \(maxDate) is before minimum date \(minDate)")
        }
    }

    /// Day numbers of the bounds, the whole supported range where unset.
    var bounds: ClosedRange<Int32> {
        (minDate?.dayNumber ?? Gregorian.minDayNumber)...(maxDate?.dayNumber ?? Gregorian.maxDayNumber)
    }
}
