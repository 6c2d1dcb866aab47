import Testing
@testable import KalendsCore

/// Plain DAILY and WEEKLY rules and sub-daily rules without time or day filters are
/// iterated and counted as progressions (`RuleExpander.progression`: occurrence k is
/// base + k × step, no expansion), MONTHLY and YEARLY rules of one day of the month by
/// that day (`RuleExpander.monthDay`, no candidate days); bulk reads (`RuleCursor.fill`,
/// `RecurrenceSet.walls`) skip the merge of one-rule sets. Both give exactly what the
/// period-by-period expansion gives (the reference: `scanEveryDay`, which has no
/// progression), for random rules of every frequency, both semantics, floating and in a
/// zone with clock changes: occurrences from DTSTART and from a later point, one by one
/// and in bulk, counts before points, the i-th occurrence and the total.
@Suite struct RecurrenceProgressionTests {
    static func rule(_ rng: inout RecurrenceCandidateDayTests.Rng) -> RecurrenceRule {
        var r = RecurrenceRule(frequency: RruleFrequency(rawValue: Int32.random(in: 0...6, using: &rng)) ?? .daily)
        r.interval = [1, 1, 2, 3, 7, 13, 400].randomElement(using: &rng) ?? 1
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: r.byHour = [Int32.random(in: 0...23, using: &rng)]   // one time a day: still a progression below HOURLY
        case 1: r.byMinute = [Int32.random(in: 0...59, using: &rng), Int32.random(in: 0...59, using: &rng)]
        case 2: r.byDay = [WeekdayOrdinal(Weekday(uncheckedIndex: Int.random(in: 0...6, using: &rng)))]
        case 3: r.bySecond = [Int32.random(in: 0...59, using: &rng)]
        case 4: r.bySetPos = [1]
        default: break
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.weekStart = Weekday(uncheckedIndex: Int.random(in: 0...6, using: &rng)) }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: r.count = Int64.random(in: 0...300, using: &rng)
        case 1: r.until = .local(Int64.random(in: 0...(3_000 * 86_400), using: &rng))   // after DTSTART, set below
        default: break
        }
        return r
    }

    static func walls(_ s: RuleSeries, from t: Int64, _ n: Int) throws -> [Int64] {
        var c = try RuleCursor(s, from: t)
        var out: [Int64] = []
        while out.count < n, let o = try c.next() { out.append(o.wall) }
        return out
    }

    static func filled(_ s: RuleSeries, from t: Int64, _ n: Int) throws -> [Int64] {
        var c = try RuleCursor(s, from: t)
        var out = [Int64](repeating: 0, count: n)
        var got = 0
        try out.withUnsafeMutableBufferPointer { b in
            guard let base = b.baseAddress else { return }
            while got < n {   // uneven chunks: a fill continues where the last stopped
                let k = try c.fill(base + got, min(n - got, 1 + got % 7))
                got += k
                if k == 0 { break }
            }
        }
        return Array(out[0..<got])
    }

    @Test func progressionsAgreeWithExpansion() throws {
        var rng = RecurrenceCandidateDayTests.Rng(state: 23)
        let newYork = try TZTest.zone("America/New_York")
        var progressions = 0, monthDays = 0, compared = 0
        for _ in 0..<160 {
            var rule = Self.rule(&rng)
            let semantics: RruleSemantics = Bool.random(using: &rng) ? .dateutil : .rfc5545
            let zone: TimeZone? = Int.random(in: 0..<3, using: &rng) == 0 ? newYork : nil
            let day = Int64(Gregorian.daysFromCivil(Int.random(in: 1990...2030, using: &rng), Int.random(in: 1...12, using: &rng),
                                                    Int.random(in: 1...28, using: &rng)))
            let start = day * 86_400 + Int64.random(in: 0..<86_400, using: &rng)
            if case .local(let after) = rule.until { rule.until = .local(start + after) }
            guard let fast = try? RuleSeries(rule: rule, start: start, semantics: semantics, zone: zone, gapPolicy: .skip) else {
                #expect(throws: KalendsError.self) {
                    _ = try RuleSeries(rule: rule, start: start, semantics: semantics, zone: zone, gapPolicy: .skip, scanEveryDay: true)
                }
                continue
            }
            let slow = try RuleSeries(rule: rule, start: start, semantics: semantics, zone: zone, gapPolicy: .skip, scanEveryDay: true)
            #expect(slow.expander.progression == nil)
            if fast.expander.progression != nil { progressions += 1 }
            if fast.expander.monthDay != nil { monthDays += 1 }
            #expect(slow.expander.monthDay == nil)
            compared += 1
            let label = "\(rule.text) from \(TimeText.formatDateTime(start)) \(semantics) \(zone == nil ? "floating" : "New York")"
            let expected = try Self.walls(slow, from: start, 120)
            #expect(try Self.walls(fast, from: start, 120) == expected, "\(label)")
            #expect(try Self.filled(fast, from: start, 120) == expected, "\(label)")
            let later = start + Int64.random(in: 0...(200 * 86_400), using: &rng)
            let expectedLater = try Self.walls(slow, from: later, 40)
            #expect(try Self.walls(fast, from: later, 40) == expectedLater, "\(label) from \(later)")
            #expect(try Self.filled(fast, from: later, 40) == expectedLater, "\(label) from \(later)")
            for point in [start, later, start + 3 * 86_400 + 7] {
                #expect(try fast.countBefore(point) == slow.countBefore(point), "\(label) count before \(point)")
            }
            for i: Int64 in [0, 1, 17] {
                #expect(try fast.occurrence(at: i) == slow.occurrence(at: i), "\(label) [\(i)]")
            }
            if rule.count != nil || rule.until != nil {
                #expect(try fast.total() == slow.total(), "\(label) total")
            }
        }
        #expect(compared > 120)
        #expect(progressions > 30)
        #expect(monthDays > 10)
    }

    /// A one-rule set read in bulk (`walls`, what kalends_rrule_next uses) gives the
    /// instances' wall times, DTSTART first under RFC 5545, from any point, in any chunks;
    /// sets with exclusions or a zone take the merge and give the same.
    @Test func bulkWallsAgreeWithInstances() throws {
        let start = try Rec.local("20240131T090000")
        for text in ["FREQ=WEEKLY;COUNT=30", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=40", "FREQ=HOURLY;INTERVAL=5;UNTIL=20240301T000000",
                     "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=12", "FREQ=DAILY;BYDAY=MO,FR;BYSETPOS=1"] {
            let rule = try RecurrenceRule.parse(text)
            let sets = [try RecurrenceSet(start: start, zone: nil, rules: [rule]),
                        try RecurrenceSet(dateutilRules: [(rule, start)]),
                        try RecurrenceSet(start: start, zone: nil, rules: [rule],
                                          exceptionDates: [RecurrenceDate(kind: .local, value: start + 7 * 86_400)]),
                        try RecurrenceSet(start: start, zone: try TZTest.zone("Europe/Berlin"), rules: [rule])]
            for set in sets {
                for from in [Int64.min, start, start + 1, start + 40 * 86_400] {
                    var c = try set.instances(from: set.key(ofLocal: from == Int64.min ? TimeText.minLocal : from))
                    var expected: [Int64] = []
                    while expected.count < 60, let i = try c.next() { expected.append(i.local) }
                    var w = try set.walls(from: set.key(ofLocal: from == Int64.min ? TimeText.minLocal : from))
                    var got = [Int64](repeating: 0, count: 60)
                    var n = 0
                    try got.withUnsafeMutableBufferPointer { b in
                        guard let base = b.baseAddress else { return }
                        while n < 60 {
                            let k = try w.fill(base + n, capacity: min(60 - n, 9))
                            n += k
                            if k < min(60 - n + k, 9) { break }
                        }
                    }
                    #expect(Array(got[0..<n]) == expected, "\(text) from \(from)")
                }
            }
        }
    }
}
