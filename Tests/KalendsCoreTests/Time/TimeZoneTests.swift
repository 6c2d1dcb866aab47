import Foundation
import Testing
@testable import KalendsCore

/// Zones with something special: EU and US rules, a southern hemisphere zone with DST at
/// midnight (Sao Paulo until 2019), 30-minute DST (Lord Howe), a half-hour offset
/// (Kolkata), a skipped day (Apia, 2011-12-30), negative DST (Casablanca), a -3:30 offset
/// (St John's), 2-hour DST (Troll), fixed zones, DST at midnight (Beirut), rule times
/// beyond 24 h or negative (Jerusalem, Nuuk) and negative DST in winter (Dublin).
let timeZoneOracleZones = [
    "Europe/Paris", "America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe",
    "Asia/Kolkata", "Pacific/Apia", "Africa/Casablanca", "America/St_Johns",
    "Antarctica/Troll", "UTC", "Etc/GMT+5", "Asia/Beirut", "Pacific/Auckland",
    "America/Nuuk", "Asia/Jerusalem", "Europe/Dublin",
]

/// Negative DST. In the tz database's main format, which zic compiles into the system
/// files, Africa/Casablanca is +01 standard with +00 "DST" during Ramadan since
/// 2018-10-28, and Europe/Dublin is IST (+01) standard in summer with GMT as "DST" in
/// winter since 1971-10-31. ICU, and so Foundation, is built from the rearguard format,
/// where the same clocks are +00 (GMT) standard plus +01 (IST) DST. Offsets agree; isDST
/// is exactly inverted from those instants on.
private let negativeDSTSince: [String: Int64] = [
    "Africa/Casablanca": TZTest.instant(2018, 10, 28, 2),
    "Europe/Dublin": TZTest.instant(1971, 10, 31, 2),
]

/// Foundation's answer for `zone` at `instant`, with the documented negative-DST
/// inversions mapped back to the main-format convention.
private func foundationOffset(_ zone: Foundation.TimeZone, _ instant: Int64) -> (Int32, Bool) {
    let date = Foundation.Date(timeIntervalSince1970: Double(instant))
    var isDST = zone.isDaylightSavingTime(for: date)
    if let since = negativeDSTSince[zone.identifier], instant >= since { isDST.toggle() }
    return (Int32(zone.secondsFromGMT(for: date)), isDST)
}

