// What the views read of recurring entries (issue 24): a view shows a few occurrences of a
// day and a count of the rest, so a dense entry (an occurrence every second: 86,400 a
// day) costs what the view shows. An entry with few occurrences in the range is listed
// as before; a dense one is counted day by day (dots) or class by class (the bars of
// occurrences starting on one day and ending on another), and only the first few of
// each listed (`ICalSeries.count(in:)`, `occurrences(in:limit:)`).

/// A store item in the store's start order: start instant (an all-day one from the local
/// midnight of its first day), all-day before timed, id; `sequence` keeps equal ones in
/// the order found.
struct OrderedItem<T> {
    var key: Int64
    var rank: Int32
    var id: Int64
    var sequence: Int
    var value: T

    static func sorted(_ items: [OrderedItem<T>]) -> [OrderedItem<T>] {
        items.sorted { ($0.key, $0.rank, $0.id, $0.sequence) < ($1.key, $1.rank, $1.id, $1.sequence) }
    }
}

extension EventStore {
    /// The instants where local days first ... last begin, and where the last one ends:
    /// last - first + 2 values.
    func dayBounds(_ first: Int32, _ last: Int32, _ zone: any LocalDays) throws(KalendsError) -> [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(Int(last - first) + 2)
        for d in first...last { out.append(try zone.dayStart(d)) }
        out.append(try instants(last, last, zone).1)
        return out
    }

    /// The order key of a record (see `QueryHit`).
    func orderKey(_ r: EventRecord, _ zone: any LocalDays) throws(KalendsError) -> (key: Int64, rank: Int32) {
        guard r.allDay else { return (r.start, 1) }
        return (try zone.dayStart(Int32(clamping: max(r.start, Int64(Gregorian.minDayNumber)))), 0)
    }

    /// The recurring entries with a span that meets [lo, hi).
    func activeSeries(_ lo: Int64, _ hi: Int64) -> [(slot: Int32, series: StoreSeries)] {
        guard seriesSpans.count > 0 else { return [] }
        var slots: [Int32] = []
        seriesSpans.collect(overlapping: lo, hi, into: &slots)
        return slots.compactMap { slot in seriesEntries[slot].map { (slot, $0) } }
    }

    /// Entry `slot`'s occurrences in `window` as store occurrences: all, or the first `limit`.
    func seriesOccurrences(_ slot: Int32, _ series: StoreSeries, _ window: OccurrenceWindow, _ zone: any LocalDays,
                           limit: Int = Int.max, allDay: Bool? = nil) throws(KalendsError) -> [StoreOccurrence] {
        var out: [StoreOccurrence] = []
        try series.occurrences(window, zone: zone, record: columns.record(slot), title: columns.cTitle(slot).0,
                               titleText: title(at: slot), limit: limit, allDay: allDay, into: &out)
        if limit < Int.max && out.count > limit {
            var keyed: [OrderedItem<StoreOccurrence>] = []
            for (i, o) in out.enumerated() {
                let k = try orderKey(o.record, zone)
                keyed.append(OrderedItem(key: k.key, rank: k.rank, id: o.record.id, sequence: i, value: o))
            }
            out = OrderedItem.sorted(keyed).prefix(limit).map(\.value)
        }
        return out
    }

    /// The dots' share of the recurring entries: per day of first ... last its count of
    /// their occurrences (added to `counts`) and, when colours are asked, the first
    /// `maxColors` of them as candidates. An entry with at most (days × (maxColors + 1))
    /// occurrences in the range is listed whole; a denser one is counted day by day and
    /// only its first `maxColors` of each day listed: O(days) counts, never O(occurrences).
    func seriesDots(_ first: Int32, _ last: Int32, maxColors: Int, in zone: any LocalDays, counts: inout [Int64],
                    candidates: inout [[OrderedItem<UInt32>]]) throws(KalendsError) {
        let (lo, hi) = try instants(first, last, zone)
        let active = activeSeries(lo, hi)
        guard !active.isEmpty else { return }
        let days = Int(last - first) + 1
        var bounds: [Int64]?
        var sequence = 0
        func candidate(_ r: EventRecord, day i: Int) throws(KalendsError) {
            guard maxColors > 0 else { return }
            let k = try orderKey(r, zone)
            candidates[i].append(OrderedItem(key: k.key, rank: k.rank, id: r.id, sequence: sequence, value: r.color))
            sequence += 1
        }
        for (slot, series) in active {
            let total = try series.count(.overlapping(lo, hi), zone: zone)
            guard total > 0 else { continue }
            if total <= Int64(days) * Int64(maxColors + 1) {
                for o in try seriesOccurrences(slot, series, .overlapping(lo, hi), zone) {
                    guard let span = try EventStore.days(of: o.record, clippedTo: first, last, in: zone) else { continue }
                    for d in span {
                        let i = Int(d - first)
                        counts[i] &+= 1
                        try candidate(o.record, day: i)
                    }
                }
                continue
            }
            if bounds == nil { bounds = try dayBounds(first, last, zone) }
            guard let b = bounds else { continue }
            for i in 0..<days {
                let window = OccurrenceWindow.overlapping(b[i], b[i + 1])
                let n = try series.count(window, zone: zone)
                counts[i] &+= n
                guard n > 0, maxColors > 0 else { continue }
                for o in try seriesOccurrences(slot, series, window, zone, limit: maxColors) { try candidate(o.record, day: i) }
            }
        }
    }

