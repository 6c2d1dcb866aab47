/// The days a grid shows, before any day is built: `count` consecutive days from day
/// number `first`, in rows of seven that start on the calendar's first weekday, with
/// in-month / leading / trailing flags relative to the month `year`-`month` (of the
/// calendar's system: for Gregorian the civil year and month, otherwise the system's
/// extended year and month), whose continuous index is `monthIndex`.
/// Knowing the span first lets callers size buffers and query events for the visible
/// range without building the grid.
public struct GridSpan: Hashable, Sendable {
    public let first: Int32
    public let count: Int32
    public let year: Int32
    public let month: Int32
    /// The reference month's index in the calendar's system.
    public let monthIndex: Int

    public var rows: Int32 { count / 7 }
    public var range: DayRange { DayRange(first: first, last: first + count - 1) }

    /// A span of a Gregorian calendar: the month index is `year * 12 + month - 1`.
    @inlinable
    init(first: Int32, count: Int32, year: Int32, month: Int32) {
        self.first = first
        self.count = count
        self.year = year
        self.month = month
        monthIndex = Int(year) * 12 + Int(month) - 1
    }

    init(first: Int32, count: Int32, month m: SystemMonth, index: Int) {
        self.first = first
        self.count = count
        year = Int32(truncatingIfNeeded: m.extendedYear)
        month = m.month
        monthIndex = index
    }

    /// The same reference month, other days.
    func with(first: Int32, count: Int32) -> GridSpan {
        GridSpan(first: first, count: count, year: year, month: month, monthIndex: monthIndex)
    }

    init(first: Int32, count: Int32, year: Int32, month: Int32, monthIndex: Int) {
        self.first = first
        self.count = count
        self.year = year
        self.month = month
        self.monthIndex = monthIndex
    }
}
