/// Calendar dots day by day: the shown days' single events counted by rank, all days in
/// one walk over each index's sorted starts and ends (the intervals overlapping a day
/// are those starting before its end less those ending by its start, see
/// OverlapCounts; the next day's counts gallop forward from the last's); their first
/// colours either from one pass over the range's k events, each put into the days it
/// covers, when those days number at most `sweepBudget` per day shown (few events: a
/// year page of 1,000), or else read level by level from each index level's first few
/// slots that overlap each day (the day's window found galloping forward from the last
/// day's; runs of intervals that all end before it passed over, see
/// ChunkedList.runEnds); recurring entries added by `seriesDots` (dense ones counted day
/// by day). O(chunks + days · log(n / days) + min(k + days covered, days × levels ·
/// (log(n / days) + maxColors + f))), f the intervals a level's window holds before the
/// day that end before it: a year page's cost follows its 371 days and their dots, not
/// the events each day holds. The counts are made once (O(n log n)) on the first dots
/// and kept by every add and remove after.
extension EventStore {
    /// Dots of first ... last flat: counts[i] for day first + i, and its first
    /// `maxColors` colours in query order (start key, all-day before timed, id) in
    /// colors[i * maxColors ..< i * maxColors + filled[i]] (0 after them). For the C API
    /// and `dots`.
    package func flatDots(_ first: Int32, _ last: Int32, maxColors: Int, in zone: any LocalDays) throws(KalendsError)
        -> (counts: [Int32], colors: [UInt32], filled: [Int]) {
        guard maxColors >= 0 else { throw KalendsError(.invalidArgument, "max colors \(maxColors) is negative") }
        guard last >= first, Int64(last) - Int64(first) < 100_000 else {
            throw KalendsError(.invalidArgument, "day range \(first) ... \(last) is empty or longer than 100,000 days")
        }
        let days = Int(last - first) + 1
        let bounds = try dayBounds(first, last, zone)
        var counts = [Int64](repeating: 0, count: days)
        let unused = OrderedItem<UInt32>(key: 0, rank: 0, id: 0, sequence: 0, value: 0)
        var items = [OrderedItem<UInt32>](repeating: unused, count: days * maxColors)
        var filled = [Int](repeating: 0, count: days)
        var slots: [Int32] = []
        let utc = zone is UTCDays
        columns.withKeys { k in
            timed.prepareCounts(k)
            allDay.prepareCounts(k)
        }
        // local copies: a class's struct property read per day would be copied (its
        // arrays retained and released) at every read
        let timedIndex = timed, allDayIndex = allDay
        guard let timedCounts = timedIndex.counts, let allDayCounts = allDayIndex.counts else {
            throw KalendsError(.internal, "the dots' counts were not made")
        }
        // The range's single events number k = #(overlapping the whole range), by rank.
        let inRange = allDayCounts.overlapping(Int64(first), Int64(last) + 1) + timedCounts.overlapping(bounds[0], bounds[days])
        let budget = EventStore.sweepBudget * days
        try columns.withView { k throws(KalendsError) in
            try items.withUnsafeMutableBufferPointer { items throws(KalendsError) in
                /// The item of a slot in query order (all-day keyed at its first local midnight).
                func item(_ slot: Int32) throws(KalendsError) -> OrderedItem<UInt32> {
                    var item = OrderedItem(key: k.start(slot), rank: 1, id: k.id(slot), sequence: -1, value: k.colors[Int(slot)])
                    if k.allDay(slot) {
                        let firstDay = Int32(clamping: max(item.key, Int64(Gregorian.minDayNumber)))
                        item.key = utc ? Int64(firstDay) * 86_400 : try zone.dayStart(firstDay)
                        item.rank = 0
                    }
                    return item
                }
              try filled.withUnsafeMutableBufferPointer { filled throws(KalendsError) in
                /// Insertion into day i's first maxColors, kept sorted.
                func insert(_ item: OrderedItem<UInt32>, day i: Int) {
                    EventStore.insert(item, into: items, filled, day: i, maxColors: maxColors)
                }
                // Few events for the days shown: one pass over them, each put into the
                // days it covers (cost k + the days they cover, at most the budget), else
                // day by day (each day's first slots of each index level).
                var swept = false
                if maxColors > 0, inRange <= budget {
                    slots.removeAll(keepingCapacity: true)
                    var runs: [Int] = []
                    allDayIndex.collect(overlapping: Int64(first), Int64(last) + 1, k, into: &slots, runs: &runs)
                    timedIndex.collect(overlapping: bounds[0], bounds[days], k, into: &slots, runs: &runs)
                    var work = 0
                    swept = true
                    for slot in slots {
                        let a: Int, b: Int
                        if k.allDay(slot) {
                            a = Int(max(k.start(slot), Int64(first)) - Int64(first))
                            b = Int(min(k.end(slot), Int64(last)) - Int64(first))
                        } else {
                            let start = k.start(slot), end = k.end(slot), at = end > start ? end - 1 : start
                            if utc {   // UTC days: a division, not a search
                                a = Int(max(start.floorDiv(86_400) - Int64(first), -1))
                                b = Int(min(at.floorDiv(86_400) - Int64(first), Int64(days)))
                            } else {
                                a = EventStore.dayIndex(start, bounds)
                                b = EventStore.dayIndex(at, bounds)
                            }
                        }
                        let from = max(a, 0), to = min(b, days - 1)
                        guard from <= to else { continue }
                        work += to - from + 1
                        if work > budget { swept = false; break }
                        let it = try item(slot)
                        for i in from...to {
                            counts[i] += 1
                            EventStore.insert(it, into: items, filled, day: i, maxColors: maxColors)
                        }
                    }
                    if !swept { for i in 0..<days { filled[i] = 0; counts[i] = 0 } }
                }
                // (a pass counted the days it covered: the same events a count by rank finds)
                guard !swept else { return }
                // every day's count in one walk over each index's starts and ends
                let dayNumbers = (0...days).map { Int64(first) + Int64($0) }
                counts.withUnsafeMutableBufferPointer { out in
                    dayNumbers.withUnsafeBufferPointer { allDayCounts.addOverlapping($0, into: out) }
                    bounds.withUnsafeBufferPointer { timedCounts.addOverlapping($0, into: out) }
                }
                guard maxColors > 0 else { return }
                // each index level's first slots of every day (the days in order, each
                // day's window found from the last day's), put into the days' first
                // colours: all-day levels, then timed ones from the longest (the earliest
                // starts) on, each day's timed scan stopping at a start after the day's
                // last colour once it has maxColors (a later one cannot come before it)
                var firsts = [Int32](repeating: 0, count: days * maxColors)
                var found = [Int](repeating: 0, count: days)
                var below = bounds
                try firsts.withUnsafeMutableBufferPointer { firsts throws(KalendsError) in
                    try found.withUnsafeMutableBufferPointer { found throws(KalendsError) in
                        let passes = (0..<allDayIndex.levelCount).map { (allDayIndex, dayNumbers, $0, false) }
                            + (0..<timedIndex.levelCount).reversed().map { (timedIndex, bounds, $0, true) }
                        for (index, dayBounds, level, timed) in passes where index.holds(level: level) {
                            if timed {
                                for i in 0..<days {
                                    let last = items[i * maxColors + maxColors - 1].key
                                    below[i] = filled[i] == maxColors && last < bounds[i + 1] ? last + 1 : bounds[i + 1]
                                }
                            }
                            dayBounds.withUnsafeBufferPointer { dayBounds in
                                below.withUnsafeBufferPointer { below in
                                    index.firstOfDays(level: level, maxColors, dayBounds, below: timed ? below : nil, k,
                                                      into: firsts, found: found)
                                }
                            }
                            for i in 0..<days where found[i] > 0 {
                                for j in i * maxColors ..< i * maxColors + found[i] { insert(try item(firsts[j]), day: i) }
                            }
                        }
                    }
                }
              }
            }
        }
        if seriesSpans.count > 0 {
            var candidates = (0..<(maxColors > 0 ? days : 0)).map { i in Array(items[i * maxColors ..< i * maxColors + filled[i]]) }
            try seriesDots(first, last, maxColors: maxColors, in: zone, counts: &counts, candidates: &candidates)
            for i in candidates.indices {
                let best = OrderedItem.sorted(candidates[i]).prefix(maxColors)
                for (j, item) in best.enumerated() { items[i * maxColors + j] = item }
                filled[i] = best.count
            }
        }
        var colors = [UInt32](repeating: 0, count: days * maxColors)
        for i in 0..<days {
            for j in 0..<filled[i] { colors[i * maxColors + j] = items[i * maxColors + j].value }
        }
        return (counts.map { Int32(clamping: $0) }, colors, filled)
    }

