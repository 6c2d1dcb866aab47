/// SKIP (RFC 7529 4.1) moves an invalid date the rule's expansion makes, and only such:
/// - BYMONTH's leap month a year lacks ("5L" in a common Hebrew year; 4.2): BACKWARD to
///   the month of its number, FORWARD to the month after that one;
/// - BYMONTHDAY's (or DTSTART's) day a month lacks (the 30th of a 29-day month):
///   BACKWARD to the month's last day, FORWARD to the next month's first;
/// - BYYEARDAY's day a year lacks (366 in a 354-day year): BACKWARD to the year's last
///   day, FORWARD to the next year's first (libical 3.0.16 reads it so too).
/// SKIP does not apply, and a value naming nothing is left out whatever SKIP says, to:
/// - BYWEEKNO's week a year lacks (53 in a 52-week year): weeks are the same 7 days in
///   every calendar, and a week moved to another week would be another week's days
///   (libical 3.0.16 also leaves it out);
/// - BYDAY's n-th weekday a month or year lacks (the 5th Monday): RFC 5545's rule;
/// - the limits of WEEKLY and finer rules (`ScaledDayFilter`): a limit makes no date.
///
/// The periods of a YEARLY or MONTHLY rule counted in a calendar system (RFC 7529
/// RSCALE): the system's years (extended years) or months (month indexes), and the days
/// each period holds, its BY parts counted in the system's months and years (BYMONTH with
/// leap months, BYMONTHDAY in the system's months, BYYEARDAY and BYWEEKNO in its years,
/// BYDAY ordinals within them), SKIP applied to the month and day BYMONTH and BYMONTHDAY
/// (or DTSTART) name when a year or month lacks them. `RuleExpander` takes its units and
/// days from here and applies the times of day, BYSETPOS, COUNT and UNTIL as for any rule.
///
/// Cost per period: O(months of the period + candidate days) system month lookups (each
/// O(1) for the arithmetic systems, a cached table lookup for the Chinese and Hebrew
/// ones); no day of a period is scanned unless a BY part generates it.
final class ScaledPeriods {
    let system: AnyCalendarSystem
    let frequency: RruleFrequency
    let skip: RruleSkip
    /// BYMONTH (or DTSTART's month for a YEARLY rule without day parts); empty: every month.
    private let months: [RuleMonth]
    private let monthDays: [Int32]
    private let yearDays: [Int32]
    private let weekNos: [Int32]
    /// Weekdays every such day (bit w - 1, w = 1 Monday ... 7 Sunday), and ordinal entries.
    private let plainWeekdays: UInt8
    private let ordinalWeekdays: [(weekday: Int, ordinal: Int)]
    private let hasWeekdays: Bool
    private let weekRule: WeekRule
    /// The days the system converts that lie in 0001-01-01 ... 9999-12-31.
    let firstDay: Int
    let lastDay: Int
    /// The extended years those days span.
    private let years: ClosedRange<Int>
    private var monthBuffer: [SystemMonth] = []
    private var dayBuffer: [Int] = []

    /// The periods of `rule` from DTSTART's day, or nil when the rule needs none (no
    /// RSCALE, or RSCALE=GREGORIAN with SKIP=OMIT and no leap month: the Gregorian engine's
    /// own rule; WEEKLY and finer rules: see `ScaledDayFilter`). Refuses what RSCALE
    /// cannot mean here: BYEASTER, a DTSTART outside the system's days.
    static func make(rule: RecurrenceRule, startDay: Int) throws(KalendsError) -> ScaledPeriods? {
        // Under dateutil semantics the rule is not validated before: RFC 7529's parts are.
        if rule.rscale != nil || rule.skip != nil || !rule.byLeapMonth.isEmpty { try RecurrenceScale.validate(rule) }
        guard let name = rule.rscale else { return nil }
        let system = try RecurrenceScale.system(named: name)
        let gregorian = system.identifier == "gregorian" || system.identifier == "iso8601"
        if gregorian && rule.effectiveSkip == .omit && rule.byLeapMonth.isEmpty { return nil }
        guard rule.byEaster.isEmpty else {
            throw KalendsError(.invalidArgument, "BYEASTER is not allowed with RSCALE=\(name)")
        }
        // Weeks, days and times are the same in every calendar: finer rules keep the
        // Gregorian engine's periods, their calendar parts are `ScaledDayFilter`'s limits.
        if rule.frequency > .monthly { return nil }
        return try ScaledPeriods(rule: rule, system: system, startDay: startDay)
    }

