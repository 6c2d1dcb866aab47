// A series' occurrences in a window, counted or the first few listed (issue 24): the
// cost follows what is asked, not how dense the series is. A master's instances come from
// its RRULE (possibly millions in a month), its dates (RDATEs, DTSTART) and the few
// exceptions (EXDATEs, overrides, RDATE periods): the rule's are counted by arithmetic
// over the walls whose instance lies in the window (`OccurrenceWindow.walls`,
// `RuleSeries.count`), the dates and exceptions one by one; a listing reads the rule from
// the first wall that can lie in the window and stops after the first `limit`.

extension ICalSeries {
    /// The most instances a count walks for a master the arithmetic does not cover
    /// (several RRULEs, an EXRULE, a zone whose offsets do not read as pieces), and the
    /// most a listing passes over without listing them.
    public static let walkLimit = 100_000

    /// The overrides of the series as a query reads them: by the key of their
    /// RECURRENCE-ID (`exact`), by its wall value (`byWall`, for a RECURRENCE-ID of another
    /// type than DTSTART's), the THISANDFUTURE ones in key order, and the live ones.
    struct Overrides {
        var exact: [Int64: Int] = [:]
        var byWall: [Int64: (kind: IcalTimeKind, member: Int)] = [:]
        var future: [(key: Int64, member: Int)] = []
        var live: [(member: Int, key: Int64)] = []
    }

    /// A part of a master's instances by key, [from, to): before the first THISANDFUTURE
    /// override (the master's start and span, RDATE periods their own), and from each such
    /// override on (its shift of the start, its span and event; none when it is cancelled
    /// and cancelled instances are left out).
    struct Part {
        var from: Int64
        var to: Int64
        var shift: Int64
        var span: Span
        /// The member whose event gives the instances.
        var member: Int
        var index: Int
        var isFuture: Bool
        var skip: Bool
    }

    /// What one question (a count or a listing) needs of the series, read once.
    struct Reading {
        let window: OccurrenceWindow
        let zone: TimeZone?
        let zones: ICalZones
        let cancelled: Bool
        /// Only all-day occurrences (true), only timed ones (false), or both (nil).
        var allDay: Bool? = nil
        var overrides = Overrides()

        func wants(_ e: ICalEvent) -> Bool { allDay.map { $0 == (e.start.kind == .date) } ?? true }
    }

    private func readOverrides(_ r: inout Reading, _ warnings: inout [ICalWarning]) {
        for (m, member) in members.enumerated() {
            let o = member.event
            guard let rid = o.recurrenceID else { continue }
            let k = key(rid, o.line, r.zone, r.zones, &warnings)
            if supersededOverride(m, key: k, zone: r.zone, zones: r.zones, warnings: &warnings) { continue }
            r.overrides.exact[k] = m
            r.overrides.byWall[rid.local] = (rid.kind, m)
            if o.thisAndFuture { r.overrides.future.append((k, m)) }
            r.overrides.live.append((m, k))
        }
        r.overrides.future.sort { $0.key < $1.key }
    }

    private func occurrence(_ e: ICalEvent, index: Int, start: ICalTime, recurrenceID: ICalTime?, ridKey: Int64?, span: Span,
                            _ r: Reading, _ warnings: inout [ICalWarning]) -> ICalOccurrence {
        let end = span.end(of: start)
        let s = key(start, e.line, r.zone, r.zones, &warnings), en = key(end, e.line, r.zone, r.zones, &warnings)
        return ICalOccurrence(uid: uid, summary: e.summary, start: start, end: end, recurrenceID: recurrenceID, event: index,
                              startInstant: s, endInstant: en, recurrenceInstant: ridKey)
    }

