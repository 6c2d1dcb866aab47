/// A rule made ready to expand from a DTSTART, in wall-clock seconds (local seconds since
/// 1970-01-01T00:00; floating, or in the series' zone). It enumerates *periods* — the
/// FREQ units DTSTART's + k × INTERVAL (a year, month, week, day, hour, minute, second)
/// — and expands one period at a time: candidate days, the BY filters, the times, then
/// BYSETPOS. The period that holds any wall time is found in closed form
/// (`firstPeriod(atOrBefore:)`), so expanding from a far point costs what expanding from
/// DTSTART does.
///
/// Dates stay within 0001-01-01 ... 9999-12-31 (RFC 5545's four-digit years, dateutil's
/// MINYEAR ... MAXYEAR); periods past the end are not expanded.
final class RuleExpander {
    let rule: RecurrenceRule
    let semantics: RruleSemantics
    /// DTSTART in wall-clock seconds (already clamped to whole seconds).
    let start: Int64
    let frequency: RruleFrequency
    let interval: Int64
    let weekStart: Int   // 1 = Monday ... 7 = Sunday

    // Effective filters (defaults from DTSTART applied as RFC 5545 and dateutil do).
    @exclusivity(unchecked) private var months = [Bool](repeating: false, count: 13)
    @exclusivity(unchecked) private var hasMonths = false
    /// For each month 1...12, the next month after it that BYMONTH allows in the same
    /// year (0: none), and the first allowed month of a year (0: none).
    @exclusivity(unchecked) private var nextAllowedMonth = [Int](repeating: 0, count: 13)
    @exclusivity(unchecked) private var firstAllowedMonth = 0
    @exclusivity(unchecked) private var monthDaysPos = [Bool](repeating: false, count: 32)
    @exclusivity(unchecked) private var monthDaysNeg = [Bool](repeating: false, count: 32)
    @exclusivity(unchecked) private var hasMonthDays = false
    @exclusivity(unchecked) private var yearDaysPos = [Bool](repeating: false, count: 367)
    @exclusivity(unchecked) private var yearDaysNeg = [Bool](repeating: false, count: 367)
    @exclusivity(unchecked) private var hasYearDays = false
    @exclusivity(unchecked) private var weekNos: Set<Int32> = []
    @exclusivity(unchecked) private var plainWeekdays: UInt8 = 0
    @exclusivity(unchecked) private var ordinalWeekdays: [(weekday: Int, ordinal: Int)] = []
    @exclusivity(unchecked) private var hasWeekdays = false
    @exclusivity(unchecked) private var easterOffsets: [Int] = []
    /// BYMONTHDAY and BYYEARDAY as sorted lists (negative ones as 1 = last), for the
    /// candidate days.
    @exclusivity(unchecked) private var monthDayPosList: [Int] = []
    @exclusivity(unchecked) private var monthDayNegList: [Int] = []
    @exclusivity(unchecked) private var yearDayPosList: [Int] = []
    @exclusivity(unchecked) private var yearDayNegList: [Int] = []
    /// Which day filters are in force, which one generates the candidate days of a period,
    /// and whether the candidates must still pass `dayPasses` (when the generator does not
    /// imply every filter in force).
    @exclusivity(unchecked) private var activeFilters: DayFilters = []
    @exclusivity(unchecked) private var generator: DayGenerator = .all
    @exclusivity(unchecked) private(set) var needsCheck = false
    /// Expand every period by testing each of its days, as before candidate days existed:
    /// the reference the tests compare the candidate days with.
    let scanEveryDay: Bool
    /// For frequencies up to DAILY: the sorted seconds-of-day of every occurrence in a day.
    @exclusivity(unchecked) private(set) var timeSet: [Int32] = []
    /// For HOURLY ... SECONDLY: allowed hours/minutes/seconds (nil: any), and the sorted
    /// offsets within one period (minutes and seconds for HOURLY, seconds for MINUTELY).
    @exclusivity(unchecked) private var hourSet: [Bool]?
    @exclusivity(unchecked) private var minuteSet: [Bool]?
    @exclusivity(unchecked) private var secondSet: [Bool]?
    @exclusivity(unchecked) private var periodOffsets: [Int32] = [0]
    private let setPositions: [Int]
    /// The unit index (year, month index, week, day, hour, minute or second) of period 0.
    let unit0: Int64
    /// True when no period can ever hold an occurrence (known without expanding).
    @exclusivity(unchecked) private(set) var neverOccurs = false
    /// Days after which a run of empty periods proves the rule has no more occurrences
    /// (the Gregorian calendar repeats every 146,097 days = 400 years); nil: bound only by
    /// the end of the domain (BYEASTER: Easter dates have no short cycle).
    let emptyRunDays: Int64?

    @exclusivity(unchecked) private var dateutilMasks: DateutilMasks?
    /// No time of day reachable by the lattice passes the time parts.
    @exclusivity(unchecked) private var timeLatticeEmpty = false
    /// dateutil semantics: the error its iterator raises before yielding anything.
    @exclusivity(unchecked) private(set) var iterationError: KalendsError?
    /// A YEARLY or MONTHLY rule counted in a calendar system (RFC 7529 RSCALE, SKIP): its
    /// periods and their days come from here (the Gregorian day filters stay empty).
    let scaled: ScaledPeriods?
    /// A WEEKLY or finer rule's BYMONTH, BYMONTHDAY, BYYEARDAY and BYWEEKNO counted in a
    /// calendar system (RFC 7529 RSCALE): a day filter (the Gregorian ones stay empty).
    let scaledFilter: ScaledDayFilter?

