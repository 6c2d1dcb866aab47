import Foundation
import Testing
@testable import KalendsCore

/// Foundation's Calendar (ICU 76 inside swift-corelibs-foundation) as the oracle of the
/// calendar systems: every day of 1850...2150 (chinese and dangi: 1900...2100),
/// compared field by field at 00:00 UTC. Known oracle errors are listed, each with the
/// reason, in `FoundationExceptions`, and checked there against other sources.
enum FoundationOracle {
    static let identifiers: [(String, Foundation.Calendar.Identifier)] = [
        ("gregorian", .gregorian), ("iso8601", .iso8601), ("buddhist", .buddhist), ("japanese", .japanese),
        ("roc", .republicOfChina), ("islamic", .islamic), ("islamic-civil", .islamicCivil),
        ("islamic-tbla", .islamicTabular), ("islamic-umalqura", .islamicUmmAlQura), ("hebrew", .hebrew),
        ("persian", .persian), ("indian", .indian), ("coptic", .coptic), ("ethiopic", .ethiopicAmeteMihret),
        ("ethiopic-amete-alem", .ethiopicAmeteAlem), ("chinese", .chinese), ("dangi", .dangi),
    ]

    static func calendar(_ id: Foundation.Calendar.Identifier) -> Foundation.Calendar {
        var cal = Foundation.Calendar(identifier: id)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal
    }

    static func fields(_ cal: Foundation.Calendar, _ dayNumber: Int) -> SystemDate {
        let c = cal.dateComponents([.era, .year, .month, .day, .isLeapMonth],
                                   from: Foundation.Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
        return SystemDate(era: Int32(c.era ?? -1), year: Int32(c.year ?? -1), month: Int32(c.month ?? -1),
                          day: Int32(c.day ?? -1), isLeapMonth: c.isLeapMonth ?? false)
    }

    static func years(_ id: String) -> ClosedRange<Int> {
        id == "chinese" || id == "dangi" ? 1900...2100 : 1850...2150
    }
}

@Suite struct SystemsFoundationTests {
    @Test(arguments: FoundationOracle.identifiers.map(\.0))
    func everyDayAgreesWithFoundation(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let foundationID = FoundationOracle.identifiers.first { $0.0 == id }!.1
        let cal = FoundationOracle.calendar(foundationID)
        let years = FoundationOracle.years(id)
        let first = Gregorian.daysFromCivil(years.lowerBound, 1, 1), last = Gregorian.daysFromCivil(years.upperBound, 12, 31)
        var mismatches: [(Int, SystemDate, SystemDate)] = []
        for z in first...last {
            let ours = system.date(dayNumber: z)
            let theirs = FoundationOracle.fields(cal, z)
            if ours != theirs && !FoundationExceptions.explains(id, z, ours: ours, foundation: theirs) {
                mismatches.append((z, ours, theirs))
            }
        }
        // Report runs of consecutive differing days (a shifted month start is one run).
        var runs: [(Int, Int, SystemDate, SystemDate)] = []
        for (z, ours, theirs) in mismatches {
            if let last = runs.last, last.0 + last.1 == z { runs[runs.count - 1].1 += 1 } else { runs.append((z, 1, ours, theirs)) }
        }
        for (z, n, ours, theirs) in runs.prefix(40) {
            let c = Gregorian.civilFromDays(z)
            Issue.record("\(id) from \(c.year)-\(c.month)-\(c.day) (day \(z)), \(n) days: ours \(ours), Foundation \(theirs)")
        }
        #expect(mismatches.count == 0, "\(id): \(mismatches.count) days in \(runs.count) runs differ from Foundation")
    }
}

/// Where Foundation (swift-corelibs-foundation with swift-foundation-icu, ICU 74 with
/// Apple's changes) is wrong in 1850...2150, or follows Apple's changes rather than ICU.
/// Each case says what Foundation reports; `SystemsOracleTests` checks our answer for it
/// against a second source.
enum FoundationExceptions {
    /// ethiopic-amete-alem ("ethioaa"): Foundation reports the Gregorian era, year, month
    /// and day for every date. Ours are checked against Foundation's ethiopic calendar.
    static func ethioaa(_ z: Int, _ foundation: SystemDate) -> Bool {
        let c = Gregorian.civilFromDays(z)
        return foundation == SystemDate(era: 1, year: Int32(c.year), month: Int32(c.month), day: Int32(c.day))
    }