    /// What the master gives for instance `inst` of part `p` (nil: an override replaced or
    /// removed it, or its THISANDFUTURE override is cancelled and left out), in or out of the window.
    private func occurrence(of inst: RecurrenceInstance, master m: ICalEvent, part p: Part, periods: [Int64: Int64],
                            _ r: Reading, _ warnings: inout [ICalWarning]) -> ICalOccurrence? {
        if !r.overrides.live.isEmpty {
            if r.overrides.exact[inst.key] != nil { return nil }
            if let w = r.overrides.byWall[inst.local], w.kind != m.start.kind, (w.kind == .date) != (m.start.kind == .date) { return nil }
        }
        let rid = ICalTime(kind: m.start.kind, local: inst.local, tzid: m.start.tzid)
        if p.isFuture {
            if p.skip { return nil }
            let start = ICalTime(kind: m.start.kind, local: inst.local &+ p.shift, tzid: m.start.tzid)
            return occurrence(members[p.member].event, index: p.index, start: start, recurrenceID: rid, ridKey: inst.key, span: p.span, r, &warnings)
        }
        var span = p.span
        if let end = inst.end {
            // An RDATE period has its own end.
            span = Span(days: 0, seconds: end &- inst.key, isDate: false)
        } else if let seconds = periods[inst.local] {
            // A period at DTSTART itself (or at a rule's instance) still gives its end.
            span = Span(days: 0, seconds: seconds, isDate: false)
        }
        return occurrence(m, index: p.index, start: rid, recurrenceID: rid, ridKey: inst.key, span: span, r, &warnings)
    }

    private func parts(master mi: Int, span: Span, _ r: Reading, _ warnings: inout [ICalWarning]) -> [Part] {
        let future = r.overrides.future
        var out = [Part(from: Int64.min, to: future.first?.key ?? Int64.max, shift: 0, span: span, member: mi,
                        index: members[mi].index, isFuture: false, skip: false)]
        for (i, f) in future.enumerated() {
            let o = members[f.member].event
            out.append(Part(from: f.key, to: i + 1 < future.count ? future[i + 1].key : Int64.max,
                            shift: o.start.local &- (o.recurrenceID?.local ?? o.start.local), span: lasting(o, r.zone, r.zones, &warnings),
                            member: f.member, index: members[f.member].index, isFuture: true, skip: !r.cancelled && o.isCancelled))
        }
        return out
    }

    // MARK: the questions

    /// How many occurrences lie in `window`, as `occurrences(in:...)` lists them: counted,
    /// not listed. Per master of one RRULE (and any RDATEs, EXDATEs, overrides): the rule's
    /// instances by arithmetic (O(clock changes near the window + the rule's count of a
    /// range, see `RuleSeries.count(from:to:)`), plus O(log n) per date, exception and
    /// override near the window. A master with several RRULEs or an EXRULE is walked
    /// (O(instances near the window), at most `walkLimit`: `.outOfRange` beyond).
    /// `allDay` true counts only the all-day occurrences (false: only the timed ones).
    public func count(in window: OccurrenceWindow, zone: TimeZone?, zones: ICalZones, cancelled: Bool = true,
                      allDay: Bool? = nil, warnings: inout [ICalWarning]) throws(KalendsError) -> Int64 {
        var r = Reading(window: window, zone: zone, zones: zones, cancelled: cancelled, allDay: allDay)
        readOverrides(&r, &warnings)
        var n: Int64 = 0
        for (m, k) in r.overrides.live {
            let o = members[m].event
            guard cancelled || !o.isCancelled, r.wants(o), let rid = o.recurrenceID else { continue }
            let occ = occurrence(o, index: members[m].index, start: o.start, recurrenceID: rid, ridKey: k,
                                 span: lasting(o, zone, zones, &warnings), r, &warnings)
            if window.contains(start: occ.startInstant, end: occ.endInstant) { n &+= 1 }
        }
        for (mi, member) in members.enumerated() where member.event.recurrenceID == nil {
            n &+= try scan(master: mi, r, limit: nil, &warnings, into: nil)
        }
        return n
    }

