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
    /// The reference month as the system gave it when the span was made, so a grid of
    /// the span need not ask the system for it again; tagged with the built-in system
    /// it came from (`AnyCalendarSystem.builtInCode`; 0: not known). Not part of the
    /// span's equality.
    @usableFromInline let reference: ReferenceMonth

    @usableFromInline
    struct ReferenceMonth: Sendable {
        @usableFromInline var system: UInt8 = 0
        @usableFromInline var isLeapMonth = false
        @usableFromInline var era: Int32 = 0
        @usableFromInline var year: Int32 = 0
        @usableFromInline var firstDay = 0
        @usableFromInline var length = 0
        @usableFromInline init() {}
    }

    /// The reference month, when it was made by the built-in system `code`.
    @inlinable
    func referenceMonth(system code: UInt8) -> SystemMonth? {
        guard code != 0, reference.system == code else { return nil }
        return SystemMonth(era: reference.era, year: reference.year, month: month, isLeapMonth: reference.isLeapMonth,
                           extendedYear: Int(year), firstDay: reference.firstDay, length: reference.length)
    }

    public static func == (a: GridSpan, b: GridSpan) -> Bool {
        a.first == b.first && a.count == b.count && a.year == b.year && a.month == b.month && a.monthIndex == b.monthIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(count)
        hasher.combine(year)
        hasher.combine(month)
        hasher.combine(monthIndex)
    }

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
        reference = ReferenceMonth()
    }

    /// A span whose reference month `m` (month `index`) came from the built-in system
    /// `system` (`AnyCalendarSystem.builtInCode`; 0 for another system).
    init(first: Int32, count: Int32, month m: SystemMonth, index: Int, system: UInt8 = 0) {
        self.first = first
        self.count = count
        year = Int32(truncatingIfNeeded: m.extendedYear)
        month = m.month
        monthIndex = index
        var r = ReferenceMonth()
        // Kept only when the span's fields give the month's back exactly.
        if Int(year) == m.extendedYear {
            r.system = system
            r.isLeapMonth = m.isLeapMonth
            r.era = m.era
            r.year = m.year
            r.firstDay = m.firstDay
            r.length = m.length
        }
        reference = r
    }

    /// The same reference month, other days.
    func with(first: Int32, count: Int32) -> GridSpan {
        GridSpan(first: first, count: count, year: year, month: month, monthIndex: monthIndex, reference: reference)
    }

    init(first: Int32, count: Int32, year: Int32, month: Int32, monthIndex: Int, reference: ReferenceMonth = ReferenceMonth()) {
        self.first = first
        self.count = count
        self.year = year
        self.month = month
        self.monthIndex = monthIndex
        self.reference = reference
    }
}
