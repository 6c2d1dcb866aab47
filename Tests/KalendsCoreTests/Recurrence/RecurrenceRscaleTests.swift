import Foundation
import Testing
@testable import KalendsCore

/// RFC 7529 (RSCALE, SKIP): rules counted in the calendar systems. The RFC's own examples,
/// the month and year boundaries against Foundation's calendars, and bad input.
@Suite struct RecurrenceRscaleTests {
    static func dates(_ start: String, _ rule: String, limit: Int = 1000) throws -> [String] {
        try Rec.expand(start, rule, zone: nil, limit: limit).map { String($0.prefix(8)) }
    }

    // MARK: RFC 7529 section 4's examples

    /// Chinese New Year (RFC 7529 4: DTSTART 2013-02-10, RSCALE=CHINESE;FREQ=YEARLY).
    @Test func chineseNewYear() throws {
        #expect(try Self.dates("20130210", "RSCALE=CHINESE;FREQ=YEARLY;COUNT=4")
                == ["20130210", "20140131", "20150219", "20160208"])
    }

    /// Leap day with SKIP (RFC 7529 4): Feb 29 each year, moved back or forward, or omitted.
    @Test func leapDaySkip() throws {
        #expect(try Self.dates("20120229", "RSCALE=GREGORIAN;FREQ=YEARLY;COUNT=4")
                == ["20120229", "20160229", "20200229", "20240229"])
        #expect(try Self.dates("20120229", "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD;COUNT=4")
                == ["20120229", "20130228", "20140228", "20150228"])
        #expect(try Self.dates("20120229", "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=4")
                == ["20120229", "20130301", "20140301", "20150301"])
    }

    /// The 31st of each month with SKIP (RFC 7529 4).
    @Test func monthEndSkip() throws {
        #expect(try Self.dates("20150131", "RSCALE=GREGORIAN;FREQ=MONTHLY;COUNT=4")
                == ["20150131", "20150331", "20150531", "20150731"])
        #expect(try Self.dates("20150131", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD;COUNT=4")
                == ["20150131", "20150228", "20150331", "20150430"])
        #expect(try Self.dates("20150131", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;COUNT=4")
                == ["20150131", "20150301", "20150331", "20150501"])
    }

    /// 8 Adar I (the leap month 5L) each year, forward to Adar in common years (RFC 7529 4).
    @Test func hebrewLeapMonthForward() throws {
        #expect(try Self.dates("20140208", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=5")
                == ["20140208", "20150227", "20160217", "20170306", "20180223"])
        // OMIT: leap years only (5774, 5776, 5779, 5782).
        #expect(try Self.dates("20140208", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;COUNT=4")
                == ["20140208", "20160217", "20190213", "20220209"])
        // BACKWARD: Shevat in common years.
        #expect(try Self.dates("20140208", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=BACKWARD;COUNT=3")
                == ["20140208", "20150128", "20160217"])
    }

    /// The last day of the Ethiopic year: the 13th month's last day (5 or 6 days long).
    @Test func ethiopicThirteenthMonth() throws {
        #expect(try Self.dates("20130910", "RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=-1;COUNT=4")
                == ["20130910", "20140910", "20150911", "20160910"])
    }

    // MARK: text

    @Test func textRoundTrips() throws {
        for text in ["RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=30;BYMONTH=5L;SKIP=BACKWARD",
                     "RSCALE=CHINESE;FREQ=YEARLY;COUNT=10;BYMONTH=1,9L",
                     "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD"] {
            let rule = try RecurrenceRule.parse(text, strict: true)
            #expect(rule.text == text)
            #expect(try RecurrenceRule.parse(rule.text) == rule)
        }
        let r = try RecurrenceRule.parse("FREQ=YEARLY;RSCALE=chinese;bymonth=5l;skip=forward")
        #expect(r.rscale == "CHINESE" && r.byLeapMonth == [5] && r.skip == .forward)
    }

    // MARK: bad input

    @Test(arguments: [
        ("RSCALE=KLINGON;FREQ=YEARLY", "KLINGON"),
        ("RSCALE=;FREQ=YEARLY", "empty"),
        ("FREQ=YEARLY;SKIP=FORWARD", "SKIP needs RSCALE"),
        ("RSCALE=CHINESE;FREQ=YEARLY;SKIP=SIDEWAYS", "SIDEWAYS"),
        ("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=5L", "no leap months"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=13L", "13L"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6L", "6L"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=13", "13"),
        ("FREQ=YEARLY;BYMONTH=5L", "needs RSCALE"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=L", "BYMONTH"),
    ])
    func badRulesAreRefusedClearly(_ text: String, _ says: String) {
        do {
            _ = try RecurrenceRule.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains(says), "\(text): \(error.message)")
        }
    }

    @Test func unsupportedCombinationsAreRefusedClearly() throws {
        // DAILY and finer rules take the calendar parts as limits (RecurrenceRscaleFinerTests).
        #expect(try Self.dates("20260101", "RSCALE=HEBREW;FREQ=DAILY;BYMONTHDAY=1;COUNT=2") == ["20260101", "20260119"])
        #expect(throws: KalendsError.self) { try Self.dates("20260101", "RSCALE=HEBREW;FREQ=YEARLY;BYEASTER=0") }
        // Weeks and days are the same in every calendar: these need no system.
        #expect(try Self.dates("20260101", "RSCALE=HEBREW;FREQ=WEEKLY;COUNT=3") == ["20260101", "20260108", "20260115"])
    }

    /// A rule that never matches (the 30th of a month that always has 29 days, OMIT) ends:
    /// the walk is bounded by the system's days.
    @Test func ruleThatNeverMatchesEnds() throws {
        // Hebrew Tevet (4) has 29 days every year; Adar I always 30.
        let set = try Rec.makeSet("20260101", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=30", zone: nil)
        #expect(try set.count() == 1)   // DTSTART alone (RFC 5545)
        let d = try Rec.makeSet("20260101", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=30", zone: nil, semantics: .dateutil)
        #expect(try d.count() == 0)
        var c = try d.instances(from: Int64.min)
        #expect(try c.next() == nil)
    }

    /// The rrule_c fuzzer's slow input (12 s under its sanitizers): a MONTHLY Chinese rule
    /// with at most two instances a month and BYSETPOS=-3 never matches; it is known when
    /// made (one walk to 9999), so every query answers without walking again.
    @Test func fuzzSlowInputIsKnownEmptyWhenMade() throws {
        let text = "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=-31,-29;BYDAY=1TU,3TU;BYHOUR=14,1;BYSETPOS=-3;SKIP=FORWARD"
        let start = try Rec.local("20251124T160000")
        let expander = try RuleExpander(rule: try RecurrenceRule.parse(text), start: start, semantics: .dateutil)
        #expect(expander.neverOccurs)
        let set = try Rec.makeSet("20251124T160000", text, zone: nil, semantics: .dateutil)
        #expect(try set.count() == 0)
        #expect(try set.instance(at: 0) == nil)
        #expect(try set.count(between: start, start + 400 * 366 * 86_400, inclusive: true) == 0)
        // A copy (what kalends_rrule_add_rule and include make) takes the finding over.
        #expect(try set.copy().count() == 0)
        // BYSETPOS=-2 is met (the first day when it is a first or third Tuesday): not empty.
        let met = try RuleExpander(rule: try RecurrenceRule.parse(text.replacingOccurrences(of: "BYSETPOS=-3", with: "BYSETPOS=-2")),
                                   start: start, semantics: .dateutil)
        #expect(!met.neverOccurs)
    }

    // MARK: counting (issue 24's arithmetic, a bounded walk here)

    @Test func countAndIndexAgreeWithIteration() throws {
        for rule in ["RSCALE=CHINESE;FREQ=YEARLY;UNTIL=21000101", "RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD;UNTIL=20500101",
                     "RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;COUNT=300"] {
            let set = try Rec.makeSet("20260217", rule, zone: nil)
            let all = try set.instances(from: Int64.min, to: Int64.max)
            #expect(try set.count() == Int64(all.count), "\(rule)")
            for i in [0, 1, all.count / 2, all.count - 1] {
                #expect(try set.instance(at: Int64(i))?.local == all[i].local, "\(rule) #\(i)")
            }
            let mid = all[all.count / 3].local
            let window = try set.instances(from: mid, to: mid + 20 * 366 * 86_400)
            #expect(window.map(\.local) == all.map(\.local).filter { $0 >= mid && $0 < mid + 20 * 366 * 86_400 })
        }
    }

    // MARK: Foundation's calendars: month and year boundaries

    /// The first and last day of every month, and the first day of every year, 1950...2050,
    /// as rules in each system, against Foundation's calendar (the days where Foundation is
    /// known to be wrong, `FoundationExceptions`, aside).
    @Test(arguments: ["hebrew", "chinese", "dangi", "islamic-civil", "islamic-umalqura", "persian", "indian",
                      "coptic", "ethiopic", "buddhist", "roc", "japanese", "islamic-tbla"])
    func boundariesAgreeWithFoundation(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let cal = FoundationOracle.calendar(FoundationOracle.identifiers.first { $0.0 == id }!.1)
        let first = Gregorian.daysFromCivil(1950, 1, 1), last = Gregorian.daysFromCivil(2050, 12, 31)
        var starts: [Int] = [], ends: [Int] = [], newYears: [Int] = []
        var previous = FoundationOracle.fields(cal, first - 1)
        for z in first...last + 1 {
            let f = FoundationOracle.fields(cal, z)
            if f.day == 1 && z <= last { starts.append(z) }
            if f.day == 1 && z > first { ends.append(z - 1) }
            if f.day == 1 && f.month == 1 && !f.isLeapMonth && z <= last && previous.month != 1 { newYears.append(z) }
            previous = f
        }
        func known(_ z: Int) -> Bool {
            let ours = system.date(dayNumber: z), theirs = FoundationOracle.fields(cal, z)
            return ours != theirs && FoundationExceptions.explains(id, z, ours: ours, foundation: theirs)
                || FoundationExceptions.explains(id, z + 1, ours: system.date(dayNumber: z + 1), foundation: FoundationOracle.fields(cal, z + 1))
                || FoundationExceptions.explains(id, z - 1, ours: system.date(dayNumber: z - 1), foundation: FoundationOracle.fields(cal, z - 1))
        }
        let from = Int64(first) * 86_400, to = Int64(last + 1) * 86_400
        func ours(_ rule: String) throws -> [Int] {
            let set = try RecurrenceSet(start: Int64(first) * 86_400, zone: nil, isDate: true,
                                        rules: [try RecurrenceRule.parse(rule)], semantics: .dateutil)
            return try set.instances(from: from, to: to).map { Int($0.local / 86_400) }
        }
        let name = id.uppercased()
        for (rule, expected) in [("RSCALE=\(name);FREQ=MONTHLY;BYMONTHDAY=1", starts),
                                 ("RSCALE=\(name);FREQ=MONTHLY;BYMONTHDAY=-1", ends),
                                 ("RSCALE=\(name);FREQ=YEARLY;BYYEARDAY=1", newYears)] {
            let got = try ours(rule)
            let a = Set(got).subtracting(expected).filter { !known($0) }
            let b = Set(expected).subtracting(got).filter { !known($0) }
            #expect(a.isEmpty && b.isEmpty, "\(rule): ours only \(a.sorted().prefix(5)), Foundation only \(b.sorted().prefix(5))")
            #expect(got.count > 1000 || rule.contains("YEARLY"))
        }
    }
}