    /// The occurrences in `window`, unsorted. With `limit`, at least the first `limit` of
    /// them in start order (`ICalOccurrence.startOrder`) are among those appended, and few
    /// others (the dates, exceptions and overrides near the window): sort and cut. Cost
    /// per master of one RRULE: O(clock changes near the window + occurrences appended +
    /// dates and exceptions near it); masters the arithmetic does not cover as `count`.
    public func occurrences(in window: OccurrenceWindow, zone: TimeZone?, zones: ICalZones, cancelled: Bool = true,
                            allDay: Bool? = nil, limit: Int = Int.max, warnings: inout [ICalWarning],
                            into out: inout [ICalOccurrence]) throws(KalendsError) {
        var r = Reading(window: window, zone: zone, zones: zones, cancelled: cancelled, allDay: allDay)
        readOverrides(&r, &warnings)
        for (m, k) in r.overrides.live {
            let o = members[m].event
            guard cancelled || !o.isCancelled, r.wants(o), let rid = o.recurrenceID else { continue }
            let occ = occurrence(o, index: members[m].index, start: o.start, recurrenceID: rid, ridKey: k,
                                 span: lasting(o, zone, zones, &warnings), r, &warnings)
            if window.contains(start: occ.startInstant, end: occ.endInstant) { out.append(occ) }
        }
        guard limit > 0 else { return }
        for (mi, member) in members.enumerated() where member.event.recurrenceID == nil {
            _ = try scan(master: mi, r, limit: limit, &warnings, into: &out)
        }
    }

    /// Counts (`into` nil) or lists (at least the first `limit` in start order) master mi's
    /// occurrences in the window; returns how many it counted or appended.
    private func scan(master mi: Int, _ r: Reading, limit: Int?, _ warnings: inout [ICalWarning],
                      into out: UnsafeMutablePointer<[ICalOccurrence]>?) throws(KalendsError) -> Int64 {
        let m = members[mi].event
        if !r.cancelled && m.isCancelled { return 0 }
        // Every occurrence a master gives has its start's type (a moved one too).
        guard r.wants(m) else { return 0 }
        let span = lasting(m, r.zone, r.zones, &warnings)
        if m.rules.isEmpty && m.dates.isEmpty {
            let occ = occurrence(m, index: members[mi].index, start: m.start, recurrenceID: nil, ridKey: nil, span: span, r, &warnings)
            guard r.window.contains(start: occ.startInstant, end: occ.endInstant) else { return 0 }
            out?.pointee.append(occ)
            return 1
        }
        let (built, message) = recurrenceSet(mi, zone: r.zone, zones: r.zones, warnings: &warnings)
        guard let set = built else {
            let text = "VEVENT \(uid) not expanded: \(message ?? "")"
            if !warnings.contains(where: { $0.line == m.line && $0.message == text }) {
                warnings.append(ICalWarning(line: m.line, message: text))
            }
            return 0
        }
        var periods: [Int64: Int64] = [:]
        var longestOwn: Int64 = 0
        for d in m.dates {
            if let end = d.periodEnd, d.time.kind == m.start.kind, d.time.tzid == m.start.tzid, end.kind == d.time.kind {
                periods[d.time.local] = end.local &- d.time.local
                longestOwn = max(longestOwn, end.local &- d.time.local)
            }
        }
        for d in set.dates { if let e = d.end { longestOwn = max(longestOwn, e &- d.key) } }
        var n: Int64 = 0
        for p in parts(master: mi, span: span, r, &warnings) where !p.skip {
            n &+= try scan(part: p, master: m, set: set, periods: periods, longestOwn: p.isFuture ? 0 : longestOwn,
                           r, limit: limit, &warnings, into: out)
        }
        return n
    }

