/// Edits of recurring entries: one occurrence moved becomes an override of its entry
/// (a VEVENT with the entry's UID and a RECURRENCE-ID naming the occurrence, RFC 5545
/// 3.8.4.4), or the whole series moves by the same amount. Either replaces the entry's
/// series in place: one change, one version bump, O(members) for the entry's VEVENTs.
extension EventStore {
    /// Gives the occurrence `recurrenceID` of recurring entry `id` the times of `e`
    /// (an override; an earlier override of that occurrence is replaced). Floating
    /// values are wall times of `zone`. Errors: NOT_FOUND (no such recurring entry).
    public func override(_ id: Int64, recurrenceID rid: Int64, with e: Event, zone: any LocalDays) throws(KalendsError) {
        try e.validate()
        let (slot, entry, master) = try seriesMaster(id)
        let z = zone as? TimeZone ?? .utc
        let ridTime = Self.time(rid, allDay: master.start.kind == .date, like: master.start, entry.zones, z)
        var o = ICalEvent(start: Self.time(e.start, allDay: e.allDay, like: master.start, entry.zones, z))
        o.uid = master.uid
        o.summary = master.summary
        o.color = master.color
        o.status = master.status
        o.recurrenceID = ridTime
        o.end = Self.time(e.allDay ? e.end + 1 : e.end, allDay: e.allDay, like: master.start, entry.zones, z)
        var members = entry.series.members.map(\.event).filter { $0.recurrenceID != ridTime }
        members.append(o)
        try replaceSeries(slot, id, entry, members)
    }

    /// Moves every occurrence of recurring entry `id` as `from` (one of them) moved to
    /// `to`: DTSTART and the dates, exceptions and overrides of the entry by the same wall
    /// time, the length of `to`. Errors: NOT_FOUND.
    public func shiftSeries(_ id: Int64, from: Event, to: Event, zone: any LocalDays) throws(KalendsError) {
        try to.validate()
        let (slot, entry, master) = try seriesMaster(id)
        guard from.allDay == to.allDay else {
            throw KalendsError(.invalidArgument, "a whole series cannot change between all-day and timed")
        }
        let z = zone as? TimeZone ?? .utc
        let shift: Int64
        if to.allDay {
            shift = (to.start - from.start) * 86_400
        } else {
            let a = Self.time(from.start, allDay: false, like: master.start, entry.zones, z)
            let b = Self.time(to.start, allDay: false, like: master.start, entry.zones, z)
            shift = b.local - a.local
        }
        func moved(_ t: ICalTime) -> ICalTime { ICalTime(kind: t.kind, local: t.local &+ shift, tzid: t.tzid) }
        let members = entry.series.members.map(\.event).map { (m: ICalEvent) -> ICalEvent in
            var m = m
            m.start = moved(m.start)
            if m.recurrenceID == nil {
                let length = to.allDay ? (to.end - to.start + 1) * 86_400 : to.end - to.start
                m.end = ICalTime(kind: m.start.kind, local: m.start.local &+ length, tzid: m.start.tzid)
                m.duration = nil
                m.dates = m.dates.map { (moved($0.time), $0.periodEnd.map(moved)) }
                m.exceptionDates = m.exceptionDates.map(moved)
            } else {
                m.end = m.end.map(moved)
                m.recurrenceID = m.recurrenceID.map(moved)
            }
            return m
        }
        try replaceSeries(slot, id, entry, members)
    }

    private func seriesMaster(_ id: Int64) throws(KalendsError) -> (Int32, StoreSeries, ICalEvent) {
        guard let slot = slot(of: id), let entry = seriesEntries[slot] else {
            throw KalendsError(.notFound, "event \(id) is not a recurring entry")
        }
        guard let master = entry.series.members.first(where: { $0.event.recurrenceID == nil })?.event else {
            throw KalendsError(.notFound, "recurring entry \(id) has no master VEVENT")
        }
        return (slot, entry, master)
    }

    /// An instant (a day number when all-day) as a value of the kind of `like`: a date,
    /// UTC, a wall time of its TZID's zone, or a floating wall time of `zone`.
    static func time(_ v: Int64, allDay: Bool, like: ICalTime, _ zones: ICalZones, _ zone: TimeZone) -> ICalTime {
        if allDay { return ICalTime(kind: .date, local: v &* 86_400) }
        switch like.kind {
        case .utc: return ICalTime(kind: .utc, local: v)
        case .zoned:
            let z = zones.zone(like.tzid ?? "") ?? zone
            return ICalTime(kind: .zoned, local: WallClock.wall(z, v), tzid: like.tzid)
        case .date: return ICalTime(kind: .zoned, local: WallClock.wall(zone, v), tzid: zone.name)
        default: return ICalTime(kind: like.kind, local: WallClock.wall(zone, v))
        }
    }

    /// Puts the series of `members` in the entry's slot (checked first: a series that
    /// does not validate changes nothing).
    private func replaceSeries(_ slot: Int32, _ id: Int64, _ entry: StoreSeries, _ members: [ICalEvent]) throws(KalendsError) {
        let series = ICalSeries(uid: entry.series.uid, members: members.enumerated().map { ($0.offset, $0.element) })
        try series.validate(zones: entry.zones)
        let s = StoreSeries(series: series, zones: entry.zones)
        let span = try s.indexSpan()
        seriesEntries[slot] = s
        if let span { seriesSpans.set(slot, start: span.start, end: span.end) } else { seriesSpans.remove(slot) }
        icalEvents[id] = members
        changed()
    }
}
