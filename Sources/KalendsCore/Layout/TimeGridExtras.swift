/// Timeline extras of week and day pages (issue 27 item 3), on top of `TimeGrid`: what the
/// shown hours clip away, a time's line in its column (and the now line), and the frames
/// outside business hours a host shades.
extension TimeGrid {
    /// A day's timed events that lie wholly outside the shown hours: `before` end before
    /// the first hour shown, `after` start at or after the last. They have no box
    /// (a box of an event that only crosses the edge says so with `clippedStart`/`clippedEnd`).
    public struct Hidden: Hashable, Sendable {
        public var day: Int32
        public var before: Int
        public var after: Int
    }

    /// A wall time's line across its day's column (height 0), or not shown: the day is
    /// not on the page or the time lies outside the shown hours.
    public struct Line: Hashable, Sendable {
        public var shown: Bool
        public var column: Int
        public var day: Int32
        public var seconds: Int32
        public var frame: Rect
    }

    /// A stretch of a day's column outside its business hours (within the shown hours),
    /// wall seconds `start` ..< `end`: what the host shades.
    public struct Shade: Hashable, Sendable {
        public var day: Int32
        public var column: Int
        public var start: Int32
        public var end: Int32
        public var frame: Rect
    }

    /// Per day column, the timed events the shown hours hide whole (see `Hidden`); days
    /// with none are left out. O(k · c) for k timed events of the page and c columns.
    public func hidden() throws(KalendsError) -> [Hidden] {
        let shownStart = Int64(firstHour) * 3600, shownEnd = Int64(lastHour) * 3600
        var out: [Hidden] = []
        for c in columns {
            let bounds = try LocalDayBounds(day: c.day, in: zone), midnight = bounds.midnight, next = bounds.next
            var h = Hidden(day: c.day, before: 0, after: 0)
            for o in gridEvents {
                let e = o.event
                guard e.start < next, e.end > midnight || (e.start == e.end && e.start >= midnight) else { continue }
                let s = try bounds.wall(e.start), t = max(try bounds.wall(e.end), s)
                // As Timeline.layout places them: a box needs a start before the last hour
                // and an end at or after the first.
                if s >= shownEnd { h.after += 1 } else if t < shownStart { h.before += 1 }
            }
            if h.before + h.after > 0 { out.append(h) }
        }
        return out
    }

    /// The line of wall time `seconds` (0 ... 86,400) of `day` across its column: shown
    /// when the day is a column of the page and the time lies within the shown hours
    /// (the last hour's end included). O(c) for c columns.
    public func line(day: Int32, seconds: Int32) throws(KalendsError) -> Line {
        guard (0...86_400).contains(seconds) else {
            throw KalendsError(.invalidArgument, "wall time \(seconds) is not within 0 ... 86400")
        }
        let s = Int64(seconds)
        guard let i = columns.firstIndex(where: { $0.day == day }),
              s >= Int64(firstHour) * 3600, s <= Int64(lastHour) * 3600 else {
            return Line(shown: false, column: 0, day: day, seconds: seconds, frame: Rect(x: 0, y: 0, width: 0, height: 0))
        }
        let c = columns[i]
        return Line(shown: true, column: i, day: day, seconds: seconds,
                    frame: Rect(x: c.frame.x, y: y(ofSeconds: s), width: c.frame.width, height: 0))
    }

    /// The now line: `now` (an instant the host passes; the core never reads the clock)
    /// as its local day and wall time in the grid's zone, and that time's `line`.
    public func nowLine(at now: Int64) throws(KalendsError) -> Line {
        let (day, seconds) = try zone.localDay(at: now)
        return try line(day: day, seconds: seconds)
    }

    /// The stretches of each day column outside `hours` (business hours per ISO weekday,
    /// as event editing's constraint uses them), clipped to the shown hours, column by
    /// column and top to bottom. None at all when `hours` is empty (no business hours:
    /// nothing is shaded). O(c · b) for c columns and b windows.
    public func shades(outside hours: [BusinessHours]) -> [Shade] {
        guard !hours.isEmpty else { return [] }
        let shownStart = Int32(firstHour * 3600), shownEnd = Int32(lastHour * 3600)
        var out: [Shade] = []
        for (i, c) in columns.enumerated() {
            let weekday = Weekday(dayNumber: c.day).rawValue
            var open = hours.filter { $0.weekday == weekday }.map { ($0.start, $0.end) }
            open.sort { $0 < $1 }
            var at = shownStart
            func shade(_ a: Int32, _ b: Int32) {
                let a = max(a, shownStart), b = min(b, shownEnd)
                guard a < b else { return }
                let top = y(ofSeconds: Int64(a)), bottom = y(ofSeconds: Int64(b))
                out.append(Shade(day: c.day, column: i, start: a, end: b,
                                 frame: Rect(x: c.frame.x, y: top, width: c.frame.width, height: bottom - top)))
            }
            for (s, e) in open {
                if s > at { shade(at, s) }
                at = max(at, e)
            }
            shade(at, shownEnd)
        }
        return out
    }

    /// A background event's stretch of a day column (drawn behind the boxes, across the
    /// whole column): wall seconds `start` ..< `end` within the shown hours.
    public struct Background: Hashable, Sendable {
        public var event: Int64
        public var recurrenceID: Int64?
        public var day: Int32
        public var column: Int
        public var start: Int32
        public var end: Int32
        public var frame: Rect
    }

    /// The stretches of the background source's events (`Options.backgroundSource`),
    /// column by column in the page's occurrence order: an all-day event covers its days'
    /// shown hours, a timed one its wall times on each day it touches (clipped to the
    /// shown hours; none when it lies outside them). O(b · c) for b background events.
    public func background() throws(KalendsError) -> [Background] {
        guard !backgroundEvents.isEmpty else { return [] }
        let shownStart = Int64(firstHour) * 3600, shownEnd = Int64(lastHour) * 3600
        var out: [Background] = []
        for (i, c) in columns.enumerated() {
            let bounds = try LocalDayBounds(day: c.day, in: zone), midnight = bounds.midnight, next = bounds.next
            for o in backgroundEvents {
                let e = o.event
                var a: Int64, b: Int64
                if e.allDay {
                    guard Int64(c.day) >= e.start && Int64(c.day) <= e.end else { continue }
                    (a, b) = (0, 86_400)
                } else {
                    guard e.start < next, e.end > midnight else { continue }
                    (a, b) = (try bounds.wall(e.start), try bounds.wall(e.end))
                }
                a = Swift.max(a, shownStart)
                b = Swift.min(b, shownEnd)
                guard a < b else { continue }
                let top = y(ofSeconds: a), bottom = y(ofSeconds: b)
                out.append(Background(event: e.id, recurrenceID: o.recurrenceID, day: c.day, column: i, start: Int32(a), end: Int32(b),
                                      frame: Rect(x: c.frame.x, y: top, width: c.frame.width, height: bottom - top)))
            }
        }
        return out
    }
}
