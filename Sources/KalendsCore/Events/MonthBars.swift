/// Month-view event bars: each multi-day event cut into one segment per week row, laid
/// out in lanes under the day numbers, with "+N more" where a cell runs out of lanes.
public enum MonthBars {
    public struct Options: Hashable, Sendable {
        /// Lanes a cell holds; when a day needs more, its last lane shows "+N more".
        public var maxLanes: Int
        public var barHeight: Double
        public var laneSpacing: Double
        /// From the top of the cell to the first lane (room for the day number).
        public var topInset: Double
        /// Left and right gap inside the first and last cell of a segment.
        public var sideInset: Double

        public init(maxLanes: Int = 3, barHeight: Double = 14, laneSpacing: Double = 2, topInset: Double = 20,
                    sideInset: Double = 2) {
            self.maxLanes = maxLanes
            self.barHeight = barHeight
            self.laneSpacing = laneSpacing
            self.topInset = topInset
            self.sideInset = sideInset
        }

        func validate() throws(KalendsError) {
            guard maxLanes >= 1, maxLanes <= 1000 else { throw KalendsError(.invalidArgument, "max lanes \(maxLanes) is not 1 ... 1000") }
            for v in [barHeight, laneSpacing, topInset, sideInset] where !(v.isFinite && v >= 0 && v < 1e6) {
                throw KalendsError(.invalidArgument, "bar metric \(v) is not a length >= 0")
            }
        }
    }

    /// A day cell of the page: its day, row, column and frame.
    public struct Cell: Hashable, Sendable {
        public var day: Int32
        public var row: Int
        public var column: Int
        public var frame: Rect
        public init(day: Int32, row: Int, column: Int, frame: Rect) {
            self.day = day
            self.row = row
            self.column = column
            self.frame = frame
        }
    }

    /// One segment of an event in one row.
    public struct Bar: Hashable, Sendable {
        public var event: Int64
        public var row: Int
        public var firstColumn: Int
        public var lastColumn: Int
        public var lane: Int
        /// The event goes on before the segment's first day / after its last.
        public var continuesBefore: Bool
        public var continuesAfter: Bool
        public var frame: Rect
        /// With `event`, the occurrence the bar belongs to (nil: a single event; see `Occurrence`).
        public var recurrenceID: Int64? = nil
    }

    /// "+N more" on a day.
    public struct More: Hashable, Sendable {
        public var day: Int32
        public var hidden: Int
        public var frame: Rect
    }

    /// Bars and "+N more" labels for `events` (those overlapping the page, in start
    /// order) over `cells` (the page's day cells, consecutive days, row by row).
    ///
    /// Lanes: row by row, events continuing from the row above try their lane first;
    /// the others (earliest first, then longest) take the lowest lane free on all their
    /// days in the row. Cost O(s · (d + L/64)) for s segments of d days and L lanes.
    public static func layout(_ events: [Event], cells: [Cell], options: Options = Options(),
                              in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        try layout(events, recurrenceIDs: [], cells: cells, options: options, in: zone)
    }

    /// As `layout(_:cells:...)` for occurrences (a store's `occurrences`): each bar names its occurrence.
    public static func layout(_ occurrences: [Occurrence], cells: [Cell], options: Options = Options(),
                              in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        try layout(occurrences.map(\.event), recurrenceIDs: occurrences.map(\.recurrenceID), cells: cells, options: options, in: zone)
    }

    /// What the layout needs of an event or occurrence: its id, the occurrence's
    /// recurrence id, and its days on the page as indexes into the cells.
    struct Item {
        var event: Int64
        var recurrenceID: Int64?
        var first: Int32
        var last: Int32
        /// More items of the same days after it that are hidden on all of them (a dense
        /// recurring entry's occurrences past the first `maxLanes` of a class): they only
        /// count in "+N more". Valid on cells whose rows are runs (a hidden bar then keeps
        /// its lane in the next row).
        var copies: Int = 0
    }

