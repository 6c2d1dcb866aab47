import Foundation
import Testing
@testable import KalendsCore

/// The state by the literal reading of the rules, year by year: the latest start or end
/// at or before `t` among the years around it (RuleCycle precomputes this).
private func naiveIsDaylight(_ tz: PosixTZ, _ t: Int64) -> Bool {
    let year = Int32(Gregorian.civilFromDays(Int(t.quotientRoundingDown(86_400))).year)
    var latest: (instant: Int64, year: Int32, isStart: Bool)?
    for y in (year - 2)...(year + 1) {
        guard let changes = tz.daylightTransitions(year: y) else { return false }
        for (instant, isStart) in [(changes.end, false), (changes.start, true)] where instant <= t {
            if let l = latest, (l.instant, l.year, l.isStart ? 1 : 0) > (instant, y, isStart ? 1 : 0) { continue }
            latest = (instant, y, isStart)
        }
    }
    return latest?.isStart ?? false
}

private extension Int64 {
    func quotientRoundingDown(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && self < 0) ? q - 1 : q
    }
}

@Suite struct TimeZonePosixTests {
    @Test func parsesTheUsualForms() throws {
        let cet = try PosixTZ(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(cet.standardAbbreviation == "CET")
        #expect(cet.standardOffset == 3_600)
        #expect(cet.daylight == PosixTZ.Daylight(
            abbreviation: "CEST", utOffset: 7_200,
            start: .init(date: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7_200),
            end: .init(date: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 10_800)))

        let est = try PosixTZ(parsing: "EST5EDT,M3.2.0,M11.1.0")
        #expect(est.standardOffset == -18_000 && est.daylight?.utOffset == -14_400)

        let iran = try PosixTZ(parsing: "<+0330>-3:30")
        #expect(iran.standardAbbreviation == "+0330" && iran.standardOffset == 12_600 && iran.daylight == nil)

        let utc = try PosixTZ(parsing: "UTC0")
        #expect(utc.standardAbbreviation == "UTC" && utc.standardOffset == 0 && utc.daylight == nil)

        let odd = try PosixTZ(parsing: "<-0130>+1:30:15<-00>0:00:15,J60/-167,300/167:59:59")
        #expect(odd.standardOffset == -5_415 && odd.daylight?.utOffset == -15)
        let oddStart = PosixTZ.Rule(date: .julian(60), time: -601_200)        // -167 hours
        let oddEnd = PosixTZ.Rule(date: .zeroBased(300), time: 604_799)      // 167:59:59
        #expect(odd.daylight?.start == oddStart)
        #expect(odd.daylight?.end == oddEnd)

