// Recurring entries of a store (issue 15, item 3): a series is ONE entry; queries, dots,
// month bars and the timeline see its occurrences in their range. Series are indexed by
// their active span (SeriesSpans), and each active one starts its expansion at the range
// (the recurrence engine skips ahead): a query costs O(log n + series active in the range
// + their occurrences there), not O(series) or O(occurrences since DTSTART).

extension EventStore {
    /// How many entries are recurring.
    public var seriesCount: Int { seriesEntries.count }

    /// Whether the entry with this id is recurring.
    public func isSeries(_ id: Int64) -> Bool { slot(of: id).map { seriesEntries[$0] != nil } ?? false }

    /// Adds a recurring entry. `event` is its first occurrence (DTSTART ... DTEND): id,
    /// title, colour, source, user value, all-day or timed; `recurrence` holds its
    /// RRULE, RDATE, EXDATE and EXRULE lines as in a VEVENT (one per line, "\n" or
    /// "\r\n"), values without TZID read in `zone`. Timed entries repeat in `zone`'s wall
    /// clock (nil: UTC); all-day entries by date. Errors: as `add`, `.parse` (a line that
    /// is not one of these four, or a value that does not read), `.invalidArgument` (a
    /// rule the engine refuses).
    public func add(series e: Event, recurrence: String, zone: TimeZone?) throws(KalendsError) {
        try e.validate()
        guard slot(of: e.id) == nil else { throw KalendsError(.duplicate, "event \(e.id) is already in the store") }
        let ical = try Self.icalEvent(e, recurrence: recurrence, zone: zone)
        let z = zone ?? .utc
        let zones = ICalZones(calendar: ICalendar(), system: { $0 == z.name ? z : nil })
        let series = ICalSeries(uid: ical.uid, members: [(0, ical)])
        try series.validate(zones: zones)
        let s = StoreSeries(series: series, zones: zones)
        place(series: s, span: try s.indexSpan(), event: e)
        icalEvents[e.id] = [ical]
        changed()
    }

