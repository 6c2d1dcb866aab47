/// The day view's timeline: the timed events of a day placed by time in a column,
/// overlapping events side by side in the fewest columns, each widened over the
/// columns to its right that are free for its whole time.
public enum Timeline {
    public struct Options: Hashable, Sendable {
        public var left: Double
        public var top: Double
        public var width: Double
        public var hourHeight: Double
        /// The hours shown: first ... last (0 ... 24); events are clipped to them.
        public var firstHour: Int
        public var lastHour: Int
        public var minHeight: Double
        /// Gap between neighbouring columns.
        public var spacing: Double
        /// At most this many events are laid out: the day's first timed ones in start
        /// order, as if the others were not there (0: all of them).
        public var maxEvents: Int

        public init(left: Double = 0, top: Double = 0, width: Double = 320, hourHeight: Double = 48, firstHour: Int = 0,
                    lastHour: Int = 24, minHeight: Double = 18, spacing: Double = 2, maxEvents: Int = 0) {
            self.left = left
            self.top = top
            self.width = width
            self.hourHeight = hourHeight
            self.firstHour = firstHour
            self.lastHour = lastHour
            self.minHeight = minHeight
            self.spacing = spacing
            self.maxEvents = maxEvents
        }

        func validate() throws(KalendsError) {
            for v in [left, top, width, hourHeight, minHeight, spacing] where !(v.isFinite && abs(v) < 1e7) {
                throw KalendsError(.invalidArgument, "timeline metric \(v) is not finite")
            }
            guard width >= 0, hourHeight > 0, minHeight >= 0, spacing >= 0 else {
                throw KalendsError(.invalidArgument, "timeline width, hour height, min height and spacing must be >= 0 (hour height > 0)")
            }
            guard firstHour >= 0, lastHour <= 24, firstHour < lastHour else {
                throw KalendsError(.invalidArgument, "hours \(firstHour) ... \(lastHour) are not within 0 ... 24")
            }
            guard maxEvents >= 0 else { throw KalendsError(.invalidArgument, "max events \(maxEvents) is negative") }
        }
    }

