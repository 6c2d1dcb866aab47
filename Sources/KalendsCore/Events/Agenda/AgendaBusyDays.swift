/// Busy days (days on which an event or occurrence lies) found through the store's
/// interval index, for the agenda's walk from one shown day to the next across any
/// range: a gap of g empty days costs O(log g) index queries, not O(g).
extension EventStore {
    /// The first local day of first ... last of `zone` that an event or occurrence
    /// overlaps, nil when none: the first hit of a query of the range (its start clipped
    /// to the range), each recurring entry listing one occurrence.
    func firstBusyDay(_ first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) -> Int32? {
        let key: Int64? = try withHits(overlapping: first, last, in: zone, series: 1) { hits, _, _ in hits.first?.key }
        guard let key else { return nil }
        return max(first, try zone.localDay(at: key).day)
    }

    /// The last local day of first ... last that an event or occurrence overlaps, nil
    /// when none: the latest end among the range's hits, clipped to the range.
    func lastBusyDay(_ first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) -> Int32? {
        let records: [EventRecord] = try withHits(overlapping: first, last, in: zone) { hits, occurrences, v in
            hits.map { h in h.occurrence >= 0 ? occurrences[Int(h.occurrence)].record : v.recordWithTitle(h.slot).0 }
        }
        var best: Int32?
        for r in records {
            guard let span = try EventStore.days(of: r, clippedTo: first, last, in: zone) else { continue }
            best = max(best ?? span.upperBound, span.upperBound)
        }
        return best
    }

    /// How many events and occurrences overlap local day `day` (what `count(day, day)`
    /// gives): the interval index's slots counted, not made into ordered hits, and each
    /// recurring entry counted by arithmetic. O(log n + the day's events).
    func dayCount(_ day: Int32, in zone: any LocalDays) throws(KalendsError) -> Int {
        let (lo, hi) = try instants(day, day, zone)
        var slots: [Int32] = [], runs: [Int] = []
        columns.withKeys { (k: EventView) in collectDaySlots(day, lo, hi, k, into: &slots, runs: &runs) }
        guard seriesSpans.count > 0 else { return slots.count }
        return Int(clamping: Int64(slots.count) &+ (try seriesOccurrenceCount(lo, hi, zone)))
    }

    /// The first busy day of from ... last, searched in windows doubling from one day.
    func nextBusyDay(from: Int32, through last: Int32, in zone: any LocalDays) throws(KalendsError) -> Int32? {
        var lo = Int64(from), width: Int64 = 1
        while lo <= Int64(last) {
            let hi = min(Int64(last), lo + width - 1)
            if let day = try firstBusyDay(Int32(lo), Int32(hi), in: zone) { return day }
            lo = hi + 1
            width *= 2
        }
        return nil
    }

    /// The last busy day of first ... through, searched in windows doubling backwards.
    func previousBusyDay(through: Int32, from first: Int32, in zone: any LocalDays) throws(KalendsError) -> Int32? {
        var hi = Int64(through), width: Int64 = 1
        while hi >= Int64(first) {
            let lo = max(Int64(first), hi - width + 1)
            if let day = try lastBusyDay(Int32(lo), Int32(hi), in: zone) { return day }
            hi = lo - 1
            width *= 2
        }
        return nil
    }
}
