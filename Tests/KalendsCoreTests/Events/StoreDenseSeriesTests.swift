import Testing
@testable import KalendsCore

/// A store with dense recurring entries (issue 24, item 2): a view's dots, month bars,
/// timeline and a query's count and first page come from counts and a few occurrences
/// per day or per class of bars. Each is what laying out every occurrence gives (the
/// reference: the store's whole answer through `MonthBars.layout`, `Timeline.layout` and
/// the dots' own loop), for entries dense enough to take the counted path, with
/// overrides, EXDATEs, RDATEs, long occurrences, clock changes and single events.
@Suite struct StoreDenseSeriesTests {
    static func calendar(_ events: [String]) throws -> ICalendar {
        try ICalendarTests.read(ICalendarTests.wrap(events.map { $0.split(separator: "\n").joined(separator: "\r\n") + "\r\n" }.joined()))
    }

    static let files: [[String]] = [
        // Every 10 minutes, 0 or 90 minutes long (bars of one day and of two), in New York across DST.
        ["BEGIN:VEVENT\nUID:a\nSUMMARY:ten\nDTSTART;TZID=America/New_York:20261020T000500\nDURATION:PT0S\nRRULE:FREQ=MINUTELY;INTERVAL=10\nEXDATE;TZID=America/New_York:20261103T101500\nEXDATE;VALUE=DATE:20261110\nEND:VEVENT",
         "BEGIN:VEVENT\nUID:a\nRECURRENCE-ID;TZID=America/New_York:20261105T120500\nSUMMARY:moved\nDTSTART;TZID=America/New_York:20261106T230000\nDURATION:PT3H\nEND:VEVENT",
         "BEGIN:VEVENT\nUID:b\nSUMMARY:ninety\nDTSTART:20261101T003000Z\nDURATION:PT90M\nRRULE:FREQ=HOURLY;BYMINUTE=30;BYHOUR=0,6,12,18,22,23\nRDATE;VALUE=PERIOD:20261115T080000Z/PT50H\nEND:VEVENT",
         "BEGIN:VEVENT\nUID:c\nSUMMARY:single\nDTSTART:20261112T090000Z\nDTEND:20261114T090000Z\nEND:VEVENT"],
        // Every 97 seconds for a week, three days long, and a THISANDFUTURE move.
        ["BEGIN:VEVENT\nUID:d\nSUMMARY:tick\nDTSTART;TZID=Europe/Berlin:20261026T220000\nDURATION:P3D\nRRULE:FREQ=SECONDLY;INTERVAL=97;UNTIL=20261102T000000Z\nEND:VEVENT",
         "BEGIN:VEVENT\nUID:d\nRECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261030T220000\nSUMMARY:later\nDTSTART;TZID=Europe/Berlin:20261031T010000\nDURATION:PT1S\nEND:VEVENT",
         "BEGIN:VEVENT\nUID:e\nSUMMARY:allday\nDTSTART;VALUE=DATE:20261025\nDURATION:P2D\nRRULE:FREQ=DAILY\nEND:VEVENT"],
        // Two RRULEs (walked), floating.
        ["BEGIN:VEVENT\nUID:f\nSUMMARY:two rules\nDTSTART:20261101T000000\nDURATION:PT10M\nRRULE:FREQ=MINUTELY;INTERVAL=30\nRRULE:FREQ=MINUTELY;INTERVAL=45\nEND:VEVENT"],
    ]

