/// The agenda's counts of days and its busy days (days on which an event or occurrence
/// lies), by rank: the single events overlapping local days first ... last number
/// #(starts before the span's end) - #(ends by its start) in each interval index
/// (`OverlapCounts`, two binary searches each: O(log n)), recurring entries' occurrences
/// counted by arithmetic (`seriesOccurrenceCount`). No count reads the events it counts,
/// so a day of 274 events costs what a day of 27 does. A busy day is found across a gap
/// of g empty days in O(log g) counts (windows doubling from one day), and its place in
/// the window that holds it in O(log g) more (a binary search of the counts from the
/// window's start): O(log g · log n) in all, O(log n) for the next day when it is busy.
/// The counts are made once (O(n log n), about 16 bytes an event, shared with the dots)
/// on the first agenda or dots and kept by every add and remove after.
struct AgendaDayCounts {
    let store: EventStore
    let zone: any LocalDays
    // local copies: a class's struct property read per count would be copied (its
    // arrays retained and released) at every read
    private let timed: OverlapCounts
    private let allDay: OverlapCounts
    private let hasSeries: Bool

    init(store: EventStore, zone: any LocalDays) throws(KalendsError) {
        store.columns.withKeys { k in
            store.timed.prepareCounts(k)
            store.allDay.prepareCounts(k)
        }
        guard let timed = store.timed.counts, let allDay = store.allDay.counts else {
            throw KalendsError(.internal, "the agenda's counts were not made")
        }
        self.store = store
        self.zone = zone
        self.timed = timed
        self.allDay = allDay
        hasSeries = store.seriesSpans.count > 0
    }

    /// How many events and occurrences overlap local days first ... last (what
    /// `store.count(first, last)` gives). O(log n), plus the recurring entries' counts.
    func count(_ first: Int32, _ last: Int32) throws(KalendsError) -> Int {
        let (lo, hi) = try store.instants(first, last, zone)
        let singles = allDay.overlapping(Int64(first), Int64(last) + 1) + timed.overlapping(lo, hi)
        guard hasSeries else { return singles }
        return Int(clamping: Int64(singles) &+ (try store.seriesOccurrenceCount(lo, hi, zone)))
    }

    /// A local day's single events in the agenda's three parts, by rank: its all-day
    /// ones, the timed ones that began before it (`carried`), and those starting on it
    /// (`starting`, after `startsBefore` timed starts in the store); `lo ..< hi` its
    /// instants. O(log n).
    func parts(_ day: Int32) throws(KalendsError) -> (allDay: Int, carried: Int, starting: Int, startsBefore: Int, lo: Int64, hi: Int64) {
        let (lo, hi) = try store.instants(day, day, zone)
        let before = timed.starting(below: lo), starting = timed.starting(below: hi) - before
        return (allDay.overlapping(Int64(day), Int64(day) + 1), timed.overlapping(lo, hi) - starting, starting, before, lo, hi)
    }

    /// The start instant of the timed event of rank `rank` (0-based) among those starting
    /// in `lo ..< hi` in (start, id) order, which `startsBefore` timed starts precede,
    /// and how many of them start before that instant (the ones at it come after those,
    /// by id). A binary search of the instants: O(log(hi - lo) · log n).
    func timedStart(rank: Int, _ lo: Int64, _ hi: Int64, startsBefore: Int) -> (start: Int64, before: Int) {
        var a = lo, b = hi - 1
        while a < b {
            let m = a + (b - a) / 2
            if timed.starting(below: m + 1) - startsBefore > rank { b = m } else { a = m + 1 }
        }
        return (a, timed.starting(below: a) - startsBefore)
    }

    /// The first busy day of from ... last, searched in windows doubling from one day.
    func nextBusyDay(from: Int32, through last: Int32) throws(KalendsError) -> Int32? {
        var lo = Int64(from), width: Int64 = 1
        while lo <= Int64(last) {
            let hi = min(Int64(last), lo + width - 1)
            if try count(Int32(lo), Int32(hi)) > 0 {
                // the least d of lo ... hi with a count over lo ... d
                var a = lo, b = hi
                while a < b {
                    let m = a + (b - a) / 2
                    if try count(Int32(lo), Int32(m)) > 0 { b = m } else { a = m + 1 }
                }
                return Int32(a)
            }
            lo = hi + 1
            width *= 2
        }
        return nil
    }

    /// The last busy day of first ... through, searched in windows doubling backwards.
    func previousBusyDay(through: Int32, from first: Int32) throws(KalendsError) -> Int32? {
        var hi = Int64(through), width: Int64 = 1
        while hi >= Int64(first) {
            let lo = max(Int64(first), hi - width + 1)
            if try count(Int32(lo), Int32(hi)) > 0 {
                // the greatest d of lo ... hi with a count over d ... hi
                var a = lo, b = hi
                while a < b {
                    let m = b - (b - a) / 2
                    if try count(Int32(m), Int32(hi)) > 0 { a = m } else { b = m - 1 }
                }
                return Int32(a)
            }
            hi = lo - 1
            width *= 2
        }
        return nil
    }
}
