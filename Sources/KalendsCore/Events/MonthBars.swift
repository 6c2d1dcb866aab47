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

    static func layout(_ events: [Event], recurrenceIDs: [Int64?], cells: [Cell], options: Options,
                       in zone: any LocalDays) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        try options.validate()
        guard let firstDay = cells.first?.day, let lastDay = cells.last?.day else { return ([], []) }
        guard Int(lastDay) - Int(firstDay) + 1 == cells.count else {
            throw KalendsError(.invalidArgument, "cells are not consecutive days")
        }
        // Each event's covered days on the page (indices into cells).
        var spans: [(event: Int, first: Int, last: Int, length: Int)] = []
        for (i, e) in events.enumerated() {
            guard let days = try EventStore.days(of: e, clippedTo: firstDay, lastDay, in: zone) else { continue }
            let a = Int(days.lowerBound - firstDay), b = Int(days.upperBound - firstDay)
            spans.append((i, a, b, b - a))
        }
        spans.sort { ($0.first, -$0.length, $0.event) < ($1.first, -$1.length, $1.event) }

        let rows = (cells.map(\.row).max() ?? 0) + 1
        var rowRange = Array(repeating: (first: Int.max, last: Int.min), count: rows)
        for (i, c) in cells.enumerated() where c.row >= 0 && c.row < rows {
            rowRange[c.row].first = min(rowRange[c.row].first, i)
            rowRange[c.row].last = max(rowRange[c.row].last, i)
        }
        // Lane bitsets per day, `words` words a day in one flat array: a lane is never
        // higher than the number of spans (a span takes the lowest lane free on its days,
        // and at most spans - 1 others lie there), so `words` always suffices. The hot
        // loop works on buffer pointers: no per-access exclusivity or uniqueness checks.
        let words = max(1, (spans.count + 63) / 64)
        var occupied = [UInt64](repeating: 0, count: cells.count * words)
        var wordsUsed = [Int](repeating: 0, count: cells.count)            // words in use per day
        var laneOf = [Int](repeating: -1, count: events.count)             // lane in the previous row
        var segments: [(span: Int, row: Int, first: Int, last: Int, lane: Int)] = []
        segments.reserveCapacity(spans.count)
        var laneOverflow = false
        occupied.withUnsafeMutableBufferPointer { occupied in
            wordsUsed.withUnsafeMutableBufferPointer { used in
                for row in 0..<rows where rowRange[row].first <= rowRange[row].last {
                    let (r0, r1) = rowRange[row]
                    var here = spans.indices.filter { spans[$0].first <= r1 && spans[$0].last >= r0 }
                    // Continuing events first, in their previous lanes' order; then the rest.
                    here.sort { x, y in
                        let cx = spans[x].first < r0, cy = spans[y].first < r0
                        if cx != cy { return cx }
                        if cx { return laneOf[spans[x].event] < laneOf[spans[y].event] }
                        return false
                    }
                    for s in here {
                        let a = max(spans[s].first, r0), b = min(spans[s].last, r1)
                        var lane = -1
                        if spans[s].first < r0, case let previous = laneOf[spans[s].event], previous >= 0 {
                            let w = previous >> 6, bit = UInt64(1) << UInt64(previous & 63)
                            var isFree = true
                            for d in a...b where occupied[d * words + w] & bit != 0 { isFree = false; break }
                            if isFree { lane = previous }
                        }
                        if lane < 0 {
                            var inUse = 0
                            for d in a...b { inUse = max(inUse, used[d]) }
                            lane = inUse * 64
                            for w in 0..<inUse {
                                var union: UInt64 = 0
                                for d in a...b { union |= occupied[d * words + w] }
                                if union != .max { lane = w * 64 + (~union).trailingZeroBitCount; break }
                            }
                        }
                        let w = lane >> 6, bit = UInt64(1) << UInt64(lane & 63)
                        guard w < words else { laneOverflow = true; return }
                        for d in a...b {
                            occupied[d * words + w] |= bit
                            if used[d] <= w { used[d] = w + 1 }
                        }
                        laneOf[spans[s].event] = lane
                        segments.append((s, row, a, b, lane))
                    }
                }
            }
        }
        if laneOverflow { throw KalendsError(.internal, "month bars: a lane beyond the number of events") }

        // Per day: everything on it, and whether any of it lies beyond the cell's lanes.
        var total = Array(repeating: 0, count: cells.count)
        var overflow = Array(repeating: false, count: cells.count)
        for seg in segments {
            for d in seg.first...seg.last {
                total[d] += 1
                if seg.lane >= options.maxLanes { overflow[d] = true }
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
        for seg in segments {
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
                let span = spans[seg.span], e = events[span.event]
                bars.append(Bar(event: e.id, row: seg.row, firstColumn: cells[d].column, lastColumn: cells[end].column,
                                lane: seg.lane, continuesBefore: d > span.first, continuesAfter: end < span.last,
                                frame: laneFrame(seg.lane, d, end),
                                recurrenceID: recurrenceIDs.isEmpty ? nil : recurrenceIDs[span.event]))
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
