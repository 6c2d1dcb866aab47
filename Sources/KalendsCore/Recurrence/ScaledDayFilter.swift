/// RFC 7529 RSCALE for rules finer than MONTHLY (WEEKLY, DAILY, HOURLY, MINUTELY,
/// SECONDLY). Their periods (weeks, days, hours, ...) are the same in every calendar;
/// BYMONTH (leap months "5L" too), BYMONTHDAY, BYYEARDAY and BYWEEKNO limit the days,
/// counted in the system's months and years (BYMONTHDAY=1: the first of each of the
/// system's months; BYYEARDAY=1: its new year; BYWEEKNO: weeks starting on WKST, week 1
/// the first with 4 days in the system's year). BYDAY stays the Gregorian engine's
/// plain-weekday filter.
///
/// SKIP does nothing here: a limit never makes a day, so there is no invalid date for
/// SKIP to move (RFC 7529 applies SKIP to the dates a rule's expansion makes; libical
/// 3.0.16 agrees: RSCALE=HEBREW;FREQ=DAILY;BYMONTHDAY=30;SKIP=BACKWARD gives only the 30ths
/// of 30-day months). A rule with SKIP here is accepted and expands as with OMIT.
///
/// The passing days of one system year are computed once (O(candidate days of the
/// year): the named month days, year days, weeks, or the named months' days) and
/// cached; a day's verdict is a binary search in them.
final class ScaledDayFilter {
    let system: AnyCalendarSystem
    private let months: [RuleMonth]
    private let monthDays: [Int32]
    private let yearDays: [Int32]
    private let weekNos: [Int32]
    private let weekRule: WeekRule
    /// The system's days within 0001-01-01 ... 9999-12-31, and the extended years they span.
    private let firstDay: Int
    private let lastDay: Int
    private let years: ClosedRange<Int>
    /// The passing days of the last two system years asked for (a Gregorian year, a
    /// week, spans two).
    /// With their first and last days, which answer `year(ofDay:)` for the days in them
    /// without a month lookup (a Chinese month's is a table search).
    private var cache: (year: Int, first: Int, last: Int, days: [Int]) = (Int.min, 1, 0, [])
    private var olderCache: (year: Int, first: Int, last: Int, days: [Int]) = (Int.min, 1, 0, [])

    /// The filter of `rule` (nil: no RSCALE, RSCALE=GREGORIAN, YEARLY or MONTHLY, or no
    /// BYMONTH, BYMONTHDAY, BYYEARDAY or BYWEEKNO: the Gregorian engine's own rule).
    static func make(rule: RecurrenceRule) throws(KalendsError) -> ScaledDayFilter? {
        guard rule.frequency > .monthly, let name = rule.rscale else { return nil }
        let system = try RecurrenceScale.system(named: name)
        if system.identifier == "gregorian" || system.identifier == "iso8601" { return nil }
        guard !rule.byMonth.isEmpty || !rule.byLeapMonth.isEmpty || !rule.byMonthDay.isEmpty
                || !rule.byYearDay.isEmpty || !rule.byWeekNo.isEmpty else { return nil }
        return ScaledDayFilter(rule: rule, system: system)
    }

    private init(rule: RecurrenceRule, system: AnyCalendarSystem) {
        self.system = system
        months = rule.byMonth.map { RuleMonth($0) } + rule.byLeapMonth.map { RuleMonth($0, leap: true) }
        monthDays = rule.byMonthDay.filter { $0 != 0 }
        yearDays = rule.byYearDay.filter { $0 != 0 }
        weekNos = rule.byWeekNo.filter { $0 != 0 }
        weekRule = WeekRule(uncheckedFirstWeekday: rule.effectiveWeekStart, minDaysInFirstWeek: 4)
        let range = system.base.dayRange
        firstDay = max(range.lowerBound, Int(TimeText.minDay))
        lastDay = min(range.upperBound, Int(TimeText.maxDay))
        let base = system.base
        years = base.month(index: base.monthIndex(dayNumber: firstDay)).extendedYear
            ... base.month(index: base.monthIndex(dayNumber: lastDay)).extendedYear
    }

    /// Days of a year passing, roughly (to choose the generator of candidate days).
    var estimatedDaysPerYear: Int {
        let monthCount = months.isEmpty ? 12 : months.count
        if !monthDays.isEmpty { return monthDays.count * monthCount }
        if !yearDays.isEmpty { return yearDays.count }
        if !weekNos.isEmpty { return 7 * weekNos.count }
        return 30 * monthCount
    }

    /// The extended year holding a day (clamped to the system's days).
    private func year(ofDay d: Int) -> Int {
        if d >= cache.first && d <= cache.last { return cache.year }
        if d >= olderCache.first && d <= olderCache.last { return olderCache.year }
        let c = min(max(d, firstDay), lastDay)
        return system.base.month(index: system.base.monthIndex(dayNumber: c)).extendedYear
    }

