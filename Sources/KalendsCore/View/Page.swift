/// What a view shows: its mode, the date the page is about and the days visible
/// (the C ABI's `kalends_page`).
public struct Page: Hashable, Sendable {
    public let mode: DisplayMode
    /// The date the page is about: week mode shows its week, day mode that day,
    /// month mode its month.
    public let anchor: Int32
    /// Year and month of the anchor: the month in-month flags refer to (Gregorian:
    /// civil year and month; other systems: the extended year and month).
    public let year: Int32
    public let month: Int32
    /// First and last visible day.
    public let first: Int32
    public let last: Int32
    /// The anchor's month in the calendar's system: its index, era, year, month, leap
    /// flag and days (a title shows its era, year and month).
    public let systemMonth: SystemMonth
    public let monthIndex: Int
    /// Several months (month mode, `ViewOptions.months` > 1): each month's grid, the
    /// page's month first; empty for one month.
    public internal(set) var monthSpans: [GridSpan] = []
    /// Several months: the last day of the last month (the page's period ends there).
    public internal(set) var lastMonthDay: Int32 = 0

    public var range: DayRange { DayRange(first: first, last: last) }
}

/// A page change: the outgoing page and the incoming one, so that a host can slide
/// one over the other (Kal's front and back grids). (The C ABI's `kalends_transition`.)
public struct Transition: Hashable, Sendable {
    public let direction: Direction
    public let from: Page
    public let to: Page

    public var changed: Bool { from != to }
}

/// A mode change and the content height before and after it (the C ABI's
/// `kalends_mode_change`); heights are nil while the view's width is unknown.
public struct ModeChange: Hashable, Sendable {
    public let from: DisplayMode
    public let to: DisplayMode
    public let heightBefore: Double?
    public let heightAfter: Double?
}