    /// The VEVENT of a host's recurring entry.
    static func icalEvent(_ e: Event, recurrence: String, zone: TimeZone?) throws(KalendsError) -> ICalEvent {
        func time(_ v: Int64) -> ICalTime {
            if e.allDay { return ICalTime(kind: .date, local: v &* 86_400) }
            guard let zone, zone.name != "UTC" else { return ICalTime(kind: .utc, local: v) }
            return ICalTime(kind: .zoned, local: WallClock.wall(zone, v), tzid: zone.name)
        }
        var lines: [ContentLine] = [ContentLine(name: "DTSTART", value: "19700101T000000Z")]
        var number = 0
        for raw in recurrence.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var text = Substring(raw)
            if text.last == "\r" { text = text.dropLast() }
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard let l = ContentLine.parse(String(text), line: number) else {
                throw KalendsError(.parse, "recurrence line \(number): not a content line: \"\(text.prefix(60))\"")
            }
            guard ["RRULE", "RDATE", "EXDATE", "EXRULE"].contains(l.name) else {
                throw KalendsError(.parse, "recurrence line \(number): \(l.name) is not RRULE, RDATE, EXDATE or EXRULE")
            }
            lines.append(l)
        }
        var ical = try ICalendarReader.event(ICalRawComponent(name: "VEVENT", lines: lines, children: []), strict: false)
        ical.start = time(e.start)
        ical.end = time(e.allDay ? e.end &+ 1 : e.end)
        ical.summary = e.title
        ical.uid = "\(e.id)@kalends"
        if let zone, !e.allDay {
            // Values without TZID were read as floating: they are wall times of the zone.
            func inZone(_ t: ICalTime) -> ICalTime {
                t.kind == .floating ? ICalTime(kind: .zoned, local: t.local, tzid: zone.name) : t
            }
            if zone.name != "UTC" {
                ical.dates = ical.dates.map { (inZone($0.time), $0.periodEnd.map(inZone)) }
                ical.exceptionDates = ical.exceptionDates.map(inZone)
            }
        }
        return ical
    }

    /// Puts a checked series in a new slot with `event` as its record (first occurrence).
    func place(series: StoreSeries, span: (start: Int64, end: Int64)?, event e: Event) {
        let slot = place(e)
        startOrdered = false
        seriesEntries[slot] = series
        if let span { seriesSpans.set(slot, start: span.start, end: span.end) }
    }

    /// Appends the occurrences of the recurring entries active in [lo, hi) (local days
    /// first ... last of `zone`) to a query's hits, as one more sorted run: all of them, or
    /// of each entry its first `limit` in start order (and a few more).
    func collectOccurrences(_ first: Int32, _ last: Int32, _ lo: Int64, _ hi: Int64, _ zone: any LocalDays, limit: Int = Int.max,
                            into s: inout QueryScratch) throws(KalendsError) {
        seriesSpans.collect(overlapping: lo, hi, into: &s.seriesSlots)
        guard !s.seriesSlots.isEmpty else { return }
        let before = s.occurrences.count
        for slot in s.seriesSlots {
            guard let series = seriesEntries[slot] else { continue }
            let start = s.occurrences.count
            if try series.occurrences(.overlapping(lo, hi), zone: zone, record: columns.record(slot), title: columns.cTitle(slot).0,
                                      titleText: title(at: slot), limit: limit, into: &s.occurrences) {
                s.partial.append((slot, s.occurrences.count - start))
            }
        }
        let runStart = s.hits.count
        for i in before..<s.occurrences.count {
            let o = s.occurrences[i]
            let r = o.record
            let key = r.allDay ? try zone.dayStart(Int32(clamping: r.start)) : r.start
            s.hits.append(QueryHit(key: key, id: r.id, slot: slot(of: r.id) ?? 0, rank: r.allDay ? 0 : 1, occurrence: Int32(i)))
        }
        guard s.hits.count > runStart else { return }
        s.hits[runStart...].sort { $0 < $1 }
        s.runs.append(runStart)
    }

    /// The number of a query's answer whose hits hold `listed` and whose entries in
    /// `partial` listed only their first few (their listed occurrences there): those
    /// entries counted instead, the others as listed.
    func total(listed: Int, partial: [(slot: Int32, listed: Int)], _ first: Int32, _ last: Int32,
               _ zone: any LocalDays) throws(KalendsError) -> Int {
        guard !partial.isEmpty else { return listed }
        let (lo, hi) = try instants(first, last, zone)
        var n = Int64(listed)
        for (slot, shown) in partial {
            guard let series = seriesEntries[slot] else { continue }
            n = n &- Int64(shown) &+ (try series.count(.overlapping(lo, hi), zone: zone))
        }
        return Int(clamping: n)
    }

    /// How many occurrences of recurring entries overlap [lo, hi) (instants) in `zone`:
    /// counted, not listed, entry by entry (see `ICalSeries.count(in:)`).
    func seriesOccurrenceCount(_ lo: Int64, _ hi: Int64, _ zone: any LocalDays) throws(KalendsError) -> Int64 {
        var slots: [Int32] = []
        seriesSpans.collect(overlapping: lo, hi, into: &slots)
        var n: Int64 = 0
        for slot in slots {
            guard let series = seriesEntries[slot] else { continue }
            n &+= try series.count(.overlapping(lo, hi), zone: zone)
        }
        return n
    }

    /// Adds a calendar's events, all or none: each UID is one entry (recurring when it has
    /// a recurrence, overrides or several VEVENTs; a single event otherwise), with ids
    /// `firstID`, `firstID + 1`, ... in the order of each UID's first VEVENT. Timed single
    /// events become instants (floating ones in `zone`, nil: UTC); recurring entries
    /// keep their wall clocks. `system` finds zones by TZID (the calendar's VTIMEZONEs and
    /// Windows names are tried after it). Returns the ids. Errors: `.duplicate` (an id in
    /// use), `.outOfRange` (ids past Int64.max, dates beyond the supported ones), `.parse`
    /// (an event that cannot be expanded, naming its line).
    @discardableResult
    public func add(calendar cal: ICalendar, firstID: Int64, zone: TimeZone? = nil,
                    system: @escaping (String) -> TimeZone?) throws(KalendsError) -> [Int64] {
        let groups = cal.series()
        guard groups.count <= Int(Int32.max) else { throw KalendsError(.outOfRange, "too many events") }
        guard groups.isEmpty || firstID <= Int64.max - Int64(groups.count - 1) else {
            throw KalendsError(.outOfRange, "ids \(firstID) ... + \(groups.count - 1) pass the largest 64-bit id")
        }
        var entries: [(event: Event, series: StoreSeries?, span: (start: Int64, end: Int64)?, ical: [ICalEvent])] = []
        let zones = ICalZones(calendar: cal, system: system)
        for (k, g) in groups.enumerated() {
            let id = firstID + Int64(k)
            guard slot(of: id) == nil else { throw KalendsError(.duplicate, "event \(id) is already in the store") }
            let first = g.members.first { $0.event.recurrenceID == nil } ?? g.members[0]
            let m = first.event
            let z = zone ?? .utc
            func instant(_ t: ICalTime) -> Int64 {
                switch t.kind {
                case .utc: return t.local
                case .zoned: return WallClock.resolve(zones.zone(t.tzid ?? "") ?? z, t.local).instant
                default: return WallClock.resolve(z, t.local).instant
                }
            }
            let span = Span(m, instant: instant)
            var e: Event
            let endTime = span.end(of: m.start)
            if m.start.kind == .date {
                let a = m.start.local.floorDiv(86_400), b = endTime.local.floorDiv(86_400)
                e = Event(id: id, title: m.summary ?? "", allDay: true, start: a, end: b > a ? b - 1 : a)
            } else {
                let a = instant(m.start)
                e = Event(id: id, title: m.summary ?? "", allDay: false, start: a, end: max(a, instant(endTime)))
            }
            if let c = m.color, let rgba = CSSColor.rgba(c) { e.color = rgba }
            do throws(KalendsError) { try e.validate() } catch {
                throw KalendsError(error.code, "line \(m.line): \(error.message)")
            }
            let events = g.members.map(\.event)
            if g.isRecurring || m.isCancelled {
                let series = ICalSeries(uid: g.uid, members: g.members)
                try series.validate(zones: zones)
                let s = StoreSeries(series: series, zones: zones)
                entries.append((e, s, try s.indexSpan(), events))
            } else {
                entries.append((e, nil, nil, events))
            }
        }
        var ids: [Int64] = []
        for entry in entries {
            if let s = entry.series {
                place(series: s, span: entry.span, event: entry.event)
            } else {
                index(place(entry.event))
            }
            icalEvents[entry.event.id] = entry.ical
            ids.append(entry.event.id)
        }
        for (tzid, def) in cal.timeZoneDefinitions { timeZoneDefinitions[tzid] = def }
        if !entries.isEmpty { changed() }
        return ids
    }

    /// The store as a calendar: imported and recurring entries as their VEVENTs, other
    /// events as a VEVENT each (UID "<id>@kalends"; timed in UTC, all-day as dates), in
    /// id order, with the VTIMEZONEs of imported calendars.
    public func icalendar() -> ICalendar {
        var cal = ICalendar()
        cal.timeZoneDefinitions = timeZoneDefinitions
        for id in slots.slots.map({ columns.ids[Int($0)] }).sorted() {
            if let events = icalEvents[id] {
                cal.events += events
                continue
            }
            guard let slot = slot(of: id) else { continue }
            let r = columns.record(slot)
            var e = ICalEvent(start: r.allDay ? ICalTime(kind: .date, local: r.start &* 86_400) : ICalTime(kind: .utc, local: r.start))
            e.end = r.allDay ? ICalTime(kind: .date, local: (r.end &+ 1) &* 86_400) : ICalTime(kind: .utc, local: r.end)
            e.uid = "\(id)@kalends"
            e.summary = title(at: slot)
            if r.color != Event(id: 0, allDay: false, start: 0, end: 0).color {
                let rgb = r.color >> 8
                let hex = Array("0123456789ABCDEF")
                e.color = "#" + String((0..<6).map { hex[Int(rgb >> UInt32(20 - 4 * $0) & 0xF)] })
            }
            cal.events.append(e)
        }
        return cal
    }
}