    private func scan(part p: Part, master m: ICalEvent, set: RecurrenceSet, periods: [Int64: Int64], longestOwn: Int64,
                      _ r: Reading, limit: Int?, _ warnings: inout [ICalWarning],
                      into out: UnsafeMutablePointer<[ICalOccurrence]>?) throws(KalendsError) -> Int64 {
        let add = Saturating.add
        let length = p.span.maxSeconds
        // Keys of the instances that can lie in the window: a start moved by the shift, read
        // with another offset than the key (at most the zone's spread of offsets), ending
        // within the longest span of the part and that spread.
        let spread = set.zone?.offsetSpread ?? 0
        guard let starts = r.window.startKeys(longest: add(max(length, longestOwn), spread)) else { return 0 }
        let keyLow = max(p.from, add(add(starts.lower, -p.shift), -spread))
        let keyHigh = min(p.to, add(add(add(starts.upper, -p.shift), spread), 1))
        guard keyLow < keyHigh else { return 0 }
        func take(_ o: ICalOccurrence?) -> Bool {
            guard let o, r.window.contains(start: o.startInstant, end: o.endInstant) else { return false }
            out?.pointee.append(o)
            return true
        }
        guard set.rules.count <= 1 && set.exceptionRules.isEmpty else {
            return try walk(part: p, master: m, set: set, periods: periods, keyLow: keyLow, keyHigh: keyHigh, r, limit: limit,
                            &warnings, take)
        }
        // Walls of the rule's instances whose keys lie in the part (and near the window)
        // and whose instance lies in the window.
        var intervals: [(Int64, Int64)] = []
        if !set.rules.isEmpty {
            let lo = wall(ofKey: keyLow, set.zone), hi = wall(ofKey: keyHigh, set.zone)
            guard let found = r.window.walls(zone: set.zone, shift: p.shift, length: length, within: lo, hi) else {
                return try walk(part: p, master: m, set: set, periods: periods, keyLow: keyLow, keyHigh: keyHigh, r, limit: limit,
                                &warnings, take)
            }
            intervals = found
        }
        // The dates (DTSTART, RDATEs), one by one.
        var n: Int64 = 0
        var i = set.dateIndex(atOrAfter: keyLow)
        while i < set.dates.count && set.dates[i].key < keyHigh {
            let d = set.dates[i]
            i += 1
            if try set.isExcluded(d) { continue }
            if take(occurrence(of: d, master: m, part: p, periods: periods, r, &warnings)) { n &+= 1 }
        }
        guard let rule = set.rules.first else { return n }
        if out == nil {
            n &+= try countRule(rule, part: p, master: m, set: set, periods: periods, intervals: intervals, r, &warnings)
        } else {
            n &+= try listRule(rule, part: p, master: m, set: set, periods: periods, intervals: intervals, r, limit: limit ?? Int.max,
                               &warnings, take)
        }
        return n
    }

    /// The first wall time whose key (instant in `zone`) is at or after `k`, for existing
    /// wall times (a rule's instances).
    private func wall(ofKey k: Int64, _ zone: TimeZone?) -> Int64 {
        guard let zone, k != Int64.min, k != Int64.max else { return k }
        // Without a clock change within days of it: the instant's own wall time.
        if zone.nextTransition(after: k &- 259_200).map({ $0 > k &+ 259_200 }) ?? true {
            return WallClock.wall(zone, k)
        }
        return WallClock.lastWall(zone, notAfter: k &- 1) &+ 1
    }

    /// The rule's instance at wall `w` as the set gives it, if it has one there (and it is
    /// the rule's: no date at its key, no EXDATE).
    private func ruleInstance(_ rule: RuleSeries, set: RecurrenceSet, wall w: Int64) throws(KalendsError) -> RecurrenceInstance? {
        guard try rule.count(from: w, to: w &+ 1) == 1 else { return nil }
        let k = rule.instant(w).instant
        if set.hasDate(key: k) || set.excludedKeys.contains(k) { return nil }
        if !set.excludedDays.isEmpty && set.excludedDays.contains(w.floorDiv(86_400)) { return nil }
        return RecurrenceInstance(local: w, key: k, end: nil)
    }

