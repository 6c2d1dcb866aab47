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
}

extension ICalendar {
    /// The occurrences that overlap [from, to) in start order (ties by UID), following
    /// RFC 5545: DTSTART is the first instance and counts toward COUNT; EXDATE removes
    /// instances; a RECURRENCE-ID override replaces its instance (RANGE=THISANDFUTURE
    /// moves that and every later instance by its shift and gives them its duration and
    /// summary); STATUS:CANCELLED removes an instance, or a whole series on the master;
    /// an instance at a wall-clock time a clock change skips is no instance (3.3.10).
    ///
    /// Bounds are wall-clock times; `zone` places them and every floating or all-day value
    /// on the time line (nil: UTC). An occurrence overlaps when start < to and end > from,
    /// or, when it has no length, when from <= start < to. A TZID no source knows is read
    /// as floating, with a warning. Cost: per series O(COUNT prefix + instances in range).
    public func occurrences(from: Int64, to: Int64, zone: TimeZone?, zones: ICalZones) throws(KalendsError) -> (occurrences: [ICalOccurrence], warnings: [ICalWarning]) {
        var out: [ICalOccurrence] = []
        var warnings: [ICalWarning] = []
        let fromKey = Self.instant(ofWall: from, zone), toKey = Self.instant(ofWall: to, zone)

        func zoneOf(_ t: ICalTime, _ line: Int) -> TimeZone? {
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
        func key(_ t: ICalTime, _ line: Int) -> Int64 {
            t.kind == .utc ? t.local : Self.instant(ofWall: t.local, zoneOf(t, line))
        }

        func recurrenceDate(_ t: ICalTime, _ master: ICalEvent) -> RecurrenceDate {
            switch t.kind {
            case .date: return RecurrenceDate(kind: .date, value: t.local.floorDiv(86_400))
            case .utc: return RecurrenceDate(kind: .instant, value: t.local)
            case .floating: return RecurrenceDate(kind: .local, value: t.local)
            case .zoned:
                if t.tzid == master.start.tzid { return RecurrenceDate(kind: .local, value: t.local) }
                return RecurrenceDate(kind: .instant, value: key(t, master.line))
            }
        }

        var byUID: [String: (masters: [Int], overrides: [Int])] = [:]
        for (i, e) in events.enumerated() {
            if e.recurrenceID == nil { byUID[e.uid, default: ([], [])].masters.append(i) } else { byUID[e.uid, default: ([], [])].overrides.append(i) }
        }

        func emit(_ e: ICalEvent, index: Int, start: ICalTime, recurrenceID: ICalTime?, span: Span) {
            let end = span.end(of: start)
            let s = key(start, e.line), en = key(end, e.line)
            let overlaps = en > s ? (s < toKey && en > fromKey) : (s >= fromKey && s < toKey)
            if overlaps {
                out.append(ICalOccurrence(uid: e.uid, summary: e.summary, start: start, end: end, recurrenceID: recurrenceID,
                                          event: index, startInstant: s, endInstant: en))
            }
        }

        for (uid, group) in byUID {
            // Overrides by the key of their RECURRENCE-ID; THISANDFUTURE ones in order.
            var exact: [Int64: Int] = [:]
            var future: [(key: Int64, index: Int)] = []
            for i in group.overrides {
                let o = events[i]
                guard let rid = o.recurrenceID else { continue }
                let k = key(rid, o.line)
                exact[k] = i
                if o.thisAndFuture { future.append((k, i)) }
                if !o.isCancelled {
                    emit(o, index: i, start: o.start, recurrenceID: rid, span: Span(o))
                }
            }
            future.sort { $0.key < $1.key }
            for mi in group.masters {
                let m = events[mi]
                if m.isCancelled { continue }
                let z = zoneOf(m.start, m.line)
                let span = Span(m)
                if m.rules.isEmpty && m.dates.isEmpty {
                    emit(m, index: mi, start: m.start, recurrenceID: nil, span: span)
                    continue
                }
                let set: RecurrenceSet
                do throws(KalendsError) {
                    set = try RecurrenceSet(start: m.start.local, zone: z, isDate: m.start.kind == .date, rules: m.rules,
                                            dates: m.dates.map { recurrenceDate($0.time, m) },
                                            exceptionRules: m.exceptionRules,
                                            exceptionDates: m.exceptionDates.map { recurrenceDate($0, m) })
                } catch {
                    warnings.append(ICalWarning(line: m.line, message: "VEVENT \(uid) not expanded: \(error.message)"))
                    continue
                }
                // Instances that start up to the longest span before `from` can still overlap.
                let reach = max(span.maxSeconds, 0) &+ 86_400 &* 2
                let back = reach + (future.isEmpty ? 0 : 366 * 86_400)
                var cursor = try set.instances(from: fromKey < Int64.min + back ? Int64.min : fromKey - back)
                let lookAhead = toKey > Int64.max - 366 * 86_400 ? Int64.max : toKey + 366 * 86_400
                while let inst = try cursor.next() {
                    if inst.key >= toKey && future.isEmpty { break }
                    if inst.key >= lookAhead { break }
                    let rid = ICalTime(kind: m.start.kind, local: inst.local, tzid: m.start.tzid)
                    // An override gave (or cancelled) this instance.
                    if exact[inst.key] != nil { continue }
                    if let f = future.last(where: { $0.key <= inst.key }) {
                        let o = events[f.index]
                        if o.isCancelled { continue }
                        let shift = o.start.local &- (o.recurrenceID?.local ?? o.start.local)
                        let start = ICalTime(kind: m.start.kind, local: inst.local &+ shift, tzid: m.start.tzid)
                        var moved = o
                        moved.uid = m.uid
                        emit(moved, index: f.index, start: start, recurrenceID: rid, span: Span(o))
                        continue
                    }
                    emit(m, index: mi, start: rid, recurrenceID: rid, span: span)
                }
            }
        }
        out.sort { ($0.startInstant, $0.uid, $0.start.local) < ($1.startInstant, $1.uid, $1.start.local) }
        return (out, warnings)
    }

    static func instant(ofWall w: Int64, _ zone: TimeZone?) -> Int64 {
        zone.map { WallClock.resolve($0, w).instant } ?? w
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

    var maxSeconds: Int64 { days &* 86_400 &+ seconds }

    func end(of start: ICalTime) -> ICalTime {
        ICalTime(kind: start.kind, local: start.local &+ days &* 86_400 &+ seconds, tzid: start.tzid)
    }
}