    private init(rule: RecurrenceRule, system: AnyCalendarSystem, startDay: Int) throws(KalendsError) {
        self.system = system
        frequency = rule.frequency
        skip = rule.effectiveSkip
        let range = system.base.dayRange
        firstDay = max(range.lowerBound, Int(TimeText.minDay))
        lastDay = min(range.upperBound, Int(TimeText.maxDay))
        guard firstDay <= lastDay, (firstDay...lastDay).contains(startDay) else {
            throw KalendsError(.outOfRange, "DTSTART (day \(startDay)) is outside the \(system.identifier) calendar's days "
                + "\(range.lowerBound)...\(range.upperBound)")
        }
        let base = system.base
        years = base.month(index: base.monthIndex(dayNumber: firstDay)).extendedYear
            ... base.month(index: base.monthIndex(dayNumber: lastDay)).extendedYear
        let startMonth = base.month(index: base.monthIndex(dayNumber: startDay))
        var months = rule.byMonth.map { RuleMonth($0) } + rule.byLeapMonth.map { RuleMonth($0, leap: true) }
        var monthDays = rule.byMonthDay
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts {
            if frequency == .yearly && months.isEmpty {
                months = [RecurrenceScale.ruleMonth(system, month: startMonth.month, isLeapMonth: startMonth.isLeapMonth)]
            }
            monthDays = [Int32(startDay - startMonth.firstDay + 1)]
        }
        self.months = months
        self.monthDays = monthDays
        yearDays = rule.byYearDay
        weekNos = rule.byWeekNo
        var plain: UInt8 = 0
        var ordinals: [(weekday: Int, ordinal: Int)] = []
        for d in rule.byDay {
            let w = Int(d.weekday.rawValue)
            if d.ordinal == 0 { plain |= 1 << UInt8(w - 1) } else { ordinals.append((w, Int(d.ordinal))) }
        }
        plainWeekdays = plain
        ordinalWeekdays = ordinals
        hasWeekdays = !rule.byDay.isEmpty
        weekRule = WeekRule(uncheckedFirstWeekday: rule.effectiveWeekStart, minDaysInFirstWeek: 4)
    }

    // MARK: units

    /// The unit (extended year or month index) holding a day (clamped to the system's days).
    func unit(ofDay day: Int) -> Int64 {
        let d = min(max(day, firstDay), lastDay)
        let index = system.base.monthIndex(dayNumber: d)
        return frequency == .yearly ? Int64(system.base.month(index: index).extendedYear) : Int64(index)
    }

    /// The first day of a unit.
    func startDay(ofUnit u: Int64) -> Int {
        frequency == .yearly ? system.base.yearStart(extendedYear: Int(u)) : system.base.firstDay(monthIndex: Int(u))
    }

    // MARK: days of a period

