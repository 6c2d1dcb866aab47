import Testing
@testable import KalendsCore

/// RFC 7529 RSCALE with FREQ=WEEKLY, DAILY, HOURLY, MINUTELY: BYMONTH (leap months too),
/// BYMONTHDAY, BYYEARDAY and BYWEEKNO limit the days, counted in the system's months and
/// years. Random rules against a day-by-day reference that reads each day's month, day of
/// the month, day of the year and week from the system's month table.
@Suite struct RecurrenceRscaleFinerTests {
    static let systems: [(String, [String])] = [
        ("chinese", (1...12).map { "\($0)L" }), ("dangi", ["4L", "6L"]), ("hebrew", ["5L"]),
        ("islamic-civil", []), ("islamic-umalqura", []), ("persian", []), ("indian", []),
        ("coptic", []), ("ethiopic", []), ("buddhist", []), ("japanese", []),
    ]

    /// The reference: does day `d` pass the rule's calendar parts, counted in `system`?
    static func passes(_ d: Int, _ system: AnyCalendarSystem, months: [RuleMonth], monthDays: [Int32],
                       yearDays: [Int32], weekNos: [Int32], weekStart: Weekday) -> Bool {
        let base = system.base
        let m = base.month(index: base.monthIndex(dayNumber: d))
        if !months.isEmpty && !months.contains(RecurrenceScale.ruleMonth(system, month: m.month, isLeapMonth: m.isLeapMonth)) {
            return false
        }
        if !monthDays.isEmpty && !monthDays.contains(Int32(d - m.firstDay + 1)) && !monthDays.contains(Int32(d - m.lastDay - 1)) {
            return false
        }
        // The system's years (yearStart is checked against Foundation in RecurrenceRscaleTests).
        let y = m.extendedYear
        let yFirst = base.yearStart(extendedYear: y), yLast = base.yearStart(extendedYear: y + 1) - 1
        if !yearDays.isEmpty && !yearDays.contains(Int32(d - yFirst + 1)) && !yearDays.contains(Int32(d - yLast - 1)) {
            return false
        }
        if !weekNos.isEmpty {
            // Week 1 starts on the week start on or before the year's first day when that
            // week has 4 days of the year, else a week later; a day's week year is the
            // one whose week 1 starts last on or before it.
            func week1(_ first: Int) -> Int {
                let lead = (Gregorian.isoWeekday(first) - Int(weekStart.rawValue) + 7) % 7
                return 7 - lead >= 4 ? first - lead : first - lead + 7
            }
            let starts = (y - 1...y + 2).map { week1(base.yearStart(extendedYear: $0)) }
            var k = 0
            while starts[k + 1] <= d { k += 1 }
            let week = (d - starts[k]) / 7 + 1, weeks = (starts[k + 1] - starts[k]) / 7
            if !weekNos.contains(Int32(week)) && !weekNos.contains(Int32(week - weeks - 1)) { return false }
        }
        return true
    }

