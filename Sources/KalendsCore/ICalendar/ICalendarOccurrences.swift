/// One occurrence of an event: the shape of recurring-ical-events' `between` results.
public struct ICalOccurrence: Hashable, Sendable {
    public var uid: String
    public var summary: String?
    /// Start and end as in the file: dates for all-day events, floating or zoned
    /// wall-clock times, or UTC.
    public var start: ICalTime
    public var end: ICalTime
    /// The instance's RECURRENCE-ID (its original start); nil for a single event.
    public var recurrenceID: ICalTime?
    /// Index into `ICalendar.events` of the event that gave it (the override for a
    /// modified instance).
    public var event: Int
    /// Start and end as instants (floating and all-day values in the query's zone).
    public var startInstant: Int64
    public var endInstant: Int64
    /// The RECURRENCE-ID as an instant (the start the series gives the instance); nil
    /// for a single event.
    public var recurrenceInstant: Int64?
}

extension ICalendar {
    /// The occurrences that overlap [from, to) in start order (ties by UID), following
    /// RFC 5545: DTSTART is the first instance and counts toward COUNT; EXDATE removes
    /// instances; a RECURRENCE-ID override replaces its instance (RANGE=THISANDFUTURE
    /// moves that and every later instance by its shift and gives them its duration and
    /// summary); an instance at a wall-clock time a clock change skips is no instance
    /// (3.3.10). STATUS:CANCELLED (on an override, a THISANDFUTURE override or the master)
    /// does not remove instances: they are listed, each with its event (`event`, whose
    /// `status` says it), as recurring-ical-events lists them (RFC 5545 3.8.1.11 does not
    /// say whether a cancelled instance is still listed). An event store leaves them out
    /// (`ICalSeries.occurrences(cancelled: false)`).
    ///
    /// Bounds are wall-clock times; `zone` places them and every floating or all-day value
    /// on the time line (nil: UTC). An occurrence overlaps when start < to and end > from,
    /// or, when it has no length, when from <= start < to. A TZID no source knows is read
    /// as floating, with a warning. Cost: per series O(COUNT prefix + instances in range).
    public func occurrences(from: Int64, to: Int64, zone: TimeZone?, zones: ICalZones) throws(KalendsError) -> (occurrences: [ICalOccurrence], warnings: [ICalWarning]) {
        var out: [ICalOccurrence] = []
        var warnings: [ICalWarning] = []
        let fromKey = Self.instant(ofWall: from, zone), toKey = Self.instant(ofWall: to, zone)
        for s in series() {
            try s.occurrences(from: fromKey, to: toKey, zone: zone, zones: zones, warnings: &warnings, into: &out)
        }
        return (ICalOccurrence.sortedByStart(out), warnings)
    }

    /// The events grouped by UID, in the order of each UID's first event (an event
    /// without a UID is a group of its own). A UID names one event and its overrides (RFC
    /// 5545 3.8.4.7: globally unique); when a file holds several revisions of it (several
    /// VEVENTs without RECURRENCE-ID, or several overrides of one instance), the one with
    /// the highest SEQUENCE (3.8.7.4: incremented with each revision) is kept, the first
    /// of equals, as recurring-ical-events does.
    public func series() -> [ICalSeries] {
        var order: [String] = []
        var groups: [String: [(Int, ICalEvent)]] = [:]
        var out: [ICalSeries] = []
        for (i, e) in events.enumerated() {
            if e.uid.isEmpty {
                order.append("")
                groups["\u{0}\(i)"] = [(i, e)]
                continue
            }
            if groups[e.uid] == nil { order.append(e.uid) }
            groups[e.uid, default: []].append((i, e))
        }
        var anonymous = events.indices.filter { events[$0].uid.isEmpty }.makeIterator()
        for uid in order {
            if uid.isEmpty, let i = anonymous.next() {
                out.append(ICalSeries(uid: "", members: groups["\u{0}\(i)"] ?? []))
            } else if let g = groups[uid] {
                out.append(ICalSeries(uid: uid, members: g.count == 1 ? g : Self.latestRevisions(g)))
            }
        }
        return out
    }

    /// Of several masters, the one with the highest SEQUENCE (the first of equals); of
    /// several overrides of one RECURRENCE-ID, likewise. File order is kept.
    static func latestRevisions(_ g: [(Int, ICalEvent)]) -> [(Int, ICalEvent)] {
        var best: [ICalTime?: (position: Int, sequence: Int64)] = [:]
        for (p, (_, e)) in g.enumerated() {
            let sequence = e.sequence
            if let b = best[e.recurrenceID], b.sequence >= sequence { continue }
            best[e.recurrenceID] = (p, sequence)
        }
        let kept = Set(best.values.map(\.position))
        return g.enumerated().filter { kept.contains($0.offset) }.map(\.element)
    }

