import Testing
@testable import KalendsCore

/// A zone with a fixed offset, for tests that need local days other than UTC's.
struct FixedOffset: LocalDays {
    let seconds: Int64
    func dayStart(_ day: Int32) throws(KalendsError) -> Int64 { Int64(day) * 86_400 - seconds }
    func localDay(at instant: Int64) throws(KalendsError) -> (day: Int32, secondsOfDay: Int32) {
        try UTCDays().localDay(at: instant + seconds)
    }
}

@Suite struct EventStoreTests {
    static func randomEvents(_ n: Int, seed: UInt64, around day: Int64 = 20_000) -> [Event] {
        var rng = SplitMix(seed)
        return (0..<n).map { i in
            if rng.next() % 4 == 0 {
                let first = day + Int64(rng.next() % 400) - 200
                let length = rng.next() % 10 == 0 ? Int64(rng.next() % 900) : Int64(rng.next() % 5)
                return Event(id: Int64(i), title: "all-day \(i)", allDay: true, start: first, end: first + length,
                             color: UInt32(truncatingIfNeeded: rng.next()))
            }
            let start = (day - 200) * 86_400 + Int64(rng.next() % (400 * 86_400))
            let length: Int64 = switch rng.next() % 10 {
            case 0: 0
            case 1: Int64(rng.next() % (40 * 86_400))
            case 2: Int64(rng.next() % (3000 * 86_400))
            default: Int64(rng.next() % (4 * 3600))
            }
            return Event(id: Int64(i), title: "timed \(i)", allDay: false, start: start, end: start + length,
                         color: UInt32(truncatingIfNeeded: rng.next()))
        }
    }

    /// The oracle: a scan of every event with the overlap rule.
    static func overlapping(_ events: [Event], _ first: Int32, _ last: Int32, _ zone: any LocalDays) throws -> Set<Int64> {
        let lo = try zone.dayStart(first), hi = try zone.dayStart(last + 1)
        return Set(events.filter { e in
            e.allDay ? e.start <= Int64(last) && e.end >= Int64(first)
                : e.start < hi && (e.end > lo || (e.end == e.start && e.start >= lo))
        }.map(\.id))
    }

    @Test(arguments: [Int64(0), Int64(3600 * 9), Int64(-3600 * 5)])
    func queriesMatchAScan(offset: Int64) throws {
        let zone = FixedOffset(seconds: offset)
        let events = Self.randomEvents(3000, seed: UInt64(offset & 0xffff))
        let bulk = EventStore(), oneByOne = EventStore()
        try bulk.addEvents(events)
        for e in events.reversed() { try oneByOne.add(e) }
        var rng = SplitMix(7)
        for _ in 0..<200 {
            let first = Int32(20_000 - 250 + Int(rng.next() % 500)), last = first + Int32(rng.next() % 42)
            let want = try Self.overlapping(events, first, last, zone)
            for store in [bulk, oneByOne] {
                let got = try store.query(first, last, in: zone)
                #expect(Set(got.map(\.id)) == want)
                #expect(got.count == want.count)
                // start order: by start instant, all-day first at a tie, then id
                let keys = try got.map { e in (e.allDay ? try zone.dayStart(Int32(e.start)) : e.start, e.allDay ? 0 : 1, e.id) }
                #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
    }

    @Test func updatesAndRemovalsKeepTheIndexRight() throws {
        var events = Self.randomEvents(2000, seed: 11)
        let store = EventStore()
        try store.addEvents(events)
        var rng = SplitMix(3)
        for round in 0..<2000 {
            let i = Int(rng.next() % UInt64(events.count))
            switch rng.next() % 3 {
            case 0:
                try store.remove(events[i].id)
                events.remove(at: i)
            case 1:
                var e = events[i]
                e.start += Int64(rng.next() % 5) - 2
                e.end = max(e.start, e.end + Int64(rng.next() % 5) - 2)
                e.title = "moved \(round)"
                try store.update(e)
                events[i] = e
            default:
                let e = Event(id: Int64(100_000 + round), allDay: false, start: 1_728_000_000 + Int64(round) * 600,
                              end: 1_728_000_000 + Int64(round) * 600 + 900)
                try store.add(e)
                events.append(e)
            }
        }
        #expect(store.count == events.count)
        for first in stride(from: Int32(19_800), to: 20_200, by: 37) {
            let got = Set(try store.query(first, first + 41).map(\.id))
            #expect(got == (try Self.overlapping(events, first, first + 41, UTCDays())))
        }
        #expect(try store.get(events[0].id) == events[0])
    }

    @Test func badEventsAndIdsChangeNothing() throws {
        let store = EventStore()
        try store.add(Event(id: 1, allDay: true, start: 10, end: 12))
        let version = store.version
        #expect(throws: KalendsError(.duplicate, "event 1 is already in the store")) {
            try store.add(Event(id: 1, allDay: true, start: 1, end: 1))
        }
        #expect(throws: KalendsError(.invalidArgument, "event 2 ends (1) before it starts (5)")) {
            try store.add(Event(id: 2, allDay: false, start: 5, end: 1))
        }
        #expect(throws: KalendsError.self) { try store.add(Event(id: 3, allDay: true, start: 0, end: Int64(Int32.max) * 2)) }
        #expect(throws: KalendsError.self) {
            try store.addEvents([Event(id: 4, allDay: true, start: 1, end: 1), Event(id: 4, allDay: true, start: 1, end: 1)])
        }
        #expect(throws: KalendsError(.notFound, "no event 9")) { try store.remove(9) }
        #expect(store.version == version && store.count == 1)
    }

    @Test func dotsCountEveryEventAndKeepTheFirstColors() throws {
        let store = EventStore()
        // Three events on day 100; one spanning 99 ... 101; a timed one ending at midnight.
        try store.addEvents([
            Event(id: 1, allDay: true, start: 99, end: 101, color: 1),
            Event(id: 2, allDay: false, start: 100 * 86_400 + 3600, end: 100 * 86_400 + 7200, color: 2),
            Event(id: 3, allDay: false, start: 100 * 86_400 + 1800, end: 101 * 86_400, color: 3),
            Event(id: 4, allDay: false, start: 100 * 86_400 + 5000, end: 100 * 86_400 + 5000, color: 4),
        ])
        let dots = try store.dots(99, 101, maxColors: 2)
        #expect(dots.map(\.count) == [1, 4, 1])
        #expect(dots[1].colors == [1, 3])        // start order: the all-day one, then 00:30
        #expect(dots[2].colors == [1])            // event 3 ends exactly at midnight
        #expect(try store.dots(100, 100, maxColors: 10)[0].colors == [1, 3, 2, 4])
    }
}