    /// The page's days (indexes into `cells`) an event covers, nil when none.
    @inline(__always)
    static func cellDays(allDay: Bool, start: Int64, end: Int64, firstDay: Int32, lastDay: Int32,
                         zone: any LocalDays) throws(KalendsError) -> (Int32, Int32)? {
        var a: Int64, b: Int64
        if allDay {
            a = start
            b = end
        } else {
            a = Int64(try zone.localDay(at: start).day)
            b = end > start ? Int64(try zone.localDay(at: end - 1).day) : a
        }
        a = max(a, Int64(firstDay))
        b = min(b, Int64(lastDay))
        guard a <= b else { return nil }
        return (Int32(a - Int64(firstDay)), Int32(b - Int64(firstDay)))
    }

    static func layout(_ events: [Event], recurrenceIDs: [Int64?], cells: [Cell], options: Options,
                       in zone: any LocalDays) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        try options.validate()
        guard let firstDay = cells.first?.day, let lastDay = cells.last?.day else { return ([], []) }
        guard Int(lastDay) - Int(firstDay) + 1 == cells.count else {
            throw KalendsError(.invalidArgument, "cells are not consecutive days")
        }
        var items: [Item] = []
        items.reserveCapacity(events.count)
        for (i, e) in events.enumerated() {
            guard let (a, b) = try cellDays(allDay: e.allDay, start: e.start, end: e.end, firstDay: firstDay, lastDay: lastDay,
                                            zone: zone) else { continue }
            items.append(Item(event: e.id, recurrenceID: recurrenceIDs.isEmpty ? nil : recurrenceIDs[i], first: a, last: b))
        }
        return try layout(items: items, cells: cells, options: options)
    }

    /// The layout of `items` (in the events' order: start order for a store's), each
    /// with its days as cell indexes, over `cells` (checked: consecutive days).
    ///
    /// Cost O(s + c + rows · s + segments · (d + L/64)) for c cells: two counting sorts,
    /// and per row the events continuing from above (read off the sorted spans, put in
    /// their lanes' order by one pass over the lanes) and those starting in it (a run
    /// of them).
    static func layout(items: [Item], cells: [Cell], options: Options) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        guard !cells.isEmpty else { return ([], []) }
        for it in items where !(0 <= it.first && it.first <= it.last && Int(it.last) < cells.count) {
            throw KalendsError(.internal, "month bars: an event's days \(it.first)...\(it.last) lie outside the page's cells")
        }
        let order = spanOrder(items, cellCount: cells.count)
        let n = order.count
        var spanFirst = [Int](repeating: 0, count: n), spanLast = [Int](repeating: 0, count: n)
        for (k, i) in order.enumerated() {
            spanFirst[k] = Int(items[Int(i)].first)
            spanLast[k] = Int(items[Int(i)].last)
        }

        var rows = 0
        for c in cells where c.row + 1 > rows { rows = c.row + 1 }
        var rowRange = Array(repeating: (first: Int.max, last: Int.min), count: rows)
        for (i, c) in cells.enumerated() where c.row >= 0 && c.row < rows {
            rowRange[c.row].first = min(rowRange[c.row].first, i)
            rowRange[c.row].last = max(rowRange[c.row].last, i)
        }
        // Lane bitsets per day, `words` words a day in one flat array: a lane is never
        // higher than the number of spans (a span takes the lowest lane free on its days,
        // and at most spans - 1 others lie there), so `words` always suffices. The hot
        // loop works on buffer pointers: no per-access exclusivity or uniqueness checks.
        let words = max(1, (n + 63) / 64)
        var occupied = [UInt64](repeating: 0, count: cells.count * words)
        var wordsUsed = [Int](repeating: 0, count: cells.count)            // words in use per day
        var laneOf = [Int](repeating: -1, count: n)                        // lane in the previous row, by span
        // Only segments in a shown lane are kept (at most maxLanes a day).
        var segments: [Segment] = []
        segments.reserveCapacity(min(n, options.maxLanes * cells.count))
        var here: [Int] = []
        here.reserveCapacity(n)
        var byLane = [Int](repeating: -1, count: n)   // continuing spans by previous lane, reset after use
        // Per day: everything on it, and whether any of it lies beyond the cell's lanes
        // (counted as the segments are placed).
        var total = [Int](repeating: 0, count: cells.count)
        var overflow = [Bool](repeating: false, count: cells.count)
        let maxLanes = options.maxLanes
        var laneOverflow = false
        total.withUnsafeMutableBufferPointer { total in
            overflow.withUnsafeMutableBufferPointer { overflow in
                occupied.withUnsafeMutableBufferPointer { occupied in
                    wordsUsed.withUnsafeMutableBufferPointer { used in
                        spanFirst.withUnsafeBufferPointer { sf in
                            spanLast.withUnsafeBufferPointer { sl in
                                laneOf.withUnsafeMutableBufferPointer { laneOf in
                                  byLane.withUnsafeMutableBufferPointer { byLane in
                                    for row in 0..<rows where rowRange[row].first <= rowRange[row].last {
                                        let (r0, r1) = rowRange[row]
                                        // Continuing events first, in their previous lanes' order (ties:
                                        // span order); then those starting in the row, in span order.
                                        here.removeAll(keepingCapacity: true)
                                        var p = 0
                                        while p < n && sf[p] < r0 {
                                            if sl[p] >= r0 { here.append(p) }
                                            p += 1
                                        }
                                        if here.count > 1 && !orderByLane(&here, laneOf, byLane) {
                                            here.sort { x, y in laneOf[x] != laneOf[y] ? laneOf[x] < laneOf[y] : x < y }
                                        }
                                        while p < n && sf[p] <= r1 {
                                            here.append(p)
                                            p += 1
                                        }
                                        for s in here {
                                            let a = max(sf[s], r0), b = min(sl[s], r1)
                                            var lane = -1
                                            if sf[s] < r0, case let previous = laneOf[s], previous >= 0 {
                                                let w = previous >> 6, bit = UInt64(1) << UInt64(previous & 63)
                                                var isFree = true
                                                var d = a
                                                while d <= b {
                                                    if occupied[d * words + w] & bit != 0 { isFree = false; break }
                                                    d += 1
                                                }
                                                if isFree { lane = previous }
                                            }
                                            if lane < 0 {
                                                var inUse = 0
                                                var d = a
                                                while d <= b {
                                                    inUse = max(inUse, used[d])
                                                    d += 1
                                                }
                                                lane = inUse * 64
                                                for w in 0..<inUse {
                                                    var union: UInt64 = 0
                                                    d = a
                                                    while d <= b {
                                                        union |= occupied[d * words + w]
                                                        d += 1
                                                    }
                                                    if union != .max { lane = w * 64 + (~union).trailingZeroBitCount; break }
                                                }
                                            }
                                            let w = lane >> 6, bit = UInt64(1) << UInt64(lane & 63)
                                            guard w < words else { laneOverflow = true; return }
                                            let hidden = lane >= maxLanes
                                            var d = a
                                            while d <= b {
                                                occupied[d * words + w] |= bit
                                                if used[d] <= w { used[d] = w + 1 }
                                                total[d] += 1
                                                if hidden { overflow[d] = true }
                                                d += 1
                                            }
                                            laneOf[s] = lane
                                            if !hidden {
                                                segments.append(Segment(span: Int32(truncatingIfNeeded: s), row: Int32(truncatingIfNeeded: row),
                                                                        first: Int32(truncatingIfNeeded: a), last: Int32(truncatingIfNeeded: b),
                                                                        lane: Int32(truncatingIfNeeded: lane)))
                                            }
                                        }
                                    }
                                  }
                                }
                            }
                        }
                    }
                }
            }
        }
        if laneOverflow { throw KalendsError(.internal, "month bars: a lane beyond the number of events") }
        for it in items where it.copies > 0 {
            for d in Int(it.first)...Int(it.last) {
                total[d] &+= it.copies
                overflow[d] = true
            }
        }

        let shownLanes = { (d: Int) in overflow[d] ? options.maxLanes - 1 : options.maxLanes }
        var shown = Array(repeating: 0, count: cells.count)

        func laneFrame(_ lane: Int, _ a: Int, _ b: Int) -> Rect {
            let fa = cells[a].frame, fb = cells[b].frame
            let minX = min(fa.x, fb.x), maxX = max(fa.x + fa.width, fb.x + fb.width)
            return Rect(x: minX + options.sideInset, y: fa.y + options.topInset + Double(lane) * (options.barHeight + options.laneSpacing),
                        width: max(0, maxX - minX - 2 * options.sideInset), height: options.barHeight)
        }

        var bars: [Bar] = []
        bars.reserveCapacity(segments.count)
        for seg in segments {
            // Cut the segment where its lane is not shown (a day that overflows).
            let lane = Int(seg.lane), span = Int(seg.span), last = Int(seg.last)
            var d = Int(seg.first)
            while d <= last {
                guard lane < shownLanes(d) else {
                    d += 1
                    continue
                }
                var end = d
                while end + 1 <= last && lane < shownLanes(end + 1) { end += 1 }
                for x in d...end { shown[x] += 1 }
                let item = items[Int(order[span])]
                bars.append(Bar(event: item.event, row: Int(seg.row), firstColumn: cells[d].column, lastColumn: cells[end].column,
                                lane: lane, continuesBefore: d > spanFirst[span], continuesAfter: end < spanLast[span],
                                frame: laneFrame(lane, d, end), recurrenceID: item.recurrenceID))
                d = end + 1
            }
        }
        var more: [More] = []
        for d in cells.indices where total[d] > shown[d] {
            more.append(More(day: cells[d].day, hidden: total[d] - shown[d], frame: laneFrame(options.maxLanes - 1, d, d)))
        }
        return (bars, more)
    }

    /// A placed segment in a shown lane: a span's days in one row.
    struct Segment {
        var span: Int32
        var row: Int32
        var first: Int32
        var last: Int32
        var lane: Int32
    }

    /// The items' indexes sorted by (first day, longest first, order given): a stable
    /// counting sort by length, then one by first day, O(items + cellCount). Items lie
    /// within the cells (checked by the caller).
    static func spanOrder(_ items: [Item], cellCount: Int) -> [Int32] {
        var count = [Int](repeating: 0, count: cellCount + 1)
        var byLength = [Int32](repeating: 0, count: items.count)
        var order = [Int32](repeating: 0, count: items.count)
        count.withUnsafeMutableBufferPointer { count in
            items.withUnsafeBufferPointer { items in
                // Longest first: lengths counted at cellCount - 1 - length.
                for it in items { count[cellCount - 1 - Int(it.last - it.first)] += 1 }
                var position = 0
                for k in 0..<cellCount { (count[k], position) = (position, position + count[k]) }
                byLength.withUnsafeMutableBufferPointer { byLength in
                    for (i, it) in items.enumerated() {
                        let k = cellCount - 1 - Int(it.last - it.first)
                        byLength[count[k]] = Int32(truncatingIfNeeded: i)
                        count[k] += 1
                    }
                    for k in 0..<cellCount { count[k] = 0 }
                    for it in items { count[Int(it.first)] += 1 }
                    position = 0
                    for k in 0..<cellCount { (count[k], position) = (position, position + count[k]) }
                    order.withUnsafeMutableBufferPointer { order in
                        for i in byLength {
                            let k = Int(items[Int(i)].first)
                            order[count[k]] = i
                            count[k] += 1
                        }
                    }
                }
            }
        }
        return order
    }

    /// Puts `spans` (all continuing into a row) in the order of their lanes in the row
    /// above, through `byLane` (all -1, left so): O(spans + highest lane). Spans that
    /// continue from the row above all cover its last day, so their lanes differ; false
    /// (nothing changed) when two share one or a span has none (cells whose rows are not
    /// consecutive runs), for the caller's sort.
    static func orderByLane(_ spans: inout [Int], _ laneOf: UnsafeMutableBufferPointer<Int>,
                            _ byLane: UnsafeMutableBufferPointer<Int>) -> Bool {
        var highest = -1
        var distinct = true
        for s in spans {
            let lane = laneOf[s]
            guard lane >= 0, lane < byLane.count, byLane[lane] < 0 else { distinct = false; break }
            byLane[lane] = s
            highest = max(highest, lane)
        }
        guard distinct else {
            for s in spans where laneOf[s] >= 0 && laneOf[s] < byLane.count { byLane[laneOf[s]] = -1 }
            return false
        }
        var k = 0
        for lane in 0...highest where byLane[lane] >= 0 {
            spans[k] = byLane[lane]
            byLane[lane] = -1
            k += 1
        }
        return true
    }
}
