import Testing
@testable import KalendsCore

/// `EventStore.forEachSpan` (kalends_store_query_spans): the spans, expanded, are exactly
/// the plain query's indexes in its order, on random stores (seeded), whichever path
/// answers: slots in start order in UTC (one run for the events starting in the range),
/// or the plain query cut into runs (zones, removals, updates, recurring entries).
@Suite struct EventStoreSpansTests {
    /// The spans of a query, expanded, and how many spans there were.
    static func expanded(_ store: EventStore, _ first: Int32, _ last: Int32, _ zone: any LocalDays) throws -> ([Int32], Int) {
        var out: [Int32] = []
        var previousEnd: Int32? = nil
        var cutsOK = true
        let (spans, events) = try store.forEachSpan(overlapping: first, last, in: zone) { _, a, b in
            if a >= b || previousEnd == a { cutsOK = false }   // non-empty, and merged where consecutive
            previousEnd = b
            out.append(contentsOf: a..<b)
        }
        #expect(cutsOK)
        #expect(events == out.count)
        return (out, spans)
    }

    /// The index's answer (the ordered path turned off), in query order.
    static func plain(_ store: EventStore, _ first: Int32, _ last: Int32, _ zone: any LocalDays) throws -> [Int32] {
        var out: [Int32] = []
        store.useStartOrder = false
        defer { store.useStartOrder = true }
        try store.forEachHit(overlapping: first, last, in: zone) { _, slot, _ in out.append(slot) }
        return out
    }

    /// The plain query of an ordered store (records in order, no index merge) is the index's answer.
    @Test(arguments: [UInt64(4), 5])
    func orderedQueriesAreTheIndexsAnswer(seed: UInt64) throws {
        let store = EventStore()
        try store.addEvents(EventStoreTests.randomEvents(3000, seed: seed) + Self.tiedEvents(1000, seed: seed).map {
            var e = $0
            e.id += 10_000
            return e
        })
        #expect(store.answersInSlotOrder(UTCDays()))
        var rng = SplitMix(seed)
        for _ in 0..<200 {
            let first = Int32(20_000 - 260 + Int(rng.next() % 520)), last = first + Int32(rng.next() % 60)
            var ordered: [Int32] = []
            try store.forEachHit(overlapping: first, last) { _, slot, _ in ordered.append(slot) }
            #expect(ordered == (try Self.plain(store, first, last, UTCDays())))
            let events = try store.query(first, last)
            #expect(events.map(\.id) == ordered.map { store.record(at: $0).id })
        }
    }

