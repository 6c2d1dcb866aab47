/// A read calendar prepared for many range queries: its events grouped into series once,
/// each series' span ([first start, last end], in UTC with two days of margin for floating
/// and all-day values, which move with the query's zone) indexed by `SeriesSpans`, the
/// index the event store uses, and each series' recurrence sets cached.
///
/// Cost of `occurrences(from:to:zone:)`: O(log n + a·log(n/a)) to find the a series whose
/// span meets the range, then per such series its instances from the range (the COUNT
/// prefix counted once): the series that ended before the range or start after it cost
/// nothing. The first query computes every span (O(n) series' bounds). Not thread-safe
/// (the series cache their sets): callers serialize.
public final class ICalendarQuery {
    public let calendar: ICalendar
    public let zones: ICalZones
    private var series: [ICalSeries] = []
    private var index = SeriesSpans()
    private var built = false
    private var found: [Int32] = []

    /// Two days: more than any zone's distance from UTC, for values read in the query's zone.
    static let margin: Int64 = 172_800

    public init(calendar: ICalendar, zones: ICalZones) {
        self.calendar = calendar
        self.zones = zones
    }

    private func build() {
        series = calendar.series()
        for (i, s) in series.enumerated() {
            var start = Int64.min, end = Int64.max   // a span that cannot be computed: always asked
            do throws(KalendsError) {
                guard let span = try s.span(zone: .utc, zones: zones) else { continue }   // nothing to expand
                start = span.first &- Self.margin
                end = span.last.map { $0 &+ Self.margin } ?? Int64.max
                if start > span.first { start = Int64.min }
                if let last = span.last, end < last { end = Int64.max }
            } catch {}
            index.set(Int32(truncatingIfNeeded: i), start: start, end: end)
        }
        built = true
    }

    /// The number of series (events grouped by UID).
    public var seriesCount: Int {
        if !built { build() }
        return series.count
    }

    /// Wall-clock bounds the recurrence domain (years 1 ... 9999) can hold, with margin.
    static let wallDomain: ClosedRange<Int64> = -62_135_769_600 ... 253_402_473_600

    /// The occurrences of a caller's range (the C ABI's kalends_ical_between): `to` not
    /// before `from` (else INVALID_ARGUMENT), both clamped to the recurrence domain.
    public func occurrences(between from: Int64, _ to: Int64, zone: TimeZone) throws(KalendsError) -> [ICalOccurrence] {
        let (a, b) = try Self.checkedRange(from, to)
        var warnings: [ICalWarning] = []
        return try occurrences(from: a, to: b, zone: zone, warnings: &warnings)
    }

    /// [from, to) of a host's between: INVALID_ARGUMENT when to is before from; clamped to
    /// the wall-clock domain (0001-01-01 ... 9999-12-31).
    public static func checkedRange(_ from: Int64, _ to: Int64) throws(KalendsError) -> (Int64, Int64) {
        guard to >= from else { throw KalendsError(.invalidArgument, "to \(to) is before from \(from)") }
        let d = wallDomain
        return (min(max(from, d.lowerBound), d.upperBound), min(max(to, d.lowerBound), d.upperBound))
    }

    /// The occurrences overlapping [from, to) (wall-clock times of `zone`, nil: UTC), in
    /// start order, as `ICalendar.occurrences(from:to:zone:zones:)` gives them; warnings
    /// of the expansion are appended to `warnings`.
    /// With `limit`, only the first `limit` of them: each series lists its first `limit`
    /// (see `ICalSeries.occurrences(in:limit:)`), so a page of a range that holds millions
    /// of occurrences costs the page.
    public func occurrences(from: Int64, to: Int64, zone: TimeZone?, limit: Int = Int.max,
                            warnings: inout [ICalWarning]) throws(KalendsError) -> [ICalOccurrence] {
        let fromKey = ICalendar.instant(ofWall: from, zone), toKey = ICalendar.instant(ofWall: to, zone)
        var out: [ICalOccurrence] = []
        for i in seriesMeeting(fromKey, toKey) {
            try series[Int(i)].occurrences(in: .overlapping(fromKey, toKey), zone: zone, zones: zones, limit: limit,
                                           warnings: &warnings, into: &out)
        }
        let sorted = ICalOccurrence.sortedByStart(out)
        return limit < sorted.count ? Array(sorted.prefix(limit)) : sorted
    }

    /// The occurrences overlapping [from, to) when there are at most `capacity` (nil
    /// otherwise), and how many there are: each series lists at most capacity + 1, so an
    /// answer that fits is complete, and one that does not is counted, not listed.
    public func occurrences(from: Int64, to: Int64, zone: TimeZone?, fitting capacity: Int,
                            warnings: inout [ICalWarning]) throws(KalendsError) -> (occurrences: [ICalOccurrence]?, count: Int64) {
        let fromKey = ICalendar.instant(ofWall: from, zone), toKey = ICalendar.instant(ofWall: to, zone)
        let limit = capacity == Int.max ? capacity : capacity + 1
        var out: [ICalOccurrence] = []
        // A series that listed fewer than `limit` gave them all; the others are counted.
        var partial: [(series: Int32, listed: Int)] = []
        for i in seriesMeeting(fromKey, toKey) {
            let before = out.count
            try series[Int(i)].occurrences(in: .overlapping(fromKey, toKey), zone: zone, zones: zones, limit: limit,
                                           warnings: &warnings, into: &out)
            if out.count - before >= limit { partial.append((i, out.count - before)) }
        }
        if out.count <= capacity { return (ICalOccurrence.sortedByStart(out), Int64(out.count)) }
        var n = Int64(out.count)
        for (i, listed) in partial {
            n = n &- Int64(listed) &+ (try series[Int(i)].count(in: .overlapping(fromKey, toKey), zone: zone, zones: zones,
                                                                 warnings: &warnings))
        }
        return (nil, n)
    }

    /// How many occurrences overlap [from, to), as `occurrences` lists them: counted, not
    /// listed (O(log n + a) series and each one's count, see `ICalSeries.count(in:)`).
    public func count(from: Int64, to: Int64, zone: TimeZone?, warnings: inout [ICalWarning]) throws(KalendsError) -> Int64 {
        let fromKey = ICalendar.instant(ofWall: from, zone), toKey = ICalendar.instant(ofWall: to, zone)
        var n: Int64 = 0
        for i in seriesMeeting(fromKey, toKey) {
            n &+= try series[Int(i)].count(in: .overlapping(fromKey, toKey), zone: zone, zones: zones, warnings: &warnings)
        }
        return n
    }

    /// The series whose span meets [fromKey, toKey].
    private func seriesMeeting(_ fromKey: Int64, _ toKey: Int64) -> [Int32] {
        if !built { build() }
        found.removeAll(keepingCapacity: true)
        // Spans are closed: a series whose span starts at `toKey` is still asked.
        index.collect(overlapping: fromKey, toKey == Int64.max ? toKey : toKey &+ 1, into: &found)
        return found
    }
}