    /// The instant of wall-clock time `w` in `zone` (nil: the wall time itself).
    public static func instant(ofWall w: Int64, _ zone: TimeZone?) -> Int64 {
        zone.map { WallClock.resolve($0, w).instant } ?? w
    }
}

extension ICalOccurrence {
    /// Start order: start instant, then UID, then wall-clock start.
    public static func startOrder(_ a: ICalOccurrence, _ b: ICalOccurrence) -> Bool {
        (a.startInstant, a.uid, a.start.local) < (b.startInstant, b.uid, b.start.local)
    }

    /// `list` in `startOrder`, equal ones in their order. Sorts (start, position) pairs and
    /// moves each occurrence once: sorting the occurrences themselves moved and retained
    /// their strings at every swap (most of a month query's time).
    public static func sortedByStart(_ list: [ICalOccurrence]) -> [ICalOccurrence] {
        var order = list.indices.map { (start: list[$0].startInstant, position: $0) }
        order.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            let x = list[a.position], y = list[b.position]
            if x.uid != y.uid { return x.uid < y.uid }
            if x.start.local != y.start.local { return x.start.local < y.start.local }
            return a.position < b.position
        }
        return order.map { list[$0.position] }
    }
}

/// The VEVENTs of one UID, expanded together: its master (DTSTART, RRULE, RDATE, EXDATE,
/// EXRULE) and its RECURRENCE-ID overrides. Each master's recurrence set is built once
/// per zone and kept, so COUNT prefixes are counted once and every later range starts in
/// O(1). Not thread-safe (the sets cache counts).
public final class ICalSeries {
    public let uid: String
    /// (index in the calendar, event), masters and overrides in file order.
    public let members: [(index: Int, event: ICalEvent)]
    private var sets: [Int: (zone: String?, set: RecurrenceSet?, message: String?)] = [:]

    public init(uid: String, members: [(index: Int, event: ICalEvent)]) {
        self.uid = uid
        self.members = members
    }

    /// Whether it is more than one plain event: a recurrence, overrides or several masters.
    public var isRecurring: Bool {
        members.count > 1 || members.contains { !$0.event.rules.isEmpty || !$0.event.dates.isEmpty || $0.event.recurrenceID != nil }
    }

    func zoneOf(_ t: ICalTime, _ line: Int, _ zone: TimeZone?, _ zones: ICalZones, _ warnings: inout [ICalWarning]) -> TimeZone? {
        switch t.kind {
        case .utc: return .utc
        case .zoned:
            if let z = zones.zone(t.tzid ?? "") { return z }
            if !warnings.contains(where: { $0.line == line }) {
                warnings.append(ICalWarning(line: line, message: "unknown TZID \(t.tzid ?? ""): read as floating time"))
            }
            return zone
        default: return zone
        }
    }

    /// How long `e`'s instances last (`Span`), a DTEND in another zone measured in instants.
    func lasting(_ e: ICalEvent, _ zone: TimeZone?, _ zones: ICalZones, _ warnings: inout [ICalWarning]) -> Span {
        var w: [ICalWarning] = []
        let s = Span(e) { t in key(t, e.line, zone, zones, &w) }
        for x in w where !warnings.contains(x) { warnings.append(x) }
        return s
    }

    func key(_ t: ICalTime, _ line: Int, _ zone: TimeZone?, _ zones: ICalZones, _ warnings: inout [ICalWarning]) -> Int64 {
        t.kind == .utc ? t.local : ICalendar.instant(ofWall: t.local, zoneOf(t, line, zone, zones, &warnings))
    }

    /// The recurrence set of member `m` (a master) in its zone, cached; nil with a
    /// message when it cannot be expanded.
    func recurrenceSet(_ m: Int, zone: TimeZone?, zones: ICalZones, warnings: inout [ICalWarning]) -> (RecurrenceSet?, String?) {
        let e = members[m].event
        let z = zoneOf(e.start, e.line, zone, zones, &warnings)
        if let hit = sets[m], hit.zone == z?.name { return (hit.set, hit.message) }
        func recurrenceDate(_ t: ICalTime) -> RecurrenceDate {
            switch t.kind {
            case .date: return RecurrenceDate(kind: .date, value: t.local.floorDiv(86_400))
            case .utc: return RecurrenceDate(kind: .instant, value: t.local)
            case .floating: return RecurrenceDate(kind: .local, value: t.local)
            case .zoned:
                if t.tzid == e.start.tzid { return RecurrenceDate(kind: .local, value: t.local) }
                return RecurrenceDate(kind: .instant, value: key(t, e.line, zone, zones, &warnings))
            }
        }
        var result: (RecurrenceSet?, String?)
        do throws(KalendsError) {
            let dates = e.dates.map { d in
                var r = recurrenceDate(d.time)
                if let end = d.periodEnd {
                    let re = recurrenceDate(end)
                    if re.kind == r.kind { r.end = re.value }
                }
                return r
            }
            let set = try RecurrenceSet(start: e.start.local, zone: z, isDate: e.start.kind == .date, rules: e.rules,
                                        dates: dates, exceptionRules: e.exceptionRules,
                                        exceptionDates: e.exceptionDates.map(recurrenceDate))
            result = (set, nil)
        } catch {
            result = (nil, error.message)
        }
        sets[m] = (z?.name, result.0, result.1)
        return result
    }