@Suite struct TimeZoneTests {
    /// Every ~3 days from 1900 to 2200 at a varying time of day, plus both sides of every
    /// transition in that span (the file's, and the footer rule's after 2037).
    @Test(arguments: timeZoneOracleZones)
    func offsetsMatchFoundation(_ name: String) throws {
        let zone = try TZTest.zone(name)
        let oracle = try #require(TZTest.foundationZone(name))
        let start = TZTest.instant(1900, 1, 1), end = TZTest.instant(2200, 12, 31)
        var mismatches = 0
        func check(_ t: Int64) {
            let ours = zone.offset(at: t)
            let theirs = foundationOffset(oracle, t)
            if ours.secondsEast != theirs.0 || ours.isDST != theirs.1 {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(name) at \(t): ours \(ours), Foundation \(theirs)")
                }
            }
        }
        var t = start
        while t < end {
            check(t)
            t += 3 * 86_400 + 7_919
        }
        var transitions = 0
        var next = zone.nextTransition(after: start)
        while let at = next, at < end {
            check(at - 1)
            check(at)
            transitions += 1
            next = zone.nextTransition(after: at)
        }
        #expect(mismatches == 0, "\(name): \(mismatches) mismatches")
        if ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Antarctica/Troll"].contains(name) {
            #expect(transitions > 300, "\(name): the rule's transitions up to 2200 are walked")
        }
    }

    /// Far beyond the files' explicit transitions (2037): the footer rule, checked against
    /// Foundation in single years up to 9999 and by hand.
    @Test func farFutureUsesTheFooterRule() throws {
        for name in ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Pacific/Auckland", "Antarctica/Troll"] {
            let zone = try TZTest.zone(name)
            let oracle = try #require(TZTest.foundationZone(name))
            for year in [2100, 2401, 2999, 5000, 9999] {
                var t = TZTest.instant(year, 1, 1)
                while t < TZTest.instant(year + 1, 1, 1) {
                    let ours = zone.offset(at: t)
                    let theirs = foundationOffset(oracle, t)
                    #expect(ours.secondsEast == theirs.0 && ours.isDST == theirs.1, "\(name) at \(t) (\(year))")
                    t += 86_400 + 3_607
                }
            }
        }
        let paris = try TZTest.zone("Europe/Paris")
        // EU rule: last Sunday of March and October at 01:00 UT. 9999-03-28 and 9999-10-31
        // are Sundays; so are 2100-03-28 and 2100-10-31.
        for year in [2100, 9999] {
            #expect(paris.offset(at: TZTest.instant(year, 3, 28, 0, 59, 59)) == (3_600, false))
            #expect(paris.offset(at: TZTest.instant(year, 3, 28, 1)) == (7_200, true))
            #expect(paris.offset(at: TZTest.instant(year, 10, 31, 0, 59, 59)) == (7_200, true))
            #expect(paris.offset(at: TZTest.instant(year, 10, 31, 1)) == (3_600, false))
        }
        // Total over Int64: no trap at the extremes. Late instants follow the rule; early
        // ones are before the first transition (LMT).
        for t in [Int64.max - 1, Int64.max, Int64.max / 2, Int64.max / 3] {
            let o = paris.offset(at: t)
            #expect(o == (3_600, false) || o == (7_200, true), "at \(t)")
        }
        #expect(paris.offset(at: .min) == (561, false))
        #expect(paris.nextTransition(after: .max) == nil)
        #expect(paris.nextTransition(after: .max - 86_400 * 366) != nil)
    }

    /// Before the first transition, local time type 0 (RFC 8536), which is LMT.
    @Test func beforeTheFirstTransitionIsTypeZero() throws {
        let paris = try TZTest.zone("Europe/Paris")
        #expect(paris.offset(at: TZTest.instant(1800, 1, 1)) == (561, false))   // LMT +0:09:21
        #expect(paris.offset(at: Int64.min) == (561, false))
        let kolkata = try TZTest.zone("Asia/Kolkata")
        #expect(kolkata.offset(at: TZTest.instant(1850, 1, 1)).secondsEast == 21_208)   // LMT +5:53:28
    }

    @Test func fixedZones() throws {
        #expect(KalendsCore.TimeZone.utc.name == "UTC")
        for t: Int64 in [Int64.min, -1, 0, 1_700_000_000, Int64.max] {
            #expect(KalendsCore.TimeZone.utc.offset(at: t) == (0, false))
        }
        let gmt5 = try TZTest.zone("Etc/GMT+5")   // POSIX sign: GMT+5 is five hours *west*
        #expect(gmt5.offset(at: 1_700_000_000) == (-18_000, false))
        #expect(gmt5.name == "Etc/GMT+5")
        #expect(try gmt5.localDay(at: 0) == (-1, 68_400))
        #expect(try gmt5.dayStart(0) == 18_000)
    }

    // MARK: local days

    /// localDay against Foundation's calendar in the zone.
    @Test(arguments: timeZoneOracleZones)
    func localDaysMatchFoundation(_ name: String) throws {
        let zone = try TZTest.zone(name)
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TZTest.foundationZone(name))
        var t = TZTest.instant(1900, 1, 1)
        while t < TZTest.instant(2200, 1, 1) {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Foundation.Date(timeIntervalSince1970: Double(t)))
            let ours = try zone.localDay(at: t)
            let civil = Gregorian.civilFromDays(Int(ours.day))
            #expect(civil.year == c.year && civil.month == c.month && civil.day == c.day, "\(name) at \(t)")
            #expect(Int(ours.secondsOfDay) == (c.hour ?? 0) * 3_600 + (c.minute ?? 0) * 60 + (c.second ?? 0),
                    "\(name) at \(t)")
            t += 17 * 86_400 + 4_001
        }
    }

    /// dayStart against Foundation's startOfDay, for every 11th day and the days around
    /// every transition, 1900 to 2200.
    @Test(arguments: timeZoneOracleZones)
    func dayStartsMatchFoundation(_ name: String) throws {
        let zone = try TZTest.zone(name)
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TZTest.foundationZone(name))
        var days = Set(stride(from: TZTest.dayNumber(1900, 1, 1), to: TZTest.dayNumber(2200, 1, 1), by: 11))
        var next = zone.nextTransition(after: TZTest.instant(1900, 1, 1))
        while let at = next, at < TZTest.instant(2200, 1, 1) {
            let day = try zone.localDay(at: at).day
            days.formUnion([day - 1, day, day + 1])
            next = zone.nextTransition(after: at)
        }
        for day in days.sorted() {
            let civil = Gregorian.civilFromDays(Int(day))
            let noon = try #require(calendar.date(from: DateComponents(year: civil.year, month: civil.month,
                                                                       day: civil.day, hour: 12)))
            let theirs = calendar.startOfDay(for: noon)
            #expect(try zone.dayStart(day) == Int64(theirs.timeIntervalSince1970), "\(name) day \(day)")
        }
    }

    /// The round trip dayStart -> localDay, and that the instant before is the day before.
    @Test(arguments: timeZoneOracleZones)
    func dayStartRoundTrips(_ name: String) throws {
        let zone = try TZTest.zone(name)
        for day in stride(from: TZTest.dayNumber(1850, 1, 1), to: TZTest.dayNumber(2300, 1, 1), by: 3) {
            let start = try zone.dayStart(day)
            let local = try zone.localDay(at: start)
            let before = try zone.localDay(at: start - 1)
            #expect(before.day < day, "\(name) day \(day)")
            if local.day == day {
                // Midnight, or the end of a gap that swallowed it (less than a day).
                #expect(local.secondsOfDay == 0 || zone.offset(at: start - 1) != zone.offset(at: start),
                        "\(name) day \(day)")
            } else {
                // The whole day was skipped: the start of the next one.
                #expect(local.day == day + 1 && local.secondsOfDay == 0, "\(name) day \(day)")
            }
        }
        // Any instant is at or after the start of its own day.
        var rng = SplitMix(0x7A_5EED)
        for _ in 0..<2_000 {
            let t = Int64.random(in: TZTest.instant(1850, 1, 1)...TZTest.instant(2300, 1, 1), using: &rng)
            let local = try zone.localDay(at: t)
            #expect(try zone.dayStart(local.day) <= t, "\(name) at \(t)")
        }
    }

    /// Wall-clock times back to instants: the local time of any instant leads back to it,
    /// or to the first of its two occurrences (with another offset, less than a day before).
    @Test(arguments: timeZoneOracleZones)
    func wallClockInstantsRoundTrip(_ name: String) throws {
        let zone = try TZTest.zone(name)
        var rng = SplitMix(0x3A11_C10C)
        for _ in 0..<3_000 {
            let t = Int64.random(in: TZTest.instant(1850, 1, 1)...TZTest.instant(2300, 1, 1), using: &rng)
            let local = try zone.localDay(at: t)
            let back = try zone.instant(localDay: local.day, secondsOfDay: local.secondsOfDay)
            #expect(try zone.localDay(at: back) == local, "\(name) at \(t)")
            #expect(back == t || (back < t && t - back < 86_400 && zone.offset(at: back) != zone.offset(at: t)),
                    "\(name) at \(t)")
        }
    }

    /// New York: 2026-03-08 02:30 is skipped (read at -05:00, 07:30 UT); 2026-11-01 01:30
    /// happens twice (the first, at -04:00: 05:30 UT). Apia's skipped day lands after it.
    @Test func wallClockInstantsInGapsAndFolds() throws {
        let ny = try TZTest.zone("America/New_York")
        #expect(try ny.instant(localDay: TZTest.dayNumber(2026, 3, 8), secondsOfDay: 9_000) == TZTest.instant(2026, 3, 8, 7, 30))
        #expect(try ny.instant(localDay: TZTest.dayNumber(2026, 11, 1), secondsOfDay: 5_400) == TZTest.instant(2026, 11, 1, 5, 30))
        let apia = try TZTest.zone("Pacific/Apia")
        // 2011-12-30 12:00 does not exist: read at -10:00, 22:00 UT, which is 2011-12-31 12:00 +14.
        let noon = try apia.instant(localDay: TZTest.dayNumber(2011, 12, 30), secondsOfDay: 43_200)
        #expect(noon == TZTest.instant(2011, 12, 30, 22))
        #expect(throws: KalendsError.self) { try ny.instant(localDay: 0, secondsOfDay: 86_400) }
        #expect(throws: KalendsError.self) { try ny.instant(localDay: Gregorian.maxDayNumber + 1, secondsOfDay: 0) }
    }

    /// Days whose midnight does not exist, and one that does not exist at all.
    @Test func dayStartsInGaps() throws {
        // Sao Paulo, 2018-11-04: 00:00 -03 became 01:00 -02 (at 03:00 UT).
        let saoPaulo = try TZTest.zone("America/Sao_Paulo")
        let nov4 = TZTest.dayNumber(2018, 11, 4)
        #expect(try saoPaulo.dayStart(nov4) == TZTest.instant(2018, 11, 4, 3))
        #expect(try saoPaulo.localDay(at: TZTest.instant(2018, 11, 4, 3)) == (nov4, 3_600))
        #expect(try saoPaulo.localDay(at: TZTest.instant(2018, 11, 4, 3) - 1) == (nov4 - 1, 86_399))
        // 2019-02-17: at 24:00 -02 on the 16th the clocks went back to 23:00 -03, so the
        // 17th starts at 00:00 -03 and the 16th is 25 hours long.
        let feb17 = TZTest.dayNumber(2019, 2, 17)
        #expect(try saoPaulo.dayStart(feb17) == TZTest.instant(2019, 2, 17, 3))
        #expect(try saoPaulo.dayStart(feb17) - saoPaulo.dayStart(feb17 - 1) == 25 * 3_600)

        // Beirut, 2022-03-27: 00:00 EET became 01:00 EEST (at 22:00 UT the day before).
        let beirut = try TZTest.zone("Asia/Beirut")
        let mar27 = TZTest.dayNumber(2022, 3, 27)
        #expect(try beirut.dayStart(mar27) == TZTest.instant(2022, 3, 26, 22))
        #expect(try beirut.localDay(at: beirut.dayStart(mar27)) == (mar27, 3_600))

        // Apia skipped 2011-12-30: 23:59:59 -10 on the 29th was followed by 00:00 +14 on the 31st.
        let apia = try TZTest.zone("Pacific/Apia")
        let dec30 = TZTest.dayNumber(2011, 12, 30)
        let jump = TZTest.instant(2011, 12, 30, 10)
        #expect(try apia.dayStart(dec30) == jump)
        #expect(try apia.dayStart(dec30 + 1) == jump)
        #expect(try apia.dayStart(dec30 - 1) == jump - 24 * 3_600)
        #expect(try apia.localDay(at: jump - 1) == (dec30 - 1, 86_399))
        #expect(try apia.localDay(at: jump) == (dec30 + 1, 0))
    }

    @Test func outOfRange() throws {
        let zone = try TZTest.zone("America/New_York")
        for t in [Int64.min, Int64.max, Int64(Gregorian.maxDayNumber + 1) * 86_400 + 18_000] {
            expectKalendsError(.outOfRange) { try zone.localDay(at: t) }
        }
        for day in [Gregorian.minDayNumber - 1, Gregorian.maxDayNumber + 1, Int32.min, Int32.max] {
            expectKalendsError(.outOfRange) { try zone.dayStart(day) }
        }
        // The very first and last supported days work, with the rule or type 0 there.
        let first = try zone.dayStart(Gregorian.minDayNumber)
        #expect(try zone.localDay(at: first) == (Gregorian.minDayNumber, 0))
        let last = try zone.dayStart(Gregorian.maxDayNumber)
        #expect(try zone.localDay(at: last) == (Gregorian.maxDayNumber, 0))
        #expect(try zone.localDay(at: last + 86_399).day == Gregorian.maxDayNumber)
        expectKalendsError(.outOfRange) { try zone.localDay(at: last + 86_400 + 3_600) }
    }

    /// Rough cost of `offset(at:)`, printed; a debug build is several times slower than
    /// release. The bound only catches something pathological.
    @Test func offsetLookupIsFast() throws {
        let zone = try TZTest.zone("Europe/Paris")
        var rng = SplitMix(42)
        let instants = (0..<100_000).map { _ in
            Int64.random(in: TZTest.instant(1900, 1, 1)...TZTest.instant(2300, 1, 1), using: &rng)
        }
        var sum: Int64 = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<5 { for t in instants { sum &+= Int64(zone.offset(at: t).secondsEast) } }
        }
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        let perCall = ns / Double(5 * instants.count)
        print("TimeZone.offset(at:): \(perCall) ns per call (this build), checksum \(sum)")
        #expect(perCall < 20_000)
    }
}