@Suite struct MonthBarsTests {
    static func cells(first: Int32, rows: Int) -> [MonthBars.Cell] {
        (0..<(rows * 7)).map { i in
            MonthBars.Cell(day: first + Int32(i), row: i / 7, column: i % 7,
                           frame: Rect(x: Double(i % 7) * 50, y: Double(i / 7) * 100, width: 50, height: 100))
        }
    }

    @Test func multiDayEventsSplitPerRowAndKeepTheirLane() throws {
        let cells = Self.cells(first: 0, rows: 2)
        let events = [
            Event(id: 1, allDay: true, start: 5, end: 9),     // Sat of row 0 to Wed of row 1
            Event(id: 2, allDay: true, start: 6, end: 6),
            Event(id: 3, allDay: true, start: 7, end: 8),
        ]
        let (bars, more) = try MonthBars.layout(events, cells: cells)
        #expect(more.isEmpty)
        let one = bars.filter { $0.event == 1 }
        #expect(one.map(\.row) == [0, 1] && one.map(\.lane) == [0, 0])
        #expect(one[0].continuesAfter && !one[0].continuesBefore && one[1].continuesBefore && !one[1].continuesAfter)
        #expect(one[0].firstColumn == 5 && one[0].lastColumn == 6 && one[1].firstColumn == 0 && one[1].lastColumn == 2)
        #expect(bars.first { $0.event == 2 }?.lane == 1 && bars.first { $0.event == 3 }?.lane == 1)
        #expect(one[0].frame == Rect(x: 252, y: 20, width: 96, height: 14))
    }

