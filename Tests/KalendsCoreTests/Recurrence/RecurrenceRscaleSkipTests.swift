import Testing
@testable import KalendsCore

/// Which parts SKIP applies to (RFC 7529 4.1; ScaledPeriods' text): BYMONTH's leap
/// months, BYMONTHDAY's days (RecurrenceRscaleTests) and BYYEARDAY's days a year lacks;
/// not BYWEEKNO's weeks a year lacks, nor the limits of finer rules.
@Suite struct RecurrenceRscaleSkipTests {
    static func days(_ start: String, _ rule: String) throws -> [Int] {
        let s = try TimeText.parseDateOrDateTime(start)
        let set = try RecurrenceSet(start: s.local, zone: nil, isDate: true, rules: [try RecurrenceRule.parse(rule)],
                                    semantics: .dateutil)
        return try set.instances(from: s.local, to: Int64(Gregorian.daysFromCivil(2100, 1, 1)) * 86_400).map { Int($0.local / 86_400) }
    }

    /// The expected days of BYYEARDAY=n in each system year from DTSTART's to 2100,
    /// from the system's year starts: the day itself, or where SKIP moves a missing one.
    static func expected(_ system: AnyCalendarSystem, from startDay: Int, _ n: Int, _ skip: RruleSkip) -> [Int] {
        let base = system.base
        var out: [Int] = []
        var y = base.month(index: base.monthIndex(dayNumber: startDay)).extendedYear
        while base.yearStart(extendedYear: y) < Gregorian.daysFromCivil(2100, 1, 1) {
            let first = base.yearStart(extendedYear: y), last = base.yearStart(extendedYear: y + 1) - 1
            let length = last - first + 1
            var d: Int?
            if abs(n) <= length {
                d = n > 0 ? first + n - 1 : last + n + 1
            } else {
                switch skip {
                case .omit: d = nil
                case .backward: d = n > 0 ? last : first - 1
                case .forward: d = n > 0 ? last + 1 : first
                }
            }
            if let d, d >= startDay, d < Gregorian.daysFromCivil(2100, 1, 1) { out.append(d) }
            y += 1
        }
        return out.sorted()
    }

    @Test(arguments: [("GREGORIAN", 366), ("HEBREW", 360), ("HEBREW", -360), ("HEBREW", 366), ("ISLAMIC-CIVIL", 355),
                      ("ISLAMIC-UMALQURA", -355), ("CHINESE", 360), ("CHINESE", -360)])
    func yearDaysTheYearLacksAreMovedBySkip(_ scale: String, _ n: Int) throws {
        let system = try CalendarSystems.named(scale.lowercased())
        let startDay = Gregorian.daysFromCivil(2026, 1, 1)
        for skip in [RruleSkip.omit, .backward, .forward] {
            let got = try Self.days("20260101", "RSCALE=\(scale);FREQ=YEARLY;BYYEARDAY=\(n);SKIP=\(skip.name)")
            let want = Self.expected(system, from: startDay, n, skip)
            #expect(got == want, "\(scale) BYYEARDAY=\(n) SKIP=\(skip.name)")
            #expect(want.count > 20 || skip == .omit)
        }
    }

    /// BYYEARDAY=366 in the Gregorian calendar: December 31 in common years (BACKWARD),
    /// January 1 after them (FORWARD), leap years only (OMIT) - as libical 3.0.16 gives.
    @Test func gregorianLeapDayOfTheYear() throws {
        func text(_ days: [Int]) -> [String] { days.prefix(5).map { String(Rec.text(Int64($0) * 86_400).prefix(8)) } }
        #expect(text(try Self.days("20241231", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=BACKWARD"))
                == ["20241231", "20251231", "20261231", "20271231", "20281231"])
        #expect(text(try Self.days("20241231", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=FORWARD"))
                == ["20241231", "20260101", "20270101", "20280101", "20281231"])
        #expect(text(try Self.days("20241231", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366"))
                == ["20241231", "20281231", "20321231", "20361231", "20401231"])
    }

    /// A week the year lacks is left out whatever SKIP says: week 53 of Hebrew years
    /// (weeks from Monday) with BACKWARD or FORWARD gives what OMIT gives.
    @Test func weeksTheYearLacksAreNotMoved() throws {
        for freq in ["YEARLY", "DAILY"] {
            let omit = try Self.days("20260101", "RSCALE=HEBREW;FREQ=\(freq);BYWEEKNO=53;BYDAY=MO")
            #expect(omit.count > 5 && omit.count < 60, "\(freq): week 53 exists in some years only")
            for skip in ["BACKWARD", "FORWARD"] {
                #expect(try Self.days("20260101", "RSCALE=HEBREW;FREQ=\(freq);BYWEEKNO=53;BYDAY=MO;SKIP=\(skip)") == omit)
            }
        }
    }
}
