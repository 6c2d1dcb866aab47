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

    /// The date policies of month pages.
    public var datePolicy: DatePolicy { DatePolicy(inDates: inDates, outDates: outDates) }

    public init(mode: DisplayMode = .month, rows: Rows = .fixed, outDates: OutDates = .show,
                selectionMode: SelectionMode = .single, outDateTap: OutDateTap = .pageAndSelect,
                rightToLeft: Bool = false, minDate: Date? = nil, maxDate: Date? = nil, inDates: InDates = .allMonths) {
        self.mode = mode
        self.rows = rows
        self.outDates = outDates
        self.selectionMode = selectionMode
        self.outDateTap = outDateTap
        self.rightToLeft = rightToLeft
        self.minDate = minDate
        self.maxDate = maxDate
        self.inDates = inDates
    }

    public func validate() throws(KalendsError) {
        if let minDate, let maxDate, maxDate < minDate {
            throw KalendsError(.invalidArgument, "maximum date \(maxDate) is before minimum date \(minDate)")
        }
    }

    /// Day numbers of the bounds, the whole supported range where unset.
    var bounds: ClosedRange<Int32> {
        (minDate?.dayNumber ?? Gregorian.minDayNumber)...(maxDate?.dayNumber ?? Gregorian.maxDayNumber)
    }
}