    @Test(arguments: 0..<6)
    func randomRulesAgreeWithTheDayByDayReference(_ seed: Int) throws {
        var rng = SplitMix(UInt64(7529 + seed))
        let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var nonEmpty = 0
        for _ in 0..<25 {
            let (id, leaps) = Self.systems[Int(rng.next() % UInt64(Self.systems.count))]
            let system = try CalendarSystems.named(id)
            let freq = ["DAILY", "DAILY", "WEEKLY", "HOURLY"][Int(rng.next() % 4)]
            var parts = ["RSCALE=\(id.uppercased())", "FREQ=\(freq)"]
            var months: [RuleMonth] = [], monthDays: [Int32] = [], yearDays: [Int32] = [], weekNos: [Int32] = []
            let maxMonth = RecurrenceScale.maxMonth(system) ?? 12
            if rng.next() % 2 == 0 {
                var names: [String] = []
                for _ in 0..<(1 + Int(rng.next() % 2)) {
                    if !leaps.isEmpty && rng.next() % 3 == 0 {
                        let l = leaps[Int(rng.next() % UInt64(leaps.count))]
                        names.append(l)
                        months.append(RuleMonth(Int32(l.dropLast())!, leap: true))
                    } else {
                        let n = Int32(1 + rng.next() % UInt64(maxMonth))
                        names.append("\(n)")
                        months.append(RuleMonth(n))
                    }
                }
                parts.append("BYMONTH=" + names.joined(separator: ","))
            }
            switch rng.next() % 4 {
            case 0:
                monthDays = [Int32(1 + rng.next() % 30), [-1, -2, 29, 30, 15][Int(rng.next() % 5)]]
                parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
            case 1:
                yearDays = [Int32(1 + rng.next() % 366), -Int32(1 + rng.next() % 5)]
                parts.append("BYYEARDAY=" + yearDays.map(String.init).joined(separator: ","))
            case 2:
                weekNos = [Int32(1 + rng.next() % 53), -1]
                parts.append("BYWEEKNO=" + weekNos.map(String.init).joined(separator: ","))
            default:
                if months.isEmpty {
                    months = [RuleMonth(Int32(1 + rng.next() % 12))]
                    parts.append("BYMONTH=\(months[0].number)")
                }
            }
            var byDay: Set<Int> = []
            if freq != "WEEKLY" && rng.next() % 3 == 0 {
                let w = Int(rng.next() % 7)
                byDay = [w + 1]
                parts.append("BYDAY=" + weekdays[w])
            }
            if freq == "HOURLY" { parts.append("BYHOUR=9,17") }
            if rng.next() % 4 == 0 { parts.append("SKIP=" + ["BACKWARD", "FORWARD"][Int(rng.next() % 2)]) }
            let text = parts.joined(separator: ";")
            let startDay = Gregorian.daysFromCivil(1900, 1, 1) + Int(rng.next() % UInt64(200 * 365))
            let endDay = startDay + 6 * 366
            let c = Gregorian.civilFromDays(startDay)
            let start = "\(c.year)-\(c.month)-\(c.day)"
            let set = try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false,
                                        rules: [try RecurrenceRule.parse(text)], semantics: .dateutil)
            let got = try set.instances(from: Int64(startDay) * 86_400, to: Int64(endDay) * 86_400).map(\.local)
            var expected: [Int64] = []
            let startWeekday = Gregorian.isoWeekday(startDay)
            for d in startDay..<endDay {
                let wd = Gregorian.isoWeekday(d)
                if freq == "WEEKLY" {
                    // WEEKLY without BYDAY: DTSTART's weekday when no other day part is given.
                    let dayParts = !monthDays.isEmpty || !yearDays.isEmpty || !weekNos.isEmpty
                    if !dayParts && wd != startWeekday { continue }
                } else if !byDay.isEmpty && !byDay.contains(wd) {
                    continue
                }
                guard Self.passes(d, system, months: months, monthDays: monthDays, yearDays: yearDays, weekNos: weekNos,
                                  weekStart: .monday) else { continue }
                if freq == "HOURLY" {
                    expected.append(Int64(d) * 86_400 + 9 * 3600)
                    expected.append(Int64(d) * 86_400 + 17 * 3600)
                } else {
                    expected.append(Int64(d) * 86_400)
                }
            }
            let differences = Set(got).symmetricDifference(expected).sorted().prefix(4).map { Rec.text($0) }
            if !expected.isEmpty { nonEmpty += 1 }
            #expect(got == expected, "\(start) \(text): got \(got.count), expected \(expected.count); first differences \(differences)")
            // Counting and restarting agree with the listing.
            #expect(try set.count(between: Int64(startDay) * 86_400 - 1, Int64(endDay) * 86_400, inclusive: false) == Int64(got.count), "\(text)")
            if got.count > 2 {
                let mid = got[got.count / 2]
                let later = try set.instances(from: mid, to: Int64(endDay) * 86_400).map(\.local)
                #expect(later == Array(got[(got.count / 2)...]), "\(text) from the middle")
            }
        }
        #expect(nonEmpty >= 12, "most random rules have instances in six years")
    }

    static func dates(_ start: String, _ rule: String) throws -> [String] {
        try Rec.expand(start, rule, zone: nil, semantics: .dateutil).map { String($0.prefix(8)) }
    }

    /// RFC 7529's Chinese and Hebrew months as limits of DAILY and WEEKLY rules (the
    /// same as libical 3.0.16 gives, but for ICU 72's Chinese new year of 2027).
    @Test func namedExamples() throws {
        // The first two days of each Chinese new year: 2026-02-17, 2027-02-06 (Kalends'
        // tables; ICU 72 says 02-07), 2028-01-26.
        #expect(try Self.dates("20260217", "RSCALE=CHINESE;FREQ=DAILY;BYMONTH=1;BYMONTHDAY=1,2;COUNT=6")
                == ["20260217", "20260218", "20270206", "20270207", "20280126", "20280127"])
        // Adar I (5L) exists in leap years only: 5787 (2027) is one, 5786 is not.
        #expect(try Self.dates("20260217", "RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L;COUNT=3")
                == ["20270208", "20270209", "20270210"])
        #expect(try Self.dates("20260217", "RSCALE=HEBREW;FREQ=WEEKLY;BYMONTH=5L;COUNT=3")
                == ["20270209", "20270216", "20270223"])
        // SKIP has nothing to move in a limit: the 30ths of 30-day months only.
        #expect(try Self.dates("20260217", "RSCALE=HEBREW;FREQ=DAILY;BYMONTHDAY=30;SKIP=BACKWARD;COUNT=4")
                == ["20260217", "20260417", "20260615", "20260813"])
        // The Hebrew year's last day (-1) and first (1): 29 Elul 5786, 1 Tishri 5787.
        #expect(try Self.dates("20260217", "RSCALE=HEBREW;FREQ=DAILY;BYYEARDAY=1,-1;COUNT=2") == ["20260911", "20260912"])
        // Week 1 of the Hebrew year 5787 (weeks from Monday): 1 Tishri is a Saturday, so
        // week 1 begins Monday 2026-09-14.
        #expect(try Self.dates("20260217", "RSCALE=HEBREW;FREQ=DAILY;BYWEEKNO=1;BYDAY=MO;COUNT=1") == ["20260914"])
    }

    /// A limit no day passes (the 30th of Tevet, always 29 days) ends, also for a
    /// sub-daily rule, and quickly: one system year's candidates at a time to 9999.
    @Test func limitThatNeverPassesEnds() throws {
        for freq in ["DAILY", "WEEKLY", "MINUTELY"] {
            let set = try Rec.makeSet("20260101", "RSCALE=HEBREW;FREQ=\(freq);BYMONTH=4;BYMONTHDAY=30", zone: nil, semantics: .dateutil)
            #expect(try set.count() == 0, "\(freq)")
            var c = try set.instances(from: Int64.min)
            #expect(try c.next() == nil)
        }
    }
}

