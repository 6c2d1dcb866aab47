// A query's answer as spans of consecutive store indexes (kalends_store_query_spans):
// for hosts that mirror the store in an array by index, the answer is
// mirror[a0 ..< b0] + mirror[a1 ..< b1] + ..., so the host pays for a few slices, not
// for an integer per event.
//
// After a bulk add into an empty store the slots are in query order (`startOrdered`), so
// in UTC the events starting in the range are ONE run of slots, found by two binary
// searches; only the events that began earlier and still overlap come before it, one
// span each: those of the 8 days before the range by a backward scan of the slots,
// longer ones from the index's long levels. Cost O(log n + w + e log e): w events start
// in the 8 days before the range, e began earlier and overlap (plus the long levels'
// windows, as a query). Otherwise (a zone, removals, updates, recurring entries) the
// answer is the ordinary query's, cut into spans where its indexes are not consecutive:
// O(log n + k) as the query.
//
// The ordinary query (withHits: kalends_store_query, _ids, _indexes, dots, month bars,
// the timeline) takes the same ordered path when it can: its hits are the earlier
// events and the run, read from the records in order, not the index's levels merged.

extension EventStore {
    /// Whether `a` comes before `b` in query order in UTC: start instant (an all-day
    /// event from midnight UTC of its first day), all-day before timed, then id.
    @inline(__always)
    static func inOrder(_ a: EventRecord, _ b: EventRecord) -> Bool {   // as EventView.inOrder
        let ka = a.allDay ? a.start &* 86_400 : a.start, kb = b.allDay ? b.start &* 86_400 : b.start
        if ka != kb { return ka < kb }
        if a.allDay != b.allDay { return a.allDay }
        return a.id < b.id
    }

    /// The events overlapping local days first ... last of `zone`, in start order, as
    /// spans of consecutive indexes `first ..< end` (concatenated, they are the indexes
    /// `forEachHit` gives, in its order; an occurrence of a recurring entry is its
    /// entry's index). Calls `body(i, first, end)` for each span only when they all fit
    /// in `limit`. Returns the number of spans and of events.
    @discardableResult
    public func forEachSpan(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int = .max,
                            _ body: (Int, Int32, Int32) -> Void) throws(KalendsError) -> (spans: Int, events: Int) {
        if answersInSlotOrder(zone) {
            return try orderedSpans(first, last, limit: limit, body)
        }
        var spans = 0, events = 0
        var runs: [(Int32, Int32)] = []
        // With recurring entries and a limit, each lists at most limit + 1 occurrences:
        // when one could list no more, the answer is counted, not listed, and its number
        // of events stands for the spans (each is at most one span: a buffer of that size
        // holds them).
        let series = seriesSpans.count > 0 && limit < Int.max ? limit + 1 : Int.max
        try withHits(overlapping: first, last, in: zone, series: series) { hits, _, _ in
            for hit in hits {
                let slot = hit.slot
                events += 1
                if let end = runs.last?.1, end == slot, end < Int32.max {
                    runs[runs.count - 1].1 = end + 1
                } else {
                    runs.append((slot, slot &+ 1))
                }
            }
        }
        if !partialSeries.isEmpty {
            let all = try total(listed: events, partial: partialSeries, first, last, zone)
            return (all, all)
        }
        spans = runs.count
        if spans <= limit {
            for (i, r) in runs.enumerated() { body(i, r.0, r.1) }
        }
        return (spans, events)
    }

    /// `forEachSpan` on slots in query order, in UTC, without recurring entries. The
    /// events that began before the range and still overlap it: those of the last 8 days
    /// by a backward scan of the slots (every length class), longer ones from the index's
    /// long levels (intervals over 8 days, few). Slot order is query order, so the hits
    /// are ordered by sorting their slots.
    private func orderedSpans(_ first: Int32, _ last: Int32, limit: Int,
                              _ body: (Int, Int32, Int32) -> Void) throws(KalendsError) -> (spans: Int, events: Int) {
        let (earlier, a, b) = try columns.withView { k throws(KalendsError) in try orderedAnswer(first, last, k) }
        var spans = 0
        var previousEnd: Int32 = -1
        for slot in earlier {
            if slot != previousEnd { spans += 1 }
            previousEnd = slot &+ 1
        }
        if b > a && Int32(a) != previousEnd { spans += 1 }
        let events = earlier.count + (b - a)
        guard spans <= limit else { return (spans, events) }
        var i = 0
        var open: (Int32, Int32)? = nil
        func emit(_ x: Int32, _ y: Int32) {
            if let o = open, o.1 == x {
                open = (o.0, y)
            } else {
                if let o = open { body(i, o.0, o.1); i += 1 }
                open = (x, y)
            }
        }
        for slot in earlier { emit(slot, slot &+ 1) }
        if b > a { emit(Int32(a), Int32(b)) }
        if let o = open { body(i, o.0, o.1) }
        return (spans, events)
    }

    /// Whether a query of `zone` can be answered from the slot order (see `startOrdered`).
    func answersInSlotOrder(_ zone: any LocalDays) -> Bool {
        useStartOrder && startOrdered && seriesSpans.count == 0 && zone is UTCDays
    }

    /// A UTC query of an ordered store: the slots of the events that began earlier and
    /// overlap (in order), and the run a ..< b of those starting in the range.
    func orderedAnswer(_ first: Int32, _ last: Int32, _ k: EventView) throws(KalendsError) -> (earlier: [Int32], a: Int, b: Int) {
        let (lo, hi) = try instants(first, last, UTCDays())
        let window = timed.shortBound                      // 8 days, in seconds
        var earlier: [Int32] = []
        var long: [Int32] = []
        let a = EventStore.firstSlot(k, startingAtOrAfter: lo), b = EventStore.firstSlot(k, startingAtOrAfter: hi)
        var i = Int32(a) - 1
        while i >= 0 {
            let start = k.orderKey(i)
            if start < lo &- window { break }
            let end = k.allDay(i) ? (k.end(i) &+ 1) &* 86_400 : k.end(i)
            if end > lo { earlier.append(i) }
            i -= 1
        }
        timed.collectLong(longerThan: window, startingBefore: lo &- window, overlapping: lo, k, into: &long)
        allDay.collectLong(longerThan: allDay.shortBound, startingBefore: Int64(first) - allDay.shortBound,
                           overlapping: Int64(first), k, into: &long)
        earlier.reverse()
        if !long.isEmpty {
            earlier.append(contentsOf: long)
            earlier.sort()
        }
        return (earlier, a, b)
    }

    /// The first slot whose start (all-day: midnight UTC of its first day) is `instant`
    /// or later, over slots in query order.
    private static func firstSlot(_ k: EventView, startingAtOrAfter instant: Int64) -> Int {
        var low = 0, high = k.count
        while low < high {
            let mid = (low + high) / 2
            if k.orderKey(Int32(mid)) < instant { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
