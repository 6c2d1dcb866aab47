import Testing
@testable import KalendsCore

/// Recurring entries in the event store (issue 15, item 3): one entry, its occurrences in
/// every query; identity (id, recurrence id); the span index; imports all or nothing.
@Suite struct StoreSeriesTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int32 { Int32(Gregorian.daysFromCivil(y, m, d)) }

    @Test func weeklySeriesIsOneEntryWithOccurrencesInEachQuery() throws {
        let store = EventStore()
        let ny = try TZTest.zone("America/New_York")
        // Mondays and Wednesdays 09:00-10:00 New York time from 2026-01-05, DST included.
        let start = try ny.instant(localDay: Self.day(2026, 1, 5), secondsOfDay: 9 * 3600)
        try store.add(series: Event(id: 7, title: "Standup", allDay: false, start: start, end: start + 3600),
                      recurrence: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE\nEXDATE;TZID=America/New_York:20260311T090000", zone: ny)
        try store.add(Event(id: 1, title: "single", allDay: false, start: start + 3600, end: start + 7200))
        #expect(store.count == 2)
        #expect(store.seriesCount == 1)
        #expect(store.isSeries(7) && !store.isSeries(1))
        // March 2026 (DST starts March 8): 9 Mondays/Wednesdays less the EXDATE.
        let found = try store.occurrences(Self.day(2026, 3, 1), Self.day(2026, 3, 31), in: ny)
        let days = try found.map { try ny.localDay(at: $0.event.start) }
        #expect(days.map(\.day) == [2, 4, 9, 16, 18, 23, 25, 30].map { Self.day(2026, 3, $0) })
        #expect(days.allSatisfy { $0.secondsOfDay == 9 * 3600 })    // wall clock kept across DST
        #expect(found.allSatisfy { $0.event.id == 7 && $0.event.title == "Standup" && $0.recurrenceID == $0.event.start })
        #expect(found.allSatisfy { $0.event.end - $0.event.start == 3600 })
        // The entry itself is the first occurrence.
        #expect(try store.get(7).start == start)
        // Far away: the query starts inside the series (2100), same shape.
        let far = try store.occurrences(Self.day(2100, 2, 1), Self.day(2100, 2, 28), in: ny)
        #expect(far.count == 8)
        // Dots count occurrences; the timeline and bars name them.
        let dots = try store.dots(Self.day(2026, 3, 1), Self.day(2026, 3, 7), maxColors: 2, in: ny)
        #expect(dots.map(\.count) == [0, 1, 0, 1, 0, 0, 0])
        let items = try store.timeline(Self.day(2026, 3, 2), in: ny)
        #expect(items.map(\.event) == [7] && items[0].recurrenceID == found[0].event.start)
        #expect(try store.timeline(Self.day(2026, 1, 5), in: ny).map(\.event) == [7, 1])
    }

    @Test func allDayYearlySeriesAndRemoveUpdate() throws {
        let store = EventStore()
        let first = Self.day(2020, 11, 26)
        // Thanksgiving: fourth Thursday of November.
        try store.add(series: Event(id: 3, title: "Thanksgiving", allDay: true, start: Int64(first), end: Int64(first)),
                      recurrence: "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", zone: nil)
        let nov = try store.occurrences(Self.day(2026, 11, 1), Self.day(2026, 11, 30))
        #expect(nov.map(\.event.start) == [Int64(Self.day(2026, 11, 26))])
        #expect(nov[0].event.allDay && nov[0].recurrenceID == Int64(Self.day(2026, 11, 26)))
        // In a zone far east, an all-day occurrence is still its date.
        #expect(try store.occurrences(Self.day(2026, 11, 26), Self.day(2026, 11, 26), in: FixedOffset(seconds: 13 * 3600)).count == 1)
        try store.update(Event(id: 3, title: "once", allDay: true, start: Int64(first), end: Int64(first)))
        #expect(store.seriesCount == 0)
        #expect(try store.occurrences(Self.day(2026, 11, 1), Self.day(2026, 11, 30)).isEmpty)
        try store.remove(3)
        #expect(store.count == 0)
        expectKalendsError(.parse) {
            try store.add(series: Event(id: 4, allDay: true, start: 0, end: 0), recurrence: "SUMMARY:x", zone: nil)
        }
        expectKalendsError(.parse) {
            try store.add(series: Event(id: 4, allDay: true, start: 0, end: 0), recurrence: "RRULE:FREQ=SOMETIMES", zone: nil)
        }
        #expect(store.count == 0)
    }

    /// Overrides: a moved instance appears where it moved to, identified by its original start.
    @Test func importKeepsOverridesAndIsAllOrNothing() throws {
        let text = ICalendarTests.wrap("""
        BEGIN:VEVENT\r
        UID:s\r
        SUMMARY:Weekly\r
        DTSTART:20260105T100000Z\r
        DTEND:20260105T110000Z\r
        RRULE:FREQ=WEEKLY;COUNT=10\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:s\r
        RECURRENCE-ID:20260112T100000Z\r
        SUMMARY:Moved to February\r
        DTSTART:20260203T150000Z\r
        DTEND:20260203T160000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:one\r
        SUMMARY:Single\r
        DTSTART;VALUE=DATE:20260201\r
        END:VEVENT\r

        """)
        let cal = try ICalendarTests.read(text)
        let store = EventStore()
        try store.add(Event(id: 101, allDay: true, start: 0, end: 0))
        expectKalendsError(.duplicate) {
            try store.add(calendar: cal, firstID: 100, system: { try? TZTest.zone($0) })
        }
        #expect(store.count == 1)
        let ids = try store.add(calendar: cal, firstID: 200, system: { try? TZTest.zone($0) })
        #expect(ids == [200, 201])
        #expect(store.count == 3 && store.seriesCount == 1)
        let jan = try store.occurrences(Self.day(2026, 1, 1), Self.day(2026, 1, 31))
        #expect(jan.filter { $0.event.id == 200 }.map(\.event.start) == [5, 19, 26].map { Int64(Self.day(2026, 1, $0)) * 86_400 + 36_000 })
        let feb = try store.occurrences(Self.day(2026, 2, 1), Self.day(2026, 2, 28))
        let moved = try #require(feb.first { $0.event.title == "Moved to February" })
        #expect(moved.event.id == 200)
        #expect(moved.recurrenceID == Int64(Self.day(2026, 1, 12)) * 86_400 + 36_000)
        #expect(feb.first?.event.id == 201 && feb.first?.recurrenceID == nil)
        // Written back: the same calendar events come out again.
        let again = try ICalendarReader.read(store.icalendar().serialized())
        #expect(again.events.filter { $0.uid == "s" || $0.uid == "one" } == cal.events)
    }

    /// Cancelled events are no occurrences in a store (a view does not draw a cancelled
    /// meeting), while the calendar's own query lists them: a cancelled override, a cancelled
    /// THISANDFUTURE override, a cancelled master, a cancelled single event.
    @Test func cancelledEventsAreLeftOutOfTheStore() throws {
        let text = ICalendarTests.wrap("""
        BEGIN:VEVENT\r
        UID:d\r
        DTSTART:20260504T100000Z\r
        DURATION:PT1H\r
        RRULE:FREQ=DAILY;COUNT=5\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:d\r
        RECURRENCE-ID:20260505T100000Z\r
        STATUS:CANCELLED\r
        DTSTART:20260505T100000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:d\r
        RECURRENCE-ID;RANGE=THISANDFUTURE:20260507T100000Z\r
        STATUS:cancelled\r
        DTSTART:20260507T100000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:gone\r
        STATUS:CANCELLED\r
        DTSTART:20260504T120000Z\r
        RRULE:FREQ=DAILY;COUNT=2\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:off\r
        STATUS:CANCELLED\r
        DTSTART:20260506T150000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:on\r
        STATUS:TENTATIVE\r
        DTSTART;VALUE=DATE:20260506\r
        END:VEVENT\r

        """)
        let cal = try ICalendarTests.read(text)
        let zones = ICalZones(calendar: cal, system: { try? TZTest.zone($0) })
        let (listed, _) = try cal.occurrences(from: Int64(Self.day(2026, 5, 1)) * 86_400, to: Int64(Self.day(2026, 6, 1)) * 86_400,
                                              zone: nil, zones: zones)
        #expect(listed.count == 9)
        #expect(listed.filter { cal.events[$0.event].isCancelled }.count == 6)
        let store = EventStore()
        #expect(try store.add(calendar: cal, firstID: 1, system: { try? TZTest.zone($0) }) == [1, 2, 3, 4])
        let may = try store.occurrences(Self.day(2026, 5, 1), Self.day(2026, 5, 31))
        let day4 = Int64(Self.day(2026, 5, 4)) * 86_400
        #expect(may.map(\.event.id) == [1, 4, 1])
        #expect(may.filter { $0.event.id == 1 }.map(\.event.start) == [day4 + 36_000, day4 + 2 * 86_400 + 36_000])
        #expect(try store.query(Self.day(2026, 5, 1), Self.day(2026, 5, 31)).map(\.id) == [1, 4, 1])
        let dots = try store.dots(Self.day(2026, 5, 4), Self.day(2026, 5, 8), maxColors: 2)
        #expect(dots.map(\.count) == [1, 0, 2, 0, 0])
        #expect(try store.timeline(Self.day(2026, 5, 5)).isEmpty)
        // The store keeps the cancelled VEVENTs and writes them back.
        let again = try ICalendarReader.read(store.icalendar().serialized())
        #expect(again.events.filter(\.isCancelled).count == 4)
    }

    /// The span index against a scan: random spans, random windows.
    @Test func seriesSpansMatchAScan() {
        var rng = SplitMix(15)
        var index = SeriesSpans()
        var spans: [Int32: (Int64, Int64)] = [:]
        for slot in Int32(0)..<800 {
            let a = Int64(rng.next() % 10_000)
            let b = rng.next() % 5 == 0 ? Int64.max : a + Int64(rng.next() % 300)
            spans[slot] = (a, b)
            index.set(slot, start: a, end: b)
        }
        for slot in Int32(0)..<100 where slot % 3 == 0 {
            spans[slot] = nil
            index.remove(slot)
        }
        for _ in 0..<300 {
            let lo = Int64(rng.next() % 10_500), hi = lo + Int64(rng.next() % 400) + 1
            var got: [Int32] = []
            index.collect(overlapping: lo, hi, into: &got)
            let want = spans.filter { $0.value.0 < hi && $0.value.1 >= lo }.map(\.key)
            #expect(Set(got) == Set(want) && got.count == want.count)
        }
    }

    /// Many series: a month query returns exactly each series' own expansion there.
    @Test func manySeriesAgainstTheirOwnExpansion() throws {
        var rng = SplitMix(99)
        let store = EventStore()
        let rules = ["FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=MONTHLY;BYMONTHDAY=-1",
                     "FREQ=MONTHLY;BYDAY=2MO;COUNT=40", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15", "FREQ=DAILY;UNTIL=20200301T000000Z"]
        var sets: [(Int64, RecurrenceSet, Int64)] = []
        for id in Int64(0)..<600 {
            let start = Int64(Self.day(2015, 1, 1)) * 86_400 + Int64(rng.next() % (3650 * 86_400)) / 60 * 60
            let length = Int64(rng.next() % 7200)
            let rule = rules[Int(rng.next() % UInt64(rules.count))]
            try store.add(series: Event(id: id, allDay: false, start: start, end: start + length), recurrence: "RRULE:" + rule, zone: nil)
            sets.append((id, try RecurrenceSet(start: start, zone: .utc, rules: [try RecurrenceRule.parse(rule)]), length))
        }
        for _ in 0..<6 {
            let first = Self.day(2015, 1, 1) + Int32(rng.next() % 4000), last = first + 30
            let lo = Int64(first) * 86_400, hi = Int64(last + 1) * 86_400
            var want: [(Int64, Int64)] = []
            for (id, set, length) in sets {
                for i in try set.instances(from: lo - length - 1, to: hi) where i.key < hi && (i.key + length > lo || (length == 0 && i.key >= lo)) {
                    want.append((i.key, id))
                }
            }
            want.sort { $0 < $1 }
            let got = try store.occurrences(first, last).map { ($0.event.start, $0.event.id) }
            #expect(got.elementsEqual(want, by: ==))
        }
    }
}
