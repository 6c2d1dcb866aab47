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

        public init(left: Double = 0, top: Double = 0, width: Double = 320, hourHeight: Double = 48, firstHour: Int = 0,
                    lastHour: Int = 24, minHeight: Double = 18, spacing: Double = 2) {
            self.left = left
            self.top = top
            self.width = width
            self.hourHeight = hourHeight
            self.firstHour = firstHour
            self.lastHour = lastHour
            self.minHeight = minHeight
            self.spacing = spacing
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
        }
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
    /// O(k log k + k · c) for k events in groups of c columns.
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
        let midnight = try zone.dayStart(day)
        let next = day < Gregorian.maxDayNumber ? try zone.dayStart(day + 1) : midnight + 86_400
        // Positions are wall-clock times of a 24-hour day (10:00 is on the 10:00 line on
        // a day that lost or gained an hour too).
        let shownStart = Int64(options.firstHour) * 3600, shownEnd = Int64(options.lastHour) * 3600
        func wall(_ instant: Int64) throws(KalendsError) -> Int64 {
            if instant <= midnight { return 0 }
            if instant >= next { return 86_400 }
            return Int64(try zone.localDay(at: instant).secondsOfDay)
        }
        struct Placed { var event: Int; var start: Int64; var end: Int64; var column = 0; var columns = 1; var span = 1 }
        var placed: [Placed] = []
        for (i, e) in events.enumerated() where !e.allDay {
            guard e.start < next, e.end > midnight || (e.start == e.end && e.start >= midnight) else { continue }
            let s = try wall(e.start), t = try wall(e.end)
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
        while i < placed.count {
            // A group: events chained by overlap.
            var j = i, groupEnd = busyEnd(placed[i])
            var columnEnds: [Int64] = []
            while j < placed.count && (j == i || placed[j].start < groupEnd) {
                let column = columnEnds.firstIndex { $0 <= placed[j].start } ?? columnEnds.count
                if column == columnEnds.count { columnEnds.append(0) }
                columnEnds[column] = busyEnd(placed[j])
                placed[j].column = column
                groupEnd = max(groupEnd, busyEnd(placed[j]))
                j += 1
            }
            for k in i..<j {
                placed[k].columns = columnEnds.count
                var span = 1
                widen: for c in (placed[k].column + 1)..<max(columnEnds.count, placed[k].column + 1) {
                    for m in i..<j where placed[m].column == c
                        && placed[m].start < busyEnd(placed[k]) && busyEnd(placed[m]) > placed[k].start {
                        break widen
                    }
                    span += 1
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
