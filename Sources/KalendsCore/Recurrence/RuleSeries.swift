/// What to do with a recurrence instance whose wall-clock time a clock change skips.
public enum GapPolicy: Int32, Sendable, CaseIterable {
    /// RFC 5545 3.3.10: the instance is ignored and not counted.
    case skip = 0
    /// RFC 5545 3.3.5's reading of such a time: the offset before the gap, so 02:30 on a
    /// spring-forward night becomes 03:30 (what Python's zoneinfo, dateutil and
    /// recurring-ical-events give).
    case shiftForward = 1
}

extension GapPolicy: CheckedEnum { public static var valueName: String { "gap policy" } }

/// One rule's occurrences from a DTSTART: a `RuleExpander` plus COUNT, UNTIL, the zone's
/// gaps, and the counts that let iteration start anywhere.
///
/// Costs (P = periods the answer spans, Y = years from DTSTART to the start point):
/// - starting an iteration at any point without COUNT: O(1) to find the period, then
///   O(one period's expansion) per period visited;
/// - with COUNT (occurrences before the point must be known): the first time O(min(Y, 401))
///   year counts (each O(days of a year), O(periods) for YEARLY/MONTHLY/WEEKLY), cached;
///   the 400-year cycle is used when the zone has no clock changes, there is no BYEASTER
///   and INTERVAL divides the units of 400 years; else O(Y) once. Later starts: O(1) plus
///   two partial years.
/// - `occurrence(at:)`: a binary search over the count, ~42 counts.
/// Not thread-safe (it caches); wrap it in a lock to share it.
final class RuleSeries {
    let expander: RuleExpander
    let zone: TimeZone?
    let gapPolicy: GapPolicy
    /// First wall time that may be an occurrence.
    let low: Int64
    /// Last wall time that may be an occurrence (UNTIL, or the domain's end).
    let high: Int64
    /// The most occurrences the rule gives (COUNT, or COUNT - 1 under RFC 5545 where
    /// DTSTART took the first place); nil: no COUNT.
    let limit: Int64?
    private let skipsGaps: Bool
    private let usesCycle: Bool
    /// A rule counted in a calendar system with a cycle (`ScaledCycle`): the seconds after
    /// which its occurrences repeat; nil: none (or the Gregorian engine's own cycle).
    private let repeatSeconds: Int64?
    /// A rule counted in a calendar system without such a cycle is counted year by year
    /// (each year's count once, in `cumulative`): the periods and days those counts have
    /// walked, which may not pass `scaledStepLimit`.
    private var scaledSteps = 0
    private let limitsSteps: Bool
    /// A count to 9999 of a Hebrew DAILY rule on Tishri's days (240,000 days, 13 ms in
    /// release) stays under it; a Chinese WEEKLY one (420,000 weeks) stops after 0.06 s in
    /// release (0.16 to 0.56 s at a load of 6 to 8 on 2 cores), seconds under the sanitizers
    /// before.
    static let scaledStepLimit = 300_000

    /// - Parameter afterStart: RFC 5545: the rule's own occurrences start after DTSTART
    ///   (DTSTART is added by the set and takes one of COUNT's places).
    /// - Parameter scanEveryDay: test every day of each period (the reference for the
    ///   candidate days; see `RuleExpander.scanEveryDay`).
    init(rule: RecurrenceRule, start: Int64, semantics: RruleSemantics, zone: TimeZone?,
         gapPolicy: GapPolicy, scanEveryDay: Bool = false, knownNeverOccurs: Bool? = nil) throws(KalendsError) {
        expander = try RuleExpander(rule: rule, start: start, semantics: semantics, scanEveryDay: scanEveryDay,
                                    knownNeverOccurs: knownNeverOccurs)
        self.zone = zone
        self.gapPolicy = gapPolicy
        let rfc = semantics == .rfc5545
        low = rfc ? start + 1 : start
        var high = TimeText.endLocal - 1
        if let until = rule.until {
            switch until {
            case .local(let w): high = min(high, w)
            case .date(let d): high = min(high, Int64(d) * 86_400)
            case .utc(let i):
                if let zone { high = min(high, WallClock.lastWall(zone, notAfter: i)) } else { high = min(high, i) }
            }
        }
        self.high = high
        if let count = rule.count {
            // dateutil: COUNT <= 0 gives nothing (Int64.min included).
            let c = max(0, count)
            limit = rfc ? max(0, c - 1) : c
        } else {
            limit = nil
        }
        skipsGaps = zone.map { gapPolicy == .skip && WallClock.hasTransitions($0) } ?? false
        usesCycle = expander.cycleUnits != nil && !skipsGaps
        if !usesCycle && !skipsGaps, let system = expander.scaled?.system ?? expander.scaledFilter?.system {
            repeatSeconds = ScaledCycle.repeatSeconds(system, frequency: expander.frequency, interval: expander.interval)
        } else {
            repeatSeconds = nil
        }
        limitsSteps = repeatSeconds == nil && (expander.scaled != nil || expander.scaledFilter != nil)
    }

