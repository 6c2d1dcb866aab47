/// BYWEEKNO counted in a calendar system's years (RFC 5545's weeks: they start on WKST,
/// week 1 is the first with at least 4 days of the year, negative numbers count from the
/// week year's last week). A week belongs to one week year, but its days can lie in the
/// system year before or after it: week 1 often starts in the previous year's last days,
/// and the last week can end in the next year's first ones. A span's days in the named
/// weeks are therefore looked up in the week years around it, as the Gregorian engine
/// does (a day counts in the period, system year or month, that holds it).
enum ScaledWeeks {
    /// Appends the days of `first...last` that lie in a week `weekNos` names of a week
    /// year of `around` widened by one year each side (clamped to `years`, the system's
    /// extended years; the last one's weeks are taken to run 53 weeks), unsorted.
    /// O(weekNos × years looked at × 7).
    static func appendDays(_ system: AnyCalendarSystem, rule: WeekRule, weekNos: [Int32], around: ClosedRange<Int>,
                           years: ClosedRange<Int>, first: Int, last: Int, into days: inout [Int]) {
        let base = system.base
        let lo = max(around.lowerBound - 1, years.lowerBound), hi = min(around.upperBound + 1, years.upperBound)
        guard lo <= hi, first <= last else { return }
        for wy in lo...hi {
            let start = base.firstWeekStart(extendedYear: wy, rule: rule)
            let next = wy < years.upperBound ? base.firstWeekStart(extendedYear: wy + 1, rule: rule) : start + 53 * 7
            let weeks = (next - start) / 7
            for wn in weekNos {
                let n = wn > 0 ? Int(wn) : weeks + Int(wn) + 1
                guard n >= 1, n <= weeks else { continue }
                let s = start + (n - 1) * 7
                for d in s..<s + 7 where d >= first && d <= last { days.append(d) }
            }
        }
    }
}