    /// The walls where the rule's instances may be given otherwise than the part's span
    /// says: at the keys of dates, EXDATEs and overrides, at the wall values of overrides
    /// and RDATE periods; those near `intervals` (periods: all), ascending, once each.
    private func specialWalls(part p: Part, set: RecurrenceSet, periods: [Int64: Int64], intervals: [(Int64, Int64)],
                              _ r: Reading) -> [Int64] {
        guard let first = intervals.first?.0, let last = intervals.last?.1 else {
            return p.isFuture ? [] : periods.keys.sorted()
        }
        let zone = set.zone
        // Keys of walls in [first, last): within a day and the offsets of them.
        let margin: Int64 = 2 * 86_400 + (zone?.offsetMagnitude ?? 0)
        let keyLow = Saturating.add(first, -margin), keyHigh = Saturating.add(last, margin)
        var walls: [Int64] = []
        func fromKey(_ k: Int64) {
            let w = zone.map { WallClock.wall($0, k) } ?? k
            if w >= first && w < last { walls.append(w) }
        }
        var i = set.dateIndex(atOrAfter: keyLow)
        while i < set.dates.count && set.dates[i].key < keyHigh { fromKey(set.dates[i].key); i += 1 }
        let keys = set.excludedKeyList
        var j = RuleExpander.lowerBound(keys, keyLow)
        while j < keys.count && keys[j] < keyHigh { fromKey(keys[j]); j += 1 }
        for k in r.overrides.exact.keys where k >= keyLow && k < keyHigh { fromKey(k) }
        for w in r.overrides.byWall.keys where w >= first && w < last { walls.append(w) }
        if !p.isFuture { walls += periods.keys }
        walls.sort()
        var unique: [Int64] = []
        for w in walls where unique.last != w { unique.append(w) }
        return unique
    }

    /// The rule's instances of part `p` in the window: those in `intervals` (whose instance
    /// with the part's span lies in the window) counted by arithmetic, less the days
    /// EXDATE removes, corrected at the special walls (dates, exceptions, overrides,
    /// periods) by what the set really gives there.
    private func countRule(_ rule: RuleSeries, part p: Part, master m: ICalEvent, set: RecurrenceSet, periods: [Int64: Int64],
                           intervals: [(Int64, Int64)], _ r: Reading, _ warnings: inout [ICalWarning]) throws(KalendsError) -> Int64 {
        var n: Int64 = 0
        for (a, b) in intervals { n &+= try rule.count(from: a, to: b) }
        if let first = intervals.first?.0, let last = intervals.last?.1, !set.excludedDays.isEmpty {
            let days = set.excludedDayList
            var j = RuleExpander.lowerBound(days, first.floorDiv(86_400))
            while j < days.count && days[j] * 86_400 < last {
                let d0 = days[j] * 86_400, d1 = d0 + 86_400
                for (a, b) in intervals where a < d1 && b > d0 { n &-= try rule.count(from: max(a, d0), to: min(b, d1)) }
                j += 1
            }
        }
        for w in specialWalls(part: p, set: set, periods: periods, intervals: intervals, r) {
            guard try rule.count(from: w, to: w &+ 1) == 1 else { continue }
            if !set.excludedDays.isEmpty && set.excludedDays.contains(w.floorDiv(86_400)) { continue }
            let inInterval = intervals.contains { w >= $0.0 && w < $0.1 }
            let instance = try ruleInstance(rule, set: set, wall: w)
            var given = false
            if let instance, let o = occurrence(of: instance, master: m, part: p, periods: periods, r, &warnings) {
                given = r.window.contains(start: o.startInstant, end: o.endInstant)
            }
            if inInterval && !given { n &-= 1 }
            if !inInterval && given { n &+= 1 }
        }
        return n
    }