    /// The days of unit `u` the rule's day parts give (SKIP applied), ascending, unique,
    /// within the system's days. Returns the unit's last day (nil: the unit is outside the
    /// system's days).
    func days(ofUnit u: Int64, into out: inout [Int64]) -> Int64? {
        out.removeAll(keepingCapacity: true)
        let base = system.base
        let indexRange = base.monthIndexRange
        let periodMonths: Range<Int>
        if frequency == .yearly {
            let all = base.monthIndexes(extendedYear: Int(u))
            periodMonths = max(all.lowerBound, indexRange.lowerBound)..<min(all.upperBound, indexRange.upperBound + 1)
        } else {
            guard indexRange.contains(Int(u)) else { return nil }
            periodMonths = Int(u)..<Int(u) + 1
        }
        guard !periodMonths.isEmpty else { return nil }
        monthBuffer.removeAll(keepingCapacity: true)
        for i in periodMonths { monthBuffer.append(base.month(index: i)) }
        let periodFirst = monthBuffer[0].firstDay
        let periodLast = monthBuffer[monthBuffer.count - 1].lastDay
        dayBuffer.removeAll(keepingCapacity: true)
        if !monthDays.isEmpty {
            addMonthDays(periodMonths)
        } else if !yearDays.isEmpty {
            let (yFirst, yLast) = yearBounds(u, periodFirst, periodLast)
            for yd in yearDays {
                var d = yd > 0 ? yFirst + Int(yd) - 1 : yLast + Int(yd) + 1
                if Int(yd.magnitude) > yLast - yFirst + 1 {
                    // A day of the year the year lacks (BYYEARDAY=366 in a 354-day
                    // year): SKIP moves it to the year's last day (BACKWARD) or the next
                    // year's first (FORWARD); from the end (-366): the previous year's
                    // last day or this year's first.
                    switch skip {
                    case .omit: continue
                    case .backward: d = yd > 0 ? yLast : yFirst - 1
                    case .forward: d = yd > 0 ? yLast + 1 : yFirst
                    }
                    // YEARLY: the moved day belongs to this period's instances even
                    // outside its year, as a moved month day does; MONTHLY: to the
                    // month that holds it.
                    let inPeriod = frequency == .yearly || (d >= periodFirst && d <= periodLast)
                    if inPeriod && passesMonth(d) && passesWeekday(d) && passesWeekNo(d) { dayBuffer.append(d) }
                    continue
                }
                if d >= max(yFirst, periodFirst) && d <= min(yLast, periodLast) && passesMonth(d) && passesWeekday(d) && passesWeekNo(d) {
                    dayBuffer.append(d)
                }
            }
        } else if !weekNos.isEmpty {
            // The named weeks' days within the period, those of weeks the year before or
            // after numbers too (week 1 of the next year starting in this year's last
            // days; `ScaledWeeks`), by BYDAY and BYMONTH. A week no year has gives
            // nothing, whatever SKIP says (see the type's text).
            let y = frequency == .yearly ? Int(u) : monthBuffer[0].extendedYear
            ScaledWeeks.appendDays(system, rule: weekRule, weekNos: weekNos, around: y...y, years: years,
                                   first: periodFirst, last: periodLast, into: &dayBuffer)
            dayBuffer.removeAll {
                (hasWeekdays && plainWeekdays & (1 << UInt8(Gregorian.isoWeekday($0) - 1)) == 0) || !passesMonth($0)
            }
        } else if hasWeekdays {
            if frequency == .yearly && !months.isEmpty {
                for m in targetMonths(periodMonths) { addWeekdays(m.firstDay, m.lastDay) }
            } else if frequency == .yearly || passesMonth(periodFirst) {
                addWeekdays(periodFirst, periodLast)
            }
        }
        dayBuffer.sort()
        var last = Int.min
        for d in dayBuffer where d != last && d >= firstDay && d <= lastDay {
            out.append(Int64(d))
            last = d
        }
        return Int64(min(periodLast, lastDay))
    }

    /// BYMONTH × BYMONTHDAY (or DTSTART's), SKIP applied to a missing month or day, then
    /// BYDAY, BYYEARDAY and BYWEEKNO as filters.
    private func addMonthDays(_ periodMonths: Range<Int>) {
        for m in targetMonths(periodMonths) {
            for md in monthDays {
                let d: Int
                if md > 0 {
                    if Int(md) <= m.length {
                        d = m.firstDay + Int(md) - 1
                    } else {
                        switch skip {
                        case .omit: continue
                        case .backward: d = m.lastDay
                        case .forward: d = m.lastDay + 1
                        }
                    }
                } else {
                    if Int(-md) <= m.length {
                        d = m.lastDay + Int(md) + 1
                    } else {
                        switch skip {
                        case .omit: continue
                        case .backward: d = m.firstDay - 1
                        case .forward: d = m.firstDay
                        }
                    }
                }
                if passesWeekday(d) && passesYearDay(d) && passesWeekNo(d) { dayBuffer.append(d) }
            }
        }
    }

    /// The months of the period BYMONTH names (YEARLY: a leap month the year lacks moved
    /// by SKIP, BACKWARD to the month of its number, FORWARD to the month after that one;
    /// MONTHLY: the period's month if BYMONTH allows it).
    private func targetMonths(_ periodMonths: Range<Int>) -> [SystemMonth] {
        let base = system.base
        var targets: [SystemMonth] = []
        if frequency == .yearly && !months.isEmpty {
            for rm in months {
                if let m = monthBuffer.first(where: { RecurrenceScale.ruleMonth(system, month: $0.month, isLeapMonth: $0.isLeapMonth) == rm }) {
                    targets.append(m)
                    continue
                }
                // The month is missing this year (a leap month): SKIP.
                guard skip != .omit,
                      let plainIndex = monthBuffer.firstIndex(where: {
                          RecurrenceScale.ruleMonth(system, month: $0.month, isLeapMonth: $0.isLeapMonth) == RuleMonth(rm.number)
                      }) else { continue }
                let index = periodMonths.lowerBound + plainIndex + (skip == .forward ? 1 : 0)
                guard base.monthIndexRange.contains(index) else { continue }
                targets.append(index < periodMonths.upperBound ? monthBuffer[index - periodMonths.lowerBound] : base.month(index: index))
            }
        } else if frequency == .yearly {
            targets = monthBuffer
        } else if passesMonth(monthBuffer[0].firstDay) {
            targets = monthBuffer
        }
        return targets
    }