    /// The insertions a pass over the shown days' events may cost per day shown before
    /// the dots are read day by day instead.
    static let sweepBudget = 16

    /// Inserts an item into day i's first maxColors (items[i * maxColors ..< + filled[i]]),
    /// kept sorted; a day already full takes it only if it comes before its last.
    @inline(__always)
    static func insert(_ item: OrderedItem<UInt32>, into items: UnsafeMutableBufferPointer<OrderedItem<UInt32>>,
                       _ filled: UnsafeMutableBufferPointer<Int>, day i: Int, maxColors: Int) {
        let base = i * maxColors
        var n = filled[i]
        if n == maxColors {
            guard before(item, items[base + n - 1]) else { return }
            n -= 1
        }
        var p = n
        while p > 0 && before(item, items[base + p - 1]) {
            items[base + p] = items[base + p - 1]
            p -= 1
        }
        items[base + p] = item
        filled[i] = n + 1
    }

    /// The index of the day of `bounds` (day i is [bounds[i], bounds[i + 1])) holding
    /// instant t: -1 before the first, the last index past the end.
    @inline(__always)
    static func dayIndex(_ t: Int64, _ bounds: [Int64]) -> Int {
        var low = 0, high = bounds.count
        while low < high {
            let mid = (low + high) / 2
            if bounds[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    @inline(__always)
    private static func before(_ a: OrderedItem<UInt32>, _ b: OrderedItem<UInt32>) -> Bool {
        (a.key, a.rank, a.id, a.sequence) < (b.key, b.rank, b.id, b.sequence)
    }
}