    /// Lists the rule's instances of part `p` in the window from the first wall of
    /// `intervals` on, in wall order (start order: the part's shift is constant), until
    /// `limit` are taken -- past them only as far as a skipped clock hour can move a start
    /// back -- then the special walls outside the intervals (RDATE periods). A day EXDATE
    /// removes is stepped over, not walked.
    private func listRule(_ rule: RuleSeries, part p: Part, master m: ICalEvent, set: RecurrenceSet, periods: [Int64: Int64],
                          intervals: [(Int64, Int64)], _ r: Reading, limit: Int, _ warnings: inout [ICalWarning],
                          _ take: (ICalOccurrence?) -> Bool) throws(KalendsError) -> Int64 {
        var n: Int64 = 0
        var taken = 0
        var skipped = 0
        var horizon = Int64.min
        outer: for (a, b) in intervals {
            var cursor = try RuleCursor(rule, from: a)
            while let o = try cursor.next(), o.wall < b {
                if taken >= limit && o.wall >= horizon { break outer }
                if !set.excludedDays.isEmpty {
                    let day = o.wall.floorDiv(86_400)
                    if set.excludedDays.contains(day) {
                        cursor = try RuleCursor(rule, from: (day &+ 1) &* 86_400)
                        continue
                    }
                }
                if (!set.dates.isEmpty && set.hasDate(key: o.instant)) || (!set.excludedKeys.isEmpty && set.excludedKeys.contains(o.instant)) {
                    continue
                }
                let inst = RecurrenceInstance(local: o.wall, key: o.instant, end: nil)
                guard take(occurrence(of: inst, master: m, part: p, periods: periods, r, &warnings)) else {
                    // Passed over (an exception, or out of the window near a clock change).
                    skipped += 1
                    if skipped > Self.walkLimit { throw walkError(m) }
                    continue
                }
                n &+= 1
                taken += 1
                horizon = max(horizon, Self.horizon(set.zone, wall: o.wall, shift: p.shift))
            }
        }
        if !p.isFuture {
            for w in periods.keys.sorted() where !intervals.contains(where: { w >= $0.0 && w < $0.1 }) {
                guard let inst = try ruleInstance(rule, set: set, wall: w) else { continue }
                if take(occurrence(of: inst, master: m, part: p, periods: periods, r, &warnings)) { n &+= 1 }
            }
        }
        return n
    }

    /// A master the arithmetic does not cover: its instances of part `p` with keys in
    /// [keyLow, keyHigh) walked in key order (dates, rules and exclusions merged by the
    /// set), each placed; at most `walkLimit`. A listing stops after `limit` taken (and
    /// a skipped hour's worth more, as `listRule`).
    private func walk(part p: Part, master m: ICalEvent, set: RecurrenceSet, periods: [Int64: Int64], keyLow: Int64, keyHigh: Int64,
                      _ r: Reading, limit: Int?, _ warnings: inout [ICalWarning],
                      _ take: (ICalOccurrence?) -> Bool) throws(KalendsError) -> Int64 {
        var n: Int64 = 0
        var visited = 0
        var horizon = Int64.min
        var cursor = try set.instances(from: keyLow)
        while let inst = try cursor.next(), inst.key < keyHigh {
            if let limit, n >= Int64(limit), inst.local >= horizon { break }
            // A count walks every instance; a listing pays for what it lists, and walks
            // at most `walkLimit` it passes over.
            visited += 1
            if visited > Self.walkLimit && (limit == nil || visited - Int(clamping: n) > Self.walkLimit) { throw walkError(m) }
            guard take(occurrence(of: inst, master: m, part: p, periods: periods, r, &warnings)) else { continue }
            n &+= 1
            horizon = max(horizon, Self.horizon(set.zone, wall: inst.local, shift: p.shift))
        }
        return n
    }

    /// Instances are listed in wall order, which is start order but where a shift moves a
    /// start into a skipped hour: it then reads after the gap, as late as the starts of the
    /// walls up to a gap's length past it. The wall up to which a listing that took the
    /// instance at `wall` must go on to find every earlier start (Int64.min: none).
    static func horizon(_ zone: TimeZone?, wall: Int64, shift: Int64) -> Int64 {
        guard shift != 0, let zone else { return Int64.min }
        let x = Saturating.add(wall, shift)
        guard !WallClock.resolve(zone, x).exists, let (a, b) = WallClock.gaps(zone, from: x, to: x &+ 1).first else { return Int64.min }
        return Saturating.add(Saturating.add(b, b &- a), -shift)
    }

    private func walkError(_ m: ICalEvent) -> KalendsError {
        KalendsError(.outOfRange, "line \(m.line): VEVENT \(uid) has more than \(Self.walkLimit) instances to walk near the range "
                     + "(several RRULEs or an EXRULE are not counted by arithmetic): ask for a shorter range")
    }
}
