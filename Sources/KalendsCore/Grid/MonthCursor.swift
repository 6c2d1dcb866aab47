/// Walks the days of consecutive months of a system: `date(_:)` for increasing day
/// numbers costs a comparison per day and one `month(index:)` per month change.
@usableFromInline
struct MonthCursor {
    let system: any CalendarSystem
    let gregorian: Bool
    let perDay: Bool
    private(set) var index: Int
    private var month: SystemMonth

    @usableFromInline
    init(_ system: AnyCalendarSystem, _ day: Int) {
        self.system = system.base
        gregorian = system.isGregorian
        perDay = system.base.hasEraChangesWithinMonths
        let range = system.base.dayRange
        let z = min(max(day, range.lowerBound), range.upperBound)
        index = system.base.monthIndex(dayNumber: z)
        month = system.base.month(index: index)
    }

    /// The date of day `z`, not before the previous call's day; nil outside the
    /// system's days.
    @usableFromInline
    mutating func date(_ z: Int) -> SystemDate? {
        while z > month.lastDay && z <= system.dayRange.upperBound {
            index += 1
            month = system.month(index: index)
        }
        if perDay || z < month.firstDay || z > month.lastDay {
            return system.dayRange.contains(z) ? system.date(dayNumber: z) : nil
        }
        return SystemDate(era: month.era, year: month.year, month: month.month,
                          day: Int32(truncatingIfNeeded: z - month.firstDay + 1), isLeapMonth: month.isLeapMonth)
    }
}
