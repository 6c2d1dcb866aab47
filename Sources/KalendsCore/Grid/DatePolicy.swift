/// JTAppleCalendar's date policies as one value: which of a month grid's days from the
/// neighbouring months are shown. Leading days (in-dates) follow `inDates` and the
/// month's position among the months shown; trailing days (out-dates) follow
/// `outDates` (the row count, till the end of the row or of a six-row grid, is `Rows`).
/// A day that is not shown keeps its cell, flagged `.hidden`.
public struct DatePolicy: Hashable, Sendable {
    public var inDates: InDates
    public var outDates: OutDates

    public init(inDates: InDates = .allMonths, outDates: OutDates = .show) {
        self.inDates = inDates
        self.outDates = outDates
    }

    /// Whether the month at `position` (0: the first month a view or a scrolling
    /// calendar shows) shows its leading days.
    @inlinable
    public func showsLeading(position: Int) -> Bool {
        if outDates == .hide { return false }
        switch inDates {
        case .allMonths: return true
        case .firstMonthOnly: return position == 0
        case .off: return false
        }
    }

    /// Whether months show their trailing days.
    @inlinable
    public var showsTrailing: Bool { outDates == .show }

    /// Whether a day of these grid flags is hidden in the month at `position`.
    @inlinable
    public func hides(_ flags: DayFlags, position: Int) -> Bool {
        if flags.contains(.leading) { return !showsLeading(position: position) }
        if flags.contains(.trailing) { return !showsTrailing }
        return false
    }
}