@Suite struct TimeZoneAllZonesTests {
    /// Every zone of the system database that Foundation also knows, 1970 to 2200.
    ///
    /// Three documented differences are excluded, each narrowly:
    /// - Before 1970: Debian builds its tzdata with `backzone` (tzdata.zi says "ddeps
    ///   backzone"), so zones that are links in the main data (Africa/Addis_Ababa ->
    ///   Africa/Nairobi, ...) carry their own older history, which ICU does not have.
    /// - isDST in zones with negative DST in the main format, which the system files use
    ///   and ICU's rearguard data does not (see Casablanca above; Europe/Dublin is checked
    ///   exactly in `offsetsMatchFoundation`): their offsets are still compared.
    /// - EET and WET: tz 2024b made these legacy names links to Europe/Athens and
    ///   Europe/Lisbon; ICU keeps its own rule-only definitions (EU rules throughout),
    ///   which differ wherever the cities did not follow them: Athens's DST dates until
    ///   1980, Lisbon on +01 in 1966-1976 and 1992-1996. They are compared from 1997.
    @Test func everySystemZoneMatchesFoundation() throws {
        let negativeDST: Set = ["Europe/Dublin", "Eire", "Africa/Windhoek", "Africa/El_Aaiun", "Africa/Casablanca"]
        let legacy: Set = ["EET", "WET"]
        let names = TZTest.allZoneNames()
        #expect(names.count > 500)
        var compared = 0
        for name in names {
            guard let oracle = TZTest.foundationZone(name) else { continue }
            let zone = try TZTest.zone(name)
            compared += 1
            var t = TZTest.instant(legacy.contains(name) ? 1997 : 1970, 1, 1)
            var mismatches = 0
            while t < TZTest.instant(2200, 1, 1) {
                let ours = zone.offset(at: t)
                let theirs = foundationOffset(oracle, t)
                if ours.secondsEast != theirs.0 || (ours.isDST != theirs.1 && !negativeDST.contains(name)) {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("\(name) at \(t): ours \(ours), Foundation \(theirs)") }
                }
                t += 37 * 86_400 + 7_777
            }
        }
        #expect(compared > 500)
    }
}
