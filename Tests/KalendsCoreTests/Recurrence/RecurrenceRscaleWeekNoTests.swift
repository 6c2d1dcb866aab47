import Testing
@testable import KalendsCore

/// RFC 7529 RSCALE with FREQ=YEARLY and BYWEEKNO: a week 1 or 53 reaching into the year
/// before or after gives its days there too, each counted in the system year that holds
/// it (the Gregorian engine's reading, RFC 5545's and dateutil's). Gregorian-based systems
/// against the Gregorian engine; Hebrew, Chinese and Persian against a day-by-day reference.
@Suite struct RecurrenceRscaleWeekNoTests {
    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A random YEARLY BYWEEKNO rule's parts (edge weeks often), without RSCALE.
    static func randomParts(_ rng: inout SplitMix, maxMonth: Int) -> (text: String, weekNos: [Int32], byDay: Set<Int>,
                                                                         months: [Int32], setPos: [Int], interval: Int,
                                                                         weekStart: Int) {
        var weekNos: [Int32] = [[1, -1, 52, 53, -53, 2][Int(rng.next() % 6)]]
        if rng.next() % 2 == 0 { weekNos.append(Int32(1 + rng.next() % 53) * (rng.next() % 4 == 0 ? -1 : 1)) }
        var parts = ["FREQ=YEARLY", "BYWEEKNO=" + weekNos.map(String.init).joined(separator: ",")]
        let interval = rng.next() % 3 == 0 ? 2 + Int(rng.next() % 2) : 1
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        var byDay: Set<Int> = []
        if rng.next() % 2 == 0 {
            for _ in 0..<(1 + Int(rng.next() % 3)) { byDay.insert(1 + Int(rng.next() % 7)) }
            parts.append("BYDAY=" + byDay.sorted().map { weekdays[$0 - 1] }.joined(separator: ","))
        }
        var months: [Int32] = []
        if rng.next() % 4 == 0 {
            months = [rng.next() % 2 == 0 ? 1 : Int32(maxMonth)]
            parts.append("BYMONTH=\(months[0])")
        }
        var setPos: [Int] = []
        if rng.next() % 4 == 0 {
            setPos = [[1, -1, 2, -2][Int(rng.next() % 4)]]
            parts.append("BYSETPOS=\(setPos[0])")
        }
        let weekStart = 1 + Int(rng.next() % 7)
        parts.append("WKST=" + weekdays[weekStart - 1])
        return (parts.joined(separator: ";"), weekNos, byDay, months, setPos, interval, weekStart)
    }