    /// Checks that every master can be expanded (a rule the engine refuses throws `.parse`
    /// naming the VEVENT's line).
    public func validate(zones: ICalZones) throws(KalendsError) {
        var warnings: [ICalWarning] = []
        for (m, member) in members.enumerated() where member.event.recurrenceID == nil {
            if member.event.rules.isEmpty && member.event.dates.isEmpty { continue }
            let (set, message) = recurrenceSet(m, zone: .utc, zones: zones, warnings: &warnings)
            if set == nil {
                throw KalendsError(.parse, "line \(member.event.line): VEVENT \(uid) cannot be expanded: \(message ?? "")")
            }
        }
    }

    /// Keys every occurrence lies within, in `zone` (floating and all-day values read
    /// there): [first start, last end]; `last` nil when the series has no end. Over-
    /// approximates (exclusions and cancellations are ignored).
    /// `cancelled` false: cancelled events (STATUS:CANCELLED) are left out, as
    /// `occurrences(cancelled: false)` leaves them out.
    public func span(zone: TimeZone?, zones: ICalZones, cancelled: Bool = true) throws(KalendsError) -> (first: Int64, last: Int64?)? {
        var warnings: [ICalWarning] = []
        var first: Int64?, last: Int64? = Int64.min
        func widen(_ a: Int64, _ b: Int64?) {
            first = min(first ?? a, a)
            if let l = last { last = b.map { max(l, $0) } }
        }
        var shifts: (Int64, Int64) = (0, 0)
        for member in members where member.event.recurrenceID != nil && member.event.thisAndFuture {
            let o = member.event
            let shift = o.start.local &- (o.recurrenceID?.local ?? o.start.local)
            shifts = (min(shifts.0, shift), max(shifts.1, shift))
        }
        for (m, member) in members.enumerated() {
            let e = member.event
            if !cancelled && e.isCancelled { continue }
            let s = key(e.start, e.line, zone, zones, &warnings)
            let length = max(Span(e).maxSeconds, 0) &+ 93_600
            if e.recurrenceID != nil || (e.rules.isEmpty && e.dates.isEmpty) {
                widen(s, s &+ length)
                continue
            }
            let b: (first: Int64?, last: Int64?)
            if let cheap = Self.bounds(e, start: s, key: { key($0, e.line, zone, zones, &warnings) }) {
                b = cheap
            } else {
                let (set, _) = recurrenceSet(m, zone: zone, zones: zones, warnings: &warnings)
                guard let set else { continue }
                b = try set.keyBounds()
            }
            guard let f = b.first else { continue }
            // THISANDFUTURE overrides move later instances and give them their own lengths.
            var reach = length
            for o in members where o.event.thisAndFuture { reach = max(reach, max(Span(o.event).maxSeconds, 0) &+ 93_600) }
            widen(f &+ shifts.0, b.last.map { $0 &+ reach &+ shifts.1 })
        }
        guard let first else { return nil }
        return (first, last == Int64.min ? first : last)
    }

    /// Bounds of a master's instances without building its recurrence set, when no rule
    /// has a COUNT: DTSTART (RFC 5545: the first instance) or an earlier RDATE, and the
    /// latest UNTIL or RDATE (a day of margin for wall-clock values); nil last when a rule
    /// has no end. Over-approximates, as `span` may (exclusions are ignored); O(rules +
    /// RDATEs), where the set's own bounds cost its construction and first instance.
    static func bounds(_ e: ICalEvent, start s: Int64, key: (ICalTime) -> Int64) -> (first: Int64?, last: Int64?)? {
        guard e.rules.allSatisfy({ $0.count == nil }) else { return nil }
        var first = s
        var last: Int64? = s
        for d in e.dates {
            let k = key(d.time)
            first = min(first, k)
            let end = d.periodEnd.map(key) ?? k
            last = last.map { max($0, k, end) }
        }
        for r in e.rules {
            guard let until = r.until else { return (first, nil) }
            let bound: Int64
            switch until {
            case .utc(let i): bound = i
            case .local(let w): bound = w
            case .date(let d): bound = Int64(d) &* 86_400
            }
            // A wall time's instant is within a day of it (offsets are below 26 hours).
            last = last.map { max($0, bound > Int64.max &- 93_600 ? Int64.max : bound &+ 93_600) }
        }
        return (first, last)
    }

