/// The days a grid shows, before any day is built: `count` consecutive days from day
/// number `first`, in rows of seven that start on the calendar's first weekday, with
/// in-month / leading / trailing flags relative to the month `year`-`month`.
/// Knowing the span first lets callers size buffers and query events for the visible
/// range without building the grid.
public struct GridSpan: Hashable, Sendable {
    public let first: Int32
    public let count: Int32
    public let year: Int32
    public let month: Int32

    public var rows: Int32 { count / 7 }
    public var range: DayRange { DayRange(first: first, last: first + count - 1) }

    @inlinable
    init(first: Int32, count: Int32, year: Int32, month: Int32) {
        self.first = first
        self.count = count
        self.year = year
        self.month = month
    }
}