    /// The instant of a wall time in the series' zone (the wall time itself when floating),
    /// and whether that wall time exists.
    func instant(_ w: Int64) -> (instant: Int64, exists: Bool) {
        guard let zone else { return (w, true) }
        return WallClock.resolve(zone, w)
    }

    // MARK: counting

    /// Rule occurrences in [low, t) (gap-skipped ones not counted), before COUNT's cut.
    /// O(1) with the year cache, plus the whole days of t's year before t (O(1) each) and
    /// t's own day (its periods).
    func countBefore(_ t: Int64) throws(KalendsError) -> Int64 {
        let b = min(t, high &+ 1)
        let a = low
        guard b > a, !expander.neverOccurs else { return 0 }
        if let p = expander.progression, !skipsGaps {
            return Self.progressionCount(before: b, p) - Self.progressionCount(before: a, p)
        }
        if let p = repeatSeconds, let n = try countByCycles(before: b, p) { return n }
        let ya = year(a), yb = year(b)
        if ya == yb { return try net(a, b) }
        if startYearCount == nil { startYearCount = try net(a, jan1(ya + 1)) }
        var total = startYearCount ?? 0
        total &+= try fullYears(from: ya + 1, to: yb)
        total &+= try net(jan1(yb), b)
        return total
    }

    /// The occurrences before `b` of a rule counted in a calendar system whose dates repeat
    /// every `p` seconds (`ScaledCycle`): from `anchor` on they repeat with it, so the count
    /// is the count before the anchor, the first cycle's times the whole cycles, and one
    /// partial cycle: the year counts of two cycles once (cached), O(1) after. The first
    /// years may differ (no period comes before DTSTART's: three years on, every
    /// occurrence's period exists), and so may the last (a period's days after 9999-12-31
    /// are cut, BYSETPOS picks among the rest): both are counted directly. nil: `b` is
    /// within two cycles of the anchor, counted directly.
    private func countByCycles(before b: Int64, _ p: Int64) throws(KalendsError) -> Int64? {
        let margin: Int64 = 3 * 366 * 86_400
        let anchor = low &+ margin, end = TimeText.endLocal - margin
        guard anchor < end, p < end - anchor, b > anchor + p else { return nil }
        let cut = min(b, end)
        guard cut > anchor + p else { return nil }
        let before = try countBefore(anchor)
        let cycle = try countBefore(anchor + p) &- before
        let q = (cut - anchor) / p, r = (cut - anchor) % p
        var n = before &+ q &* cycle &+ (try countBefore(anchor + r) &- before)
        if b > cut { n &+= try net(cut, b) }
        return n
    }

    /// Rule occurrences at wall times [a, b) (gap-skipped ones not counted), COUNT applied.
    /// Without COUNT: a progression in closed form, a range within one year by its days
    /// (whole days O(1) each, a cut day by `RuleExpander.countWithinDay`), a longer one
    /// from the year counts; with COUNT: the two counts before the ends, each capped.
    func count(from a: Int64, to b: Int64) throws(KalendsError) -> Int64 {
        guard b > a, !expander.neverOccurs else { return 0 }
        if let limit {
            let upTo = min(try countBefore(b), limit), below = min(try countBefore(a), limit)
            return max(0, upTo &- below)
        }
        if expander.progression == nil || skipsGaps, b - a <= 366 * 86_400 {
            return try net(max(a, low), b)
        }
        return try countBefore(b) &- (try countBefore(a))
    }

    /// How many terms base + k·step (k ≥ 0) lie before `x`: O(1).
    static func progressionCount(before x: Int64, _ p: (base: Int64, step: Int64)) -> Int64 {
        guard x > p.base else { return 0 }
        let d = x - p.base
        return (d - 1) / p.step + 1
    }

    /// Occurrences from `low` to the end of its year.
    private var startYearCount: Int64?

    /// Rule occurrences in all, after COUNT. With COUNT, the count is probed at
    /// doubling distances from DTSTART until it reaches COUNT, so a COUNT that is met
    /// early costs what those years cost; without, it counts to 9999 (O(1) with the
    /// 400-year cycle, else O(years)).
    func total() throws(KalendsError) -> Int64 {
        if let limit {
            if limit == 0 { return 0 }
            if try dayHolding(index: limit - 1) != nil { return limit }
        }
        let n = try countBefore(TimeText.endLocal)
        return limit.map { min($0, n) } ?? n
    }