    /// Events with many ties: all-day and timed events at the same midnight, zero-length
    /// events at midnights, long ones (years) that began long before the range.
    static func tiedEvents(_ n: Int, seed: UInt64) -> [Event] {
        var rng = SplitMix(seed)
        return (0..<n).map { i in
            let day = 20_000 + Int64(rng.next() % 300) - 150
            switch rng.next() % 6 {
            case 0: return Event(id: Int64(i), allDay: true, start: day, end: day + Int64(rng.next() % 3))
            case 1: return Event(id: Int64(i), allDay: false, start: day * 86_400, end: day * 86_400)
            case 2: return Event(id: Int64(i), allDay: false, start: day * 86_400, end: day * 86_400 + Int64(rng.next() % 7200))
            case 3: return Event(id: Int64(i), allDay: true, start: day - 800, end: day + Int64(rng.next() % 900))
            default:
                let s = day * 86_400 + Int64(rng.next() % 86_400)
                return Event(id: Int64(i), allDay: false, start: s, end: s + Int64(rng.next() % (20 * 86_400)))
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func spansAreThePlainQueryInUTCAfterABulkLoad(seed: UInt64) throws {
        let events = EventStoreTests.randomEvents(3000, seed: seed) + Self.tiedEvents(1500, seed: seed &+ 100).map {
            var e = $0
            e.id += 10_000
            return e
        }
        let store = EventStore()
        try store.addEvents(events)
        #expect(store.startOrdered)
        var rng = SplitMix(seed &* 31)
        for q in 0..<300 {
            let first = Int32(20_000 - 260 + Int(rng.next() % 520)), last = first + Int32(rng.next() % (q % 10 == 0 ? 400 : 42))
            let (got, spans) = try Self.expanded(store, first, last, UTCDays())
            let want = try Self.plain(store, first, last, UTCDays())
            #expect(got == want)
            // one span for the events starting in the range, one for each that began earlier
            let lo = Int64(first) * 86_400
            let earlier = try store.query(first, last).filter { ($0.allDay ? $0.start * 86_400 : $0.start) < lo }.count
            #expect(spans <= earlier + 1)
        }
        // everything, and the last supported day
        #expect(try Self.expanded(store, Gregorian.minDayNumber, Gregorian.maxDayNumber, UTCDays()).0 ==
                (try Self.plain(store, Gregorian.minDayNumber, Gregorian.maxDayNumber, UTCDays())))
        #expect(try Self.expanded(store, Gregorian.maxDayNumber, Gregorian.maxDayNumber, UTCDays()).0.isEmpty)
    }

    @Test(arguments: [Int64(3600 * 9), Int64(-3600 * 5)])
    func spansAreThePlainQueryInOtherZones(offset: Int64) throws {
        let zone = FixedOffset(seconds: offset)
        let events = Self.tiedEvents(2000, seed: UInt64(offset & 0xffff))
        let store = EventStore()
        try store.addEvents(events)
        var rng = SplitMix(9)
        for _ in 0..<200 {
            let first = Int32(20_000 - 160 + Int(rng.next() % 320)), last = first + Int32(rng.next() % 42)
            #expect(try Self.expanded(store, first, last, zone).0 == (try Self.plain(store, first, last, zone)))
        }
    }

    @Test func addingInStartOrderKeepsOneRunAndChangesEndIt() throws {
        var events = Self.tiedEvents(800, seed: 5)
        events.sort { EventStore.inOrder($0.record, $1.record) }
        let store = EventStore()
        for e in events { try store.add(e) }             // one by one, in start order
        #expect(store.startOrdered)
        var rng = SplitMix(12)
        func check() throws {
            for _ in 0..<60 {
                let first = Int32(20_000 - 160 + Int(rng.next() % 320)), last = first + Int32(rng.next() % 42)
                #expect(try Self.expanded(store, first, last, UTCDays()).0 == (try Self.plain(store, first, last, UTCDays())))
            }
        }
        try check()
        // an event out of order ends the ordered path; answers stay the same
        try store.add(Event(id: 50_000, allDay: false, start: 19_900 * 86_400, end: 19_900 * 86_400 + 60))
        #expect(!store.startOrdered)
        try check()
        // removals and updates on another store
        let other = EventStore()
        try other.addEvents(events)
        #expect(other.startOrdered)
        try other.remove(events[10].id)
        #expect(!other.startOrdered)
        try other.add(Event(id: 60_000, allDay: true, start: 20_010, end: 20_012))   // takes the free slot
        var moved = events[20]
        moved.start -= 86_400 * 3
        try other.update(moved)
        for _ in 0..<60 {
            let first = Int32(20_000 - 160 + Int(rng.next() % 320)), last = first + Int32(rng.next() % 42)
            #expect(try Self.expanded(other, first, last, UTCDays()).0 == (try Self.plain(other, first, last, UTCDays())))
        }
        other.clear()
        #expect(other.startOrdered)
    }

    @Test func recurringEntriesGiveTheirEntrysIndex() throws {
        let store = EventStore()
        try store.addEvents(Self.tiedEvents(300, seed: 8))
        try store.add(series: Event(id: 9_000, title: "weekly", allDay: false, start: 19_900 * 86_400 + 36_000,
                                    end: 19_900 * 86_400 + 39_600), recurrence: "RRULE:FREQ=WEEKLY", zone: nil)
        #expect(!store.startOrdered)
        for first in stride(from: Int32(19_880), to: 20_150, by: 17) {
            let (got, _) = try Self.expanded(store, first, first + 41, UTCDays())
            #expect(got == (try Self.plain(store, first, first + 41, UTCDays())))
        }
    }

    @Test func aShortLimitWritesNothingButCounts() throws {
        let store = EventStore()
        try store.addEvents(Self.tiedEvents(500, seed: 3))
        var calls = 0
        let all = try store.forEachSpan(overlapping: 19_990, 20_030) { _, _, _ in calls += 1 }
        #expect(calls == all.spans && all.spans > 1)
        calls = 0
        let short = try store.forEachSpan(overlapping: 19_990, 20_030, limit: all.spans - 1) { _, _, _ in calls += 1 }
        #expect(calls == 0 && short.spans == all.spans && short.events == all.events)
    }
}
