import Foundation
import Kalends
import KalendsCore
import Testing

/// The same events in a KalendsCore store and, through the C ABI, in the wrapper's:
/// queries, dots, the timeline, month bars, time zones and errors agree.
@Suite struct EventParityTests {
    static let zoneName = "Europe/Paris"

    static func coreZone() throws -> KalendsCore.TimeZone {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/\(zoneName)"))
        return try KalendsCore.TimeZone(tzif: [UInt8](bytes), name: zoneName)
    }

    /// Timed events of minutes to days and all-day events of one to forty days, in 2026.
    static func events(_ n: Int, seed: UInt64) -> [KalendsCore.Event] {
        var rng = SplitMix(state: seed)
        let base: Int64 = 1_767_225_600   // 2026-01-01T00:00Z
        return (0..<n).map { i in
            if rng.int(4) == 0 {
                let first = Int64(20_454 + rng.int(365))
                return KalendsCore.Event(id: Int64(i + 1), title: "all-day \(i) ✓", allDay: true, start: first,
                                         end: first + Int64(rng.pick([0, 0, 1, 3, 40])), color: UInt32(truncatingIfNeeded: rng.next()))
            }
            let start = base + Int64(rng.int(365 * 86_400))
            return KalendsCore.Event(id: Int64(i + 1), title: "timed \(i)", allDay: false, start: start,
                                     end: start + Int64(rng.pick([0, 900, 3_600, 3 * 3_600, 2 * 86_400])),
                                     color: UInt32(truncatingIfNeeded: rng.next()), userValue: rng.next())
        }
    }

    static func same(_ a: KalendsCore.Event, _ b: Kalends.Event) -> Bool {
        a.id == b.id && a.title == b.title && a.allDay == b.allDay && a.start == b.start && a.end == b.end
            && a.color == b.color && a.source == b.source && a.userValue == b.userValue
    }

    static func wrapperEvent(_ e: KalendsCore.Event) -> Kalends.Event {
        Kalends.Event(id: e.id, title: e.title, allDay: e.allDay, start: e.start, end: e.end, color: e.color,
                      source: e.source, userValue: e.userValue)
    }

