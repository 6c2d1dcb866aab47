import Testing
@testable import KalendsCore

/// Counting endless RSCALE rules by the systems' cycles (`ScaledCycle`, used by
/// `RuleSeries.countBefore`): the count, the count of a range and the n-th instance equal
/// the walk of every instance to 9999, for random rules in the systems with a cycle
/// (the first years after DTSTART and the last before 9999-12-31 included).
@Suite struct RecurrenceRscaleCountTests {
    static let systems = ["ISLAMIC-CIVIL", "ISLAMIC-TBLA", "COPTIC", "ETHIOPIC", "PERSIAN", "BUDDHIST", "ROC",
                          "JAPANESE", "INDIAN"]

    /// A random rule of a few instances a year (so the walk to 9999 stays short).
    static func randomRule(_ rng: inout SplitMix, _ id: String) -> String {
        let maxMonth = ["COPTIC", "ETHIOPIC"].contains(id) ? 13 : 12
        func month() -> Int { 1 + Int(rng.next() % UInt64(maxMonth)) }
        var parts = ["RSCALE=\(id)"]
        switch rng.next() % 5 {
        case 0:
            parts.append("FREQ=YEARLY")
            switch rng.next() % 4 {
            case 0: parts.append("BYMONTH=\(month());BYMONTHDAY=\([1, 29, 30, -1, 31][Int(rng.next() % 5)])")
            case 1: parts.append("BYYEARDAY=\([1, 100, 365, 366, -1][Int(rng.next() % 5)])")
            case 2: parts.append("BYWEEKNO=\([1, 53, -1, 20][Int(rng.next() % 4)]);BYDAY=MO,FR")
            default: parts.append("BYMONTH=\(month());BYDAY=\(["1SU", "-1FR", "2MO", "5TU"][Int(rng.next() % 4)])")
            }
        case 1:
            parts.append("FREQ=YEARLY;BYMONTHDAY=1,15;BYSETPOS=\([-1, 1, 3, -2][Int(rng.next() % 4)])")
        case 2:
            parts.append("FREQ=MONTHLY;BYMONTH=\(month()),\(month());BYMONTHDAY=\([1, 30, -1][Int(rng.next() % 3)])")
        case 3:
            parts.append("FREQ=WEEKLY;BYMONTH=\(month())")
        default:
            parts.append("FREQ=DAILY;BYMONTH=\(month());BYMONTHDAY=\(1 + rng.next() % 28),30")
        }
        if rng.next() % 3 == 0 { parts.append("INTERVAL=\(2 + rng.next() % 3)") }
        if rng.next() % 3 == 0 { parts.append("SKIP=" + ["BACKWARD", "FORWARD"][Int(rng.next() % 2)]) }
        if rng.next() % 5 == 0 { parts.append("UNTIL=\(3000 + rng.next() % 6000)0101") }
        return parts.joined(separator: ";")
    }