    /// hebrew: Foundation makes AM 5806 a 385-day year (Heshvan 30) and begins 5807 on
    /// 2046-10-02: from 1 Kislev 5806 (2045-11-10) to 29 Heshvan 5807 every day is one
    /// day behind. The arithmetic (and convertdate) gives 5806 384 days and 1 Tishri 5807
    /// on 2046-10-01. No other Hebrew year of 5610...5911 differs.
    static let hebrewShift = (first: Gregorian.daysFromCivil(2045, 11, 10), last: Gregorian.daysFromCivil(2046, 11, 29))

    /// islamic: swift-foundation-icu is built with APPLE_ICU_CHANGES (its Package.swift),
    /// and one of them makes CalendarAstronomer::getMoonAge (astro.cpp) interpolate
    /// between tabulated new and full moons in 1900...2100, where upstream ICU
    /// (islamcal.cpp's moonAge, astro.cpp) computes the moon's position: at five UTC
    /// midnights the two disagree on whether the moon has passed conjunction, so
    /// Foundation starts these months a day later (+1) or earlier (-1) than ICU (150
    /// days). Upstream ICU agrees with the library on every day of 623...4000
    /// (bindings/c/tests/icu_systems_test.c, against the system's libicu). Each is
    /// (month index, shift); `SystemsOracleTests.islamicMonthsFoundationMoves` checks the
    /// conjunction against Calendrical Calculations' new moons, and
    /// `islamicFoundationMovesAreStillThere` that Foundation still moves each.
    static let islamicMoved: [(index: Int, shift: Int)] = [
        ((1360 - 1) * 12 + 10, +1),   // 1360-11 (1941-11-19)
        ((1376 - 1) * 12 + 9, -1),    // 1376-10 (1957-05-01)
        ((1448 - 1) * 12 + 10, -1),   // 1448-11 (2027-04-08)
        ((1510 - 1) * 12 + 7, -1),    // 1510-08 (2087-03-06)
        ((1518 - 1) * 12 + 1, +1),    // 1518-02 (2094-06-13)
    ]

    /// chinese and dangi: a new moon seconds before local midnight (Calendrical
    /// Calculations: 2057-09-28 23:59:59 and 2097-08-07 23:59:35 Beijing time,
    /// 2097-01-13 23:59:55 Seoul time); Foundation numbers the 30 days of those months
    /// from 0, a day that does not exist. Ours start the month on that day.
    static let lunisolarDayZero: [(String, Int)] = [
        ("chinese", Gregorian.daysFromCivil(2057, 9, 28)), ("chinese", Gregorian.daysFromCivil(2097, 8, 7)),
        ("dangi", Gregorian.daysFromCivil(2097, 1, 13)),
    ]

    static func explains(_ id: String, _ z: Int, ours: SystemDate, foundation: SystemDate) -> Bool {
        switch id {
        case "ethiopic-amete-alem":
            return ethioaa(z, foundation)
        case "hebrew":
            guard z >= hebrewShift.first && z <= hebrewShift.last else { return false }
            let system = HebrewSystem()
            if z == hebrewShift.first {
                return foundation == SystemDate(era: 0, year: 5806, month: 2, day: 30)
            }
            return foundation == system.date(dayNumber: z - 1)
        case "islamic":
            let system = IslamicSystem(.astronomical)
            for (index, shift) in islamicMoved {
                let m = system.month(index: index), prev = system.month(index: index - 1)
                let start = m.firstDay + shift
                guard z >= min(start, m.firstDay) && z <= m.lastDay else { continue }
                if z >= start && z <= m.lastDay {
                    return foundation == SystemDate(era: 0, year: m.year, month: m.month, day: Int32(z - start + 1))
                }
                if z < start {
                    return foundation == SystemDate(era: 0, year: prev.year, month: prev.month, day: Int32(z - prev.firstDay + 1))
                }
            }
            return false
        case "chinese", "dangi":
            for (name, first) in lunisolarDayZero where name == id && z >= first && z < first + 30 {
                var expected = ours
                expected.day -= 1
                return foundation == expected
            }
            return false
        default:
            return false
        }
    }
}
