import Testing
@testable import KalendsCore

/// The store keeps events in narrow columns (EventColumns: the end as a 4-byte length,
/// the title as a 4-byte arena offset) with side tables for the values that do not fit.
/// Every value the ABI accepts reads back exactly, and a store whose narrow limits are
/// lowered (so most lengths and titles go to the side tables) answers every operation
/// as an ordinary store and as a scan of the events.
@Suite struct EventStoreColumnsTests {
    /// The extremes of every field: read back exactly, found by queries.
    @Test func extremeValuesReadBackExactly() throws {
        let lo = Event.instantRange.lowerBound, hi = Event.instantRange.upperBound
        let minDay = Int64(Gregorian.minDayNumber), maxDay = Int64(Gregorian.maxDayNumber)
        let events = [
            Event(id: Int64.min, title: "all of time", allDay: false, start: lo, end: hi, color: UInt32.max,
                  source: Int32.min, userValue: UInt64.max),
            Event(id: Int64.max, title: "", allDay: true, start: minDay, end: maxDay, color: 0, source: Int32.max, userValue: 0),
            Event(id: 0, title: "two centuries", allDay: false, start: 0, end: 200 * 366 * 86_400),
            Event(id: -1, title: "exactly 2^32 - 1 s", allDay: false, start: -5, end: -5 + Int64(UInt32.max)),
            Event(id: 1, title: "2^32 - 2 s", allDay: false, start: 7, end: 7 + Int64(UInt32.max) - 1),
            Event(id: 2, title: "first instant", allDay: false, start: lo, end: lo),
            Event(id: 3, title: "last instant", allDay: false, start: hi, end: hi),
            Event(id: 4, title: "last day", allDay: true, start: maxDay, end: maxDay),
        ]
        for bulk in [false, true] {
            let store = EventStore()
            if bulk {
                try store.addEvents(events + EventStoreTests.randomEvents(100, seed: 9).map { var e = $0; e.id += 10; return e })
            } else {
                for e in events { try store.add(e) }
            }
            for e in events {
                #expect(try store.get(e.id) == e)
                let (record, title) = try store.recordWithTitle(e.id)
                #expect(Event(record, title: e.title) == e && title?[Int(record.titleLength)] == 0)
            }
            let found = Set(try store.query(20_000, 20_041).map(\.id))
            #expect(found.isSuperset(of: [Int64.min, Int64.max, 0]))
            #expect(try store.query(Int32(minDay), Int32(minDay)).map(\.id) == [Int64.min, Int64.max])
            try store.remove(0)
            #expect(!store.contains(0))
            #expect(try store.get(-1) == events[3])
        }
    }

    /// Random adds, updates, removals and bulk loads on a store with its narrow limits
    /// lowered (lengths from an hour and title offsets from 2,000 bytes go to the side
    /// tables) and on an ordinary one: the same answers, and the scan's; long replaced
    /// titles make the arena compact (offsets move between the column and the side table).
    @Test(arguments: [UInt64(31), 32])
    func lowLimitsAnswerAsTheOrdinaryStore(seed: UInt64) throws {
        var rng = SplitMix(seed)
        var events = EventStoreTests.randomEvents(1500, seed: seed).map { e -> Event in
            var e = e
            e.userValue = rng.next()
            e.source = Int32(truncatingIfNeeded: rng.next() % 5)
            if e.id % 7 == 0 { e.title = "" }
            return e
        }
        let narrow = EventStore(), ordinary = EventStore()
        narrow.columns.lengthLimit = 3600
        narrow.columns.titleLimit = 2000
        try narrow.addEvents(events)
        try ordinary.addEvents(events)
        let zone = FixedOffset(seconds: 3600 * 5)
        func agree() throws {
            #expect(narrow.count == ordinary.count && narrow.count == events.count)
            for _ in 0..<20 {
                let first = Int32(20_000 - 250 + Int(rng.next() % 500)), last = first + Int32(rng.next() % 42)
                let a = try narrow.query(first, last), b = try ordinary.query(first, last)
                #expect(a == b)
                #expect(Set(a.map(\.id)) == (try EventStoreTests.overlapping(events, first, last, UTCDays())))
                #expect(try narrow.query(first, last, in: zone) == (try ordinary.query(first, last, in: zone)))
                var spansA: [Int32] = [], spansB: [Int32] = []
                try narrow.forEachSpan(overlapping: first, last) { _, x, y in spansA += [x, y] }
                try ordinary.forEachSpan(overlapping: first, last) { _, x, y in spansB += [x, y] }
                #expect(spansA == spansB)
            }
            for e in events.prefix(50) {
                #expect(try narrow.get(e.id) == e)
                let (record, title) = try narrow.recordWithTitle(e.id)
                let bytes = title.map { p in (0..<Int(record.titleLength)).map { UInt8(bitPattern: p[$0]) } } ?? []
                #expect(bytes == Array(e.title.utf8) && title?[Int(record.titleLength)] == 0)
            }
        }
        try agree()
        #expect(!narrow.columns.wideEnds.isEmpty)
        for round in 0..<1500 {
            let i = Int(rng.next() % UInt64(events.count))
            switch rng.next() % 3 {
            case 0:
                try narrow.remove(events[i].id)
                try ordinary.remove(events[i].id)
                events.remove(at: i)
            case 1:
                var e = events[i]
                e.end = e.start + (rng.next() % 2 == 0 ? 0 : Int64(rng.next() % (e.allDay ? 40 : 90_000)))
                e.title = rng.next() % 3 == 0 ? "" : String(repeating: "updated \(round) ", count: Int(rng.next() % 400))
                e.userValue = rng.next()
                try narrow.update(e)
                try ordinary.update(e)
                events[i] = e
            default:
                let start = 1_728_000_000 + Int64(round) * 600
                let e = Event(id: Int64(100_000 + round), title: "new \(round)", allDay: false, start: start,
                              end: start + Int64(rng.next() % 10_000), source: 3, userValue: UInt64(round))
                try narrow.add(e)
                try ordinary.add(e)
                events.append(e)
            }
            if round % 300 == 299 { try agree() }
        }
        for store in [narrow, ordinary] {                     // both reloaded: slots in start order again
            store.clear()
            try store.addEvents(events)
        }
        #expect(narrow.columns.wideEnds.count == events.filter { $0.end - $0.start >= 3600 }.count)
        try agree()
    }
}
