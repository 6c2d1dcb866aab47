/// A shown day's rows in agenda order (all-day events first, then timed ones, each kind
/// by start and id), only those in view read. Without recurring entries the day splits
/// by rank into its all-day events, the timed ones that began before it and those
/// starting on it (`AgendaDayCounts.parts`); rows among the first two parts come from
/// each index level's first slots overlapping the day, rows among the third from each
/// level's slots starting at the start instant of the first row wanted, found by rank
/// (`AgendaDayCounts.timedStart`): O(log(day length) · log n + levels · (log n + r +
/// t + a + c) + f) for r rows, t events sharing the first row's start instant, a
/// all-day and c carried events when the view reaches them (f: see
/// `IntervalIndex.collectFirst`), never the day's other events. With recurring
/// entries, the first rows of the day down to the last in view: the single events' from
/// the index levels, each entry's first ones of each kind (`firstWithSeries`).
extension AgendaWalk {
    /// Rows `from ..< to` of a busy day of `count` rows, in agenda order.
    func dayRows(_ day: Int32, count: Int, from: Int, to: Int) throws(KalendsError) -> [AgendaItem] {
        guard store.seriesSpans.count == 0 else {
            let rows = try firstWithSeries(day, limit: to)
            return Array(rows[min(from, rows.count) ..< min(to, rows.count)])
        }
        let p = try days.parts(day)
        let head = p.allDay + p.carried
        var rows: [AgendaItem] = []
        if from < head {
            let first = try firstSingles(day, limit: min(to, head))
            rows = Array(first[min(from, first.count) ..< min(to, head, first.count)])
        }
        let a = max(from, head) - head, b = min(to - head, p.starting)
        if a < b { rows += startingRows(a, b, p.lo, p.hi, startsBefore: p.startsBefore) }
        return rows
    }

    /// The timed events of ranks a ..< b among those starting in `lo ..< hi` (by start
    /// and id): from each level, its first slots from the start instant of rank a on.
    func startingRows(_ a: Int, _ b: Int, _ lo: Int64, _ hi: Int64, startsBefore: Int) -> [AgendaItem] {
        let (start, before) = days.timedStart(rank: a, lo, hi, startsBefore: startsBefore)
        let skip = a - before, want = b - a
        var slots: [Int32] = []
        return store.columns.withKeys { k in
            store.timed.collectFirst(skip + want, startingIn: start, hi, k, into: &slots)
            let order = { (x: Int32, y: Int32) in (k.start(x), k.id(x)) < (k.start(y), k.id(y)) }
            return slots.sorted(by: order).dropFirst(skip).prefix(want).map { slot in
                let (record, title) = k.recordWithTitle(slot)
                return AgendaItem(record: record, title: title, recurrenceID: nil)
            }
        }
    }

    /// The first `limit` single events of a day in agenda order, read from each index
    /// level's first `limit` slots overlapping the day (in (start, id) order, as the
    /// store's query orders them), never the rest of the day: O(levels · (log n +
    /// limit) + f) (f: see `IntervalIndex.collectFirst`), whatever the day holds.
    func firstSingles(_ day: Int32, limit: Int) throws(KalendsError) -> [AgendaItem] {
        let (lo, hi) = try store.instants(day, day, zone)
        var allDaySlots: [Int32] = [], timedSlots: [Int32] = []
        let want = max(limit, 1)
        return store.columns.withKeys { k in
            store.allDay.collectFirst(want, overlapping: Int64(day), Int64(day) + 1, k, into: &allDaySlots)
            store.timed.collectFirst(want, overlapping: lo, hi, k, into: &timedSlots)
            let order = { (a: Int32, b: Int32) in (k.start(a), k.id(a)) < (k.start(b), k.id(b)) }
            let slots = (allDaySlots.sorted(by: order).prefix(want) + timedSlots.sorted(by: order)).prefix(want)
            return slots.map { slot in
                let (record, title) = k.recordWithTitle(slot)
                return AgendaItem(record: record, title: title, recurrenceID: nil)
            }
        }
    }

    /// The first `limit` rows of a day with recurring entries in the store: the single
    /// events' first `limit` of each kind from the index levels and each entry's first
    /// `limit` all-day and first `limit` timed occurrences on the day (listed apart, so an
    /// entry dense on the day lists no more), all-day ones first, each kind in the store's
    /// query order (start key, id). O(levels · (log n + limit) + f + e · (limit + the
    /// entry's reading cost)) for e entries active on the day, whatever the day's single
    /// events or an entry's occurrences number.
    func firstWithSeries(_ day: Int32, limit: Int) throws(KalendsError) -> [AgendaItem] {
        let (lo, hi) = try store.instants(day, day, zone)
        let want = max(limit, 1)
        var occurrences: [StoreOccurrence] = []
        var hits: [QueryHit] = []
        for (slot, series) in store.activeSeries(lo, hi) {
            for allDay in [true, false] {
                for o in try store.seriesOccurrences(slot, series, .overlapping(lo, hi), zone, limit: want, allDay: allDay) {
                    let r = o.record
                    let key = r.allDay ? try zone.dayStart(Int32(clamping: r.start)) : r.start
                    hits.append(QueryHit(key: key, id: r.id, slot: slot, rank: r.allDay ? 0 : 1, occurrence: Int32(occurrences.count)))
                    occurrences.append(o)
                }
            }
        }
        var allDaySlots: [Int32] = [], timedSlots: [Int32] = []
        let utc = zone is UTCDays
        return try store.columns.withView { k throws(KalendsError) -> [AgendaItem] in
            store.allDay.collectFirst(want, overlapping: Int64(day), Int64(day) + 1, k, into: &allDaySlots)
            store.timed.collectFirst(want, overlapping: lo, hi, k, into: &timedSlots)
            for slot in allDaySlots {
                let firstDay = Int32(clamping: max(k.start(slot), Int64(Gregorian.minDayNumber)))
                hits.append(QueryHit(key: utc ? Int64(firstDay) * 86_400 : try zone.dayStart(firstDay), id: k.id(slot), slot: slot, rank: 0))
            }
            for slot in timedSlots { hits.append(QueryHit(key: k.start(slot), id: k.id(slot), slot: slot, rank: 1)) }
            hits.sort { $0 < $1 }
            let ordered = hits.filter { $0.rank == 0 }.prefix(want) + hits.filter { $0.rank != 0 }
            return ordered.prefix(want).map { h in
                if h.occurrence >= 0 {
                    let o = occurrences[Int(h.occurrence)]
                    return AgendaItem(record: o.record, title: o.title, recurrenceID: o.recurrenceID)
                }
                let (record, title) = k.recordWithTitle(h.slot)
                return AgendaItem(record: record, title: title, recurrenceID: nil)
            }
        }
    }
}