    static func day(_ n: Int32) throws(Kalends.KalendsError) -> Kalends.Date { try Kalends.Date(dayNumber: n, library: library) }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func queriesDotsAndTimelinesAgree(seed: UInt64) throws {
        let events = Self.events(600, seed: seed)
        let core = KalendsCore.EventStore()
        try core.addEvents(events)
        let wrapper = try Kalends.EventStore(events.map(Self.wrapperEvent), library: library)
        #expect(try wrapper.count == Int32(core.count))
        let coreParis = try Self.coreZone()
        let paris = try Kalends.TimeZone(Self.zoneName, library: library)
        var rng = SplitMix(state: seed &* 77)
        var problems: [String] = []
        var seen = 0, placed = 0
        for q in 0..<150 {
            let first = Int32(20_440 + rng.int(380)), last = first + Int32(rng.pick([0, 6, 41]))
            let inParis = q % 2 == 0
            let coreFound: [KalendsCore.Event] = inParis
                ? try core.query(first, last, in: coreParis) : try core.query(first, last)
            let found = try wrapper.query(try Self.day(first), try Self.day(last), zone: inParis ? paris : nil)
            seen += found.count
            if coreFound.count != found.count || !zip(coreFound, found).allSatisfy(Self.same) {
                problems.append("query \(first) ... \(last) (Paris: \(inParis))")
            }
            let coreDots = inParis ? try core.dots(first, last, maxColors: 2, in: coreParis) : try core.dots(first, last, maxColors: 2)
            let dots = try wrapper.dots(try Self.day(first), try Self.day(last), maxColors: 2, zone: inParis ? paris : nil)
            if coreDots.count != dots.count
                || !zip(coreDots, dots).allSatisfy({ $0.count == $1.count && $0.colors == $1.colors }) {
                problems.append("dots \(first) ... \(last)")
            }
            let coreItems = try core.timeline(first, in: coreParis)
            let items = try wrapper.timeline(try Self.day(first), zone: paris)
            placed += items.count
            if coreItems.count != items.count || !zip(coreItems, items).allSatisfy({ a, b in
                a.event == b.event && a.column == Int(b.column) && a.columns == Int(b.columns) && a.span == Int(b.span)
                    && a.frame.x == b.frame.x && a.frame.y == b.frame.y && a.frame.width == b.frame.width
                    && a.frame.height == b.frame.height && a.clippedStart == b.clippedStart && a.clippedEnd == b.clippedEnd
            }) {
                problems.append("timeline \(first)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(seen > 1_000 && placed > 50)   // the comparisons had something to compare
        // changes go through both alike
        var moved = events[7]
        moved.title = "moved"
        moved.start += 3_600
        moved.end += 3_600
        try core.update(moved)
        try wrapper.update(Self.wrapperEvent(moved))
        try core.remove(events[8].id)
        try wrapper.remove(events[8].id)
        #expect(Self.same(try core.get(moved.id), try wrapper.get(moved.id)))
        let outcome1 = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.get(events[8].id) },
                            { () throws(Kalends.KalendsError) in try wrapper.get(events[8].id) }, { _, _ in true })
        #expect(outcome1 == nil)
    }

    @Test func monthBarsAgree() throws {
        let events = Self.events(400, seed: 9)
        let core = KalendsCore.EventStore()
        try core.addEvents(events)
        let wrapper = try Kalends.EventStore(events.map(Self.wrapperEvent), library: library)
        let coreParis = try Self.coreZone()
        let paris = try Kalends.TimeZone(Self.zoneName, library: library)
        let coreView = try KalendsCore.View(calendar: KalendsCore.Calendar(options: KalendsCore.CalendarOptions()),
                                            metrics: KalendsCore.Metrics(width: 700))
        let view = try Kalends.View(calendar: Kalends.Calendar(library: library), metrics: Kalends.Metrics(width: 700, library: library),
                                    library: library)
        var drawn = 0, hidden = 0
        for month in Int32(1)...12 {
            _ = try coreView.goTo(try KalendsCore.Date(year: 2026, month: month, day: 1))
            _ = try view.goTo(try Kalends.Date(year: 2026, month: month, day: 1, library: library))
            let (coreBars, coreMore) = try coreView.eventBars(core, in: coreParis)
            let (bars, more) = try view.eventBars(wrapper, zone: paris)
            drawn += bars.count
            hidden += more.count
            #expect(coreBars.count == bars.count && coreMore.count == more.count, "month \(month)")
            for (a, b) in zip(coreBars, bars) {
                #expect(a.event == b.event && a.row == Int(b.row) && a.firstColumn == Int(b.firstColumn)
                        && a.lastColumn == Int(b.lastColumn) && a.lane == Int(b.lane)
                        && a.continuesBefore == b.continuesBefore && a.continuesAfter == b.continuesAfter
                        && a.frame.x == b.frame.x && a.frame.y == b.frame.y && a.frame.width == b.frame.width, "month \(month)")
            }
            for (a, b) in zip(coreMore, more) {
                #expect(a.day == b.day.dayNumber && a.hidden == Int(b.hidden), "month \(month)")
            }
        }
        #expect(drawn > 100 && hidden > 10)
    }

