/// Walks the days of consecutive months of a system: `date(_:)` for increasing day
/// numbers costs a comparison per day and one `month(index:)` per month change.
/// The secondary dates of a grid's days, for increasing day numbers.
@usableFromInline
protocol SecondaryDates {
    /// Whether the grid has a secondary system at all.
    static var isActive: Bool { get }
    /// The date of day `z` (not before the previous call's), nil outside the system's days.
    mutating func date(_ z: Int) -> SystemDate?
}

extension SecondaryDates {
    /// Day `z`'s secondary date as a Day stores it (zeros outside the system's days),
    /// its flags added to `bits`.
    @inlinable
    @inline(__always)
    mutating func fields(_ z: Int, _ bits: inout UInt32) -> (era: Int16, year: Int32, month: UInt8, day: UInt8) {
        bits |= Day.hasSecondary
        guard let q = date(z) else { return (0, 0, 0, 0) }
        bits |= q.isLeapMonth ? Day.secondaryLeap : 0
        return (Int16(truncatingIfNeeded: q.era), q.year, UInt8(truncatingIfNeeded: q.month), UInt8(truncatingIfNeeded: q.day))
    }
}

/// A grid without a secondary system.
@usableFromInline
struct NoSecondaryDates: SecondaryDates {
    @inlinable init() {}
    @inlinable static var isActive: Bool { false }
    @inlinable @inline(__always) mutating func date(_ z: Int) -> SystemDate? { nil }
}

@usableFromInline
struct MonthCursor: SecondaryDates {
    @usableFromInline static var isActive: Bool { true }

    let system: any CalendarSystem
    let perDay: Bool
    let lower: Int
    let upper: Int
    private(set) var index: Int
    private var month: SystemMonth
    private var lastDay: Int

    /// A cursor from `day`; an inactive one (`active` false) asks the system nothing
    /// and must not be used (grids without a secondary system keep one of those
    /// rather than an optional, whose copies cost more than the days).
    @usableFromInline
    init(_ system: AnyCalendarSystem, _ day: Int, active: Bool = true) {
        self.system = system.base
        guard active else {
            perDay = false
            lower = 0
            upper = -1
            index = 0
            month = SystemMonth(era: 0, year: 0, month: 0, isLeapMonth: false, extendedYear: 0, firstDay: 0, length: 0)
            lastDay = Int.max
            return
        }
        perDay = system.base.hasEraChangesWithinMonths
        let range = system.base.dayRange
        lower = range.lowerBound
        upper = range.upperBound
        let z = min(max(day, lower), upper)
        index = system.base.monthIndex(dayNumber: z)
        month = system.base.month(index: index)
        lastDay = month.firstDay + month.length - 1
    }

    /// The date of day `z`, not before the previous call's day; nil outside the
    /// system's days.
    @usableFromInline
    @inline(__always)
    mutating func date(_ z: Int) -> SystemDate? {
        if z > lastDay { advance(z) }
        if perDay || z < month.firstDay || z > lastDay {
            return z >= lower && z <= upper ? system.date(dayNumber: z) : nil
        }
        return SystemDate(era: month.era, year: month.year, month: month.month,
                          day: Int32(truncatingIfNeeded: z &- month.firstDay &+ 1), isLeapMonth: month.isLeapMonth)
    }

    private mutating func advance(_ z: Int) {
        while z > lastDay && z <= upper {
            index += 1
            month = system.month(index: index)
            lastDay = month.firstDay + month.length - 1
        }
    }
}