    /// Month bars' share of the recurring entries over the page's days first ... last
    /// (cells 0 ..< n): items in the store's order. An entry with at most n × `lanes`
    /// occurrences on the page (or on cells whose rows are not runs) is listed whole;
    /// for a denser one, per class of bars (starting on cell a, ending on cell b) its
    /// count and its first `lanes` occurrences: a bar beyond the first `lanes` of its
    /// class can never take a shown lane (those before it took distinct lanes on all its
    /// days, or one of them was already hidden), so the rest of the class are copies
    /// that only count ("+N more"). O(n × classes per start day) counts.
    func seriesBarItems(_ first: Int32, _ last: Int32, lanes: Int, rowsAreRuns: Bool, in zone: any LocalDays,
                        sequence: inout Int) throws(KalendsError) -> [OrderedItem<MonthBars.Item>] {
        let (lo, hi) = try instants(first, last, zone)
        let active = activeSeries(lo, hi)
        guard !active.isEmpty else { return [] }
        let n = Int(last - first) + 1
        var out: [OrderedItem<MonthBars.Item>] = []
        var bounds: [Int64]?
        func append(_ o: StoreOccurrence, _ a: Int32, _ b: Int32, copies: Int64 = 0) throws(KalendsError) {
            let k = try orderKey(o.record, zone)
            let item = MonthBars.Item(event: o.record.id, recurrenceID: o.recurrenceID, first: a, last: b,
                                      copies: Int(clamping: copies))
            out.append(OrderedItem(key: k.key, rank: k.rank, id: o.record.id, sequence: sequence, value: item))
            sequence += 1
        }
        for (slot, series) in active {
            let total = try series.count(.overlapping(lo, hi), zone: zone)
            guard total > 0 else { continue }
            if !rowsAreRuns || total <= Int64(n) * Int64(lanes) {
                for o in try seriesOccurrences(slot, series, .overlapping(lo, hi), zone) {
                    guard let (a, b) = try MonthBars.cellDays(allDay: o.record.allDay, start: o.record.start, end: o.record.end,
                                                              firstDay: first, lastDay: last, zone: zone) else { continue }
                    try append(o, a, b)
                }
                continue
            }
            if bounds == nil { bounds = try dayBounds(first, last, zone) }
            guard let f = bounds else { continue }
            for a in 0..<n {
                let startFrom = a == 0 ? Int64.min : f[a]
                // Every occurrence of the page whose first cell is a.
                var remaining = try series.count(OccurrenceWindow(startFrom: startFrom, startTo: f[a + 1], endAfter: f[a],
                                                                  endUntil: Int64.max, pointFrom: f[a], pointTo: f[a + 1]), zone: zone)
                var b = a
                while remaining > 0 && b < n {
                    let window = OccurrenceWindow(startFrom: startFrom, startTo: f[a + 1], endAfter: f[b],
                                                  endUntil: b == n - 1 ? Int64.max : f[b + 1],
                                                  pointFrom: f[a], pointTo: b == a ? f[a + 1] : f[a])
                    let c = try series.count(window, zone: zone)
                    if c > 0 {
                        let kept = try seriesOccurrences(slot, series, window, zone, limit: lanes)
                        for (i, o) in kept.enumerated() {
                            try append(o, Int32(a), Int32(b), copies: i == kept.count - 1 ? c - Int64(kept.count) : 0)
                        }
                    }
                    remaining -= c
                    b += 1
                }
            }
        }
        return out
    }
}