    /// A view's day cells (what bars are laid over) are its layout's day elements, in
    /// every mode, row style, out-date style, direction and system; read from the span
    /// and geometry alone, they need no is-disabled callback (one that fails does not
    /// stop the bars).
    @Test func dayCellsAreTheLayoutsDayElements() throws {
        var checked = 0
        for system in ["gregorian", "hebrew", "coptic"] {
            let cal = try KalendsCore.Calendar(options: CalendarOptions(
                firstWeekday: .sunday, minDaysInFirstWeek: 1, today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 28)),
                system: try CalendarSystems.named(system)))
            for mode in DisplayMode.allCases {
                for rows in Rows.allCases {
                    for outDates in OutDates.allCases {
                        for rtl in [false, true] {
                            var metrics = Metrics()
                            metrics.width = 390
                            let view = try View(calendar: cal, options: ViewOptions(mode: mode, rows: rows, outDates: outDates, rightToLeft: rtl),
                                                metrics: metrics)
                            for _ in 0..<3 {
                                let expected = try view.layout().filter { $0.kind == .day }.map { e in
                                    MonthBars.Cell(day: e.dayNumber, row: Int(e.index) / 7, column: Int(e.index) % 7, frame: e.frame)
                                }
                                #expect(try view.dayCells() == expected, "\(system) \(mode) \(rows) \(outDates) rtl \(rtl)")
                                checked += 1
                                _ = try view.nextPage()
                            }
                            try view.setCallbacks(ViewCallbacks(isDisabled: { _ throws(KalendsError) in
                                throw KalendsError(.callback, "no")
                            }))
                            #expect(throws: KalendsError.self) { try view.layout() }
                            #expect(try view.dayCells().count > 0)
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * DisplayMode.allCases.count * Rows.allCases.count * OutDates.allCases.count * 2 * 3)
    }

    @Test(arguments: 0..<10)
    func randomBarsNeverCollideAndAccountForEveryEvent(seed: Int) throws {
        let cells = Self.cells(first: 1000, rows: 6)
        var rng = SplitMix(UInt64(seed))
        let events = (0..<(20 + Int(rng.next() % 60))).map { i in
            let a = 990 + Int64(rng.next() % 60)
            return Event(id: Int64(i), allDay: true, start: a, end: a + Int64(rng.next() % 9))
        }
        let options = MonthBars.Options(maxLanes: 1 + Int(rng.next() % 4))
        let (bars, more) = try MonthBars.layout(events, cells: cells, options: options)
        var shown = [Int32: [Int64]](), lanes = [String: Int64]()
        for b in bars {
            #expect(b.lane < options.maxLanes)
            for c in b.firstColumn...b.lastColumn {
                let day = Int32(1000 + b.row * 7 + c)
                shown[day, default: []].append(b.event)
                let key = "\(day)/\(b.lane)"
                #expect(lanes[key] == nil, "two bars in lane \(b.lane) on day \(day)")
                lanes[key] = b.event
            }
        }
        let hidden = Dictionary(uniqueKeysWithValues: more.map { ($0.day, $0.hidden) })
        for day in Int32(1000)..<1042 {
            let on = events.filter { $0.start <= Int64(day) && $0.end >= Int64(day) }.count
            #expect((shown[day]?.count ?? 0) + (hidden[day] ?? 0) == on, "day \(day)")
            #expect((shown[day]?.count ?? 0) <= options.maxLanes)
        }
    }
}

@Suite struct TimelineTests {
    @Test func overlappingEventsShareColumnsAndWidenWhereFree() throws {
        let day: Int32 = 20_000, base = Int64(20_000) * 86_400
        let h: Int64 = 3600
        let events = [
            Event(id: 1, allDay: false, start: base + 9 * h, end: base + 11 * h),
            Event(id: 2, allDay: false, start: base + 10 * h, end: base + 12 * h),
            Event(id: 3, allDay: false, start: base + 11 * h, end: base + 13 * h),   // column 0 again
            Event(id: 4, allDay: false, start: base + 15 * h, end: base + 16 * h),   // alone
            Event(id: 5, allDay: true, start: 20_000, end: 20_000),                  // not on the timeline
            Event(id: 6, allDay: false, start: base - 2 * h, end: base + 1 * h),     // from yesterday
        ]
        let items = try Timeline.layout(events, day: day, options: Timeline.Options(width: 300, hourHeight: 40))
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.event, $0) })
        #expect(byID[5] == nil && items.count == 5)
        #expect(byID[1]?.column == 0 && byID[2]?.column == 1 && byID[3]?.column == 0)
        #expect(byID[1]?.columns == 2 && byID[4]?.columns == 1 && byID[4]?.span == 1)
        #expect(byID[4]?.frame == Rect(x: 0, y: 600, width: 298, height: 40))
        #expect(byID[6]?.clippedStart == true && byID[6]?.frame.y == 0 && byID[6]?.frame.height == 40)
    }

    @Test(arguments: 0..<10)
    func columnsAreTheMostEventsAtOnce(seed: Int) throws {
        var rng = SplitMix(UInt64(seed) + 100)
        let base = Int64(20_000) * 86_400
        let events = (0..<(5 + Int(rng.next() % 30))).map { i -> Event in
            let s = base + Int64(rng.next() % 20) * 1800
            return Event(id: Int64(i), allDay: false, start: s, end: s + 1800 * Int64(1 + rng.next() % 6))
        }
        let options = Timeline.Options(width: 700, hourHeight: 60, minHeight: 0, spacing: 0)
        let items = try Timeline.layout(events, day: 20_000, options: options)
        #expect(items.count == events.count)
        let byID = Dictionary(uniqueKeysWithValues: events.map { ($0.id, $0) })
        for a in items {
            guard let ea = byID[a.event] else { continue }
            // The most events at one instant within a's group is at most its columns, and
            // a's own busiest instant needs them all unless it widened.
            let peak = events.map { t in events.filter { $0.start <= t.start && $0.end > t.start }.count }.max() ?? 0
            #expect(a.columns <= peak)
            for b in items where b.event != a.event {
                guard let eb = byID[b.event], ea.start < eb.end && eb.start < ea.end else { continue }
                let overlapX = a.frame.x < b.frame.x + b.frame.width - 1e-9 && b.frame.x < a.frame.x + a.frame.width - 1e-9
                #expect(!overlapX, "events \(a.event) and \(b.event) overlap in time and in x")
            }
        }
    }
}
