import Foundation
import Testing
@testable import KalendsCore

/// Second sources for what Foundation lacks or gets wrong (see `FoundationExceptions`),
/// and the systems' own consistency.
@Suite struct SystemsOracleTests {
    /// convertdate's Hebrew calendar: 1 Tishri of every year 5600...5921, so every year
    /// length, including the 384-day 5806 that Foundation makes 385 days long.
    @Test func hebrewNewYearsAgreeWithConvertdate() throws {
        let system = HebrewSystem()
        let starts = SystemFixtures.decode(SystemFixtures.hebrewNewYears)
        for (i, start) in starts.enumerated() {
            let year = SystemFixtures.hebrewFirstYear + i
            #expect(system.yearStart(extendedYear: year) == start, "1 Tishri \(year)")
            #expect(system.date(dayNumber: start) == SystemDate(era: 0, year: Int32(year), month: 1, day: 1))
        }
        #expect(starts[5807 - 5600] - starts[5806 - 5600] == 384)
        #expect(starts[5807 - 5600] == Gregorian.daysFromCivil(2046, 10, 1))
    }

    /// hijridate's Umm al-Qura months (the official tables, AH 1343...1500) against ours
    /// (ICU's table, which Foundation follows): every month of 1420...1450 (1999...2029)
    /// agrees; before and after, ICU's older table starts months up to two days away.
    @Test func ummAlQuraAgreesWithHijridateWhereICUsTableIsOfficial() throws {
        let system = IslamicSystem(.ummAlQura)
        let starts = SystemFixtures.decode(SystemFixtures.ummAlQuraMonths)
        var differing = 0
        for (i, start) in starts.enumerated() {
            let year = SystemFixtures.ummAlQuraFirstYear + i / 12, month = i % 12 + 1
            let ours = system.month(index: (year - 1) * 12 + month - 1).firstDay
            if (1420...1450).contains(year) {
                #expect(ours == start, "\(year)-\(month): ours \(ours), hijridate \(start)")
            } else {
                #expect(abs(ours - start) <= 2, "\(year)-\(month): ours \(ours), hijridate \(start)")
                if ours != start { differing += 1 }
            }
        }
        #expect(differing > 0)   // the tables do differ outside 1420...1450
    }

    /// convertdate's Julian calendar: the first day of every month of -1000...2200.
    @Test func julianAgreesWithConvertdate() throws {
        let system = JulianSystem()
        let starts = SystemFixtures.decode(SystemFixtures.julianMonths)
        for (i, start) in starts.enumerated() {
            let index = SystemFixtures.julianFirstYear * 12 + i
            let m = system.month(index: index)
            #expect(m.firstDay == start, "Julian month index \(index)")
            if i + 1 < starts.count { #expect(m.length == starts[i + 1] - start) }
        }
    }

    /// ethioaa, which Foundation gets wrong, is ICU's Ethiopic calendar counted from the
    /// Amete Alem epoch: Foundation's ethiopic fields with years + 5500 in era 0.
    @Test func ameteAlemIsFoundationsEthiopicFromTheOtherEpoch() throws {
        let system = SolarSystem(.ethiopicAmeteAlem)
        let cal = FoundationOracle.calendar(.ethiopicAmeteMihret)
        for z in stride(from: Gregorian.daysFromCivil(1850, 1, 1), through: Gregorian.daysFromCivil(2150, 12, 31), by: 1) {
            let e = FoundationOracle.fields(cal, z)
            let ey = e.era == 1 ? Int(e.year) : Int(e.year) - 5500
            let expected = SystemDate(era: 0, year: Int32(ey + 5500), month: e.month, day: e.day)
            if system.date(dayNumber: z) != expected {
                Issue.record("day \(z): ours \(system.date(dayNumber: z)), expected \(expected)")
                return
            }
        }
    }

    /// The five islamic months Foundation moves: at the UTC midnight where the month
    /// starts, ICU's formula puts the moon within 0.03° of conjunction, and Calendrical
    /// Calculations' new moon falls on the side of that midnight Foundation's table
    /// implies (after it when Foundation starts the month a day later, before it when
    /// a day earlier).
    @Test func islamicMonthsFoundationMoves() throws {
        let system = IslamicSystem(.astronomical)
        for (index, shift) in FoundationExceptions.islamicMoved {
            let m = system.month(index: index)
            let midnight = shift > 0 ? m.firstDay : m.firstDay - 1   // the midnight whose sign differs
            let ms = Double(midnight) * ICUMoon.dayMs
            #expect(abs(ICUMoon.moonAge(ms)) < 0.03, "month \(index): ICU's moon age at the critical midnight")
            let rd = Double(midnight + Arith.rdOffset)
            let newMoon = Astronomy.nthNewMoon(Astronomy.newMoonAtOrAfter(rd - 1))
            if shift > 0 {
                #expect(newMoon > rd, "month \(index): the new moon is after midnight, so the month starts a day later")
            } else {
                #expect(newMoon < rd, "month \(index): the new moon is before midnight, so the month starts a day earlier")
            }
        }
    }

    /// Each listed month is one Foundation really moves (the list names what differs,
    /// no more): Foundation's first day of it is ours shifted by the listed days.
    @Test func islamicFoundationMovesAreStillThere() throws {
        let system = IslamicSystem(.astronomical)
        let cal = FoundationOracle.calendar(.islamic)
        for (index, shift) in FoundationExceptions.islamicMoved {
            let m = system.month(index: index)
            let start = m.firstDay + shift
            #expect(FoundationOracle.fields(cal, start) == SystemDate(era: 0, year: m.year, month: m.month, day: 1),
                    "month \(index): Foundation starts it on day \(start)")
            #expect(FoundationOracle.fields(cal, start - 1).day != 1, "month \(index)")
        }
    }

    /// The lunisolar months Foundation numbers from 0: the new moon is less than a
    /// minute before local midnight, so the month begins that day.
    @Test func lunisolarDayZeroMonthsBeginOnTheDayOfTheNewMoon() throws {
        for (id, first) in FoundationExceptions.lunisolarDayZero {
            let system = try CalendarSystems.named(id).base
            #expect(system.date(dayNumber: first).day == 1)
            let zone = id == "chinese" ? 8.0 : 9.0
            let rd = Double(first + Arith.rdOffset)
            let newMoon = Astronomy.nthNewMoon(Astronomy.newMoonAtOrAfter(rd - 1 - zone / 24)) + zone / 24
            #expect(newMoon >= rd && newMoon < rd + 1, "\(id) \(first): the new moon falls on that local day")
            #expect((rd + 1 - newMoon) * 1440 < 1, "\(id) \(first): within a minute of midnight")
        }
    }

    /// Every era start of the Japanese calendar from 1583 (where Foundation's fields are
    /// Gregorian) is where Foundation changes era.
    @Test func japaneseEraStartsAgreeWithFoundation() throws {
        let cal = FoundationOracle.calendar(.japanese)
        for k in 1..<JapaneseEras.count where JapaneseEraData.starts[k] >= 1583_0000 {
            let first = JapaneseEras.firstDay(k)
            #expect(FoundationOracle.fields(cal, first).era == Int32(k), "era \(k) starts on day \(first)")
            #expect(FoundationOracle.fields(cal, first - 1).era == Int32(k - 1), "era \(k - 1) ends on day \(first - 1)")
        }
    }
}