    /// BUDDHIST, ROC and JAPANESE count Gregorian years, months and weeks: their YEARLY
    /// BYWEEKNO rules give exactly the Gregorian engine's instances (edge days included).
    @Test(arguments: 0..<4)
    func gregorianBasedSystemsAgreeWithTheGregorianEngine(_ seed: Int) throws {
        var rng = SplitMix(UInt64(5545 + seed))
        var edgeDays = 0
        for _ in 0..<40 {
            let id = ["BUDDHIST", "ROC", "JAPANESE"][Int(rng.next() % 3)]
            let r = Self.randomParts(&rng, maxMonth: 12)
            let startDay = Gregorian.daysFromCivil(1950, 1, 1) + Int(rng.next() % UInt64(120 * 365))
            let endDay = startDay + 12 * 366
            func list(_ text: String) throws -> [Int64] {
                let set = try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false,
                                            rules: [try RecurrenceRule.parse(text)], semantics: .rfc5545)
                return try set.instances(from: Int64(startDay) * 86_400, to: Int64(endDay) * 86_400).map(\.local)
            }
            let expected = try list(r.text)
            let got = try list("RSCALE=\(id);" + r.text)
            edgeDays += expected.filter { k in
                let c = Gregorian.civilFromDays(Int(k / 86_400))
                return (c.month == 1 && c.day <= 3) || (c.month == 12 && c.day >= 29)
            }.count
            let differences = Set(got).symmetricDifference(expected).sorted().prefix(4).map { Rec.text($0) }
            #expect(got == expected, "\(Rec.text(Int64(startDay) * 86_400)) RSCALE=\(id);\(r.text): first differences \(differences)")
            if rng.next() % 3 == 0 {
                let counted = try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false,
                                                rules: [try RecurrenceRule.parse("RSCALE=\(id);\(r.text);COUNT=25")], semantics: .rfc5545)
                let plain = try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false,
                                              rules: [try RecurrenceRule.parse("\(r.text);COUNT=25")], semantics: .rfc5545)
                #expect(try counted.instances(from: Int64.min, to: Int64.max).map(\.local)
                        == plain.instances(from: Int64.min, to: Int64.max).map(\.local), "\(id) \(r.text);COUNT=25")
            }
        }
        #expect(edgeDays > 40, "the random rules reach the years' edge days")
    }

    /// The reference: the days of system year `y` (a period) in the rule's weeks, BYDAY and
    /// BYMONTH, then BYSETPOS within the year.
    static func referenceYear(_ y: Int, _ system: AnyCalendarSystem, _ r: (text: String, weekNos: [Int32], byDay: Set<Int>,
                              months: [Int32], setPos: [Int], interval: Int, weekStart: Int)) -> [Int] {
        let base = system.base
        var days: [Int] = []
        for d in base.yearStart(extendedYear: y)..<base.yearStart(extendedYear: y + 1) {
            if !r.byDay.isEmpty && !r.byDay.contains(Gregorian.isoWeekday(d)) { continue }
            if RecurrenceRscaleFinerTests.passes(d, system, months: r.months.map { RuleMonth($0) }, monthDays: [], yearDays: [],
                                                  weekNos: r.weekNos, weekStart: Weekday(uncheckedIndex: r.weekStart - 1)) {
                days.append(d)
            }
        }
        guard !r.setPos.isEmpty else { return days }
        return r.setPos.compactMap { p in
            let i = p > 0 ? p - 1 : days.count + p
            return i >= 0 && i < days.count ? days[i] : nil
        }.sorted()
    }

    /// Hebrew (leap years of 13 months), Chinese and Persian years: the rule's instances
    /// are the reference's days, year by year from DTSTART's year, every INTERVAL years.
    @Test(arguments: ["hebrew", "chinese", "persian"])
    func lunisolarAndSolarYearsAgreeWithTheDayByDayReference(_ id: String) throws {
        var rng = SplitMix(UInt64(7529 * 3 + id.count))
        let system = try CalendarSystems.named(id)
        var edgeDays = 0
        for _ in 0..<30 {
            let r = Self.randomParts(&rng, maxMonth: id == "persian" ? 12 : 12)
            let startDay = Gregorian.daysFromCivil(1950, 1, 1) + Int(rng.next() % UInt64(120 * 365))
            let base = system.base
            let y0 = base.month(index: base.monthIndex(dayNumber: startDay)).extendedYear
            var expected: [Int64] = []
            var y = y0
            while y < y0 + 12 {
                for d in Self.referenceYear(y, system, r) where d >= startDay {
                    expected.append(Int64(d) * 86_400)
                    let yFirst = base.yearStart(extendedYear: y), yLast = base.yearStart(extendedYear: y + 1) - 1
                    if d - yFirst < 3 || yLast - d < 3 { edgeDays += 1 }
                }
                y += r.interval
            }
            let endDay = base.yearStart(extendedYear: y0 + 12)
            let text = "RSCALE=\(id.uppercased());" + r.text
            let set = try RecurrenceSet(start: Int64(startDay) * 86_400, zone: nil, isDate: false,
                                        rules: [try RecurrenceRule.parse(text)], semantics: .dateutil)
            let got = try set.instances(from: Int64(startDay) * 86_400, to: Int64(endDay) * 86_400).map(\.local)
            let differences = Set(got).symmetricDifference(expected).sorted().prefix(4).map { Rec.text($0) }
            #expect(got == expected, "\(Rec.text(Int64(startDay) * 86_400)) \(text): first differences \(differences)")
        }
        #expect(edgeDays > 20, "the random rules reach the years' edge days")
    }

    /// Named days: with weeks from Thursday, week 1 of the Hebrew year 5787 (1 Tishri =
    /// Saturday 2026-09-12) starts on Thursday 2026-09-10, two days before it, and week 1
    /// of 5788 (1 Tishri = Saturday 2027-10-02) on Thursday 2027-09-30: those first two
    /// days are instances too, counted in 5786 and 5787, the years that hold them.
    @Test func hebrewWeekOneReachingBackIntoThePreviousYear() throws {
        let got = try Rec.expand("20260101", "RSCALE=HEBREW;FREQ=YEARLY;BYWEEKNO=1;WKST=TH;COUNT=9", zone: nil,
                                 semantics: .dateutil).map { String($0.prefix(8)) }
        #expect(Array(got.prefix(9)) == ["20260910", "20260911", "20260912", "20260913", "20260914", "20260915",
                                         "20260916", "20270930", "20271001"])
    }
}