    @Test(arguments: 0..<6)
    func countsByCyclesEqualTheWalk(_ seed: Int) throws {
        var rng = SplitMix(UInt64(1461 + seed))
        for _ in 0..<6 {
            let id = Self.systems[Int(rng.next() % UInt64(Self.systems.count))]
            let text = Self.randomRule(&rng, id)
            let startDay = Gregorian.daysFromCivil(1800, 1, 1) + Int(rng.next() % UInt64(400 * 365))
            let semantics: RruleSemantics = rng.next() % 3 == 0 ? .rfc5545 : .dateutil
            let rule = try RecurrenceRule.parse(text)
            if semantics == .rfc5545, (try? rule.validate()) == nil { continue }
            func make() throws -> RecurrenceSet {
                try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false, rules: [rule], semantics: semantics)
            }
            var walked: [Int64] = []
            var c = try make().instances(from: Int64.min)
            while let i = try c.next() { walked.append(i.local) }
            let label = "\(text) from \(Rec.text(Int64(startDay) * 86_400)) (\(semantics))"
            #expect(try make().count() == Int64(walked.count), "\(label)")
            guard walked.count > 10 else { continue }
            let set = try make()
            for _ in 0..<3 {
                let i = Int(rng.next() % UInt64(walked.count))
                #expect(try set.instance(at: Int64(i))?.local == walked[i], "\(label) instance \(i)")
                let j = Int(rng.next() % UInt64(walked.count))
                let (a, b) = (walked[min(i, j)] - 1, walked[max(i, j)])
                #expect(try set.count(between: a, b, inclusive: false) == Int64(max(i, j) - min(i, j)), "\(label) between")
            }
            #expect(try set.instance(at: -1)?.local == walked.last, "\(label) last")
        }
    }

    /// The cycles of the systems: the same date `days` days later, `years` years on.
    @Test func systemCyclesRepeatTheirDates() throws {
        for id in ["islamic-civil", "islamic-tbla", "coptic", "ethiopic", "ethiopic-amete-alem", "persian", "buddhist",
                   "roc", "japanese", "indian", "julian", "gregorian"] {
            let system = try CalendarSystems.named(id)
            let c = try #require(ScaledCycle.of(system), "\(id)")
            let base = system.base
            for d in stride(from: Gregorian.daysFromCivil(1000, 1, 1), to: Gregorian.daysFromCivil(9000, 1, 1), by: 7919) {
                let m = base.month(index: base.monthIndex(dayNumber: d))
                let later = base.month(index: base.monthIndex(dayNumber: d + Int(c.days)))
                #expect(later.month == m.month && later.isLeapMonth == m.isLeapMonth && later.extendedYear == m.extendedYear + Int(c.years)
                        && d - m.firstDay == d + Int(c.days) - later.firstDay && later.length == m.length, "\(id) day \(d)")
                #expect(base.monthIndex(dayNumber: d + Int(c.days)) - base.monthIndex(dayNumber: d) == Int(c.months), "\(id) months")
            }
        }
        for id in ["hebrew", "chinese", "dangi", "islamic-umalqura", "islamic"] {
            #expect(ScaledCycle.of(try CalendarSystems.named(id)) == nil, "\(id) has no cycle")
        }
    }

    /// Systems without a cycle count year by year, each year's count once: an endless
    /// Hebrew yearly rule (8,000 instances) counts as its walk; one that would walk more
    /// than `RuleSeries.scaledStepLimit` periods and days (an endless Chinese WEEKLY rule,
    /// the rrule_c fuzzer's slow input: 420,000 weeks to 9999) stops with a clear error
    /// (it took 0.64 s in release, seconds under the sanitizers), as do its n-th instance
    /// and its last instance before a late date; with COUNT or UNTIL it counts.
    @Test func systemsWithoutCycleCountYearByYearWithinALimit() throws {
        let hebrew = try Rec.makeSet("20260101", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", zone: nil, semantics: .dateutil)
        var walked: Int64 = 0
        var c = try hebrew.instances(from: Int64.min)
        while try c.next() != nil { walked += 1 }
        #expect(try hebrew.count() == walked && walked > 7900)
        let rule = "RSCALE=CHINESE;FREQ=WEEKLY;BYMONTH=1,4,7;BYSETPOS=-1,2,-3;SKIP=BACKWARD"
        let chinese = try Rec.makeSet("20000229", rule, zone: nil, semantics: .dateutil)
        #expect(throws: KalendsError.self) { try chinese.count() }
        do {
            _ = try Rec.makeSet("20000229", rule, zone: nil, semantics: .dateutil).count()
        } catch let error as KalendsError {
            #expect(error.code == .outOfRange && error.message.contains("COUNT or UNTIL"), "\(error.message)")
        }
        #expect(throws: KalendsError.self) { try Rec.makeSet("20000229", rule, zone: nil, semantics: .dateutil).instance(at: -1) }
        let late = try Rec.local("90000101T000000")
        #expect(throws: KalendsError.self) {
            try Rec.makeSet("20000229", rule, zone: nil, semantics: .dateutil).last(before: late, inclusive: false)
        }
        // Bounded, it counts: 500 years, and COUNT.
        let bounded = try Rec.makeSet("20000229", rule + ";UNTIL=25000101", zone: nil, semantics: .dateutil)
        var n: Int64 = 0
        var b = try bounded.instances(from: Int64.min)
        while try b.next() != nil { n += 1 }
        #expect(try bounded.count() == n && n > 6000)
        #expect(try Rec.makeSet("20000229", rule + ";COUNT=5000", zone: nil, semantics: .dateutil).count() == 5000)
    }

    /// A Chinese or Dangi month's first day, as a MONTHLY rule's periods start, is its
    /// month's (the table's where it has the month, not a new moon computed per call: the
    /// rrule_c fuzzer's RSCALE=CHINESE;FREQ=MONTHLY;COUNT=10;BYMONTH=2L;... took 1.1 s).
    @Test func chineseMonthStartsAreTheMonthsFirstDays() throws {
        for id in ["chinese", "dangi"] {
            let base = try CalendarSystems.named(id).base
            let range = base.monthIndexRange
            for i in stride(from: range.lowerBound, through: range.upperBound, by: 97) {
                #expect(base.firstDay(monthIndex: i) == base.month(index: i).firstDay, "\(id) month \(i)")
            }
        }
        let set = try Rec.makeSet("20251124", "RSCALE=CHINESE;FREQ=MONTHLY;COUNT=10;BYHOUR=17,5,3;BYDAY=1MO;BYMONTHDAY=-30;"
                                  + "BYMONTH=2L;BYSETPOS=-2;WKST=MO;SKIP=BACKWARD", zone: nil, semantics: .rfc5545)
        var walked: Int64 = 0
        var c = try set.instances(from: Int64.min)
        while try c.next() != nil { walked += 1 }
        #expect(try set.count() == walked)
    }
}
