import Testing
@testable import KalendsCore

/// The bulk load into an empty store (`add(count:_:)`, which `addEvents(_:)` and
/// kalends_store_add_events use): events go straight into the store's arrays, are put
/// in start order in place and indexed in one pass. All or nothing; the same answers
/// as events added one by one.
@Suite struct EventStoreBulkLoadTests {
    @Test(arguments: [UInt64(21), 22])
    func aBulkLoadAnswersAsEventsAddedOneByOne(seed: UInt64) throws {
        let events = EventStoreTests.randomEvents(2500, seed: seed) + EventStoreSpansTests.tiedEvents(800, seed: seed).map {
            var e = $0
            e.id += 50_000
            e.title = "tied \(e.id) ✈"
            return e
        }
        let bulk = EventStore(), single = EventStore()
        var asked = 0
        try bulk.add(count: events.count) { (i) throws(KalendsError) in
            asked += 1
            return events[i]
        }
        #expect(asked == events.count)                    // each event asked once
        for e in events { try single.add(e) }
        #expect(bulk.count == events.count && bulk.startOrdered)
        // slots in start order: every record before the next in query order
        let records = (0..<Int32(bulk.columns.count)).map { bulk.record(at: $0) }
        #expect(zip(records, records.dropFirst()).allSatisfy { EventStore.inOrder($0, $1) })
        var rng = SplitMix(seed)
        for _ in 0..<150 {
            let first = Int32(20_000 - 260 + Int(rng.next() % 520)), last = first + Int32(rng.next() % 45)
            #expect(try bulk.query(first, last) == (try single.query(first, last)))
            #expect(try bulk.query(first, last, in: FixedOffset(seconds: 3600 * 10)) ==
                    (try single.query(first, last, in: FixedOffset(seconds: 3600 * 10))))
        }
        for e in events.prefix(200) { #expect(try bulk.get(e.id) == e) }
        // and it stays a store: removals, updates and adds keep agreeing with the one-by-one store
        for k in 0..<300 {
            let e = events[Int(rng.next() % UInt64(events.count))]
            guard bulk.contains(e.id) else { continue }
            if k % 2 == 0 {
                try bulk.remove(e.id)
                try single.remove(e.id)
            } else {
                var moved = e
                moved.start -= 3600
                moved.title = "moved \(k)"
                try bulk.update(moved)
                try single.update(moved)
            }
        }
        for first in stride(from: Int32(19_760), to: 20_240, by: 29) {
            #expect(try bulk.query(first, first + 41) == (try single.query(first, first + 41)))
        }
    }

    @Test func aBadEventAnywhereLeavesTheStoreEmptyAndUnchanged() throws {
        let events = EventStoreTests.randomEvents(1000, seed: 3)
        for bad in [0, 499, 999] {
            let store = EventStore()
            let version = store.version
            var broken = events
            broken[bad].end = broken[bad].start - 1
            #expect(throws: KalendsError.self) { try store.addEvents(broken) }
            let after = try store.query(19_000, 21_000)
            #expect(store.count == 0 && store.version == version && after.isEmpty)
            var twice = events
            twice[bad].id = events[(bad + 1) % events.count].id
            #expect(throws: KalendsError(.duplicate, "event \(twice[bad].id) is already in the store or twice in the batch")) {
                try store.addEvents(twice)
            }
            #expect(store.count == 0 && store.version == version)
            // an error from the source of the events (the C API's conversion) likewise
            #expect(throws: KalendsError(.invalidArgument, "event \(bad) unreadable")) {
                try store.add(count: events.count) { (i) throws(KalendsError) in
                    guard i != bad else { throw KalendsError(.invalidArgument, "event \(i) unreadable") }
                    return events[i]
                }
            }
            #expect(store.count == 0 && store.version == version)
            try store.addEvents(events)                  // and then loads
            #expect(store.count == events.count && store.version != version)
            #expect(Set(try store.query(19_800, 19_841).map(\.id)) == (try EventStoreTests.overlapping(events, 19_800, 19_841, UTCDays())))
        }
    }

    /// Titles live only in the store's arena (no Swift String per event): read back
    /// exactly (multi-byte, embedded NUL, empty, long), through the Swift API and as C
    /// strings, after updates, removals and the compactions they cause (the arena is
    /// copied anew once most of it is replaced titles).
    @Test func titlesReadBackFromTheArenaThroughCompactions() throws {
        let store = EventStore()
        var expected: [Int64: String] = [:]
        var rng = SplitMix(77)
        func title(_ k: Int) -> String {
            switch k % 5 {
            case 0: return ""
            case 1: return "caf\u{E9} \u{2615} \(k)"
            case 2: return "nul\u{0}inside \(k)"
            case 3: return String(repeating: "long title \(k) ", count: 20)
            default: return "t\(k)"
            }
        }
        let events = (0..<3000).map { Event(id: Int64($0), title: title($0), allDay: true, start: 20_000 + Int64($0 % 50), end: 20_000 + Int64($0 % 50)) }
        try store.addEvents(events)
        for e in events { expected[e.id] = e.title }
        for round in 0..<12 {                                  // ~1 MB of replaced titles a round
            for k in 0..<3000 where rng.next() % 3 != 0 {
                guard expected[Int64(k)] != nil else { continue }
                var e = try store.get(Int64(k))
                e.title = title(k + round * 7 + 1)
                try store.update(e)
                expected[e.id] = e.title
            }
            for _ in 0..<20 {
                let k = Int64(rng.next() % 3000)
                if expected[k] != nil { try store.remove(k); expected[k] = nil }
            }
        }
        #expect(store.count == expected.count)
        for (id, text) in expected {
            #expect(try store.get(id).title == text)
            let (record, c) = try store.recordWithTitle(id)
            let bytes = c.map { p in (0..<Int(record.titleLength)).map { UInt8(bitPattern: p[$0]) } } ?? []
            #expect(bytes == Array(text.utf8) && c?[Int(record.titleLength)] == 0)
        }
        #expect(try store.query(20_000, 20_049).map(\.title).sorted() == expected.values.sorted())
    }
}
