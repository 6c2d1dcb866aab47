import Testing
@testable import KalendsCore

/// Counting a rule's occurrences in a range by arithmetic (issue 24, item 2): a cut day of
/// a sub-daily rule by its allowed hours and minutes, a period of many days and times by
/// its days (`RuleExpander.count(period:from:to:)`, `countWithinDay`), never by listing
/// them; and a cursor that lists a period of millions of occurrences a chunk at a time.
/// The reference walks every period from DTSTART and expands it whole.
@Suite struct RecurrenceDenseCountTests {
    typealias Rng = RecurrenceCandidateDayTests.Rng

    /// The occurrences in [a, b): every period from DTSTART expanded whole (the
    /// scan-every-day expander), cut by DTSTART, UNTIL, COUNT and skipped wall times.
    static func reference(_ s: RuleSeries, _ a: Int64, _ b: Int64) throws -> [Int64] {
        let e = s.expander
        var k: Int64 = 0, taken: Int64 = 0
        var out: [Int64] = [], found: [Int64] = []
        while let u = e.periodUnit(k), e.unitStart(u) < b, e.unitStart(u) <= s.high {
            try e.expand(period: k, into: &out)
            for o in out where o >= s.low && o <= s.high {
                if let z = s.zone, s.gapPolicy == .skip, !WallClock.resolve(z, o).exists { continue }
                if let l = s.limit, taken >= l { return found }
                taken += 1
                if o >= a && o < b { found.append(o) }
            }
            k += 1
        }
        return found
    }

    static func listed(_ s: RuleSeries, _ a: Int64, _ b: Int64) throws -> [Int64] {
        var c = try RuleCursor(s, from: a)
        var out: [Int64] = []
        while let o = try c.next(), o.wall < b { out.append(o.wall) }
        return out
    }

