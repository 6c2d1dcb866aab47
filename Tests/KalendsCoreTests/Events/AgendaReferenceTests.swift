import Testing
@testable import KalendsCore

/// Local days at a fixed offset from UTC (so the agenda's counts and first rows are
/// checked on days that do not start at multiples of 86,400 too).
private struct OffsetDays: LocalDays {
    let seconds: Int64

    func dayStart(_ day: Int32) throws(KalendsError) -> Int64 { Int64(day) * 86_400 - seconds }

    func localDay(at instant: Int64) throws(KalendsError) -> (day: Int32, secondsOfDay: Int32) {
        let t = instant + seconds
        return (Int32(t.floorDiv(86_400)), Int32(t - t.floorDiv(86_400) * 86_400))
    }
}

/// The agenda's viewports against a brute-force agenda built without the store: every
/// event put on each day it covers (by its own arithmetic), each day all-day events
/// first then timed ones, each kind by start then id, cut to the viewport; at densities
/// from a few events a month to 300 a day, in UTC and at a fixed offset, before and after
/// adds, updates and removals (the counts by rank are kept by them).
@Suite struct AgendaReferenceTests {
    struct Line: Equatable {
        var top: Double
        var day: Int32
        var id: Int64?
        var dayIndex: Int32
        var dayCount: Int32
        var position: Int
    }

    /// The whole agenda of first ... last, and each busy day's block top.
    static func reference(_ events: [Int64: Event], _ first: Int32, _ last: Int32, _ offset: Int64,
                          heading: Double, row: Double) -> (lines: [Line], tops: [(day: Int32, top: Double, height: Double)]) {
        func day(_ t: Int64) -> Int64 { (t + offset).floorDiv(86_400) }
        var byDay: [Int32: [Event]] = [:]
        var spans: [Int64: ClosedRange<Int64>] = [:]
        for e in events.values {
            let a = e.allDay ? e.start : day(e.start)
            let b = e.allDay ? e.end : e.end > e.start ? day(e.end - 1) : a
            spans[e.id] = a...b
            let lo = max(a, Int64(first)), hi = min(b, Int64(last))
            guard lo <= hi else { continue }
            for d in lo...hi { byDay[Int32(d), default: []].append(e) }
        }
        var lines: [Line] = [], tops: [(Int32, Double, Double)] = []
        var top = 0.0
        for d in byDay.keys.sorted() {
            let on = byDay[d]!
            let sorted = on.filter(\.allDay).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
                + on.filter { !$0.allDay }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            tops.append((d, top, heading + Double(sorted.count) * row))
            lines.append(Line(top: top, day: d, id: nil, dayIndex: 0, dayCount: 0, position: 0))
            top += heading
            for (i, e) in sorted.enumerated() {
                let s = spans[e.id]!
                lines.append(Line(top: top, day: d, id: e.id, dayIndex: Int32(Int64(d) - s.lowerBound + 1),
                                  dayCount: Int32(s.upperBound - s.lowerBound + 1), position: i))
                top += row
            }
        }
        return (lines, tops)
    }

    struct Density {
        var days: Int32
        var events: Int
        var allDayOneIn: Int
        var longOneIn: Int
    }

