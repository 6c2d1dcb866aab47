import Foundation
import Kalends
import KalendsCore
import Testing

@Suite struct RecurrenceSetParityTests {
    /// Random RRULE texts through KalendsCore's RecurrenceSet and through the wrapper
    /// (kalends_rrule_*), both semantics: the same occurrences from the start and from a
    /// later point, the same between, count, index, before and after, or both refuse.
    @Test(arguments: [Kalends.RruleSemantics.rfc5545, .dateutil])
    func randomRulesAgree(semantics: Kalends.RruleSemantics) throws {
        var rng = SplitMix(state: semantics == .dateutil ? 3 : 5)
        let freqs = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY"]
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var compared = 0
        for _ in 0..<60 {
            var parts = ["FREQ=" + freqs[Int(rng.next() % 4)]]
            if rng.next() % 3 == 0 { parts.append("INTERVAL=\(1 + rng.next() % 3)") }
            if rng.next() % 2 == 0 { parts.append("COUNT=\(rng.next() % 30)") }
            if rng.next() % 3 == 0 { parts.append("BYMONTH=\(1 + rng.next() % 12)") }
            if rng.next() % 3 == 0 { parts.append("BYMONTHDAY=\(Int(rng.next() % 31) + 1),-1") }
            if rng.next() % 2 == 0 {
                let ordinal = ["", "1", "2", "-1"][Int(rng.next() % 4)]
                parts.append("BYDAY=" + ordinal + days[Int(rng.next() % 7)])
            }
            if rng.next() % 4 == 0 { parts.append("BYSETPOS=\(rng.next() % 2 == 0 ? 1 : -1)") }
            let text = parts.joined(separator: ";")
            let start = Int64(Gregorian.daysFromCivil(1990 + Int(rng.next() % 40), 1 + Int(rng.next() % 12),
                                                      1 + Int(rng.next() % 28))) * 86_400 + Int64(rng.next() % 86_400)
            let coreSemantics: KalendsCore.RruleSemantics = semantics == .dateutil ? .dateutil : .rfc5545
            let core: KalendsCore.RecurrenceSet
            do {
                let rule = try KalendsCore.RecurrenceRule.parse(text)
                core = semantics == .dateutil ? try KalendsCore.RecurrenceSet(dateutilRules: [(rule, start)])
                    : try KalendsCore.RecurrenceSet(start: start, zone: nil, rules: [rule], semantics: coreSemantics)
            } catch {
                #expect(throws: Kalends.KalendsError.self) {
                    _ = try Kalends.RecurrenceSet(text: text, start: start, semantics: semantics, library: library)
                }
                continue
            }
            let wrapper = try Kalends.RecurrenceSet(text: text, start: start, semantics: semantics, library: library)
            compared += 1
            var c = try core.instances(from: Int64.min)
            var expected: [Int64] = []
            while expected.count < 50, let i = try c.next() { expected.append(i.local) }
            #expect(try wrapper.next(limit: 50) == expected, "\(text)")
            guard expected.count > 4 else { continue }
            let a = expected[1], b = expected[expected.count - 2]
            #expect(try wrapper.next(from: a, inclusive: false, limit: 3) == Array(expected[2..<5]), "\(text)")
            #expect(try wrapper.between(a, b, inclusive: true) == core.between(a, b, inclusive: true).map(\.local))
            #expect(try wrapper.before(b, inclusive: false) == core.last(before: b, inclusive: false)?.local)
            #expect(try wrapper.after(a, inclusive: false) == expected[2])
            #expect(try wrapper.occurrence(at: 3) == expected[3])
            if parts.contains(where: { $0.hasPrefix("COUNT=") }) {
                #expect(try wrapper.count() == core.count(), "\(text)")
            }
        }
        #expect(compared > 40)
    }

    /// The 4th Thursday of November (US Thanksgiving) for 2000...2049 from parts, against
    /// Foundation's Calendar (weekdayOrdinal 4 of weekday 5).
    @Test func thanksgivingAgainstFoundation() throws {
        let start = Int64(Gregorian.daysFromCivil(2000, 1, 1)) * 86_400
        let rule = try Kalends.RecurrenceSet(frequency: .yearly, start: start, count: 50, byMonth: [11],
                                              byDay: [(.thursday, 4)], semantics: .dateutil, library: library)
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = Foundation.TimeZone(identifier: "UTC") ?? calendar.timeZone
        let expected = (2000..<2050).compactMap { year -> Int64? in
            let c = DateComponents(year: year, month: 11, weekday: 5, weekdayOrdinal: 4)
            return calendar.date(from: c).map { Int64($0.timeIntervalSince1970) }
        }
        #expect(expected.count == 50)
        #expect(try rule.next(limit: 60) == expected)
        #expect(try rule.text().contains("BYDAY=4TH"))
        #expect(throws: Kalends.KalendsError.self) {
            _ = try Kalends.RecurrenceSet(text: "FREQ=SOMETIMES", start: start, library: library)
        }
    }
}