    static func denseRule(_ rng: inout Rng) -> RecurrenceRule {
        let frequency: RruleFrequency = [.secondly, .secondly, .minutely, .minutely, .hourly, .daily, .weekly, .monthly, .yearly]
            .randomElement(using: &rng) ?? .secondly
        var r = RecurrenceRule(frequency: frequency)
        r.interval = [1, 1, 1, 2, 7, 13, 25, 61].randomElement(using: &rng) ?? 1
        func some(_ n: Int, _ range: ClosedRange<Int32>) -> [Int32] {
            (0..<n).map { _ in Int32.random(in: range, using: &rng) }
        }
        if Bool.random(using: &rng) { r.byHour = some(Int.random(in: 1...8, using: &rng), 0...23) }
        if frequency >= .minutely || frequency <= .daily, Bool.random(using: &rng) {
            r.byMinute = some(Int.random(in: 1...20, using: &rng), 0...59)
        }
        if Int.random(in: 0..<3, using: &rng) == 0 && frequency >= .daily {
            r.bySecond = some(Int.random(in: 1...30, using: &rng), 0...59)
        }
        if frequency <= .daily {
            // Many times a day: every minute of some hours.
            if r.byHour.isEmpty { r.byHour = some(3, 0...23) }
            if r.byMinute.isEmpty { r.byMinute = Array(0...59) }
        }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: r.byDay = [WeekdayOrdinal(.monday), WeekdayOrdinal(.wednesday), WeekdayOrdinal(.saturday)]
        case 1 where frequency <= .monthly: r.byMonthDay = [1, 2, 15, -1]
        case 2 where frequency == .yearly: r.byMonth = [3, 11]; r.byMonthDay = [7, 8, 9]
        case 3: r.bySetPos = [1, -2, 5]
        default: break
        }
        if frequency <= .weekly && r.byDay.isEmpty && r.byMonthDay.isEmpty {
            r.byDay = [WeekdayOrdinal(.tuesday), WeekdayOrdinal(.sunday)]
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.count = Int64.random(in: 1...5_000, using: &rng) }
        return r
    }

    /// Counts of random ranges (cut days, whole days, a cut hour, across a clock change)
    /// of random dense rules: what the arithmetic gives is what the expansion lists, and
    /// the cursor lists exactly those.
    @Test func countsOfDenseRulesAgreeWithExpansion() throws {
        var rng = Rng(state: 2024)
        let zones: [TimeZone?] = [nil, try TZTest.zone("America/New_York"), try TZTest.zone("Australia/Lord_Howe")]
        var compared = 0, nonzero = 0
        for _ in 0..<70 {
            let rule = Self.denseRule(&rng)
            let zone = zones.randomElement(using: &rng) ?? nil
            // Near a clock change of both zones now and then (New York 2026-03-08, Lord Howe 2026-04-05).
            let days = [Gregorian.daysFromCivil(2026, 3, 7), Gregorian.daysFromCivil(2026, 4, 4),
                        Gregorian.daysFromCivil(2026, 6, Int.random(in: 1...28, using: &rng))]
            let day = Int64(days.randomElement(using: &rng) ?? 0)
            let start = day * 86_400 + Int64.random(in: 0..<86_400, using: &rng)
            guard let fast = try? RuleSeries(rule: rule, start: start, semantics: .rfc5545, zone: zone, gapPolicy: .skip) else { continue }
            let slow = try RuleSeries(rule: rule, start: start, semantics: .rfc5545, zone: zone, gapPolicy: .skip, scanEveryDay: true)
            // Sub-daily rules near DTSTART (the reference walks every period), others within weeks.
            let reach: Int64 = rule.frequency > .daily ? 3 * 86_400 : 40 * 86_400
            for _ in 0..<4 {
                let a = start - 3_600 + Int64.random(in: 0...reach, using: &rng)
                let length: Int64 = [1, 59, 3_600, 5_000, 86_400, 2 * 86_400 + 7_777].randomElement(using: &rng) ?? 1
                let b = min(a + length, start + reach + 86_400)
                let expected = try Self.reference(slow, a, b)
                let label = "\(rule.text) from \(TimeText.formatDateTime(start)) in \(zone?.name ?? "floating"): [\(TimeText.formatDateTime(a)), \(TimeText.formatDateTime(b)))"
                #expect(try fast.count(from: a, to: b) == Int64(expected.count), "\(label)")
                #expect(try slow.count(from: a, to: b) == Int64(expected.count), "\(label) (scanning every day)")
                #expect(try Self.listed(fast, a, b) == expected, "\(label) listed")
                compared += 1
                if !expected.isEmpty { nonzero += 1 }
            }
        }
        #expect(compared > 200)
        #expect(nonzero > 60)
    }

    /// A YEARLY rule with every second of two days a year: 172,800 occurrences a period,
    /// counted from its days and listed in chunks from anywhere in it.
    @Test func aPeriodOfManyOccurrencesIsCountedAndListedInPieces() throws {
        var rule = try RecurrenceRule.parse("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=10,11;BYHOUR=\((0...23).map(String.init).joined(separator: ","));BYMINUTE=\((0...59).map(String.init).joined(separator: ","));BYSECOND=\((0...59).map(String.init).joined(separator: ","))")
        let start = try Rec.local("20260210T000000")
        let s = try RuleSeries(rule: rule, start: start, semantics: .rfc5545, zone: nil, gapPolicy: .skip)
        let feb11 = try Rec.local("20260211T000000")
        #expect(try s.count(from: start, to: feb11) == 86_400 - 1)   // RFC 5545: DTSTART is the set's, not the rule's
        #expect(try s.count(from: feb11 + 3_600, to: feb11 + 3_660) == 60)
        #expect(try s.count(from: start, to: try Rec.local("20290101T000000")) == 3 * 172_800 - 1)
        #expect(try Self.listed(s, feb11 + 43_210, feb11 + 43_215) == Array((feb11 + 43_210)..<(feb11 + 43_215)))
        var c = try RuleCursor(s, from: feb11 + 86_399)
        #expect(try c.next()?.wall == feb11 + 86_399)
        #expect(try c.next()?.wall == (try Rec.local("20270210T000000")))
        rule.bySetPos = [-1]
        let last = try RuleSeries(rule: rule, start: start, semantics: .rfc5545, zone: nil, gapPolicy: .skip)
        #expect(try Self.listed(last, start, try Rec.local("20280101T000000")) == [feb11 + 86_399, try Rec.local("20270211T235959")])
    }
}
