import Testing
@testable import KalendsCore

/// A page's dots made in one walk over its days (counts galloping over the sorted starts
/// and ends, each index level's first slots found from the last day's window) against a
/// brute-force walk of every event, and the walk of counts against one search per value.
struct PageDotsTests {
    /// Per day of first ... last: how many events cover it and the colours of the first
    /// `maxColors` by (start instant, all-day first, id), all-day events starting at
    /// their first day's local midnight.
    static func bruteForce(_ events: [Event], _ first: Int32, _ last: Int32, _ maxColors: Int,
                           _ zone: any LocalDays) throws -> [(count: Int32, colors: [UInt32])] {
        var covering = [[(key: Int64, rank: Int, id: Int64, color: UInt32)]](repeating: [], count: Int(last - first) + 1)
        for e in events {
            let a: Int64, b: Int64, key: Int64, rank: Int
            if e.allDay {
                (a, b, key, rank) = (e.start, e.end, try zone.dayStart(Int32(e.start)), 0)
            } else {
                a = Int64(try zone.localDay(at: e.start).day)
                b = e.end > e.start ? Int64(try zone.localDay(at: e.end - 1).day) : a
                (key, rank) = (e.start, 1)
            }
            guard a <= Int64(last), b >= Int64(first) else { continue }
            for d in max(a, Int64(first))...min(b, Int64(last)) {
                covering[Int(d - Int64(first))].append((key, rank, e.id, e.color))
            }
        }
        return covering.map { c in
            let sorted = c.sorted { ($0.key, $0.rank, $0.id) < ($1.key, $1.rank, $1.id) }
            return (Int32(c.count), sorted.prefix(maxColors).map(\.color))
        }
    }

    /// A calendar's mix around day 20,000 (± 200): mostly timed events of up to three
    /// hours (a third on the hour, so several share a start; some empty), one in twenty
    /// up to a week, one in ten all-day of one to four days, and a few months or years
    /// long (the upper index levels), so a day's first colours come from every level.
    static func calendarEvents(_ n: Int, seed: UInt64, firstId: Int64 = 0) -> [Event] {
        var rng = SplitMix(seed)
        return (0..<n).map { i in
            let id = firstId + Int64(i), color = UInt32(truncatingIfNeeded: rng.next())
            if rng.next() % 10 == 0 {
                let first = 19_800 + Int64(rng.next() % 400)
                let length = rng.next() % 200 == 0 ? Int64(rng.next() % 900) : Int64(rng.next() % 4)
                return Event(id: id, allDay: true, start: first, end: first + length, color: color)
            }
            var start = 19_800 * 86_400 + Int64(rng.next() % (400 * 86_400))
            if rng.next() % 3 == 0 { start -= start % 3600 }
            let length: Int64 = switch rng.next() % 1000 {
            case 0: Int64(rng.next() % (900 * 86_400))
            case 1 ..< 50: Int64(rng.next() % (7 * 86_400))
            case 50 ..< 100: 0
            default: Int64(rng.next() % (3 * 3600))
            }
            return Event(id: id, allDay: false, start: start, end: start + length, color: color)
        }
    }

    @Test(arguments: [300, 6_000, 20_000])
    func pageDotsMatchABruteForceWalk(n: Int) throws {
        // a year page's 371 days
        let first: Int32 = 19_830, last: Int32 = 20_200
        var events = PageDotsTests.calendarEvents(n, seed: UInt64(n))
        let store = EventStore()
        try store.addEvents(events)
        for zone in [UTCDays(), FixedOffset(seconds: -5 * 3600)] as [any LocalDays] {
            // (40 colours reach past a day's long events into its short ones)
            for maxColors in [0, 1, 3, 40] {
                let got = try store.dots(first, last, maxColors: maxColors, in: zone)
                let want = try PageDotsTests.bruteForce(events, first, last, maxColors, zone)
                let wrong = got.indices.filter { got[$0].count != want[$0].count || got[$0].colors != want[$0].colors }
                #expect(wrong.isEmpty, "n \(n), max colors \(maxColors): \(wrong.count) days differ, first \(wrong.prefix(3))")
            }
        }
        // changes after the first dots (chunks split, run ends made again), then a page
        // that begins in the middle of the events
        var rng = SplitMix(UInt64(n) + 1)
        let extra = PageDotsTests.calendarEvents(n / 2, seed: UInt64(n) + 2, firstId: 1_000_000)
        try store.addEvents(extra)
        events += extra
        for _ in 0..<(n / 10) {
            let i = Int(rng.next() % UInt64(events.count))
            try store.remove(events[i].id)
            events.remove(at: i)
        }
        let got = try store.dots(first + 100, last + 60, maxColors: 40)
        let want = try PageDotsTests.bruteForce(events, first + 100, last + 60, 40, UTCDays())
        let wrong = got.indices.filter { got[$0].count != want[$0].count || got[$0].colors != want[$0].colors }
        #expect(wrong.isEmpty, "after changes: \(wrong.count) days differ, first \(wrong.prefix(3))")
    }

    @Test func aShortEventSharingTheLastColoursStartComesFirstByItsId() throws {
        // Day 100: two two-day events and a one-hour one all start at 10:00 (ids 5, 6
        // and 1), and 20 more after noon (enough that the day is read from the index
        // levels). The longer level fills the day's two colours first; the hour's event
        // still comes first, its start equal to the last colour's and its id lower.
        let t: Int64 = 100 * 86_400 + 36_000
        var events = [Event(id: 5, allDay: false, start: t, end: t + 2 * 86_400, color: 5),
                      Event(id: 6, allDay: false, start: t, end: t + 2 * 86_400, color: 6),
                      Event(id: 1, allDay: false, start: t, end: t + 3600, color: 1)]
        events += (0..<20).map { i in
            Event(id: 100 + Int64(i), allDay: false, start: 100 * 86_400 + 43_200 + Int64(i) * 600,
                  end: 100 * 86_400 + 43_200 + Int64(i) * 600 + 900, color: 100)
        }
        let store = EventStore()
        try store.addEvents(events)
        let dots = try store.dots(100, 100, maxColors: 2)
        #expect(dots[0].count == 23 && dots[0].colors == [1, 5])
        let want = try PageDotsTests.bruteForce(events, 99, 102, 2, UTCDays())
        let got = try store.dots(99, 102, maxColors: 2)
        #expect(got.map(\.count) == want.map(\.count) && got.map(\.colors) == want.map(\.colors))
    }

    @Test(arguments: [0, 1, 300, 5_000])
    func countsOfAscendingValuesMatchOneSearchEach(n: Int) {
        var rng = SplitMix(UInt64(n) + 7)
        // few distinct values, so runs of equal ones span chunks; then inserts split them
        var counter = RankCounter((0..<n).map { _ in Int64(rng.next() % 60) })
        for _ in 0..<(n / 2) { counter.insert(Int64(rng.next() % 60)) }
        for plus: Int64 in [0, 1] {
            for sign in [1, -1] {
                var values = (0..<200).map { _ in Int64(rng.next() % 70) - 5 }
                values.sort()
                var out = [Int64](repeating: 3, count: values.count)
                values.withUnsafeBufferPointer { v in
                    out.withUnsafeMutableBufferPointer { counter.addCounts(below: v, plus: plus, sign: sign, into: $0) }
                }
                #expect(out == values.map { 3 + Int64(sign * counter.count(below: $0 + plus)) })
            }
        }
    }
}