    /// First and last day of a system year (the last year ends at the last day converted).
    private func bounds(ofYear y: Int) -> (first: Int, last: Int) {
        let base = system.base
        let first = base.yearStart(extendedYear: y)
        let last = y < years.upperBound ? base.yearStart(extendedYear: y + 1) - 1 : base.dayRange.upperBound
        return (first, last)
    }

    /// Whether day `d` passes every calendar part.
    func passes(_ d: Int) -> Bool {
        guard d >= firstDay && d <= lastDay else { return false }
        let days = passingDays(ofYear: year(ofDay: d))
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo < days.count && days[lo] == d
    }

    /// The passing days of first...last (day numbers), ascending, appended to `out`.
    func passingDays(_ first: Int64, _ last: Int64, into out: inout [Int64]) {
        let lo = max(Int(first), firstDay), hi = min(Int(last), lastDay)
        guard lo <= hi else { return }
        var y = year(ofDay: lo)
        let yLast = year(ofDay: hi)
        while y <= yLast {
            for d in passingDays(ofYear: y) where d >= lo && d <= hi { out.append(Int64(d)) }
            y += 1
        }
    }

    /// The passing days of system year `y`, ascending (cached for the last year asked).
    private func passingDays(ofYear y: Int) -> [Int] {
        if cache.year == y { return cache.days }
        if olderCache.year == y {
            swap(&cache, &olderCache)
            return cache.days
        }
        var days: [Int] = []
        let base = system.base
        let (yFirst, yLast) = bounds(ofYear: y)
        let indexes = base.monthIndexes(extendedYear: y)
        let all = max(indexes.lowerBound, base.monthIndexRange.lowerBound)..<min(indexes.upperBound, base.monthIndexRange.upperBound + 1)
        // Candidates from the most selective part; the parts it does not imply checked below.
        var implied: (months: Bool, monthDays: Bool, yearDays: Bool, weekNos: Bool) = (false, false, false, false)
        if !monthDays.isEmpty {
            implied.months = true
            implied.monthDays = true
            for i in all {
                let m = base.month(index: i)
                guard monthNamed(m) else { continue }
                for md in monthDays where Int(md.magnitude) <= m.length {
                    days.append(md > 0 ? m.firstDay + Int(md) - 1 : m.lastDay + Int(md) + 1)
                }
            }
        } else if !yearDays.isEmpty {
            implied.yearDays = true
            let length = yLast - yFirst + 1
            for yd in yearDays where Int(yd.magnitude) <= length {
                days.append(yd > 0 ? yFirst + Int(yd) - 1 : yLast + Int(yd) + 1)
            }
        } else if !weekNos.isEmpty {
            implied.weekNos = true
            // A week of the year before or after can hold days of this year.
            ScaledWeeks.appendDays(system, rule: weekRule, weekNos: weekNos, around: y...y, years: years,
                                   first: yFirst, last: yLast, into: &days)
        } else {
            implied.months = true
            for i in all {
                let m = base.month(index: i)
                if monthNamed(m) { days.append(contentsOf: m.firstDay...m.lastDay) }
            }
        }
        days.sort()
        var kept: [Int] = []
        kept.reserveCapacity(days.count)
        for d in days where d >= firstDay && d <= lastDay && kept.last != d && check(d, yFirst, yLast, implied) {
            kept.append(d)
        }
        olderCache = cache
        cache = (y, yFirst, yLast, kept)
        return kept
    }

    private func monthNamed(_ m: SystemMonth) -> Bool {
        months.isEmpty || months.contains(RecurrenceScale.ruleMonth(system, month: m.month, isLeapMonth: m.isLeapMonth))
    }

    /// Every part the candidates do not imply, for a day of the year yFirst...yLast.
    private func check(_ d: Int, _ yFirst: Int, _ yLast: Int,
                       _ implied: (months: Bool, monthDays: Bool, yearDays: Bool, weekNos: Bool)) -> Bool {
        let base = system.base
        if (!months.isEmpty && !implied.months) || (!monthDays.isEmpty && !implied.monthDays) {
            let m = base.month(index: base.monthIndex(dayNumber: d))
            if !monthNamed(m) { return false }
            let fromStart = Int32(d - m.firstDay + 1), fromEnd = -Int32(m.lastDay - d + 1)
            if !monthDays.isEmpty && !monthDays.contains(fromStart) && !monthDays.contains(fromEnd) { return false }
        }
        if !yearDays.isEmpty && !implied.yearDays {
            let fromStart = Int32(d - yFirst + 1), fromEnd = -Int32(yLast - d + 1)
            if !yearDays.contains(fromStart) && !yearDays.contains(fromEnd) { return false }
        }
        if !weekNos.isEmpty && !implied.weekNos {
            let w = base.weekOfYear(dayNumber: d, rule: weekRule)
            let wy = Int(w.year)
            let start = base.firstWeekStart(extendedYear: wy, rule: weekRule)
            let next = wy < years.upperBound ? base.firstWeekStart(extendedYear: wy + 1, rule: weekRule) : start + 53 * 7
            let weeks = Int32((next - start) / 7)
            if !weekNos.contains(w.week) && !weekNos.contains(w.week - weeks - 1) { return false }
        }
        return true
    }
}