    /// The first day d with countBefore(start of d + 1) > i, or nil: probes at doubling
    /// distances, then a binary search (whole-day counts only).
    private func dayHolding(index i: Int64) throws(KalendsError) -> Int64? {
        let first = low.floorDiv(86_400), last = min(high, TimeText.endLocal - 1).floorDiv(86_400)
        guard first <= last else { return nil }
        var lo = first, step: Int64 = 1
        var hi = first
        while true {
            if try countBefore((hi + 1) * 86_400) > i { break }
            if hi == last { return nil }
            lo = hi + 1
            hi = min(last, hi + step)
            step = step &* 2
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if try countBefore((mid + 1) * 86_400) > i { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The i-th (0-based) occurrence's wall time, or nil: the day that holds it, then one
    /// pass over that day.
    func occurrence(at i: Int64) throws(KalendsError) -> Int64? {
        guard i >= 0, i < (limit ?? Int64.max), let day = try dayHolding(index: i) else { return nil }
        let dayStart = day * 86_400
        var skip = i - (try countBefore(dayStart))
        var cursor = try RuleCursor(self, from: dayStart)
        while let o = try cursor.next() {
            if skip == 0 { return o.wall }
            skip -= 1
        }
        return nil
    }

    private func year(_ w: Int64) -> Int { Gregorian.civilFromDays(Int(w.floorDiv(86_400))).year }
    private func jan1(_ y: Int) -> Int64 { Int64(Gregorian.daysFromCivil(y, 1, 1)) * 86_400 }

    /// Cumulative counts of the whole years after DTSTART's year: cumulative[i] = the
    /// occurrences of years firstFull ..< firstFull + i.
    private var cumulative: [Int64] = [0]
    private var firstFull: Int { year(low) + 1 }

    private func fullYears(from y1: Int, to y2: Int) throws(KalendsError) -> Int64 {
        guard y2 > y1 else { return 0 }
        return try prefix(y2 - firstFull) &- (try prefix(y1 - firstFull))
    }

    /// Occurrences of the first n whole years.
    private func prefix(_ n: Int) throws(KalendsError) -> Int64 {
        if usesCycle && n > 402 {
            // Years from firstFull + 1 on repeat every 400 years (the first whole year may
            // still hold a period that started before DTSTART's cut).
            try extend(to: 402)
            let cycle = cumulative[401] &- cumulative[1]
            let q = Int64((n - 1) / 400), r = (n - 1) % 400
            return cumulative[1] &+ q &* cycle &+ (cumulative[1 + r] &- cumulative[1])
        }
        try extend(to: n)
        return cumulative[n]
    }

    private func extend(to n: Int) throws(KalendsError) {
        while cumulative.count <= n {
            let y = firstFull + cumulative.count - 1
            let c = y > 9999 ? 0 : try net(jan1(y), jan1(y + 1))
            cumulative.append(cumulative[cumulative.count - 1] &+ c)
            if limitsSteps && scaledSteps > Self.scaledStepLimit {
                let name = expander.rule.rscale ?? ""
                throw KalendsError(.outOfRange, "counting this RSCALE=\(name) rule's occurrences to year \(y) walked "
                    + "\(scaledSteps) periods and days, over the limit of \(Self.scaledStepLimit) (its calendar has no cycle "
                    + "to count by here): give the rule COUNT or UNTIL, or count a shorter range")
            }
        }
    }

    /// Occurrences in [a, b) ∩ [low, high], less those in clock-change gaps (skip policy).
    private func net(_ a: Int64, _ b: Int64) throws(KalendsError) -> Int64 {
        var n = try raw(a, b)
        if skipsGaps, let zone {
            for (ga, gb) in WallClock.gaps(zone, from: a, to: b) {
                n &-= try raw(max(a, ga), min(b, gb))
            }
        }
        return n
    }

    private var dayBuffer: [Int64] = []

    /// Wall occurrences in [a, b) ∩ [low, high].
    private func raw(_ a0: Int64, _ b0: Int64) throws(KalendsError) -> Int64 {
        let a = max(a0, low), b = min(b0, high &+ 1, TimeText.endLocal)
        guard b > a else { return 0 }
        let e = expander
        var n: Int64 = 0
        switch e.frequency {
        case .yearly, .monthly, .weekly:
            var k = e.firstPeriod(atOrBefore: a)
            while let u = e.periodUnit(k), e.unitStart(u) < b {
                n &+= try e.count(period: k, from: a, to: b)
                k += 1
                scaledSteps &+= 1
            }
        case .daily, .hourly, .minutely, .secondly:
            var day = a.floorDiv(86_400)
            let lastDay = (b - 1).floorDiv(86_400)
            while day <= lastDay {
                let dayStart = day * 86_400
                if dayStart >= a && dayStart + 86_400 <= b {
                    let lastWhole = b.floorDiv(86_400) - 1
                    n &+= try wholeDays(day, lastWhole)
                    day = lastWhole + 1
                } else {
                    n &+= try e.countWithinDay(from: max(a, dayStart), to: min(b, dayStart + 86_400))
                    day += 1
                    scaledSteps &+= 1
                }
            }
        }
        return n
    }

    /// All occurrences of the whole days d1...d2 (inside [low, high]): DAILY without day
    /// filters in closed form, otherwise the days that pass the day filters one by one
    /// (O(candidate days), see `RuleExpander.nextPassingDay`).
    private func wholeDays(_ d1: Int64, _ d2: Int64) throws(KalendsError) -> Int64 {
        let e = expander
        guard d1 <= d2 else { return 0 }
        if e.frequency == .daily && !e.hasDayFilters {
            let from = d1 - e.unit0, to = d2 - e.unit0
            guard to >= 0 else { return 0 }
            let kMin = max(0, from <= 0 ? 0 : (from - 1) / e.interval + 1)
            let kMax = to / e.interval
            guard kMax >= kMin else { return 0 }
            return (kMax - kMin + 1) &* (try periodCount(kMin * e.interval))
        }
        var n: Int64 = 0
        var d = d1
        while let p = try e.nextPassingDay(from: d, notAfter: d2) {
            n &+= try wholeDay(p)
            d = p + 1
            scaledSteps &+= 1
        }
        return n
    }

    /// Per-period output count for DAILY and finer (BYSETPOS applied), computed once.
    private var perPeriod: Int64?
    /// For sub-daily rules: how many allowed period starts of a day fall in each residue
    /// class of the lattice (index: offset within the step, in units).
    private var histogram: [Int32]?

    /// All occurrences of one day that passes the day filters (wholly inside [low, high]).
    private func wholeDay(_ day: Int64) throws(KalendsError) -> Int64 {
        let e = expander
        let dayStart = day * 86_400
        if e.frequency == .daily {
            guard (day - e.unit0).floorMod(e.interval) == 0 else { return 0 }
            return try periodCount(day - e.unit0)
        }
        let unit = e.unitSeconds
        let step = e.interval.multipliedReportingOverflow(by: unit)
        let origin = e.unitStart(e.unit0)
        if step.overflow || step.partialValue >= 86_400 {
            // At most one period starts in the day.
            let k = e.firstPeriod(startingAtOrAfter: dayStart)
            guard let u = e.periodUnit(k), e.unitStart(u) < dayStart + 86_400 else { return 0 }
            try e.expand(period: k, into: &dayBuffer)
            return Int64(dayBuffer.count)
        }
        let s = step.partialValue
        if histogram == nil {
            var h = [Int32](repeating: 0, count: Int(s / unit))
            var x: Int64 = 0
            while x < 86_400 {
                if e.timeOfPeriodPasses(x) { h[Int((x % s) / unit)] += 1 }
                x += unit
            }
            histogram = h
        }
        let r = (origin - dayStart).floorMod(s)
        let periods = Int64(histogram?[Int(r / unit)] ?? 0)
        guard periods > 0 else { return 0 }
        if perPeriod == nil { perPeriod = e.perPassingPeriod }
        return periods &* (perPeriod ?? 0)
    }

    private func periodCount(_ offsetUnits: Int64) throws(KalendsError) -> Int64 {
        if let perPeriod { return perPeriod }
        let dayStart = (expander.unit0 &+ offsetUnits) &* 86_400
        let c = try expander.count(period: offsetUnits / expander.interval, from: dayStart, to: dayStart &+ 86_400)
        perPeriod = c
        return c
    }
}

/// Iterates one rule's occurrences (wall-clock seconds, ascending) from a point.
struct RuleCursor {
    let series: RuleSeries
    private var k: Int64
    private var buffer: [Int64] = []
    private var index = 0
    private let from: Int64
    private var remaining: Int64?
    private var lastDay: Int64
    private var done = false
    /// Where period k's expansion resumes when the last one stopped short (nil: afresh).
    private var resume: Int64?
    private var chunk = 64
    /// For a progression (`RuleExpander.progression`): its terms, and the next k.
    private let progression: (base: Int64, step: Int64)?

    /// Occurrences at or after wall time `t`.
    init(_ series: RuleSeries, from t: Int64) throws(KalendsError) {
        if let error = series.expander.iterationError { throw error }
        self.series = series
        from = max(t, series.low)
        progression = series.expander.progression
        if let p = progression {
            k = RuleSeries.progressionCount(before: from, p)
        } else {
            k = series.expander.firstPeriod(atOrBefore: from)
        }
        if let limit = series.limit {
            remaining = max(0, limit - (try series.countBefore(from)))
        }
        lastDay = from.floorDiv(86_400)
        done = series.expander.neverOccurs || from > series.high
    }

    /// The next term of a progression within UNTIL and the domain (nil: the end).
    @inline(__always)
    private func term(_ p: (base: Int64, step: Int64)) -> Int64? {
        let (m, o1) = k.multipliedReportingOverflow(by: p.step)
        let (o, o2) = p.base.addingReportingOverflow(m)
        return o1 || o2 || o > series.high ? nil : o
    }

    /// Up to `capacity` next wall times into `out`, ascending; returns how many (fewer
    /// than `capacity` only at the end). For floating series (no zone: an occurrence's
    /// instant is its wall time); a series with a zone goes through `next()`.
    /// Cost: O(1) per occurrence for a progression, else the periods expanded plus O(1)
    /// per occurrence; nothing is allocated per occurrence.
    mutating func fill(_ out: UnsafeMutablePointer<Int64>, _ capacity: Int) throws(KalendsError) -> Int {
        var n = 0
        guard series.zone == nil else {
            while n < capacity, let o = try next() { out[n] = o.wall; n += 1 }
            return n
        }
        var room = capacity
        if let left = remaining, left < Int64(room) { room = Int(left) }
        if let p = progression {
            while n < room, !done {
                guard let o = term(p) else { done = true; break }
                out[n] = o
                n += 1
                k += 1
            }
        } else {
            let e = series.expander
            let high = series.high
            while n < room && !done {
                if index < buffer.count {
                    let end = buffer.count
                    var i = index
                    while i < end && n < room {
                        let o = buffer[i]
                        i += 1
                        if o < from { continue }
                        if o > high { done = true; break }
                        out[n] = o
                        n += 1
                    }
                    index = i
                    continue
                }
                guard let u = e.periodUnit(k) else { done = true; break }
                let s = e.unitStart(u)
                if s > high { done = true; break }
                if n > 0 { lastDay = out[n - 1].floorDiv(86_400) }
                if let limitDays = e.emptyRunDays, s.floorDiv(86_400) - lastDay > limitDays { done = true; break }
                try refill()
            }
            if n > 0 { lastDay = out[n - 1].floorDiv(86_400) }
        }
        if let left = remaining {
            remaining = left - Int64(n)
            if left - Int64(n) == 0 { done = true }
        }
        return n
    }

    /// The next occurrence's wall time and instant, or nil at the end.
    mutating func next() throws(KalendsError) -> (wall: Int64, instant: Int64)? {
        if let p = progression {
            while !done {
                if remaining == 0 { done = true; break }
                guard let o = term(p) else { done = true; break }
                k += 1
                let r = series.instant(o)
                if !r.exists && series.gapPolicy == .skip { continue }
                if let left = remaining { remaining = left - 1 }
                return (o, r.instant)
            }
            return nil
        }
        let e = series.expander
        while !done {
            if remaining == 0 { done = true; break }
            if index < buffer.count {
                let o = buffer[index]
                index += 1
                if o < from { continue }
                if o > series.high { done = true; break }
                lastDay = o.floorDiv(86_400)
                let r = series.instant(o)
                if !r.exists && series.gapPolicy == .skip { continue }
                if let left = remaining { remaining = left - 1 }
                return (o, r.instant)
            }
            guard let u = e.periodUnit(k) else { done = true; break }
            let s = e.unitStart(u)
            if s > series.high { done = true; break }
            if let limitDays = e.emptyRunDays, s.floorDiv(86_400) - lastDay > limitDays { done = true; break }
            try refill()
        }
        return nil
    }

    /// Expands period k (from `resume` when its last expansion stopped short) into the
    /// buffer: at most `chunk` occurrences, so a period of many days and times comes in
    /// pieces (64, then doubling to 4,096), and nothing before `from` is made.
    private mutating func refill() throws(KalendsError) {
        var next: Int64 = 0
        let more = try series.expander.expand(period: k, into: &buffer, next: &next, from: max(from, resume ?? from), limit: chunk)
        index = 0
        if more, let last = buffer.last {
            resume = last + 1
        } else {
            resume = nil
            k = next
        }
        if chunk < 4096 { chunk *= 2 }
    }
}