    /// - Parameter knownNeverOccurs: whether an expander of the same rule, start and
    ///   semantics found the rule never occurs (a copy's): spares the RSCALE rules' walk
    ///   to the first occurrence (`findFirstOccurrence`); nil: find out.
    init(rule: RecurrenceRule, start: Int64, semantics: RruleSemantics, scanEveryDay: Bool = false,
         knownNeverOccurs: Bool? = nil) throws(KalendsError) {
        self.scanEveryDay = scanEveryDay
        guard rule.interval >= 1 else { throw KalendsError(.invalidArgument, "INTERVAL \(rule.interval) is not a positive integer") }
        guard start >= TimeText.minLocal, start < TimeText.endLocal else {
            throw KalendsError(.outOfRange, "DTSTART \(start) is outside 0001-01-01 ... 9999-12-31")
        }
        try rule.validateUntil()
        if semantics == .dateutil {
            // dateutil's constructor checks BYSETPOS before it builds the times.
            for p in rule.bySetPos where p == 0 || !(-366...366).contains(p) {
                throw KalendsError(.invalidArgument, "bysetpos must be between 1 and 366, or between -366 and -1")
            }
        }
        self.rule = rule
        self.semantics = semantics
        self.start = start
        frequency = rule.frequency
        interval = rule.interval
        weekStart = Int(rule.effectiveWeekStart.rawValue)
        let day = start.floorDiv(86_400)
        let sod = Int(start - day * 86_400)
        let civil = Gregorian.civilFromDays(Int(day))
        let weekday = Gregorian.isoWeekday(Int(day))
        let dateutil = semantics == .dateutil
        let scaled = try ScaledPeriods.make(rule: rule, startDay: Int(day))
        self.scaled = scaled
        let scaledFilter = try ScaledDayFilter.make(rule: rule)
        self.scaledFilter = scaledFilter
        let gregorianParts = scaled == nil && scaledFilter == nil

        var byMonthDay = gregorianParts ? rule.byMonthDay : []
        var byMonth = gregorianParts ? rule.byMonth : []
        var byDay = scaled == nil ? rule.byDay : []
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
            && rule.byDay.isEmpty && rule.byEaster.isEmpty
        if noDayParts && scaled == nil {
            switch frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [Int32(civil.month)] }
                byMonthDay = [Int32(civil.day)]
            case .monthly:
                byMonthDay = [Int32(civil.day)]
            case .weekly:
                byDay = [WeekdayOrdinal(Weekday(uncheckedIndex: weekday - 1))]
            default: break
            }
        }
        for m in byMonth where (1...12).contains(m) { months[Int(m)] = true }
        hasMonths = !byMonth.isEmpty
        for m in stride(from: 12, through: 1, by: -1) {
            nextAllowedMonth[m] = m < 12 ? (months[m + 1] ? m + 1 : nextAllowedMonth[m + 1]) : 0
            if months[m] { firstAllowedMonth = m }
        }
        for d in byMonthDay {
            if (1...31).contains(d) { monthDaysPos[Int(d)] = true }
            if (-31 ... -1).contains(d) { monthDaysNeg[Int(-d)] = true }
        }
        // dateutil drops BYMONTHDAY=0, and with nothing left filters nothing.
        hasMonthDays = dateutil ? byMonthDay.contains { $0 != 0 } : !byMonthDay.isEmpty
        for d in rule.byYearDay where gregorianParts {
            if (1...366).contains(d) { yearDaysPos[Int(d)] = true }
            if (-366 ... -1).contains(d) { yearDaysNeg[Int(-d)] = true }
        }
        hasYearDays = gregorianParts && !rule.byYearDay.isEmpty
        weekNos = gregorianParts ? Set(rule.byWeekNo) : []
        for d in byDay {
            let w = Int(d.weekday.rawValue)
            if d.ordinal == 0 || frequency > .monthly {
                plainWeekdays |= 1 << UInt8(w - 1)
            } else if !ordinalWeekdays.contains(where: { $0.weekday == w && $0.ordinal == Int(d.ordinal) }) {
                ordinalWeekdays.append((w, Int(d.ordinal)))
            }
        }
        hasWeekdays = !byDay.isEmpty
        easterOffsets = rule.byEaster.map(Int.init)

        // Times. Coarser than the part's own unit: DTSTART's value when the part is absent.
        func set(_ values: [Int32], _ range: Int, _ name: String, strictRange: Bool) throws(KalendsError) -> [Bool] {
            var s = [Bool](repeating: false, count: range)
            for v in values {
                if v >= 0, Int(v) < range { s[Int(v)] = true } else if strictRange {
                    throw KalendsError(.invalidArgument, "\(name) value \(v) is not in 0...\(range - 1)")
                }
            }
            return s
        }
        let hours = rule.byHour.isEmpty ? (frequency < .hourly ? [Int32(sod / 3600)] : []) : rule.byHour
        let minutes = rule.byMinute.isEmpty ? (frequency < .minutely ? [Int32(sod / 60 % 60)] : []) : rule.byMinute
        let seconds = rule.bySecond.isEmpty ? (frequency < .secondly ? [Int32(sod % 60)] : []) : rule.bySecond
        // dateutil builds datetime.time values from the parts below the frequency: out of
        // range is its ValueError. RFC 5545 allows BYSECOND=60 (a leap second): never met.
        let hourSetV = try set(hours, 24, "BYHOUR", strictRange: dateutil && frequency < .hourly)
        let minuteSetV = try set(minutes, 60, "BYMINUTE", strictRange: dateutil && frequency < .minutely)
        let secondSetV = try set(seconds, 60, "BYSECOND", strictRange: dateutil && frequency < .secondly)
        hourSet = hours.isEmpty ? nil : hourSetV
        minuteSet = minutes.isEmpty ? nil : minuteSetV
        secondSet = seconds.isEmpty ? nil : secondSetV
        let hList = (0..<24).filter { hourSetV[$0] }
        let mList = (0..<60).filter { minuteSetV[$0] }
        let sList = (0..<60).filter { secondSetV[$0] }
        switch frequency {
        case .yearly, .monthly, .weekly, .daily:
            for h in hList { for m in mList { for s in sList { timeSet.append(Int32(h * 3600 + m * 60 + s)) } } }
        case .hourly:
            periodOffsets = []
            for m in mList { for s in sList { periodOffsets.append(Int32(m * 60 + s)) } }
        case .minutely:
            periodOffsets = sList.map { Int32($0) }
        case .secondly:
            periodOffsets = [0]
        }
        setPositions = rule.bySetPos.map(Int.init)

        // Period 0 and the unit size.
        switch frequency {
        case .yearly: unit0 = scaled?.unit(ofDay: Int(day)) ?? Int64(civil.year)
        case .monthly: unit0 = scaled?.unit(ofDay: Int(day)) ?? Int64(civil.year) * 12 + Int64(civil.month - 1)
        case .weekly: unit0 = (day - Int64((weekday - weekStart + 7) % 7) - Int64((weekStart - 4).floorMod(7))) / 7
        case .daily: unit0 = day
        case .hourly: unit0 = day * 24 + Int64(sod / 3600)
        case .minutely: unit0 = day * 1440 + Int64(sod / 60)
        case .secondly: unit0 = start
        }

        // The calendar repeats every 400 years; the lattice of periods repeats with it
        // after INTERVAL / gcd(INTERVAL, units in 400 years) such cycles.
        let unitsPer400: Int64
        switch frequency {
        case .yearly: unitsPer400 = 400
        case .monthly: unitsPer400 = 4800
        case .weekly: unitsPer400 = 20_871
        case .daily: unitsPer400 = 146_097
        case .hourly: unitsPer400 = 146_097 * 24
        case .minutely: unitsPer400 = 146_097 * 1440
        case .secondly: unitsPer400 = 146_097 * 86_400
        }
        let cycles = interval / gcd(interval, unitsPer400)
        if !rule.byEaster.isEmpty || cycles > 30 || scaled != nil || scaledFilter != nil {
            // A calendar system's years have no short cycle: a rule that never matches
            // is walked to the end of the system's days (a bounded walk, one period each).
            emptyRunDays = nil
        } else {
            emptyRunDays = 146_097 * cycles + 400
        }
        cycleUnits = cycles == 1 && rule.byEaster.isEmpty && scaled == nil && scaledFilter == nil ? unitsPer400 : nil

        monthDayPosList = (1...31).filter { monthDaysPos[$0] }
        monthDayNegList = (1...31).filter { monthDaysNeg[$0] }
        yearDayPosList = (1...366).filter { yearDaysPos[$0] }
        yearDayNegList = (1...366).filter { yearDaysNeg[$0] }
        chooseGenerator()
        maxUnit = unit(of: TimeText.endLocal - 1)
        try checkTimeLattice(sod: sod)
        if !neverOccurs && !setPositions.isEmpty && frequency >= .daily {
            // A DAILY or finer period holds the same number of candidates every time
            // (the day's times, or the period's offsets): when BYSETPOS names no position
            // among them, no period ever yields anything (a MINUTELY rule with BYSETPOS=3
            // of one instance a minute walked minute by minute to 9999).
            let n = frequency == .daily ? timeSet.count : periodOffsets.count
            if !setPositions.contains(where: { $0 >= 1 ? $0 <= n : -$0 <= n }) { neverOccurs = true }
        }
        // dateutil's BYWEEKNO masks belong to the year a period starts in: a year's kind
        // decides them for periods within a day, not for weeks, months or years.
        if !neverOccurs && rule.byEaster.isEmpty && !(dateutil && !rule.byWeekNo.isEmpty && frequency < .daily) {
            neverOccurs = try !someDayPasses()
        }
        if dateutil { try checkDateutilConstruction(sod: sod) }
        if !neverOccurs && iterationError == nil && (scaled != nil || scaledFilter != nil) {
            if let knownNeverOccurs { neverOccurs = knownNeverOccurs } else { try findFirstOccurrence() }
        }
        progression = scanEveryDay || neverOccurs || iterationError != nil ? nil : findProgression()
        if progression == nil && !scanEveryDay && scaled == nil { monthDay = findMonthDay() }
    }

    /// RSCALE rules: a calendar system's years have no short cycle (`emptyRunDays` is nil),
    /// so a rule that never matches would be walked to 9999 by every query (the rrule_c
    /// fuzzer's slow input: RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=-31,-29;BYDAY=1TU,3TU;
    /// BYHOUR=1,14;BYSETPOS=-3;SKIP=FORWARD holds at most two instances a month, so never a
    /// third from the end, and took 12 s under the fuzzer's sanitizers). The periods are
    /// walked once, here, to the first that holds an occurrence (skipping runs of
    /// failing days as queries do); none: the rule never occurs and every query answers
    /// at once. O(periods up to the first occurrence), at most the domain's.
    private func findFirstOccurrence() throws(KalendsError) {
        var k: Int64 = 0, next: Int64 = 0
        var buffer: [Int64] = []
        while periodUnit(k) != nil {
            _ = try expand(period: k, into: &buffer, next: &next, from: Int64.min, limit: 1)
            if !buffer.isEmpty { return }
            guard next > k else { return }
            k = next
        }
        neverOccurs = true
    }

    /// MONTHLY and YEARLY rules whose periods hold one day, the same day of the month
    /// (BYMONTHDAY with one value, or DTSTART's day; YEARLY with one month), at one time
    /// of day, no BYSETPOS: that day is computed per period (no candidate days). `value`
    /// is the month day (negative from the end), `month` YEARLY's month.
    @exclusivity(unchecked) private(set) var monthDay: (value: Int, month: Int)? = nil

    private func findMonthDay() -> (value: Int, month: Int)? {
        guard frequency == .monthly || frequency == .yearly, setPositions.isEmpty, timeSet.count == 1,
              activeFilters.contains(.monthDay), activeFilters.isSubset(of: [.month, .monthDay]),
              monthDayPosList.count + monthDayNegList.count == 1 else { return nil }
        let value = monthDayPosList.first ?? -(monthDayNegList.first ?? 1)
        if frequency == .yearly {
            let allowed = (1...12).filter { months[$0] }
            guard hasMonths, allowed.count == 1, let m = allowed.first else { return nil }
            return (value, m)
        }
        return (value, 0)
    }

    /// Rules whose every period holds exactly one occurrence a fixed number of seconds
    /// after the start of a period of fixed length (plain DAILY and WEEKLY rules, sub-daily
    /// rules without time or day filters): occurrence k (of period k) is
    /// `base + k × step`, so iteration and counting need no expansion at all. nil otherwise.
    /// Under dateutil the first WEEKLY period starts at DTSTART: its occurrence, if before
    /// DTSTART, is cut by DTSTART as the expansion cuts it.
    @exclusivity(unchecked) private(set) var progression: (base: Int64, step: Int64)? = nil

    private func findProgression() -> (base: Int64, step: Int64)? {
        guard setPositions.isEmpty else { return nil }
        let offset: Int64, unitLength: Int64
        switch frequency {
        case .weekly:
            guard activeFilters == [.weekday], ordinalWeekdays.isEmpty, plainWeekdays.nonzeroBitCount == 1,
                  timeSet.count == 1 else { return nil }
            let w = plainWeekdays.trailingZeroBitCount + 1
            offset = Int64((w - weekStart + 7) % 7) * 86_400 + Int64(timeSet[0])
            unitLength = 7 * 86_400
        case .daily:
            guard activeFilters.isEmpty, timeSet.count == 1 else { return nil }
            offset = Int64(timeSet[0])
            unitLength = 86_400
        case .hourly, .minutely, .secondly:
            guard activeFilters.isEmpty, periodOffsets.count == 1, hourSet == nil,
                  frequency < .minutely || minuteSet == nil, frequency < .secondly || secondSet == nil else { return nil }
            offset = Int64(periodOffsets[0])
            unitLength = unitSeconds
        case .yearly, .monthly:
            return nil
        }
        let step = unitLength.multipliedReportingOverflow(by: interval)
        guard !step.overflow else { return nil }
        return (unitStart(unit0) + offset, step.partialValue)
    }

    /// When the period lattice repeats with the 400-year calendar cycle: the units in
    /// 400 years (else nil).
    let cycleUnits: Int64?

    // MARK: units and periods

    /// Week starts (day numbers) are ≡ weekShift (mod 7): day 0, 1970-01-01, was a Thursday.
    var weekShift: Int64 { Int64((weekStart - 4).floorMod(7)) }

    /// Seconds in one unit for sub-daily frequencies.
    var unitSeconds: Int64 {
        switch frequency {
        case .hourly: 3600
        case .minutely: 60
        case .secondly: 1
        default: 86_400
        }
    }

    /// The unit index that holds wall time `t`.
    func unit(of t: Int64) -> Int64 {
        let day = t.floorDiv(86_400)
        if let scaled, frequency <= .monthly { return scaled.unit(ofDay: Int(clamping: day)) }
        switch frequency {
        case .yearly: return Int64(Gregorian.civilFromDays(Int(day)).year)
        case .monthly:
            let c = Gregorian.civilFromDays(Int(day))
            return Int64(c.year) * 12 + Int64(c.month - 1)
        case .weekly:
            let wd = Gregorian.isoWeekday(Int(day))
            return (day - Int64((wd - weekStart + 7) % 7) - weekShift).floorDiv(7)
        case .daily: return day
        case .hourly: return t.floorDiv(3600)
        case .minutely: return t.floorDiv(60)
        case .secondly: return t
        }
    }

    /// Wall-clock start of a unit.
    func unitStart(_ u: Int64) -> Int64 {
        if let scaled, frequency <= .monthly { return Int64(scaled.startDay(ofUnit: u)) * 86_400 }
        switch frequency {
        case .yearly: return Int64(Gregorian.daysFromCivil(Int(u), 1, 1)) * 86_400
        case .monthly:
            let y = u.floorDiv(12)
            return Int64(Gregorian.daysFromCivil(Int(y), Int(u - y * 12) + 1, 1)) * 86_400
        case .weekly: return (u * 7 + weekShift) * 86_400
        case .daily: return u * 86_400
        case .hourly: return u * 3600
        case .minutely: return u * 60
        case .secondly: return u
        }
    }

    /// The unit of period k, or nil past the domain (or on overflow).
    func periodUnit(_ k: Int64) -> Int64? {
        let (m, o1) = k.multipliedReportingOverflow(by: interval)
        let (u, o2) = unit0.addingReportingOverflow(m)
        guard !o1, !o2, u <= maxUnit else { return nil }
        return u
    }

    /// The unit holding the domain's last second (computed once: `periodUnit` is on every
    /// period's path).
    @exclusivity(unchecked) private var maxUnit: Int64 = 0

    /// The last period whose unit is at or before the unit holding `t` (0 if none).
    func firstPeriod(atOrBefore t: Int64) -> Int64 {
        let clamped = min(max(t, TimeText.minLocal), TimeText.endLocal - 1)
        let u = unit(of: clamped)
        // SKIP=FORWARD may move a period's last day into the next period.
        let back: Int64 = scaled?.skip == .forward ? 1 : 0
        return max(0, (u - unit0).floorDiv(interval) - back)
    }

    /// The first period whose unit starts at or after wall time `t`.
    func firstPeriod(startingAtOrAfter t: Int64) -> Int64 {
        let clamped = min(max(t, TimeText.minLocal), TimeText.endLocal - 1)
        var u = unit(of: clamped)
        if unitStart(u) < clamped { u += 1 }
        let d = u - unit0
        return d <= 0 ? 0 : (d - 1) / interval + 1
    }

    // MARK: expansion

    /// The occurrences of period k, ascending, in wall-clock seconds: BYSETPOS applied,
    /// DTSTART, UNTIL and COUNT not. Empty past the domain.
    func expand(period k: Int64, into out: inout [Int64]) throws(KalendsError) {
        var next: Int64 = 0
        try expand(period: k, into: &out, next: &next)
    }

    /// Sub-daily rules: the last day judged by the day filters, and the verdict.
    @exclusivity(unchecked) private var dayVerdict: (day: Int64, passes: Bool)?

    /// Reused by `expand` for the days of a period (no allocation per period).
    /// The expander is used by one thread at a time (its set is not thread-safe), and
    /// these buffers are never passed inout while another access is open: no dynamic
    /// exclusivity checks on the per-period path.
    @exclusivity(unchecked) private var periodDays: [Int64] = []

    /// As above; `next` receives the next period that can hold anything: past the rest of
    /// a day whose date, hour or minute is filtered out (sub-daily rules), past the days
    /// up to the next one that passes the day filters (every frequency, where the filters
    /// do not depend on the period, see `canSkipDays`).
    func expand(period k: Int64, into out: inout [Int64], next: inout Int64) throws(KalendsError) {
        _ = try expand(period: k, into: &out, next: &next, from: Int64.min, limit: Int.max)
    }

    /// As `expand(period:into:next:)`, only the occurrences at or after wall time `from`,
    /// and at most `limit` of them, so that a period of many days and times (a YEARLY rule
    /// with every second of the day: 31 million) is never expanded whole: returns true when
    /// the period holds more after the last one written (ask again from just after it).
    /// BYSETPOS rules give their whole period (at most as many as BYSETPOS names).
    /// O(candidate days of the period + occurrences written).
    func expand(period k: Int64, into out: inout [Int64], next: inout Int64, from: Int64, limit: Int) throws(KalendsError) -> Bool {
        out.removeAll(keepingCapacity: true)
        next = k &+ 1
        guard !neverOccurs, let u = periodUnit(k) else { return false }
        switch frequency {
        case .yearly where monthDay != nil, .monthly where monthDay != nil:
            guard let md = monthDay else { return false }
            let y: Int, m: Int
            if frequency == .yearly {
                (y, m) = (Int(u), md.month)
            } else {
                y = Int(u.floorDiv(12))
                m = Int(u - Int64(y) * 12) + 1
                if hasMonths && !months[m] { return false }
            }
            let len = Gregorian.daysInMonth(y, m)
            let d = md.value > 0 ? md.value : len + md.value + 1
            guard d >= 1, d <= len else { return false }
            out.append(Int64(Gregorian.daysFromCivil(y, m, d)) * 86_400 + Int64(timeSet[0]))
        case .yearly, .monthly, .weekly:
            guard let last = try daysOfPeriod(k, u, into: &periodDays) else { return false }
            if periodDays.isEmpty {
                if canSkipDays, last < Int64(TimeText.maxDay) {
                    guard let d = try nextPassingDay(from: last + 1, notAfter: Int64(TimeText.maxDay)) else {
                        next = Int64.max
                        return false
                    }
                    next = max(k &+ 1, firstPeriod(atOrBefore: d * 86_400))
                }
                return false
            }
            return emit(periodDays, into: &out, from: from, limit: limit)
        case .daily:
            let day = u
            guard day >= Int64(TimeText.minDay), day <= Int64(TimeText.maxDay) else { return false }
            if !activeFilters.isEmpty {
                guard try dayPasses(day, infoYear: usesInfoYear ? Gregorian.civilFromDays(Int(day)).year : 0) else {
                    if day < Int64(TimeText.maxDay), canSkipDays {
                        guard let d = try nextPassingDay(from: day + 1, notAfter: Int64(TimeText.maxDay)) else {
                            next = Int64.max
                            return false
                        }
                        next = max(k &+ 1, firstPeriod(startingAtOrAfter: d * 86_400))
                    }
                    return false
                }
            }
            guard !timeSet.isEmpty else { return false }
            periodDays.removeAll(keepingCapacity: true)
            periodDays.append(day)
            return emit(periodDays, into: &out, from: from, limit: limit)
        case .hourly, .minutely, .secondly:
            let s = unitStart(u)
            let day = s.floorDiv(86_400)
            guard day >= Int64(TimeText.minDay), day <= Int64(TimeText.maxDay) else { return false }
            let sod = s - day * 86_400
            guard timeOfPeriodPasses(sod) else {
                // Skip to the next hour (or minute) when the hour (or minute) is filtered out.
                var boundary = s + 1
                if let hourSet, !hourSet[Int(sod / 3600)] {
                    boundary = (s / 3600 + 1) * 3600
                } else if frequency == .secondly, let minuteSet, !minuteSet[Int(sod / 60 % 60)] {
                    boundary = (s / 60 + 1) * 60
                }
                next = max(k &+ 1, firstPeriod(startingAtOrAfter: boundary))
                return false
            }
            if !activeFilters.isEmpty {
                // A day's verdict serves all its periods (one date conversion per day).
                let passes: Bool
                if let v = dayVerdict, v.day == day {
                    passes = v.passes
                } else {
                    passes = try dayPasses(day, infoYear: usesInfoYear ? Gregorian.civilFromDays(Int(day)).year : 0)
                    dayVerdict = (day, passes)
                }
                guard passes else {
                    var to = day + 1
                    if canSkipDays, day < Int64(TimeText.maxDay) {
                        guard let d = try nextPassingDay(from: day + 1, notAfter: Int64(TimeText.maxDay)) else {
                            next = Int64.max
                            return false
                        }
                        to = d
                    }
                    next = max(k &+ 1, firstPeriod(startingAtOrAfter: to * 86_400))
                    return false
                }
            }
            if setPositions.isEmpty {
                for o in periodOffsets { out.append(s + Int64(o)) }
            } else {
                select(count: periodOffsets.count, into: &out) { i in s + Int64(self.periodOffsets[i]) }
            }
        }
        return false
    }

    /// The days of YEARLY, MONTHLY or WEEKLY period k (unit u) that pass the day filters,
    /// ascending, into `days`; returns the period's last day (nil: the period lies outside
    /// the domain, `days` empty).
    private func daysOfPeriod(_ k: Int64, _ u: Int64, into days: inout [Int64]) throws(KalendsError) -> Int64? {
        var first: Int64
        var last: Int64   // inclusive day numbers
        var month: MonthHint?
        if let scaled, frequency <= .monthly { return scaled.days(ofUnit: u, into: &days) }
        switch frequency {
        case .yearly:
            first = Int64(Gregorian.daysFromCivil(Int(u), 1, 1))
            last = first + (Gregorian.isLeapYear(Int(u)) ? 365 : 364)
            month = MonthHint(start: first, year: Int(u), month: 1)
        case .monthly:
            let y = Int(u.floorDiv(12)), m = Int(u - Int64(y) * 12) + 1
            first = Int64(Gregorian.daysFromCivil(y, m, 1))
            last = first + Int64(Gregorian.daysInMonth(y, m)) - 1
            month = MonthHint(start: first, year: y, month: m)
        default:
            first = u * 7 + weekShift
            last = first + 6
            // dateutil's first week starts at DTSTART, not at the week's start.
            if semantics == .dateutil && k == 0 { first = start.floorDiv(86_400) }
        }
        if first < Int64(TimeText.minDay) { first = Int64(TimeText.minDay); month = nil }
        last = min(last, Int64(TimeText.maxDay))
        guard first <= last else {
            days.removeAll(keepingCapacity: true)
            return nil
        }
        // The year whose dateutil masks apply: needed only for them.
        let infoYear = month?.year ?? (usesInfoYear ? Gregorian.civilFromDays(Int(first)).year : 0)
        try passingDays(first, last, infoYear: infoYear, into: &days, month: month)
        return last
    }

    // MARK: counting

    /// How many occurrences period k has at wall times [a, b), BYSETPOS applied (DTSTART,
    /// UNTIL and COUNT not), without listing a period of many days and times: its passing
    /// days, then per day the times in range (whole days: all their times; the first and
    /// last day: a binary search in the day's times). O(candidate days of the period);
    /// BYSETPOS and sub-daily periods (at most 3,600 occurrences) are expanded.
    func count(period k: Int64, from a: Int64, to b: Int64) throws(KalendsError) -> Int64 {
        guard b > a, !neverOccurs, let u = periodUnit(k) else { return 0 }
        if setPositions.isEmpty && monthDay == nil && frequency <= .daily {
            if frequency == .daily {
                let day = u
                guard day >= Int64(TimeText.minDay), day <= Int64(TimeText.maxDay) else { return 0 }
                if !activeFilters.isEmpty {
                    guard try dayPasses(day, infoYear: usesInfoYear ? Gregorian.civilFromDays(Int(day)).year : 0) else { return 0 }
                }
                periodDays.removeAll(keepingCapacity: true)
                periodDays.append(day)
            } else {
                guard try daysOfPeriod(k, u, into: &periodDays) != nil else { return 0 }
            }
            return countTimes(of: periodDays, from: a, to: b)
        }
        var next: Int64 = 0
        _ = try expand(period: k, into: &countBuffer, next: &next, from: a, limit: Int.max)
        var n: Int64 = 0
        for o in countBuffer where o >= a && o < b { n += 1 }
        return n
    }

    /// Reused by `count(period:from:to:)` (expanded periods: BYSETPOS or sub-daily).
    @exclusivity(unchecked) private var countBuffer: [Int64] = []

    /// Occurrences at wall times [a, b) of the days `days` (ascending) × the day's times:
    /// whole days in closed form, the two partial ones by binary searches.
    private func countTimes(of days: [Int64], from a: Int64, to b: Int64) -> Int64 {
        guard !timeSet.isEmpty, !days.isEmpty else { return 0 }
        let perDay = Int64(timeSet.count)
        // Days lying wholly in [a, b): firstWhole ..< endWhole.
        let firstWhole = -((-a).floorDiv(86_400)), endWhole = b.floorDiv(86_400)
        var n: Int64 = 0
        if endWhole > firstWhole {
            n += Int64(Self.lowerBound(days, endWhole) - Self.lowerBound(days, firstWhole)) * perDay
        }
        func partial(_ d: Int64) -> Int64 {
            let i = Self.lowerBound(days, d)
            guard i < days.count, days[i] == d else { return 0 }
            let base = d * 86_400
            let lo = Int32(clamping: max(a - base, 0)), hi = Int32(clamping: min(b - base, 86_400))
            return Int64(Self.lowerBound(timeSet, hi) - Self.lowerBound(timeSet, lo))
        }
        let da = a.floorDiv(86_400), db = b.floorDiv(86_400)
        let aCut = a != da * 86_400
        if aCut { n += partial(da) }
        if b != db * 86_400 && !(aCut && db == da) { n += partial(db) }
        return n
    }

    /// Sub-daily rules: occurrences at wall times [lo, hi), a part of one day: the periods
    /// wholly inside counted (`passingPeriodStarts` × what a passing period holds), the one
    /// or two cut by the ends expanded. DAILY: that day's period counted. O(allowed hours ×
    /// allowed minutes) at most, never a walk over the day's periods.
    func countWithinDay(from lo: Int64, to hi: Int64) throws(KalendsError) -> Int64 {
        guard hi > lo, !neverOccurs else { return 0 }
        let day = lo.floorDiv(86_400)
        guard day >= Int64(TimeText.minDay), day <= Int64(TimeText.maxDay) else { return 0 }
        if frequency == .daily {
            let offset = day - unit0
            guard offset >= 0, offset % interval == 0 else { return 0 }
            return try count(period: offset / interval, from: lo, to: hi)
        }
        guard frequency > .daily else { return 0 }
        if !activeFilters.isEmpty {
            guard try dayPasses(day, infoYear: usesInfoYear ? Gregorian.civilFromDays(Int(day)).year : 0) else { return 0 }
        }
        let us = unitSeconds
        let wholeStart = -((-lo).floorDiv(us)) * us, wholeEnd = hi.floorDiv(us) * us
        var n: Int64 = 0
        if wholeEnd > wholeStart {
            n += passingPeriodStarts(from: wholeStart, to: wholeEnd) &* perPassingPeriod
        }
        func cut(_ unitStart: Int64) throws(KalendsError) -> Int64 {
            let d = unit(of: unitStart) - unit0
            guard d >= 0, d % interval == 0 else { return 0 }
            return try count(period: d / interval, from: lo, to: hi)
        }
        let loUnit = lo.floorDiv(us) * us, hiUnit = hi.floorDiv(us) * us
        if loUnit < lo { n += try cut(loUnit) }
        if hiUnit < hi && !(loUnit < lo && hiUnit == loUnit) { n += try cut(hiUnit) }
        return n
    }

    /// What a sub-daily period that passes the filters holds: its offsets, or the distinct
    /// positions BYSETPOS names among them.
    var perPassingPeriod: Int64 {
        let n = periodOffsets.count
        guard !setPositions.isEmpty else { return Int64(n) }
        var picked = Set<Int>()
        for p in setPositions {
            let i = p > 0 ? p - 1 : n + p
            if i >= 0 && i < n { picked.insert(i) }
        }
        return Int64(picked.count)
    }

    /// Sub-daily rules: how many periods start at wall times [x0, x1) (within one day) at an
    /// hour (minute, second) the time parts allow: per allowed hour (and minute, when
    /// BYMINUTE filters) a count of the lattice's points in closed form; per allowed second
    /// a test when BYSECOND filters a SECONDLY rule. Past `maxUnit` nothing starts.
    func passingPeriodStarts(from x0: Int64, to x1: Int64) -> Int64 {
        let origin = unitStart(unit0)
        let lo = max(x0, origin)
        let hiLimit = unitStart(maxUnit) &+ unitSeconds
        let hi = min(x1, hiLimit)
        guard hi > lo else { return 0 }
        let (step, overflow) = interval.multipliedReportingOverflow(by: unitSeconds)
        let dayStart = lo.floorDiv(86_400) * 86_400
        if overflow {
            // Only period 0 can start here.
            return origin >= lo && origin < hi && timeOfPeriodPasses(origin - origin.floorDiv(86_400) * 86_400) ? 1 : 0
        }
        func lattice(_ p: Int64, _ q: Int64) -> Int64 {
            guard q > p else { return 0 }
            return (q - 1 - origin).floorDiv(step) - (p - 1 - origin).floorDiv(step)
        }
        let minutes = frequency >= .minutely ? minuteSet : nil
        let seconds = frequency == .secondly ? secondSet : nil
        if hourSet == nil && minutes == nil && seconds == nil { return lattice(lo, hi) }
        var n: Int64 = 0
        var h = (lo - dayStart) / 3600
        while h < 24 && dayStart + h * 3600 < hi {
            let hourStart = dayStart + h * 3600
            defer { h += 1 }
            if let hourSet, !hourSet[Int(h)] { continue }
            let h0 = max(lo, hourStart), h1 = min(hi, hourStart + 3600)
            guard minutes != nil || seconds != nil else { n += lattice(h0, h1); continue }
            var m = (h0 - hourStart) / 60
            while m < 60 && hourStart + m * 60 < h1 {
                let minuteStart = hourStart + m * 60
                defer { m += 1 }
                if let minutes, !minutes[Int(m)] { continue }
                let m0 = max(h0, minuteStart), m1 = min(h1, minuteStart + 60)
                guard let seconds else { n += lattice(m0, m1); continue }
                var x = m0
                while x < m1 {
                    if seconds[Int(x - minuteStart)] && (x - origin).floorMod(step) == 0 { n += 1 }
                    x += 1
                }
            }
        }
        return n
    }

    /// Days × times of a period, ascending, BYSETPOS applied; without BYSETPOS only those
    /// at or after `from`, at most `limit` (true: more remain after the last one written).
    private func emit(_ days: [Int64], into out: inout [Int64], from: Int64 = Int64.min, limit: Int = Int.max) -> Bool {
        guard !timeSet.isEmpty else { return false }
        guard setPositions.isEmpty else {
            let n = timeSet.count
            select(count: days.count * n, into: &out) { i in days[i / n] * 86_400 + Int64(self.timeSet[i % n]) }
            return false
        }
        // The first day at or after `from`'s day, and on it the first time at or after `from`.
        var i = 0
        var t = 0
        if from > Int64.min, let firstDay = days.first, from > firstDay * 86_400 {
            let fromDay = from.floorDiv(86_400)
            i = Self.lowerBound(days, fromDay)
            if i < days.count && days[i] == fromDay {
                t = Self.lowerBound(timeSet, Int32(from - fromDay * 86_400))
                if t == timeSet.count { i += 1; t = 0 }
            }
        }
        if limit >= (days.count - i) * timeSet.count { out.reserveCapacity((days.count - i) * timeSet.count) }
        var written = 0
        while i < days.count {
            let base = days[i] * 86_400
            while t < timeSet.count {
                guard written < limit else { return true }
                out.append(base + Int64(timeSet[t]))
                written += 1
                t += 1
            }
            t = 0
            i += 1
        }
        return false
    }

    /// The first index of a sorted array whose element is at least `x`.
    static func lowerBound<T: Comparable>(_ a: [T], _ x: T) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: candidate days

    /// Whether a skip to the next passing day (`nextPassingDay`, which judges each day by
    /// its own year) is exact: always under RFC 5545 and for DAILY and finer rules (a
    /// period lies within one day, judged by its own year); under dateutil for longer
    /// periods only without the BYWEEKNO and BYEASTER masks, which dateutil builds from
    /// the year a period starts in.
    private var canSkipDays: Bool {
        !scanEveryDay && scaled == nil && (semantics == .rfc5545 || frequency >= .daily || (weekNos.isEmpty && easterOffsets.isEmpty))
    }

    /// Whether the year a period starts in matters (dateutil's BYWEEKNO and BYEASTER
    /// masks are built per year); otherwise it is not computed.
    private var usesInfoYear: Bool { semantics == .dateutil && (!weekNos.isEmpty || !easterOffsets.isEmpty) }

    /// Picks the day filter that generates the fewest candidate days per year.
    private func chooseGenerator() {
        var active: DayFilters = []
        if hasMonths { active.insert(.month) }
        if !weekNos.isEmpty { active.insert(.weekNo) }
        if hasYearDays { active.insert(.yearDay) }
        if hasMonthDays { active.insert(.monthDay) }
        if hasWeekdays { active.insert(.weekday) }
        if !easterOffsets.isEmpty { active.insert(.easter) }
        if scaledFilter != nil { active.insert(.scaled) }
        activeFilters = active
        if scanEveryDay {
            generator = .all
            needsCheck = !active.isEmpty
            return
        }
        let monthCount = hasMonths ? (1...12).filter { months[$0] }.count : 12
        var best: (DayGenerator, Int) = (.all, 366)
        func consider(_ g: DayGenerator, _ estimate: Int) { if estimate < best.1 { best = (g, estimate) } }
        if hasMonths { consider(.months, 31 * monthCount) }
        if hasWeekdays {
            let plain = plainWeekdays.nonzeroBitCount
            let ordinalScopes = ordinalScopeIsMonth ? monthCount : 1
            let bothInDateutil = semantics == .dateutil && plain > 0 && !ordinalWeekdays.isEmpty
            let estimate = (bothInDateutil ? 0 : plain * 53 * monthCount / 12) + ordinalWeekdays.count * ordinalScopes
            consider(.weekdays, estimate)
        }
        if hasMonthDays { consider(.monthDays, (monthDayPosList.count + monthDayNegList.count) * monthCount) }
        if hasYearDays { consider(.yearDays, yearDayPosList.count + yearDayNegList.count) }
        if !easterOffsets.isEmpty { consider(.easter, easterOffsets.count) }
        if !weekNos.isEmpty { consider(.weekNos, 7 * weekNos.count) }
        if let scaledFilter { consider(.scaled, scaledFilter.estimatedDaysPerYear) }
        generator = best.0
        var covered: DayFilters
        switch generator {
        case .all: covered = []
        case .months: covered = [.month]
        case .weekdays:
            covered = [.month]
            if !(semantics == .dateutil && plainWeekdays != 0 && !ordinalWeekdays.isEmpty) { covered.insert(.weekday) }
        case .monthDays: covered = [.month, .monthDay]
        case .yearDays: covered = [.yearDay]
        case .easter: covered = [.easter]
        case .weekNos: covered = [.weekNo]
        case .scaled: covered = [.scaled]
        }
        needsCheck = !active.isSubset(of: covered)
    }

    /// "nth weekday" counts within the month (MONTHLY, and YEARLY with BYMONTH), else
    /// within the year.
    private var ordinalScopeIsMonth: Bool { frequency == .monthly || (frequency == .yearly && hasMonths) }

    /// The days of first...last (inclusive day numbers) that pass the day filters,
    /// ascending: the generator's candidates (a superset), checked with `dayPasses` when
    /// the generator does not imply every filter. `infoYear`: the year whose dateutil
    /// masks apply (the period's first day's year). O(candidates).
    func passingDays(_ first: Int64, _ last: Int64, infoYear: Int, into days: inout [Int64],
                     month: MonthHint? = nil) throws(KalendsError) {
        days.removeAll(keepingCapacity: true)
        guard first <= last else { return }
        switch generator {
        case .all:
            var d = first
            while d <= last { days.append(d); d += 1 }
        case .months, .weekdays, .monthDays:
            monthCandidates(first, last, into: &days, month: month)
            if generator == .weekdays && !ordinalWeekdays.isEmpty && !ordinalScopeIsMonth {
                yearOrdinalCandidates(first, last, into: &days)
            }
        case .yearDays:
            var y = Gregorian.civilFromDays(Int(first)).year
            while true {
                let jan1 = Int64(Gregorian.daysFromCivil(y, 1, 1))
                guard jan1 <= last else { break }
                let len = Int64(Gregorian.isLeapYear(y) ? 366 : 365)
                for v in yearDayPosList where Int64(v) <= len { add(jan1 + Int64(v) - 1, first, last, &days) }
                for v in yearDayNegList where Int64(v) <= len { add(jan1 + len - Int64(v), first, last, &days) }
                y += 1
            }
        case .easter:
            if semantics == .dateutil {
                let masks = try dateutilMasks(infoYear)
                let jan1 = Int64(Gregorian.daysFromCivil(infoYear, 1, 1))
                for i in masks.easterIndices { add(jan1 + Int64(i), first, last, &days) }
            } else {
                var y = Gregorian.civilFromDays(Int(first)).year
                let lastYear = Gregorian.civilFromDays(Int(last)).year
                while y <= lastYear {
                    let e = Int64(Easter.dayNumber(year: y))
                    for o in easterOffsets { add(e + Int64(o), first, last, &days) }
                    y += 1
                }
            }
        case .scaled:
            scaledFilter?.passingDays(first, last, into: &days)
        case .weekNos:
            if semantics == .dateutil {
                let masks = try dateutilMasks(infoYear)
                let jan1 = Int64(Gregorian.daysFromCivil(infoYear, 1, 1))
                for i in masks.weekNoIndices { add(jan1 + Int64(i), first, last, &days) }
            } else {
                let rule = WeekRule(uncheckedFirstWeekday: Weekday(uncheckedIndex: weekStart - 1), minDaysInFirstWeek: 4)
                var y = Gregorian.civilFromDays(Int(first)).year - 1
                let lastYear = Gregorian.civilFromDays(Int(last)).year + 1
                while y <= lastYear {
                    let w1 = Int64(rule.firstWeekStart(ofYear: y))
                    let weeks = (Int64(rule.firstWeekStart(ofYear: y + 1)) - w1) / 7
                    for n in weekNos {
                        let index = n > 0 ? Int64(n) : weeks + Int64(n) + 1
                        guard index >= 1, index <= weeks else { continue }
                        let s = w1 + 7 * (index - 1)
                        for d in s...(s + 6) { add(d, first, last, &days) }
                    }
                    y += 1
                }
            }
        }
        // Sorted and unique (generators may interleave lists).
        var sorted = true
        var i = 1
        while i < days.count { if days[i] <= days[i - 1] { sorted = false; break }; i += 1 }
        if !sorted {
            days.sort()
            var w = 0
            for r in 0..<days.count where w == 0 || days[r] != days[w - 1] {
                days[w] = days[r]
                w += 1
            }
            days.removeLast(days.count - w)
        }
        if needsCheck {
            var w = 0
            for r in 0..<days.count where try dayPasses(days[r], infoYear: infoYear) {
                days[w] = days[r]
                w += 1
            }
            days.removeLast(days.count - w)
        }
    }

    @inline(__always)
    private func add(_ d: Int64, _ first: Int64, _ last: Int64, _ days: inout [Int64]) {
        if d >= first && d <= last { days.append(d) }
    }

    /// Candidates of the month-based generators (BYMONTH, BYDAY, BYMONTHDAY) in the months
    /// BYMONTH allows that overlap first...last.
    private func monthCandidates(_ first: Int64, _ last: Int64, into days: inout [Int64], month: MonthHint?) {
        var y: Int, m: Int, monthStart: Int64
        if let month {
            (y, m, monthStart) = (month.year, month.month, month.start)
        } else {
            let c = Gregorian.civilFromDays(Int(first))
            (y, m, monthStart) = (c.year, c.month, first - Int64(c.day - 1))
        }
        var wdStart = Gregorian.isoWeekday(Int(monthStart))   // 1 = Monday
        let singlePlain = plainWeekdays.nonzeroBitCount == 1
        let plainOnlyInDateutil = semantics == .dateutil && plainWeekdays != 0 && !ordinalWeekdays.isEmpty
        while monthStart <= last {
            if hasMonths && !months[m] {
                // Straight to the next month BYMONTH allows (one date computation, not
                // one step per month left out).
                guard firstAllowedMonth != 0 else { return }
                let next = nextAllowedMonth[m]
                if next != 0 { m = next } else { m = firstAllowedMonth; y += 1 }
                monthStart = Int64(Gregorian.daysFromCivil(y, m, 1))
                wdStart = Gregorian.isoWeekday(Int(monthStart))
                continue
            }
            let len = Int64(Gregorian.daysInMonth(y, m))
            do {
                let lo = max(first, monthStart), hi = min(last, monthStart + len - 1)
                switch generator {
                case .weekdays:
                    if plainWeekdays != 0 && !plainOnlyInDateutil {
                        let wdLo = (wdStart - 1 + Int(lo - monthStart)) % 7 + 1
                        if singlePlain {
                            let w = plainWeekdays.trailingZeroBitCount + 1
                            var d = lo + Int64((w - wdLo + 7) % 7)
                            while d <= hi { days.append(d); d += 7 }
                        } else {
                            var d = lo, wd = wdLo
                            while d <= hi {
                                if plainWeekdays & (1 << UInt8(wd - 1)) != 0 { days.append(d) }
                                d += 1
                                wd = wd == 7 ? 1 : wd + 1
                            }
                        }
                    }
                    if !ordinalWeekdays.isEmpty && ordinalScopeIsMonth {
                        let monthEnd = monthStart + len - 1
                        let wdEnd = (wdStart - 1 + Int(len - 1)) % 7 + 1
                        for o in ordinalWeekdays {
                            let d: Int64
                            if o.ordinal > 0 {
                                d = monthStart + Int64((o.weekday - wdStart + 7) % 7) + 7 * Int64(o.ordinal - 1)
                            } else {
                                d = monthEnd - Int64((wdEnd - o.weekday + 7) % 7) + 7 * Int64(o.ordinal + 1)
                            }
                            if d >= lo && d <= hi { days.append(d) }
                        }
                    }
                case .monthDays:
                    for v in monthDayPosList where Int64(v) <= len { add(monthStart + Int64(v) - 1, lo, hi, &days) }
                    for v in monthDayNegList where Int64(v) <= len { add(monthStart + len - Int64(v), lo, hi, &days) }
                default:
                    var d = lo
                    while d <= hi { days.append(d); d += 1 }
                }
            }
            monthStart += len
            wdStart = (wdStart - 1 + Int(len)) % 7 + 1
            m += 1
            if m > 12 { m = 1; y += 1 }
        }
    }

    /// "nth weekday of the year" candidates (YEARLY without BYMONTH).
    private func yearOrdinalCandidates(_ first: Int64, _ last: Int64, into days: inout [Int64]) {
        var y = Gregorian.civilFromDays(Int(first)).year
        let lastYear = Gregorian.civilFromDays(Int(last)).year
        while y <= lastYear {
            let jan1 = Int64(Gregorian.daysFromCivil(y, 1, 1))
            let dec31 = Int64(Gregorian.daysFromCivil(y + 1, 1, 1)) - 1
            let wd1 = Gregorian.isoWeekday(Int(jan1)), wdEnd = Gregorian.isoWeekday(Int(dec31))
            for o in ordinalWeekdays {
                let d: Int64
                if o.ordinal > 0 {
                    d = jan1 + Int64((o.weekday - wd1 + 7) % 7) + 7 * Int64(o.ordinal - 1)
                } else {
                    d = dec31 - Int64((wdEnd - o.weekday + 7) % 7) + 7 * Int64(o.ordinal + 1)
                }
                if d >= jan1 && d <= dec31 { add(d, first, last, &days) }
            }
            y += 1
        }
    }

    /// The passing days of one year (each judged with its own year's masks), cached.
    @exclusivity(unchecked) private var yearDaysCache: (year: Int, days: [Int64])?
    @exclusivity(unchecked) private var olderYearDaysCache: (year: Int, days: [Int64])?

    /// The first day in from...notAfter that passes the day filters (judged by its own
    /// year), or nil: O(candidates) per year crossed.
    func nextPassingDay(from: Int64, notAfter end: Int64) throws(KalendsError) -> Int64? {
        if activeFilters.isEmpty { return from <= end ? from : nil }
        var d = from
        while d <= end {
            let y = Gregorian.civilFromDays(Int(d)).year
            if yearDaysCache?.year != y {
                // Two years kept: a count walks the periods of a year while the skip of
                // each failing one looks into the next year (one list each, not one per period).
                if let kept = olderYearDaysCache, kept.year == y {
                    olderYearDaysCache = yearDaysCache
                    yearDaysCache = kept
                    continue
                }
                var days: [Int64] = olderYearDaysCache?.days ?? []
                olderYearDaysCache = yearDaysCache
                yearDaysCache = nil
                try passingDays(Int64(Gregorian.daysFromCivil(y, 1, 1)), Int64(Gregorian.daysFromCivil(y + 1, 1, 1)) - 1,
                                infoYear: y, into: &days)
                yearDaysCache = (y, days)
            }
            let days = yearDaysCache?.days ?? []
            var lo = 0, hi = days.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if days[mid] < d { lo = mid + 1 } else { hi = mid }
            }
            if lo < days.count { return days[lo] <= end ? days[lo] : nil }
            d = Int64(Gregorian.daysFromCivil(y + 1, 1, 1))
        }
        return nil
    }

    /// Whether the day filters are in force at all.
    var hasDayFilters: Bool { !activeFilters.isEmpty }

    /// Whether a day holds any occurrence of a sub-daily period starting `sod` seconds
    /// into it: the period's own hour (and minute, second) must be allowed.
    func timeOfPeriodPasses(_ sod: Int64) -> Bool {
        let h = Int(sod / 3600), m = Int(sod / 60 % 60), s = Int(sod % 60)
        if let hourSet, !hourSet[h] { return false }
        if frequency >= .minutely, let minuteSet, !minuteSet[m] { return false }
        if frequency == .secondly, let secondSet, !secondSet[s] { return false }
        return true
    }

    /// BYSETPOS: positions into the period's ascending candidates (1 = first, -1 = last),
    /// duplicates once, ascending.
    private func select(count n: Int, into out: inout [Int64], _ value: (Int) -> Int64) {
        for p in setPositions {
            let i = p > 0 ? p - 1 : n + p
            guard i >= 0, i < n else { continue }
            let v = value(i)
            if !out.contains(v) { out.append(v) }
        }
        out.sort()
    }

    /// The day filters: BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY, BYEASTER.
    /// `infoYear` is the year of the period's first day (dateutil reads masks of that year
    /// for a week that runs into the next one).
    func dayPasses(_ d: Int64, infoYear: Int) throws(KalendsError) -> Bool {
        if let scaledFilter, !scaledFilter.passes(Int(d)) { return false }
        let c = Gregorian.civilFromDays(Int(d))
        if hasMonths && !months[c.month] { return false }
        let yearStart = Int64(Gregorian.daysFromCivil(c.year, 1, 1))
        let yearLen = Gregorian.isLeapYear(c.year) ? 366 : 365
        let yday = Int(d - yearStart) + 1
        if !weekNos.isEmpty {
            if semantics == .dateutil {
                let masks = try dateutilMasks(infoYear)
                let i = Int(d - Int64(Gregorian.daysFromCivil(infoYear, 1, 1)))
                guard let m = masks.weekNo, i >= 0, i < m.count, m[i] else { return false }
            } else if !weekNoMatches(d) {
                return false
            }
        }
        if hasYearDays && !yearDaysPos[yday] && !yearDaysNeg[yearLen - yday + 1] { return false }
        if hasMonthDays {
            let monthLen = Gregorian.daysInMonth(c.year, c.month)
            if !monthDaysPos[c.day] && !monthDaysNeg[monthLen - c.day + 1] { return false }
        }
        if hasWeekdays {
            let wd = Gregorian.isoWeekday(Int(d))
            let plain = plainWeekdays & (1 << UInt8(wd - 1)) != 0
            if semantics == .dateutil {
                // dateutil: plain and ordinal entries are two filters that both apply.
                if plainWeekdays != 0 && !plain { return false }
                if !ordinalWeekdays.isEmpty && !ordinalMatches(d, c, wd) { return false }
            } else if !plain && !(ordinalWeekdays.isEmpty ? false : ordinalMatches(d, c, wd)) {
                return false
            }
        }
        if !easterOffsets.isEmpty {
            if semantics == .dateutil {
                let masks = try dateutilMasks(infoYear)
                let i = Int(d - Int64(Gregorian.daysFromCivil(infoYear, 1, 1)))
                guard let m = masks.easter, i >= 0, i < m.count, m[i] else { return false }
            } else {
                let offset = Int(d) - Easter.dayNumber(year: c.year)
                if !easterOffsets.contains(offset) { return false }
            }
        }
        return true
    }

    /// "nth weekday": within the month for MONTHLY, and for YEARLY with BYMONTH; within
    /// the year otherwise.
    private func ordinalMatches(_ d: Int64, _ c: (year: Int, month: Int, day: Int), _ wd: Int) -> Bool {
        let first: Int64, last: Int64
        if frequency == .monthly || (frequency == .yearly && hasMonths) {
            first = d - Int64(c.day - 1)
            last = first + Int64(Gregorian.daysInMonth(c.year, c.month)) - 1
        } else {
            first = Int64(Gregorian.daysFromCivil(c.year, 1, 1))
            last = Int64(Gregorian.daysFromCivil(c.year + 1, 1, 1)) - 1
        }
        let fromStart = Int((d - first) / 7) + 1
        let fromEnd = -(Int((last - d) / 7) + 1)
        for o in ordinalWeekdays where o.weekday == wd && (o.ordinal == fromStart || o.ordinal == fromEnd) { return true }
        return false
    }

    /// RFC 5545 week numbers: weeks start on WKST, week 1 is the first with at least four
    /// days in the year; negative numbers count from the week-year's last week.
    private func weekNoMatches(_ d: Int64) -> Bool {
        let rule = WeekRule(uncheckedFirstWeekday: Weekday(uncheckedIndex: weekStart - 1), minDaysInFirstWeek: 4)
        let z = Int(d)
        var year = Gregorian.civilFromDays(z).year
        var startW = rule.firstWeekStart(ofYear: year)
        if z < startW {
            year -= 1
            startW = rule.firstWeekStart(ofYear: year)
        } else if z >= rule.firstWeekStart(ofYear: year + 1) {
            year += 1
            startW = rule.firstWeekStart(ofYear: year)
        }
        let week = (z - startW) / 7 + 1
        let weeks = (rule.firstWeekStart(ofYear: year + 1) - startW) / 7
        return weekNos.contains(Int32(week)) || weekNos.contains(Int32(week - weeks - 1))
    }

    /// dateutil's per-year BYWEEKNO and BYEASTER masks (year length + 7 days, for weeks
    /// that run into the next year), built exactly as its `_iterinfo.rebuild` does.
    private func dateutilMasks(_ year: Int) throws(KalendsError) -> DateutilMasks {
        if let m = dateutilMasks, m.year == year { return m }
        let yearLen = Gregorian.isLeapYear(year) ? 366 : 365
        let jan1 = Gregorian.daysFromCivil(year, 1, 1)
        let yearWeekday = Gregorian.isoWeekday(jan1) - 1   // 0 = Monday
        let wkst = weekStart - 1
        func wday(_ i: Int) -> Int { (yearWeekday + i) % 7 }
        var weekNo: [Bool]?
        if !weekNos.isEmpty {
            var mask = [Bool](repeating: false, count: yearLen + 7)
            var no1wkst = (7 - yearWeekday + wkst) % 7
            let firstwkst = no1wkst
            let wyearlen: Int
            if no1wkst >= 4 {
                no1wkst = 0
                wyearlen = yearLen + (yearWeekday - wkst + 7) % 7
            } else {
                wyearlen = yearLen - no1wkst
            }
            let numweeks = wyearlen / 7 + (wyearlen % 7) / 4
            func markWeek(from start: Int) {
                var i = start
                for _ in 0..<7 {
                    if i >= 0, i < mask.count { mask[i] = true }
                    i += 1
                    if wday(i) == wkst { break }
                }
            }
            for raw in weekNos {
                var n = Int(raw)
                if n < 0 { n += numweeks + 1 }
                guard n > 0, n <= numweeks else { continue }
                var i: Int
                if n > 1 {
                    i = no1wkst + (n - 1) * 7
                    if no1wkst != firstwkst { i -= 7 - firstwkst }
                } else {
                    i = no1wkst
                }
                markWeek(from: i)
            }
            if weekNos.contains(1) {
                var i = no1wkst + numweeks * 7
                if no1wkst != firstwkst { i -= 7 - firstwkst }
                if i < yearLen { markWeek(from: i) }
            }
            if no1wkst != 0 {
                let lnumweeks: Int
                if !weekNos.contains(-1) {
                    let lyearWeekday = Gregorian.isoWeekday(Gregorian.daysFromCivil(year - 1, 1, 1)) - 1
                    let lno1wkst = (7 - lyearWeekday + wkst) % 7
                    let lyearLen = Gregorian.isLeapYear(year - 1) ? 366 : 365
                    if lno1wkst >= 4 {
                        lnumweeks = 52 + (lyearLen + (lyearWeekday - wkst + 7) % 7) % 7 / 4
                    } else {
                        // dateutil uses this year's length here (its quirk, kept).
                        lnumweeks = 52 + (yearLen - no1wkst) % 7 / 4
                    }
                } else {
                    lnumweeks = -1
                }
                if weekNos.contains(Int32(lnumweeks)) {
                    for i in 0..<no1wkst { mask[i] = true }
                }
            }
            weekNo = mask
        }
        var easter: [Bool]?
        if !easterOffsets.isEmpty {
            var mask = [Bool](repeating: false, count: yearLen + 7)
            let eyday = Easter.dayNumber(year: year) - jan1
            for offset in easterOffsets {
                var i = eyday + offset
                // A Python list index: negative counts from the end, too far is IndexError.
                if i < 0 { i += mask.count }
                guard i >= 0, i < mask.count else {
                    throw KalendsError(.outOfRange, "BYEASTER offset \(offset) is outside year \(year)'s mask (dateutil raises IndexError)")
                }
                mask[i] = true
            }
            easter = mask
        }
        let m = DateutilMasks(year: year, weekNo: weekNo, easter: easter,
                              weekNoIndices: weekNo.map { w in w.indices.filter { w[$0] } } ?? [],
                              easterIndices: easter.map { e in e.indices.filter { e[$0] } } ?? [])
        dateutilMasks = m
        return m
    }

    // MARK: construction-time checks

    /// Whether any day passes the day filters, ignoring the lattice. A day's fate depends
    /// only on its year's length, the weekday of its January 1 and the previous year's
    /// length (week numbers near New Year); one year of each kind is checked, by its
    /// candidate days.
    private func someDayPasses() throws(KalendsError) -> Bool {
        if activeFilters.isEmpty { return true }
        if scaledFilter != nil {
            // A system's years have no short cycle: the first passing day from DTSTART's,
            // a bounded walk (one system year's candidates at a time) to the domain's end.
            return try nextPassingDay(from: start.floorDiv(86_400), notAfter: Int64(TimeText.maxDay)) != nil
        }
        // Every month has every weekday at least four times and days 1...28: filters
        // limited to months, plain weekdays, "nth weekday" of a month with |n| <= 4, and
        // month days within -28...28 pass some day of every allowed month.
        if activeFilters.isSubset(of: [.month, .weekday, .monthDay]) && (!hasMonths || months.contains(true))
            && !(activeFilters.contains(.weekday) && activeFilters.contains(.monthDay))
            && ordinalWeekdays.allSatisfy({ ordinalScopeIsMonth && abs($0.ordinal) <= 4 })
            && !(semantics == .dateutil && plainWeekdays != 0 && !ordinalWeekdays.isEmpty)
            && (!activeFilters.contains(.monthDay) || monthDayPosList.contains { $0 <= 28 } || monthDayNegList.contains { $0 <= 28 }) {
            return true
        }
        var seen: Set<Int> = []
        var days: [Int64] = []
        for y in 1601...2000 {
            let kind = (Gregorian.isLeapYear(y) ? 1 : 0) + (Gregorian.isLeapYear(y - 1) ? 2 : 0)
                + 4 * Gregorian.isoWeekday(Gregorian.daysFromCivil(y, 1, 1))
            guard seen.insert(kind).inserted else { continue }
            try passingDays(Int64(Gregorian.daysFromCivil(y, 1, 1)), Int64(Gregorian.daysFromCivil(y + 1, 1, 1)) - 1,
                            infoYear: y, into: &days)
            if !days.isEmpty { return true }
        }
        return false
    }

    /// Sub-daily rules: the times a lattice of INTERVAL units from DTSTART can reach are
    /// one residue class modulo gcd(step, 1 day); if no allowed time is in it, no period
    /// ever passes.
    private func checkTimeLattice(sod: Int) throws(KalendsError) {
        guard frequency >= .hourly else {
            if timeSet.isEmpty { neverOccurs = true }
            return
        }
        if periodOffsets.isEmpty { neverOccurs = true; timeLatticeEmpty = true; return }
        let step = interval.multipliedReportingOverflow(by: unitSeconds)
        let g = step.overflow ? 1 : Int(gcd(step.partialValue, 86_400))
        // Period starts (multiples of the unit) that the lattice reaches within a day are
        // one residue class modulo g (a multiple of the unit).
        let unit = Int(unitSeconds)
        var x = (sod - sod % unit) % g
        var reachable = false
        while x < 86_400 {
            if timeOfPeriodPasses(Int64(x)) { reachable = true; break }
            x += g
        }
        if !reachable { neverOccurs = true; timeLatticeEmpty = true }
    }

    /// dateutil refuses, when the rule is made, a same-level BYHOUR (HOURLY), BYMINUTE
    /// (MINUTELY) or BYSECOND (SECONDLY) of which no value is reachable from DTSTART, and
    /// raises while iterating when no reachable time of day passes the other parts.
    private func checkDateutilConstruction(sod: Int) throws(KalendsError) {
        func reachable(_ values: [Int32], _ startValue: Int, _ base: Int) -> Bool {
            let g = Int(gcd(interval, Int64(base)))
            return values.contains { g == 1 || (Int($0) - startValue).floorMod(g) == 0 }
        }
        switch frequency {
        case .hourly where !rule.byHour.isEmpty:
            if !reachable(rule.byHour, sod / 3600, 24) { throw KalendsError(.invalidArgument, "Invalid rrule byxxx generates an empty set.") }
        case .minutely where !rule.byMinute.isEmpty:
            if !reachable(rule.byMinute, sod / 60 % 60, 60) { throw KalendsError(.invalidArgument, "Invalid rrule byxxx generates an empty set.") }
        case .secondly where !rule.bySecond.isEmpty:
            if !reachable(rule.bySecond, sod % 60, 60) { throw KalendsError(.invalidArgument, "Invalid rrule byxxx generates an empty set.") }
        default: break
        }
        if (frequency == .minutely || frequency == .secondly) && timeLatticeEmpty {
            // dateutil raises this from the iterator, not from the constructor.
            iterationError = KalendsError(.invalidArgument, frequency == .minutely
                ? "Invalid combination of interval and byhour resulting in empty rule."
                : "Invalid combination of interval, byhour and byminute resulting in empty rule.")
        }
    }
}

