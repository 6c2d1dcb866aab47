import Testing
@testable import KalendsCore

/// A series' occurrences in a window counted without listing them, and the first few
/// listed without walking the rest (issue 24, item 2), against a reference that walks
/// every instance from the series' start: random series of every shape (dense rules,
/// zones with clock changes, dates, EXDATEs of instants and of days, RDATE periods,
/// overrides moved and THISANDFUTURE, cancelled ones, several RRULEs and EXRULEs),
/// random windows (ranges and the start-day/end-day classes of month bars), query zones.
@Suite struct ICalSeriesRangeTests {
    typealias Rng = RecurrenceCandidateDayTests.Rng

    /// Every occurrence the series gives, placed as RFC 5545 and `ICalSeries` describe
    /// them, by walking each master's instances from its first one: overrides replace
    /// theirs, THISANDFUTURE ones move later instances, RDATE periods keep their ends.
    static func reference(_ s: ICalSeries, zone: TimeZone?, zones: ICalZones, cancelled: Bool) throws -> [ICalOccurrence] {
        var w: [ICalWarning] = []
        var out: [ICalOccurrence] = []
        func key(_ t: ICalTime) -> Int64 { s.key(t, 0, zone, zones, &w) }
        func make(_ e: ICalEvent, _ index: Int, _ start: ICalTime, _ rid: ICalTime?, _ ridKey: Int64?, _ span: Span) -> ICalOccurrence {
            let end = span.end(of: start)
            return ICalOccurrence(uid: s.uid, summary: e.summary, start: start, end: end, recurrenceID: rid, event: index,
                                  startInstant: key(start), endInstant: key(end), recurrenceInstant: ridKey)
        }
        var exact: [Int64: Int] = [:], byWall: [Int64: IcalTimeKind] = [:], future: [(Int64, Int)] = []
        for (m, member) in s.members.enumerated() {
            guard let rid = member.event.recurrenceID else { continue }
            let k = key(rid)
            if s.supersededOverride(m, key: k, zone: zone, zones: zones, warnings: &w) { continue }
            exact[k] = m
            byWall[rid.local] = rid.kind
            if member.event.thisAndFuture { future.append((k, m)) }
            if cancelled || !member.event.isCancelled {
                out.append(make(member.event, member.index, member.event.start, rid, k, Span(member.event)))
            }
        }
        future.sort { $0.0 < $1.0 }
        for (mi, member) in s.members.enumerated() where member.event.recurrenceID == nil {
            let m = member.event
            if !cancelled && m.isCancelled { continue }
            if m.rules.isEmpty && m.dates.isEmpty {
                out.append(make(m, member.index, m.start, nil, nil, Span(m)))
                continue
            }
            let (set, _) = s.recurrenceSet(mi, zone: zone, zones: zones, warnings: &w)
            guard let set else { continue }
            var periods: [Int64: Int64] = [:]
            for d in m.dates {
                if let end = d.periodEnd, d.time.kind == m.start.kind, d.time.tzid == m.start.tzid, end.kind == d.time.kind {
                    periods[d.time.local] = end.local - d.time.local
                }
            }
            var c = try set.instances(from: Int64.min)
            while let inst = try c.next() {
                if exact[inst.key] != nil { continue }
                if let k = byWall[inst.local], k != m.start.kind, (k == .date) != (m.start.kind == .date) { continue }
                let rid = ICalTime(kind: m.start.kind, local: inst.local, tzid: m.start.tzid)
                if let f = future.last(where: { $0.0 <= inst.key }) {
                    let o = s.members[f.1].event
                    if !cancelled && o.isCancelled { continue }
                    let shift = o.start.local - (o.recurrenceID?.local ?? o.start.local)
                    out.append(make(o, s.members[f.1].index, ICalTime(kind: m.start.kind, local: inst.local + shift, tzid: m.start.tzid),
                                    rid, inst.key, Span(o)))
                    continue
                }
                var span = Span(m)
                if let end = inst.end { span = Span(days: 0, seconds: end - inst.key, isDate: false) }
                else if let sec = periods[inst.local] { span = Span(days: 0, seconds: sec, isDate: false) }
                out.append(make(m, member.index, rid, rid, inst.key, span))
            }
        }
        return ICalOccurrence.sortedByStart(out)
    }