    /// The events of local `day` that `layout` places, as a window of their instants: one
    /// starting before the last shown hour (the instant where its wall time reaches
    /// it) and ending after the first shown hour begins, or, without length, starting
    /// within the shown hours. nil when the day's clock goes back (a wall time read twice:
    /// the shown hours are then no range of instants).
    static func window(day: Int32, options: Options, in zone: any LocalDays) throws(KalendsError) -> OccurrenceWindow? {
        let bounds = try LocalDayBounds(day: day, in: zone), midnight = bounds.midnight, next = bounds.next
        // The first instant of the day whose wall seconds reach `w` (0: midnight, 86,400: the next day).
        func reaching(_ w: Int64) throws(KalendsError) -> Int64 {
            if w <= 0 { return midnight }
            if w >= 86_400 { return next }
            var lo = midnight, hi = next   // wall(lo) < w <= wall(hi), walls rising
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2
                if Int64(try zone.localDay(at: mid).secondsOfDay) >= w { hi = mid } else { lo = mid }
            }
            return hi
        }
        // Walls must not fall back within the day.
        if let tz = zone as? TimeZone {
            var t = midnight &- 1
            while let change = tz.nextTransition(after: t), change < next {
                if tz.zoneOffset(at: change).secondsEast < tz.zoneOffset(at: change &- 1).secondsEast { return nil }
                t = change
            }
        }
        let shownStart = try reaching(Int64(options.firstHour) * 3600), shownEnd = try reaching(Int64(options.lastHour) * 3600)
        return OccurrenceWindow(startFrom: Int64.min, startTo: shownEnd, endAfter: max(midnight, shownStart - 1), endUntil: Int64.max,
                                pointFrom: max(midnight, shownStart), pointTo: shownEnd)
    }

    public struct Item: Hashable, Sendable {
        public var event: Int64
        public var column: Int
        /// Columns of its group of overlapping events.
        public var columns: Int
        /// Columns it covers (1 + the free ones to its right).
        public var span: Int
        /// It began before the shown hours / ends after them.
        public var clippedStart: Bool
        public var clippedEnd: Bool
        public var frame: Rect
        /// With `event`, the occurrence it shows (nil: a single event; see `Occurrence`).
        public var recurrenceID: Int64? = nil
    }

    /// Lays out the timed events among `events` that overlap local `day`. Cost
    /// O(k log k + k · w log k) for k events that each widen over w columns.
    public static func layout(_ events: [Event], day: Int32, options: Options = Options(),
                              in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Item] {
        try layout(events, recurrenceIDs: [], day: day, options: options, in: zone)
    }

    /// As `layout(_:day:...)` for occurrences (a store's `occurrences`): each item names its occurrence.
    public static func layout(_ occurrences: [Occurrence], day: Int32, options: Options = Options(),
                              in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Item] {
        try layout(occurrences.map(\.event), recurrenceIDs: occurrences.map(\.recurrenceID), day: day, options: options, in: zone)
    }

    static func layout(_ events: [Event], recurrenceIDs: [Int64?], day: Int32, options: Options,
                       in zone: any LocalDays) throws(KalendsError) -> [Item] {
        try options.validate()
        // Positions are wall-clock times of a 24-hour day (LocalDayBounds.wall).
        let bounds = try LocalDayBounds(day: day, in: zone), midnight = bounds.midnight, next = bounds.next
        let shownStart = Int64(options.firstHour) * 3600, shownEnd = Int64(options.lastHour) * 3600
        struct Placed { var event: Int; var start: Int64; var end: Int64; var column = 0; var columns = 1; var span = 1 }
        var placed: [Placed] = []
        for (i, e) in events.enumerated() where !e.allDay {
            guard e.start < next, e.end > midnight || (e.start == e.end && e.start >= midnight) else { continue }
            let s = try bounds.wall(e.start), t = try bounds.wall(e.end)
            let a = max(s, shownStart), b = min(max(t, s), shownEnd)
            guard a < shownEnd, b >= shownStart, a <= b else { continue }
            placed.append(Placed(event: i, start: a, end: b))
        }
        placed.sort { ($0.start, -($0.end - $0.start), events[$0.event].id) < ($1.start, -($1.end - $1.start), events[$1.event].id) }
        // A zero-length event still takes room for its minimum height when grouping.
        // Positions lie within one day, so more than a day of room is a day of room (and
        // a tiny hour height cannot make it overflow).
        let minSeconds = Int64(ceiling: options.minHeight / options.hourHeight * 3600, clampedTo: 0...86_401, nan: 86_401)
        func busyEnd(_ p: Placed) -> Int64 { max(p.end, p.start + minSeconds) }

        var i = 0
        var free = MinHeap<Int>(), busy = MinHeap<Busy>()
        var byColumn: [[Int]] = []
        while i < placed.count {
            // A group: events chained by overlap. Each takes the lowest column free at its
            // start (columns freed by their ends in a heap, free ones by index in another).
            var j = i, groupEnd = busyEnd(placed[i])
            var columns = 0
            free.removeAll()
            busy.removeAll()
            byColumn.removeAll(keepingCapacity: true)
            while j < placed.count && (j == i || placed[j].start < groupEnd) {
                while let top = busy.min, top.end <= placed[j].start {
                    busy.popMin()
                    free.insert(top.column)
                }
                let column: Int
                if let c = free.popMin() {
                    column = c
                } else {
                    column = columns
                    columns += 1
                    byColumn.append([])
                }
                busy.insert(Busy(end: busyEnd(placed[j]), column: column))
                placed[j].column = column
                byColumn[column].append(j)
                groupEnd = max(groupEnd, busyEnd(placed[j]))
                j += 1
            }
            // Each widens over the columns to its right that are free for its whole time:
            // a column's events do not overlap and are in start order, so the one that could
            // meet it is found by a binary search on their ends.
            for k in i..<j {
                placed[k].columns = columns
                var span = 1
                var c = placed[k].column + 1
                while c < columns {
                    let list = byColumn[c]
                    var lo = 0, hi = list.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if busyEnd(placed[list[mid]]) <= placed[k].start { lo = mid + 1 } else { hi = mid }
                    }
                    if lo < list.count && placed[list[lo]].start < busyEnd(placed[k]) { break }
                    span += 1
                    c += 1
                }
                placed[k].span = span
            }
            i = j
        }
        let perHour = options.hourHeight / 3600
        return placed.map { p in
            let e = events[p.event]
            let columnWidth = options.width / Double(p.columns)
            let y = options.top + Double(p.start - shownStart) * perHour
            let height = max(options.minHeight, Double(p.end - p.start) * perHour)
            return Item(event: e.id, column: p.column, columns: p.columns, span: p.span,
                        clippedStart: e.start < midnight + shownStart, clippedEnd: e.end > midnight + shownEnd,
                        frame: Rect(x: options.left + Double(p.column) * columnWidth, y: y,
                                    width: max(0, Double(p.span) * columnWidth - options.spacing), height: height),
                        recurrenceID: recurrenceIDs.isEmpty ? nil : recurrenceIDs[p.event])
        }
    }
}

/// When a timeline column is busy until.
private struct Busy: Comparable {
    var end: Int64
    var column: Int
    static func < (a: Busy, b: Busy) -> Bool { (a.end, a.column) < (b.end, b.column) }
}

/// A binary min-heap.
struct MinHeap<T: Comparable> {
    private var items: [T] = []

    var min: T? { items.first }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    mutating func insert(_ x: T) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i] < items[parent] else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    @discardableResult
    mutating func popMin() -> T? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l] < items[m] { m = l }
                if r < items.count && items[r] < items[m] { m = r }
                guard m != i else { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