    /// BYDAY generating the days of [first, last]: every such weekday, or the n-th.
    private func addWeekdays(_ first: Int, _ last: Int) {
        guard first <= last else { return }
        let w0 = Gregorian.isoWeekday(first), wl = Gregorian.isoWeekday(last)
        for w in 1...7 where plainWeekdays & (1 << UInt8(w - 1)) != 0 {
            var d = first + (w - w0 + 7) % 7
            while d <= last { dayBuffer.append(d); d += 7 }
        }
        for (w, n) in ordinalWeekdays {
            let d = n > 0 ? first + (w - w0 + 7) % 7 + (n - 1) * 7 : last - (wl - w + 7) % 7 + (n + 1) * 7
            if d >= first && d <= last { dayBuffer.append(d) }
        }
    }

    // MARK: filters

    private func monthOf(_ d: Int) -> SystemMonth {
        let c = min(max(d, firstDay), lastDay)
        if let m = monthBuffer.first(where: { $0.firstDay <= c && c <= $0.lastDay }) { return m }
        return system.base.month(index: system.base.monthIndex(dayNumber: c))
    }

    private func passesMonth(_ d: Int) -> Bool {
        guard !months.isEmpty else { return true }
        let m = monthOf(d)
        return months.contains(RecurrenceScale.ruleMonth(system, month: m.month, isLeapMonth: m.isLeapMonth))
    }

    /// BYDAY as a filter: a plain weekday, or the n-th such weekday of the month (MONTHLY,
    /// or YEARLY with BYMONTH) or of the year.
    private func passesWeekday(_ d: Int) -> Bool {
        guard hasWeekdays else { return true }
        let w = Gregorian.isoWeekday(d)
        if plainWeekdays & (1 << UInt8(w - 1)) != 0 { return true }
        guard !ordinalWeekdays.isEmpty else { return false }
        let first: Int, last: Int
        if frequency == .monthly || !months.isEmpty {
            let m = monthOf(d)
            (first, last) = (m.firstDay, m.lastDay)
        } else {
            let u = Int(unit(ofDay: d))
            (first, last) = (system.base.yearStart(extendedYear: u), system.base.yearStart(extendedYear: u + 1) - 1)
        }
        for (ow, n) in ordinalWeekdays where ow == w {
            let k = n > 0 ? (d - first) / 7 + 1 : -((last - d) / 7 + 1)
            if k == n { return true }
        }
        return false
    }

    private func yearBounds(_ u: Int64, _ periodFirst: Int, _ periodLast: Int) -> (Int, Int) {
        let base = system.base
        let y = frequency == .yearly ? Int(u) : base.month(index: Int(u)).extendedYear
        return (base.yearStart(extendedYear: y), base.yearStart(extendedYear: y + 1) - 1)
    }

    private func passesYearDay(_ d: Int) -> Bool {
        guard !yearDays.isEmpty else { return true }
        let y = system.base.month(index: system.base.monthIndex(dayNumber: min(max(d, firstDay), lastDay))).extendedYear
        let first = system.base.yearStart(extendedYear: y), last = system.base.yearStart(extendedYear: y + 1) - 1
        return yearDays.contains { $0 > 0 ? first + Int($0) - 1 == d : last + Int($0) + 1 == d }
    }

    private func passesWeekNo(_ d: Int) -> Bool {
        guard !weekNos.isEmpty else { return true }
        let base = system.base
        let c = min(max(d, firstDay), lastDay)
        let wy = base.weekOfYear(dayNumber: c, rule: weekRule)
        let y = Int(wy.year)
        let weeks = (base.firstWeekStart(extendedYear: y + 1, rule: weekRule) - base.firstWeekStart(extendedYear: y, rule: weekRule)) / 7
        return weekNos.contains { $0 > 0 ? $0 == wy.week : weeks + Int($0) + 1 == Int(wy.week) }
    }
}