    /// Whether override `o` (its RECURRENCE-ID's key `k`) gives no instance, as recurring-
    /// ical-events decides: the master's EXDATE removes its instance, or it is an older
    /// revision (lower SEQUENCE than the master's) with its own RRULE whose RECURRENCE-ID the
    /// master no longer produces (a series split, then shortened: issue_253).
    func supersededOverride(_ o: Int, key k: Int64, zone: TimeZone?, zones: ICalZones,
                            warnings: inout [ICalWarning]) -> Bool {
        guard let mi = members.firstIndex(where: { $0.event.recurrenceID == nil }),
              let rid = members[o].event.recurrenceID else { return false }
        let master = members[mi].event, override = members[o].event
        for x in master.exceptionDates {
            if (x.kind == .date || rid.kind == .date) ? x.local == rid.local : key(x, master.line, zone, zones, &warnings) == k {
                return true
            }
        }
        guard !override.rules.isEmpty, override.sequence < master.sequence else { return false }
        guard !master.rules.isEmpty || !master.dates.isEmpty else { return k != key(master.start, master.line, zone, zones, &warnings) }
        let (set, _) = recurrenceSet(mi, zone: zone, zones: zones, warnings: &warnings)
        guard let set else { return false }
        // An expansion error here keeps the override (the master's own expansion reports it).
        do throws(KalendsError) {
            var cursor = try set.instances(from: k)
            return try cursor.next()?.key != k
        } catch {
            return false
        }
    }

    /// Appends this series' occurrences that overlap [from, to) (keys: instants, floating
    /// values in `zone`), unsorted. `cancelled` false: the instances a cancelled event gives
    /// (a STATUS:CANCELLED override, THISANDFUTURE override or master) are left out, as an
    /// event store shows them (a cancelled meeting is not drawn). Cost: the occurrences
    /// appended, after the set's first COUNT prefix (see `occurrences(in:...)`).
    public func occurrences(from fromKey: Int64, to toKey: Int64, zone: TimeZone?, zones: ICalZones,
                            cancelled: Bool = true, warnings: inout [ICalWarning],
                            into out: inout [ICalOccurrence]) throws(KalendsError) {
        try occurrences(in: .overlapping(fromKey, toKey), zone: zone, zones: zones, cancelled: cancelled, warnings: &warnings,
                        into: &out)
    }
}

/// How long an event's instances last: DURATION (nominal days, exact seconds), or
/// DTEND - DTSTART (whole days for dates, wall-clock difference otherwise, as Python's
/// datetime arithmetic gives it); an all-day event without either lasts one day, a timed
/// one none.
struct Span {
    var days: Int64
    var seconds: Int64
    var isDate: Bool

    init(days: Int64, seconds: Int64, isDate: Bool) {
        self.days = days
        self.seconds = seconds
        self.isDate = isDate
    }

    init(_ e: ICalEvent) {
        isDate = e.start.kind == .date
        if let d = e.duration {
            days = d.days
            seconds = d.seconds
        } else if let end = e.end {
            let diff = end.local &- e.start.local
            days = isDate ? diff.floorDiv(86_400) : 0
            seconds = isDate ? 0 : diff
        } else {
            days = isDate ? 1 : 0
            seconds = 0
        }
    }

    /// `init(_:)`, except that a DTEND in another zone than DTSTART (UTC against a TZID,
    /// two TZIDs) lasts the exact time between the two instants, as Python's arithmetic of
    /// datetimes with different tzinfo gives it.
    init(_ e: ICalEvent, instant: (ICalTime) -> Int64) {
        self.init(e)
        if let end = e.end, end.kind != .date, e.start.kind != .date, end.kind != e.start.kind || end.tzid != e.start.tzid {
            days = 0
            seconds = instant(end) &- instant(e.start)
        }
    }

    var maxSeconds: Int64 { days &* 86_400 &+ seconds }

    func end(of start: ICalTime) -> ICalTime {
        ICalTime(kind: start.kind, local: start.local &+ days &* 86_400 &+ seconds, tzid: start.tzid)
    }
}