    @Test func timeZonesAgree() throws {
        let core = try Self.coreZone()
        let zone = try Kalends.TimeZone(Self.zoneName, library: library)
        #expect(try zone.name == Self.zoneName)
        var rng = SplitMix(state: 42)
        for _ in 0..<2_000 {
            let t = Int64(rng.int(8_000_000_000)) - 2_000_000_000
            let a = core.offset(at: t), b = try zone.offset(at: t)
            #expect(a.secondsEast == b.secondsEast && a.isDST == b.isDST)
            let local = try core.localDay(at: t), wrapped = try zone.localDay(at: t)
            #expect(local.day == wrapped.day.dayNumber && local.secondsOfDay == wrapped.secondsOfDay)
            #expect(try core.dayStart(local.day) == zone.dayStart(wrapped.day))
            #expect(try core.instant(localDay: local.day, secondsOfDay: local.secondsOfDay)
                    == zone.instant(localDay: wrapped.day, secondsOfDay: wrapped.secondsOfDay))
        }
        let outcome2 = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.instant(localDay: 0, secondsOfDay: -1) },
                            { () throws(Kalends.KalendsError) in try zone.instant(localDay: try Self.day(0), secondsOfDay: -1) },
                            ==)
        #expect(outcome2 == nil)
        let missing = Result { () throws(Kalends.KalendsError) in try Kalends.TimeZone("No/Such_Zone", library: library) }
        if case .success = missing { Issue.record("No/Such_Zone loaded") }
    }

    /// An event made from its fields is timed unless told otherwise, and the constructors
    /// of each kind (`timed`, `onDays`) are not named like the `allDay` field.
    @Test func eventsAreTimedUnlessMadeOnDays() throws {
        let hour = Kalends.Event(id: 1, start: 0, end: 3_600)
        #expect(!hour.allDay)
        let utc = try Kalends.TimeZone("UTC", library: library)
        let store = try Kalends.EventStore([hour, .timed(id: 2, title: "t", start: 7_200, end: 9_000),
                                            .onDays(id: 3, title: "d", first: try Self.day(0))], library: library)
        #expect(try store.timeline(try Self.day(0), zone: utc).map(\.event) == [1, 2])
        #expect(try store.query(try Self.day(1), try Self.day(3_700), zone: utc).isEmpty)
        #expect(try store.get(3).allDay && !(try store.get(2).allDay))
    }

    /// Issue 10 item 6: a plugin asked directly tags its answer -1, as in every binding,
    /// so it never replaces the events of a view's first source (id 1) in the same store.
    @Test func aDirectPluginFetchKeepsTheEventsOfAViewsFirstSource() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..")
        let path = root.appendingPathComponent(".build/plugins/libholidays_c.so").standardizedFileURL.path
        let rules = root.appendingPathComponent("plugins/rules/us.rules").standardizedFileURL.path
        try #require(FileManager.default.fileExists(atPath: path), "make plugins first")
        let plugin = try Kalends.Plugin(path: path, config: rules, library: library)
        let newYear: Int32 = 20_454   // 2026-01-01
        let fromSource1 = Kalends.Event(id: 900_001, title: "from the view's first source", allDay: true,
                                        start: Int64(newYear + 1), end: Int64(newYear + 1), source: 1)
        let store = try Kalends.EventStore([fromSource1], library: library)
        try plugin.fetch(try Self.day(newYear), try Self.day(newYear + 364), into: store)
        let events = try store.query(try Self.day(newYear), try Self.day(newYear + 364))
        #expect(events.contains { $0.id == fromSource1.id && $0.source == 1 })
        let holidays = events.filter { $0.id != fromSource1.id }
        #expect(holidays.contains { $0.start == Int64(newYear) } && holidays.allSatisfy { $0.source == -1 })
    }

    @Test func badEventsFailAlike() throws {
        let core = KalendsCore.EventStore()
        let wrapper = try Kalends.EventStore(library: library)
        let bad: [KalendsCore.Event] = [
            KalendsCore.Event(id: 1, title: "backwards", allDay: false, start: 100, end: 50),
            KalendsCore.Event(id: 2, title: "far", allDay: true, start: 0, end: 1 << 40),
            KalendsCore.Event(id: 3, title: "far instant", allDay: false, start: 0, end: Int64.max),
        ]
        for e in bad {
            let outcome3 = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.add(e) },
                                { () throws(Kalends.KalendsError) in try wrapper.add(Self.wrapperEvent(e)) },
                                { _, _ in true })
            #expect(outcome3 == nil, "\(e.title)")
        }
        let ok = KalendsCore.Event(id: 4, title: "ok", allDay: true, start: 1, end: 1)
        try core.add(ok)
        try wrapper.add(Self.wrapperEvent(ok))
        let outcome4 = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.add(ok) },
                            { () throws(Kalends.KalendsError) in try wrapper.add(Self.wrapperEvent(ok)) },
                            { _, _ in true })
        #expect(outcome4 == nil)
        let outcome5 = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.query(5, 4) },
                            { () throws(Kalends.KalendsError) in try wrapper.query(try Self.day(5), try Self.day(4)) },
                            { _, _ in true })
        #expect(outcome5 == nil)
        #expect(try wrapper.count == 1)
        let before = try wrapper.version
        try wrapper.clear()
        let after = try wrapper.version, left = try wrapper.count
        #expect(after != before && left == 0)
    }
}