    @Test(arguments: [
        Density(days: 400, events: 40, allDayOneIn: 3, longOneIn: 4),       // gaps of weeks
        Density(days: 30, events: 810, allDayOneIn: 9, longOneIn: 30),      // 27 a day
        Density(days: 4, events: 1_200, allDayOneIn: 11, longOneIn: 50),    // 300 a day
    ], [Int64(0), Int64(-5 * 3_600 - 1_800)])
    func viewportsAreSlicesOfTheBruteForceAgenda(_ density: Density, _ offset: Int64) throws {
        var seed: UInt64 = UInt64(density.events) &* 31 &+ UInt64(bitPattern: offset)
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let zone: any LocalDays = offset == 0 ? UTCDays() : OffsetDays(seconds: offset)
        let base: Int32 = 20_500
        let store = EventStore()
        var events: [Int64: Event] = [:]
        func random(_ id: Int64) -> Event {
            let day = Int64(base) - 2 + Int64(next(Int(density.days) + 3))
            let long = next(density.longOneIn) == 0
            if next(density.allDayOneIn) == 0 {
                return Event(id: id, title: "a\(id)", allDay: true, start: day, end: day + (long ? Int64(1 + next(3)) : 0))
            }
            let start = day * 86_400 + Int64(next(6) == 0 ? 0 : next(86_400)) - offset
            let length: Int64 = long ? Int64(86_400 + next(3 * 86_400)) : [0, 1_800, 3_600, 86_400][next(4)]
            return Event(id: id, title: "t\(id)", allDay: false, start: start, end: start + length)
        }
        var bulk: [Event] = []
        for id in 1...Int64(density.events) {
            let e = random(id)
            bulk.append(e)
            events[id] = e
        }
        let ordered = bulk.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        try store.add(count: ordered.count) { ordered[$0] }   // a bulk load
        let first = base, last = base + density.days - 1
        let options = Agenda.Options(headingHeight: 30, rowHeight: 20)

        func check(_ round: Int) throws {
            let (lines, tops) = AgendaReferenceTests.reference(events, first, last, offset, heading: 30, row: 20)
            let total = tops.last.map { $0.top + $0.height } ?? 0
            // the estimate: the mean block of 16 days spread evenly over the range
            let days = Int64(last) - Int64(first) + 1, samples = min(days, 16)
            var sum = 0.0
            for i in 0..<samples {
                let d = Int32(Int64(first) + (i * days + days / 2) / samples)
                sum += tops.first { $0.day == d }?.height ?? 0
            }
            let estimate = sum / Double(samples) * Double(days)
            for _ in 0..<60 {
                let height = Double(1 + next(900))
                // an anchor day anywhere in the range and an offset into (or past) its block
                let anchor = first + Int32(next(Int(density.days)))
                let into = Double(next(3_000)) - 500
                let v = try store.agenda(first, last, in: zone, anchorDay: anchor, offset: into, height: height, options: options)
                var position: Double
                if let t = tops.first(where: { $0.day >= anchor }) {
                    position = t.top + into
                } else {
                    position = total
                }
                position = max(0, min(position, total - height))
                let want = lines.filter { $0.top + ($0.id == nil ? 30 : 20) > position && $0.top < position + height }
                let got = v.rows.map { r in
                    Line(top: r.y + position, day: r.day, id: r.occurrence?.event.id, dayIndex: r.dayIndex, dayCount: r.dayCount,
                         position: r.kind == .event ? r.position : 0)
                }
                #expect(got.count == want.count, "round \(round) anchor \(anchor) offset \(into) height \(height)")
                for (g, w) in zip(got, want) {
                    #expect(g.day == w.day && g.id == w.id && g.dayIndex == w.dayIndex && g.dayCount == w.dayCount
                            && g.position == w.position && abs(g.top - w.top) < 1e-6,
                            "round \(round) anchor \(anchor) offset \(into): \(g) != \(w)")
                }
                #expect(v.atStart == (position <= 0) && v.atEnd == (position + height >= total - 1e-9))
                #expect(v.estimatedHeight == estimate)
                if let holder = tops.last(where: { $0.top <= position }) {
                    #expect(v.anchorDay == holder.day && abs(v.offset - (position - holder.top)) < 1e-6)
                }
            }
        }
        try check(0)
        // changes after the counts by rank are made: adds, updates, removals
        for _ in 0..<(density.events / 4) {
            let id = Int64(1 + next(density.events + density.events / 2))
            if events[id] == nil {
                let e = random(id)
                try store.add(e)
                events[id] = e
            } else if next(2) == 0 {
                let e = random(id)
                try store.update(e)
                events[id] = e
            } else {
                try store.remove(id)
                events[id] = nil
            }
        }
        try check(1)
    }

    /// With recurring entries (a daily all-day one, an hourly one: 24 a day, one every ten
    /// minutes: 144 a day, more than an entry lists at once, a weekly one of two days)
    /// beside 27 single events a day: every viewport against the agenda built from the
    /// store's own query of each day (all-day ones first, each kind in query order), in
    /// UTC and in Central European time across its clock change (2026-03-29).
    @Test(arguments: ["UTC0", "CET-1CEST,M3.5.0,M10.5.0/3"])
    func viewportsWithRecurringEntriesAreSlicesOfADayByDayQuery(_ posix: String) throws {
        var seed: UInt64 = 2_740 &+ UInt64(posix.utf8.count)
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let zone = try TimeZone(posix: posix)
        let first: Int32 = 20_535, last: Int32 = 20_554   // 2026-03-23 ... 2026-04-11
        let store = EventStore()
        for id in 1...540 {
            let day = first - 1 + Int32(next(22))
            if next(10) == 0 {
                try store.add(Event(id: Int64(id), title: "a\(id)", allDay: true, start: Int64(day), end: Int64(day) + Int64(next(3) == 0 ? 1 : 0)))
            } else {
                let start = try zone.dayStart(day) + Int64(next(4) == 0 ? 9 * 3_600 : next(86_400))
                try store.add(Event(id: Int64(id), title: "t\(id)", allDay: false, start: start, end: start + [0, 1_800, 7_200, 90_000][next(4)]))
            }
        }
        let at = try zone.dayStart(first - 3)
        try store.add(series: Event(id: 9_001, title: "daily", allDay: true, start: Int64(first) - 3, end: Int64(first) - 3),
                      recurrence: "RRULE:FREQ=DAILY", zone: zone)
        try store.add(series: Event(id: 9_002, title: "hourly", allDay: false, start: at + 1_800, end: at + 3_600),
                      recurrence: "RRULE:FREQ=HOURLY", zone: zone)
        try store.add(series: Event(id: 9_003, title: "ten minutes", allDay: false, start: at + 9 * 3_600, end: at + 9 * 3_600 + 300),
                      recurrence: "RRULE:FREQ=MINUTELY;INTERVAL=10;COUNT=1500", zone: zone)
        try store.add(series: Event(id: 9_004, title: "weekly", allDay: false, start: at + 20 * 3_600, end: at + 44 * 3_600),
                      recurrence: "RRULE:FREQ=WEEKLY", zone: zone)
        var lines: [(top: Double, day: Int32, id: Int64?, rid: Int64?)] = []
        var tops: [(day: Int32, top: Double)] = []
        var top = 0.0
        for day in first...last {
            let on = try store.occurrences(day, day, in: zone)
            guard !on.isEmpty else { continue }
            tops.append((day, top))
            lines.append((top, day, nil, nil))
            top += 30
            for o in on.filter(\.event.allDay) + on.filter({ !$0.event.allDay }) {
                lines.append((top, day, o.event.id, o.recurrenceID))
                top += 20
            }
        }
        let total = top
        let options = Agenda.Options(headingHeight: 30, rowHeight: 20)
        for _ in 0..<120 {
            let height = Double(1 + next(900))
            let anchor = first + Int32(next(Int(last - first) + 1))
            let into = Double(next(5_000)) - 500
            let v = try store.agenda(first, last, in: zone, anchorDay: anchor, offset: into, height: height, options: options)
            var position = tops.first { $0.day >= anchor }.map { $0.top + into } ?? total
            position = max(0, min(position, total - height))
            let want = lines.filter { $0.top + ($0.id == nil ? 30 : 20) > position && $0.top < position + height }
            #expect(v.rows.map { $0.occurrence?.event.id } == want.map(\.id), "anchor \(anchor) offset \(into) height \(height)")
            #expect(v.rows.map { $0.occurrence?.recurrenceID } == want.map(\.rid))
            #expect(v.rows.map(\.day) == want.map(\.day))
            #expect(zip(v.rows, want).allSatisfy { abs($0.y - ($1.top - position)) < 1e-9 })
        }
    }
}