/// The day filters of a rule (see `RuleExpander.chooseGenerator`).
struct DayFilters: OptionSet {
    let rawValue: UInt8
    static let month = DayFilters(rawValue: 1)
    static let weekNo = DayFilters(rawValue: 2)
    static let yearDay = DayFilters(rawValue: 4)
    static let monthDay = DayFilters(rawValue: 8)
    static let weekday = DayFilters(rawValue: 16)
    static let easter = DayFilters(rawValue: 32)
    /// RSCALE's calendar parts of a WEEKLY or finer rule (`ScaledDayFilter`).
    static let scaled = DayFilters(rawValue: 64)
}

/// Which filter lists the candidate days of a period.
enum DayGenerator {
    /// Every day (no selective filter).
    case all
    /// The days of the months BYMONTH allows.
    case months
    /// BYDAY's weekdays (plain and "nth") in those months.
    case weekdays
    /// BYMONTHDAY's days in those months.
    case monthDays
    /// BYYEARDAY's days.
    case yearDays
    /// Easter Sunday + BYEASTER's offsets.
    case easter
    /// The weeks BYWEEKNO names.
    case weekNos
    /// The days RSCALE's calendar parts pass (`ScaledDayFilter`).
    case scaled
}

/// The month a period's first day lies in (start: that month's first day number), when
/// the period knows it (YEARLY, MONTHLY): spares converting the day number back.
struct MonthHint {
    let start: Int64
    let year: Int
    let month: Int
}

/// dateutil's per-year masks (year length + 7 days) and the indices they mark.
struct DateutilMasks {
    let year: Int
    let weekNo: [Bool]?
    let easter: [Bool]?
    let weekNoIndices: [Int]
    let easterIndices: [Int]
}

func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var x = a.magnitude, y = b.magnitude
    while y != 0 { (x, y) = (y, x % y) }
    return Int64(clamping: x)
}

extension Int {
    func floorMod(_ d: Int) -> Int {
        let r = self % d
        return r < 0 ? r + d : r
    }
}
