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
    /// Cost O(s log s + rows · s + segments · (d + L/64)): one sort of packed keys, and
    /// per row the events continuing from above (read off the sorted spans) and those
    /// starting in it (a run of them).
    static func layout(items: [Item], cells: [Cell], options: Options) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        guard !cells.isEmpty else { return ([], []) }
        // Spans sorted by (first day, longest first, order given): packed into one key
        // when the page and the list are small enough (always for a view's page).
        var order: [Int32] = []
        order.reserveCapacity(items.count)
        if cells.count < 1 << 16 && items.count < 1 << 31 {
            var keys: [UInt64] = []
            keys.reserveCapacity(items.count)
            for (i, it) in items.enumerated() {
                let length = UInt64(it.last - it.first)
                keys.append(UInt64(it.first) << 47 | (0xFFFF - length) << 31 | UInt64(i))
            }
            keys.sort()
            for k in keys { order.append(Int32(truncatingIfNeeded: k & 0x7FFF_FFFF)) }
        } else {
            order.append(contentsOf: (0..<Int32(items.count)))
            order.sort { x, y in
                let a = items[Int(x)], b = items[Int(y)]
                return (a.first, -(a.last - a.first), x) < (b.first, -(b.last - b.first), y)
            }
        }
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
        var segments: [(span: Int, row: Int, first: Int, last: Int, lane: Int)] = []
        segments.reserveCapacity(n)
        var here: [Int] = []
        here.reserveCapacity(n)
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
                                        if here.count > 1 {
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
                                            segments.append((s, row, a, b, lane))
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
        for seg in segments where seg.lane < maxLanes {   // lanes from maxLanes on are never shown
            // Cut the segment where its lane is not shown (a day that overflows).
            var d = seg.first
            while d <= seg.last {
                guard seg.lane < shownLanes(d) else {
                    d += 1
                    continue
                }
                var end = d
                while end + 1 <= seg.last && seg.lane < shownLanes(end + 1) { end += 1 }
                for x in d...end { shown[x] += 1 }
                let item = items[Int(order[seg.span])]
                bars.append(Bar(event: item.event, row: seg.row, firstColumn: cells[d].column, lastColumn: cells[end].column,
                                lane: seg.lane, continuesBefore: d > spanFirst[seg.span], continuesAfter: end < spanLast[seg.span],
                                frame: laneFrame(seg.lane, d, end), recurrenceID: item.recurrenceID))
                d = end + 1
            }
        }
        var more: [More] = []
        for d in cells.indices where total[d] > shown[d] {
            more.append(More(day: cells[d].day, hidden: total[d] - shown[d], frame: laneFrame(options.maxLanes - 1, d, d)))
        }
        return (bars, more)
    }
}