        // DST named without rules: the US rules (glibc's choice), one hour ahead.
        #expect(try PosixTZ(parsing: "EST5EDT") == PosixTZ(parsing: "EST5EDT4,M3.2.0/2,M11.1.0/2:00:00"))
    }

    @Test func rejectsMalformedStrings() {
        let bad = [
            "", "UT0", "CET", "CET-", "CET-25", "CET--1", "CET-1:60", "CET-1:00:60", "CET-1:", "CET1:2:3:4",
            "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M0.5.0,M10.5.0",
            "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.0.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0",
            "CET-1CEST,M3.5,M10.5.0", "CET-1CEST,J0,J365", "CET-1CEST,J366,J1", "CET-1CEST,366,1",
            "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1CEST,M3.5.0/-168,M10.5.0", "CET-1CEST,M3.5.0,M10.5.0/3x",
            "CET-1CEST,M3.5.0,M10.5.0,", "CET-1CEST,,M10.5.0", "<+03", "<+0>3", "<+03>", "<+0 3>3",
            "<>0", ":Europe/Paris", "Europe/Paris", "1CET", "CET-1CE", "CET-1CEST-2-", "CET-1CEST25",
            "ÇET-1", "CET-1 ", " CET-1", "CET-001", "CET-1CEST,M03.5.0,M10.5.0/0003",
        ]
        for string in bad {
            let error = expectKalendsError(.parse, "\(string)") { try PosixTZ(parsing: string) }
            #expect(error?.message.hasPrefix("TZ string") == true, "\(string): \(error?.message ?? "")")
            expectKalendsError(.parse, "\(string)") { try KalendsCore.TimeZone(posix: string) }
        }
        #expect(throws: Never.self) { try PosixTZ(parsing: "CET-1CEST,M03.5.0,M10.5.0/003") }
    }

    @Test func errorMessagesPointAtTheProblem() throws {
        let error = try #require(expectKalendsError(.parse) { try PosixTZ(parsing: "CET-1CEST,M3.5.8,M10.5.0") })
        #expect(error.message == "TZ string \"CET-1CEST,M3.5.8,M10.5.0\": the start rule weekday 8 is not in 0...6 (at byte 15)")
    }

    /// Yearly instants, checked by hand.
    @Test func transitionInstants() throws {
        // US 2024: March 10 02:00 EST, November 3 02:00 EDT.
        let est = try PosixTZ(parsing: "EST5EDT,M3.2.0,M11.1.0")
        #expect(est.daylightTransitions(year: 2024)! == (TZTest.instant(2024, 3, 10, 7), TZTest.instant(2024, 11, 3, 6)))
        // New Zealand 2024: DST ends April 7 03:00 NZDT, starts September 29 02:00 NZST,
        // so the southern summer spans the new year.
        let nz = try KalendsCore.TimeZone(posix: "NZST-12NZDT,M9.5.0,M4.1.0/3")
        let nzRule = try PosixTZ(parsing: "NZST-12NZDT,M9.5.0,M4.1.0/3")
        #expect(nzRule.daylightTransitions(year: 2024)! == (TZTest.instant(2024, 9, 28, 14), TZTest.instant(2024, 4, 6, 14)))
        #expect(nz.offset(at: TZTest.instant(2024, 1, 1)) == (46_800, true))
        #expect(nz.offset(at: TZTest.instant(2024, 4, 6, 13, 59, 59)) == (46_800, true))
        #expect(nz.offset(at: TZTest.instant(2024, 4, 6, 14)) == (43_200, false))
        #expect(nz.offset(at: TZTest.instant(2024, 7, 1)) == (43_200, false))
        #expect(nz.offset(at: TZTest.instant(2024, 9, 28, 14)) == (46_800, true))
        #expect(nz.offset(at: TZTest.instant(2024, 12, 31, 23)) == (46_800, true))
        // Jerusalem: Friday before the last Sunday of March, as "Thursday 26:00".
        let il = try PosixTZ(parsing: "IST-2IDT,M3.4.4/26,M10.5.0")
        #expect(il.daylightTransitions(year: 2024)! == (TZTest.instant(2024, 3, 29), TZTest.instant(2024, 10, 26, 23)))
        // Nuuk: negative times, "-1:00 on the last Sunday of March" (Saturday 23:00).
        let nuuk = try PosixTZ(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(nuuk.daylightTransitions(year: 2024)! == (TZTest.instant(2024, 3, 31, 1), TZTest.instant(2024, 10, 27, 1)))
    }

    /// `Jn` never counts February 29; `n` does.
    @Test func julianAndZeroBasedDays() throws {
        let j = try PosixTZ(parsing: "AAA0BBB,J59/0,J60/0")
        let n = try PosixTZ(parsing: "AAA0BBB,59/0,60/0")
        for year: Int32 in [2023, 2024, 1900, 2000] {
            let leap = Gregorian.isLeapYear(Int(year))
            let jt = j.daylightTransitions(year: year)!
            #expect(jt.start == TZTest.instant(Int(year), 2, 28) && jt.end == TZTest.instant(Int(year), 3, 1) - 3_600)
            let nt = n.daylightTransitions(year: year)!
            #expect(nt.start == (leap ? TZTest.instant(Int(year), 2, 29) : TZTest.instant(Int(year), 3, 1)))
        }
        let last = try PosixTZ(parsing: "AAA0BBB,J365/0,365/0")
        #expect(last.daylightTransitions(year: 2024)!.start == TZTest.instant(2024, 12, 31))
        #expect(last.daylightTransitions(year: 2024)!.end == TZTest.instant(2024, 12, 31) - 3_600)   // day 365 of a leap year
        #expect(last.daylightTransitions(year: 2023)!.end == TZTest.instant(2024, 1, 1) - 3_600)     // one past the end
    }

    /// `Mm.5.d` is the last such weekday, whether the month has four or five.
    @Test func lastWeekdayOfMonth() throws {
        let tz = try PosixTZ(parsing: "AAA0BBB,M2.5.0/0,M2.5.6/0")
        #expect(tz.daylightTransitions(year: 2026)!.start == TZTest.instant(2026, 2, 22))   // 4 Sundays
        #expect(tz.daylightTransitions(year: 2032)!.start == TZTest.instant(2032, 2, 29))   // 5 Sundays
        #expect(tz.daylightTransitions(year: 2026)!.end == TZTest.instant(2026, 2, 28) - 3_600)
    }

    /// RFC 8536 3.3.1: DST all year, from January 1 00:00 to December 31 at 24:00 plus
    /// the DST shift; each year's end coincides with the next year's start.
    @Test func allYearDaylightTime() throws {
        let zone = try KalendsCore.TimeZone(posix: "EST5EDT4,0/0,J365/25")
        for year in [1900, 1999, 2000, 2024, 2100, 9999] {
            for t in [TZTest.instant(year, 1, 1) - 1, TZTest.instant(year, 1, 1), TZTest.instant(year, 1, 1, 5),
                      TZTest.instant(year, 1, 1, 4, 59, 59), TZTest.instant(year, 7, 1), TZTest.instant(year, 12, 31, 23)] {
                #expect(zone.offset(at: t) == (-14_400, true), "\(year) at \(t)")
            }
        }
        #expect(zone.nextTransition(after: 0) == nil)
    }

    /// The 400-year cycle against the rules evaluated year by year, over a million years
    /// either way, for ordinary and extreme rules.
    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "NZST-12NZDT,M9.5.0,M4.1.0/3",
                      "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "EET-2EEST,M3.4.4/50,M10.4.4/50",
                      "AAA3BBB,J365/167,J1/-167", "AAA-14BBB-15,0/-100,365/100", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
                      "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3", "EST5EDT4,0/0,J365/25", "XXX0YYY,J60/0,J60/0"])
    func cycleMatchesTheRulesYearByYear(_ string: String) throws {
        let tz = try PosixTZ(parsing: string)
        let zone = try KalendsCore.TimeZone(posix: string)
        var rng = SplitMix(0xC7C1E)
        let limit = Int64(Gregorian.maxDayNumber) * 86_400
        var instants = (0..<6_000).map { _ in Int64.random(in: -limit...limit, using: &rng) }
        instants += (0..<6_000).map { _ in Int64.random(in: TZTest.instant(1990, 1, 1)...TZTest.instant(2410, 1, 1), using: &rng) }
        for year: Int32 in [-999_999, -1, 0, 1, 1600, 1999, 2000, 2001, 2399, 2400, 2401, 2024, 999_999] {
            if let c = tz.daylightTransitions(year: year) {
                instants += [c.start - 1, c.start, c.start + 1, c.end - 1, c.end, c.end + 1]
            }
        }
        for t in instants {
            let isDST = naiveIsDaylight(tz, t)
            let expected = isDST ? (tz.daylight?.utOffset ?? 0) : tz.standardOffset
            #expect(zone.offset(at: t) == (expected, isDST), "\(string) at \(t)")
        }
        // nextTransition finds exactly the changes of state.
        var t = TZTest.instant(2390, 6, 1)
        for _ in 0..<40 {
            guard let next = zone.nextTransition(after: t) else { break }
            #expect(next > t)
            #expect(zone.offset(at: next - 1) != zone.offset(at: next), "\(string) at \(next)")
            #expect(zone.offset(at: t) == zone.offset(at: next - 1))
            t = next
        }
    }

    /// Zones given by their current rules alone agree with Foundation since those rules
    /// began.
    @Test(arguments: [("CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Paris", 1996),
                      ("EST5EDT,M3.2.0,M11.1.0", "America/New_York", 2007),
                      ("NZST-12NZDT,M9.5.0,M4.1.0/3", "Pacific/Auckland", 2008),
                      ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "Australia/Lord_Howe", 2009),
                      ("<-03>3", "America/Sao_Paulo", 2020),
                      ("IST-5:30", "Asia/Kolkata", 1946)])
    func rulesAloneMatchFoundation(_ string: String, _ name: String, _ since: Int) throws {
        let zone = try KalendsCore.TimeZone(posix: string)
        #expect(zone.name == string)
        let oracle = try #require(TZTest.foundationZone(name))
        var t = TZTest.instant(since, 1, 1)
        while t < TZTest.instant(2200, 1, 1) {
            let date = Foundation.Date(timeIntervalSince1970: Double(t))
            #expect(zone.offset(at: t) == (Int32(oracle.secondsFromGMT(for: date)), oracle.isDaylightSavingTime(for: date)),
                    "\(string) at \(t)")
            t += 86_400 + 3_593
        }
    }
}
