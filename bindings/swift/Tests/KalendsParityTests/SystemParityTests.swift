// Calendar systems through the C ABI (the Kalends wrapper) against KalendsCore in
// process: conversions, months, eras and the dates of grid days for every built-in
// system; the French Republican plugin system from Swift.
import Foundation
import Kalends
import KalendsCore
import Testing

@Suite struct SystemParityTests {
    let lib: Library = library

    @Test func everySystemConvertsAsTheCore() throws {
        let start = Int32(try KalendsCore.Date(year: 1990, month: 1, day: 1).dayNumber)
        for id in KalendsCore.CalendarSystems.builtInIdentifiers {
            let core = try KalendsCore.CalendarSystems.named(id).base
            let wrapped = try Kalends.CalendarSystem(id, library: lib)
            for z in stride(from: start, to: start + 20_000, by: 37) {
                let a = try wrapped.fromDay(z), b = core.date(dayNumber: Int(z))
                #expect((a.era, a.year, a.month, a.day, a.isLeapMonth) == (b.era, b.year, b.month, b.day, b.isLeapMonth), "\(id) \(z)")
                #expect(try wrapped.toDay(a) == z)
                let m = try wrapped.month(containing: z), n = core.month(index: core.monthIndex(dayNumber: Int(z)))
                #expect(Int(m.firstDay) == n.firstDay && Int(m.length) == n.length && Int(m.extendedYear) == n.extendedYear)
                #expect(try wrapped.monthsInYear(era: a.era, year: a.year) == Int32(try core.monthsInYear(era: b.era, year: b.year)))
            }
            let eras = try wrapped.eras(), coreEras = core.eras
            #expect(eras.map(\.code) == coreEras.map(\.code), "\(id)")
            #expect(eras.map { Int($0.days.lowerBound) } == coreEras.map(\.days.lowerBound), "\(id)")
        }
    }

    @Test func gridDaysCarryTheCoresSystemAndSecondaryDates() throws {
        for id in ["hebrew", "chinese", "islamic", "persian", "japanese", "ethiopic"] {
            let options = try Kalends.CalendarOptions(today: .off, system: id, secondarySystem: "dangi", library: lib)
            let cal = try Kalends.Calendar(options, library: lib)
            #expect(try cal.options.system == id && cal.options.secondarySystem == "dangi")
            let core = try KalendsCore.Calendar(options: KalendsCore.CalendarOptions(
                today: .off, system: try KalendsCore.CalendarSystems.named(id), secondarySystem: try KalendsCore.CalendarSystems.named("dangi")))
            var z = Int32(try KalendsCore.Date(year: 2030, month: 1, day: 1).dayNumber)
            for _ in 0..<12 {
                let days = try cal.monthGrid(containing: z)
                let coreDays = core.days(in: try core.monthSpan(containing: z, rows: .fixed))
                #expect(days.map(\.dayNumber) == coreDays.map(\.dayNumber))
                #expect(days.map(\.flags.rawValue) == coreDays.map(\.flags.rawValue))
                let dates = try cal.dayDates(first: days[0].dayNumber, count: Int32(days.count))
                for (d, c) in zip(dates, coreDays) {
                    let s = c.systemDate
                    #expect((d.date.era, d.date.year, d.date.month, d.date.day, d.date.isLeapMonth) == (s.era, s.year, s.month, s.day, s.isLeapMonth))
                    let q = try #require(c.secondaryDate), w = try #require(d.secondary)
                    #expect((w.era, w.year, w.month, w.day, w.isLeapMonth) == (q.era, q.year, q.month, q.day, q.isLeapMonth))
                }
                z = days.last { $0.flags.contains(.inMonth) }!.dayNumber + 1
            }
        }
    }

    @Test func badInputNamesTheSystem() throws {
        #expect(throws: Kalends.KalendsError.self) { _ = try Kalends.CalendarSystem("klingon", library: lib) }
        let civil = try Kalends.CalendarSystem("islamic-civil", library: lib)
        do {
            _ = try civil.toDay(Kalends.SystemDate(era: 0, year: 1447, month: 13, day: 1))
            Issue.record("month 13 accepted")
        } catch {
            #expect(error.message.contains("islamic-civil") && error.message.contains("1...12"))
        }
    }

    @Test func theFrenchRepublicanPluginIsASystemFromSwift() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../.build/plugins")
        let path = dir.appendingPathComponent("libfrench_republican.so").standardizedFileURL.path
        try #require(FileManager.default.fileExists(atPath: path), "make plugins first")
        let before = try Kalends.CalendarSystem.identifiers(library: lib)
        do {
            let plugin = try Kalends.Plugin(path: path, library: lib)
            _ = plugin
            #expect(try Kalends.CalendarSystem.identifiers(library: lib) == before + ["french-republican"])
            let fr = try Kalends.CalendarSystem("french-republican", library: lib)
            // 1 Vendemiaire I = 1792-09-22 and 18 Brumaire VIII = 1799-11-09 (historical).
            #expect(try fr.fromDay(Int32(try KalendsCore.Date(year: 1792, month: 9, day: 22).dayNumber)) == Kalends.SystemDate(era: 0, year: 1, month: 1, day: 1))
            #expect(try fr.fromDay(Int32(try KalendsCore.Date(year: 1799, month: 11, day: 9).dayNumber)) == Kalends.SystemDate(era: 0, year: 8, month: 2, day: 18))
            // Months tile the days; years are 365 or 366 days by Romme's rule.
            for year: Int32 in 1...400 {
                let days = (1...13).reduce(Int32(0)) { $0 + ((try? fr.monthLength(era: 0, year: year, month: $1)) ?? 0) }
                let leap = year < 15 ? [3, 7, 11].contains(year) : (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
                #expect(days == (leap ? 366 : 365), "year \(year)")
                #expect(try fr.toDay(Kalends.SystemDate(era: 0, year: year + 1, month: 1, day: 1)) - fr.toDay(Kalends.SystemDate(era: 0, year: year, month: 1, day: 1)) == days)
            }
            let cal = try Kalends.Calendar(Kalends.CalendarOptions(system: "french-republican", library: lib), library: lib)
            let grid = try cal.monthGrid(containing: Int32(try KalendsCore.Date(year: 2026, month: 11, day: 24).dayNumber))
            #expect(grid.filter { $0.flags.contains(.inMonth) }.count == 30)
        }
        #expect(try Kalends.CalendarSystem.identifiers(library: lib) == before)
    }
}