    static func stamp(_ w: Int64) -> String { TimeText.formatDateTime(w) }

    /// A random calendar of one UID: a master (bounded: COUNT or UNTIL, so the reference
    /// ends) and maybe overrides.
    static func calendar(_ rng: inout Rng) -> String {
        let base = Int64(Gregorian.daysFromCivil(2026, 3, 6)) * 86_400   // two days before New York's clock change
        let start = base + Int64.random(in: 0..<(3 * 86_400), using: &rng) / 60 * 60 + [0, 17].randomElement(using: &rng)!
        let allDay = Int.random(in: 0..<7, using: &rng) == 0
        let tz = ["", "Z", ";TZID=America/New_York", ";TZID=Europe/Berlin"].randomElement(using: &rng)!
        func value(_ w: Int64) -> String {
            if allDay { return ";VALUE=DATE:" + String(stamp(w).prefix(8)) }
            switch tz {
            case "Z": return ":" + stamp(w) + "Z"
            case "": return ":" + stamp(w)
            default: return tz + ":" + stamp(w)
            }
        }
        var lines = ["BEGIN:VEVENT", "UID:r", "SUMMARY:master", "DTSTART" + value(start)]
        if allDay {
            lines.append("DURATION:P\(Int.random(in: 1...3, using: &rng))D")
        } else {
            lines.append("DURATION:" + ["PT0S", "PT1S", "PT45M", "PT25H", "PT1H", "P2D"].randomElement(using: &rng)!)
        }
        let rules = allDay
            ? ["FREQ=DAILY;COUNT=60", "FREQ=WEEKLY;BYDAY=MO,TH,SA;COUNT=30", "FREQ=DAILY;INTERVAL=2;UNTIL=20260420"]
            : ["FREQ=SECONDLY;INTERVAL=37;COUNT=9000", "FREQ=MINUTELY;INTERVAL=7;BYHOUR=1,2,3,4,22;COUNT=3000",
               "FREQ=MINUTELY;BYSECOND=0,30;BYHOUR=2,9;COUNT=4000", "FREQ=HOURLY;INTERVAL=5;UNTIL=20260402T000000Z",
               "FREQ=DAILY;BYHOUR=0,2,23;BYMINUTE=0,30;COUNT=200", "FREQ=WEEKLY;BYDAY=SU,MO;BYHOUR=2;BYMINUTE=15;COUNT=20",
               "FREQ=SECONDLY;BYSECOND=0,15;BYMINUTE=0,1,59;COUNT=2000", "FREQ=MINUTELY;INTERVAL=90;COUNT=500"]
        let rule = rules.randomElement(using: &rng)!
        lines.append("RRULE:" + rule)
        if Int.random(in: 0..<5, using: &rng) == 0 { lines.append("RRULE:FREQ=HOURLY;INTERVAL=3;COUNT=80") }
        if !allDay && Int.random(in: 0..<6, using: &rng) == 0 { lines.append("EXRULE:FREQ=MINUTELY;INTERVAL=2;COUNT=500") }
        let step: Int64 = allDay ? 86_400 : 60
        if Bool.random(using: &rng) {
            // EXDATEs at instants of the rule (or near them), and a whole day.
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let w = start + Int64.random(in: 0...200, using: &rng) * step
                lines.append("EXDATE" + value(w))
            }
            if !allDay && Bool.random(using: &rng) {
                lines.append("EXDATE;VALUE=DATE:" + String(stamp(start + Int64.random(in: 0...3, using: &rng) * 86_400).prefix(8)))
            }
        }
        if Bool.random(using: &rng) {
            let w = start + Int64.random(in: -5...300, using: &rng) * step + 13
            if !allDay && Bool.random(using: &rng) {
                lines.append("RDATE;VALUE=PERIOD" + (tz.hasPrefix(";") ? tz : "") + ":" + stamp(w) + (tz == "Z" ? "Z" : "") + "/PT7H")
            } else {
                lines.append("RDATE" + value(w))
            }
        }
        if Int.random(in: 0..<8, using: &rng) == 0 { lines.append("STATUS:CANCELLED") }
        lines.append("END:VEVENT")
        // Overrides of instances (the rule's first ones are instances for every rule here).
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let rid = start + Int64.random(in: 0...40, using: &rng) * (allDay ? 86_400 : Int64(rule.hasPrefix("FREQ=SECONDLY;INTERVAL=37") ? 37 : 60))
            let moved = rid + Int64.random(in: -3...3, using: &rng) * 5_400
            var o = ["BEGIN:VEVENT", "UID:r", "SUMMARY:override", "RECURRENCE-ID" + (Bool.random(using: &rng) ? ";RANGE=THISANDFUTURE" : "")
                     + value(rid), "DTSTART" + value(moved), "DURATION:" + (allDay ? "P1D" : ["PT0S", "PT2H", "P1DT1H"].randomElement(using: &rng)!)]
            if Int.random(in: 0..<4, using: &rng) == 0 { o.append("STATUS:CANCELLED") }
            o.append("END:VEVENT")
            lines += o
        }
        return ICalendarTests.wrap(lines.map { $0 + "\r\n" }.joined())
    }

    @Test func countsAndFirstOccurrencesAgreeWithAWalkOfEveryInstance() throws {
        var rng = Rng(state: 77)
        let zones: [TimeZone?] = [nil, .utc, try TZTest.zone("America/New_York"), try TZTest.zone("Europe/Berlin")]
        var compared = 0, nonempty = 0, walked = 0
        for _ in 0..<120 {
            let text = Self.calendar(&rng)
            let cal = try ICalendarTests.read(text)
            let z = ICalendarTests.zones(cal)
            guard let series = cal.series().first else { continue }
            let zone = zones.randomElement(using: &rng) ?? nil
            let cancelled = Bool.random(using: &rng)
            let all = try Self.reference(series, zone: zone, zones: z, cancelled: cancelled)
            if series.members.contains(where: { $0.event.rules.count > 1 || !$0.event.exceptionRules.isEmpty }) { walked += 1 }
            let base = Int64(Gregorian.daysFromCivil(2026, 3, 6)) * 86_400
            for _ in 0..<6 {
                // Day boundaries of the query zone, or any second.
                var from = base + Int64.random(in: -86_400...(6 * 86_400), using: &rng)
                if Bool.random(using: &rng) { from = from / 86_400 * 86_400 + (zone.map { -Int64($0.offset(at: from).secondsEast) } ?? 0) }
                let to = from + [1, 600, 3_600, 86_400, 3 * 86_400].randomElement(using: &rng)!
                var window = OccurrenceWindow.overlapping(from, to)
                if Bool.random(using: &rng) {
                    // A bar class: starting in [from, to), ending in (e0, e1].
                    let e0 = from + Int64.random(in: -3_600...(2 * 86_400), using: &rng)
                    window = OccurrenceWindow(startFrom: from, startTo: to, endAfter: e0, endUntil: e0 + 86_400,
                                              pointFrom: from, pointTo: Bool.random(using: &rng) ? to : from)
                }
                let expected = all.filter { window.contains(start: $0.startInstant, end: $0.endInstant) }
                var w: [ICalWarning] = []
                let label = "\(text)\nzone \(zone?.name ?? "floating") cancelled \(cancelled) window \(window)"
                #expect(try series.count(in: window, zone: zone, zones: z, cancelled: cancelled, warnings: &w) == Int64(expected.count),
                        "\(label)")
                var listed: [ICalOccurrence] = []
                try series.occurrences(in: window, zone: zone, zones: z, cancelled: cancelled, warnings: &w, into: &listed)
                #expect(ICalOccurrence.sortedByStart(listed) == expected, "\(label)")
                let limit = Int.random(in: 1...5, using: &rng)
                var first: [ICalOccurrence] = []
                try series.occurrences(in: window, zone: zone, zones: z, cancelled: cancelled, limit: limit, warnings: &w, into: &first)
                #expect(Array(ICalOccurrence.sortedByStart(first).prefix(limit)) == Array(expected.prefix(limit)), "\(label) first \(limit)")
                // Each part of a master (before and after each THISANDFUTURE override) lists its first few.
                let parts = 1 + series.members.filter(\.event.thisAndFuture).count
                #expect(first.count <= limit * parts + 12, "\(label): \(first.count) listed for \(limit)")
                compared += 1
                if !expected.isEmpty { nonempty += 1 }
            }
        }
        #expect(compared > 600)
        #expect(nonempty > 250)
        #expect(walked > 10)
    }
}