extension RecurrenceSetParityTests {
    /// Random sets (two or three rules with their own starts, an exclusion rule, dates and
    /// excluded dates, some repeating the rules' occurrences) built through the wrapper
    /// (kalends_rrule_new_set, add, exclude) and as a core RecurrenceSet made whole by its
    /// dateutil initializer: the same occurrences, count, indexes, before/after, between.
    @Test func randomSetsAgree() throws {
        var rng = SplitMix(state: 11)
        let texts = ["FREQ=WEEKLY;BYDAY=MO,TH;COUNT=30", "FREQ=DAILY;INTERVAL=3;COUNT=40", "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=12",
                     "FREQ=HOURLY;BYHOUR=9,21;COUNT=50", "FREQ=WEEKLY;BYDAY=FR;UNTIL=20270101T000000"]
        for _ in 0..<40 {
            let base = Int64(Gregorian.daysFromCivil(2026, 1 + Int(rng.next() % 12), 1)) * 86_400 + 9 * 3_600
            var rules: [(KalendsCore.RecurrenceRule, Int64)] = [], exRules: [(KalendsCore.RecurrenceRule, Int64)] = []
            let set = try Kalends.RecurrenceSet(library: library)
            for k in 0..<(3 + Int(rng.next() % 2)) {
                let text = texts[Int(rng.next() % UInt64(texts.count))]
                let start = base + Int64(rng.next() % 20) * 86_400
                let one = try Kalends.RecurrenceSet(text: text, start: start, semantics: .dateutil, library: library)
                if k == 0 || rng.next() % 4 != 0 {
                    rules.append((try KalendsCore.RecurrenceRule.parse(text), start))
                    try set.add(one)
                } else {
                    exRules.append((try KalendsCore.RecurrenceRule.parse(text), start))
                    try set.exclude(one)
                }
            }
            let some = try set.next(limit: 60)
            let dates = (0..<Int(rng.next() % 6)).map { _ in
                rng.next() % 2 == 0 && !some.isEmpty ? some[Int(rng.next() % UInt64(some.count))] : base + Int64(rng.next() % 2_000) * 3_600
            }
            let exDates = (0..<Int(rng.next() % 6)).compactMap { _ in some.isEmpty ? nil : some[Int(rng.next() % UInt64(some.count))] }
            try set.add(dates: dates)
            try set.exclude(dates: exDates)
            let core = try KalendsCore.RecurrenceSet(dateutilRules: rules, dates: dates, exceptionRules: exRules, exceptionDates: exDates)
            var c = try core.instances(from: Int64.min)
            var expected: [Int64] = []
            while let i = try c.next() { expected.append(i.local) }
            #expect(try set.next(limit: 1_000) == expected)
            #expect(try set.count() == Int64(expected.count))
            guard expected.count > 6 else { continue }
            let a = expected[2], b = expected[expected.count - 3]
            #expect(try set.occurrence(at: 5) == expected[5])
            #expect(try set.occurrence(at: -2) == expected[expected.count - 2])
            #expect(try set.before(b) == expected[expected.count - 4])
            #expect(try set.before(b, inclusive: true) == b)
            #expect(try set.after(a) == expected[3])
            #expect(try set.between(a, b, inclusive: true) == Array(expected[2...(expected.count - 3)]))
            #expect(try set.between(a, b) == Array(expected[3..<(expected.count - 3)]))
        }
    }
}
