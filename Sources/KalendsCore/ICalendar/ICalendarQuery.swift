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
        guard to >= from else { throw KalendsError(.invalidArgument, "to \(to) is before from \(from)") }
        let d = Self.wallDomain
        var warnings: [ICalWarning] = []
        return try occurrences(from: min(max(from, d.lowerBound), d.upperBound), to: min(max(to, d.lowerBound), d.upperBound),
                               zone: zone, warnings: &warnings)
    }

    /// The occurrences overlapping [from, to) (wall-clock times of `zone`, nil: UTC), in
    /// start order, as `ICalendar.occurrences(from:to:zone:zones:)` gives them; warnings
    /// of the expansion are appended to `warnings`.
    public func occurrences(from: Int64, to: Int64, zone: TimeZone?,
                            warnings: inout [ICalWarning]) throws(KalendsError) -> [ICalOccurrence] {
        if !built { build() }
        let fromKey = ICalendar.instant(ofWall: from, zone), toKey = ICalendar.instant(ofWall: to, zone)
        found.removeAll(keepingCapacity: true)
        // Spans are closed: a series whose span starts at `toKey` is still asked.
        index.collect(overlapping: fromKey, toKey == Int64.max ? toKey : toKey &+ 1, into: &found)
        var out: [ICalOccurrence] = []
        for i in found {
            try series[Int(i)].occurrences(from: fromKey, to: toKey, zone: zone, zones: zones, warnings: &warnings, into: &out)
        }
        return ICalOccurrence.sortedByStart(out)
    }
}