    @Test func viewsOfDenseEntriesAreWhatEveryOccurrenceGives() throws {
        let zones: [any LocalDays] = [UTCDays(), try TZTest.zone("America/New_York"), try TZTest.zone("Europe/Berlin")]
        for (f, events) in Self.files.enumerated() {
            let cal = try Self.calendar(events)
            for zone in zones {
                let store = EventStore()
                try store.add(calendar: cal, firstID: 1, zone: zone as? TimeZone) { name in try? TZTest.zone(name) }
                let label = "file \(f) in \(zone)"
                let view = try makeView(metrics: Metrics(width: 700), anchor: day(2026, 11, 10))
                let cells = try view.dayCells()
                guard let first = cells.first?.day, let last = cells.last?.day else { continue }
                let all = try store.occurrences(first, last, in: zone)
                #expect(all.count > 500, "\(label): dense enough to be counted")
                // Count and first page of the query.
                #expect(try store.count(first, last, in: zone) == all.count, "\(label)")
                for limit in [0, 1, 7, 100] {
                    let page = try store.firstOccurrences(first, last, in: zone, limit: limit)
                    #expect(page.total == all.count && page.occurrences == Array(all.prefix(limit)), "\(label) first \(limit)")
                }
                // Bars: every occurrence laid out, against the counted classes.
                for lanes in [1, 3, 6] {
                    let options = MonthBars.Options(maxLanes: lanes)
                    let expected = try MonthBars.layout(all, cells: cells, options: options, in: zone)
                    let got = try store.monthBars(over: cells, options: options, in: zone)
                    #expect(got.bars == expected.bars, "\(label) lanes \(lanes)")
                    #expect(got.more == expected.more, "\(label) lanes \(lanes)")
                }
                // Dots: every occurrence on its days.
                for maxColors in [0, 2, 5] {
                    var counts = [Int32](repeating: 0, count: Int(last - first) + 1)
                    var colors = [[UInt32]](repeating: [], count: counts.count)
                    for o in all {
                        guard let days = try EventStore.days(of: o.event, clippedTo: first, last, in: zone) else { continue }
                        for d in days {
                            counts[Int(d - first)] += 1
                            if colors[Int(d - first)].count < maxColors { colors[Int(d - first)].append(o.event.color) }
                        }
                    }
                    let dots = try store.dots(first, last, maxColors: maxColors, in: zone)
                    #expect(dots.map(\.count) == counts, "\(label) dots")
                    #expect(dots.map(\.colors) == colors, "\(label) dot colours \(maxColors)")
                }
                // Timeline: counted before it is laid out; its first events.
                for d in [number(2026, 11, 1), number(2026, 11, 6), number(2026, 11, 10)] {
                    for hours in [(0, 24), (8, 18)] {
                        var options = Timeline.Options(firstHour: hours.0, lastHour: hours.1)
                        let dayAll = try store.occurrences(d, d, in: zone)
                        let expected = try Timeline.layout(dayAll, day: d, options: options, in: zone)
                        #expect(try store.timeline(d, options: options, in: zone) == expected, "\(label) timeline \(d)")
                        let counted = try store.timeline(d, options: options, in: zone, capacity: 3)
                        #expect(counted.count == expected.count && (counted.items == nil) == (expected.count > 3), "\(label) timeline count \(d)")
                        options.maxEvents = 5
                        let timed = dayAll.filter { !$0.event.allDay }.prefix(5)
                        #expect(try store.timeline(d, options: options, in: zone) == Timeline.layout(Array(timed), day: d, options: options, in: zone),
                                "\(label) timeline first 5 \(d)")
                    }
                }
            }
        }
    }

    /// An occurrence every second (86,400 a day): the month's bars, dots and counts come
    /// from 42 days of counting, the +N more exact.
    @Test func anOccurrenceEverySecondIsCountedNotListed() throws {
        let cal = try Self.calendar(["BEGIN:VEVENT\nUID:s\nSUMMARY:tick\nDTSTART:20260101T000000Z\nDTEND:20260101T000001Z\nRRULE:FREQ=SECONDLY\nEND:VEVENT"])
        let store = EventStore()
        try store.add(calendar: cal, firstID: 1) { _ in nil }
        let view = try makeView(metrics: Metrics(width: 700), anchor: day(2026, 11, 10))
        let cells = try view.dayCells()
        guard let first = cells.first?.day, let last = cells.last?.day else { return }
        #expect(try store.count(first, last) == 42 * 86_400)
        let (bars, more) = try view.eventBars(store)
        #expect(bars.count == 84 && more.count == 42 && more.allSatisfy { $0.hidden == 86_398 })
        let dots = try store.dots(first, last, maxColors: 3)
        #expect(dots.allSatisfy { $0.count == 86_400 && $0.colors.count == 3 })
        let page = try store.firstOccurrences(first, last, limit: 3)
        #expect(page.total == 42 * 86_400 && page.occurrences.map(\.event.start) == [0, 1, 2].map { Int64(first) * 86_400 + $0 })
        #expect(try store.timeline(first, capacity: 10).count == 86_400)
        var options = Timeline.Options()
        options.maxEvents = 10
        #expect(try store.timeline(first, options: options).count == 10)
        // A year of it: counted too.
        #expect(try store.count(number(2027, 1, 1), number(2027, 12, 31)) == 365 * 86_400)
    }

    /// A dense entry the arithmetic does not cover (an EXRULE) is walked, at most
    /// `ICalSeries.walkLimit` instances a question: a day is counted, a month is refused
    /// (`.outOfRange`, ask a shorter range) rather than walked for seconds; its first page
    /// is still listed.
    @Test func aDenseEntryWithAnExruleIsWalkedWithinALimit() throws {
        let cal = try Self.calendar(["BEGIN:VEVENT\nUID:x\nSUMMARY:x\nDTSTART:20260101T000000Z\nRRULE:FREQ=SECONDLY;INTERVAL=2\nEXRULE:FREQ=MINUTELY;BYSECOND=0,2,4\nEND:VEVENT"])
        let store = EventStore()
        try store.add(calendar: cal, firstID: 1) { _ in nil }
        let d = number(2026, 11, 10)
        #expect(try store.count(d, d) == 43_200 - 3 * 1440)
        #expect(throws: KalendsError.self) { try store.count(d, d + 30) }
        let page = try store.firstOccurrences(d, d, limit: 3).occurrences.map(\.event.start)
        #expect(page == [6, 8, 10].map { Int64(d) * 86_400 + $0 })
    }
}
