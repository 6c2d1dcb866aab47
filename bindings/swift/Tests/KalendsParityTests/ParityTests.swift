import Foundation
import CKalends
import Kalends
import KalendsCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LoadingTests {
    @Test func callsGoToTheSharedLibrary() throws {
        let image = try #require(library.imagePath(ofSymbol: "kalends_calendar_month_grid"))
        #expect(image.hasSuffix("libkalends.so"), "resolved from \(image)")
        // The test binary itself has no kalends_* symbol: nothing short-circuits the ABI.
        #expect(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "kalends_calendar_month_grid") == nil)
        #expect(try Kalends.abiVersion(library: library) == KALENDS_ABI_VERSION)
        #expect(try Kalends.versionString(library: library) == "\(KALENDS_VERSION_MAJOR).\(KALENDS_VERSION_MINOR).\(KALENDS_VERSION_PATCH)")
        #expect(try Kalends.version(library: library) == UInt32(KALENDS_VERSION_NUMBER))
    }

    @Test func statusNamesMatchTheCore() throws {
        #expect(try Kalends.statusString(0, library: library) == "ok")
        for code in KalendsCore.KalendsError.Code.allCases {
            #expect(try Kalends.statusString(code.rawValue, library: library) == "\(code.name)")
        }
        #expect(try Kalends.statusString(999, library: library) == "unknown status")
        #expect(Kalends.Status.allCases.dropFirst().map(\.rawValue) == KalendsCore.KalendsError.Code.allCases.map(\.rawValue))
    }
}

@Suite struct DateParityTests {
    @Test func datesAndErrorsAgree() {
        var problems: [String] = []
        let years: [Int32] = [.min, -1_000_000, -999_999, -4713, -1, 0, 1, 1582, 1900, 2000, 2024, 2026, 999_999, 1_000_000, .max]
        let months: [Int32] = [.min, -1, 0, 1, 2, 3, 12, 13, .max]
        let days: [Int32] = [.min, 0, 1, 28, 29, 30, 31, 32, .max]
        for y in years {
            for m in months {
                for d in days {
                    let p = sameOutcome({ () throws(KalendsCore.KalendsError) in
                        let date = try KalendsCore.Date(year: y, month: m, day: d)
                        return [date.dayNumber, date.weekday.rawValue, date.dayOfYear, date.isoWeek.week, date.isoWeek.year]
                    }, { () throws(Kalends.KalendsError) in
                        let date = try Kalends.Date(year: y, month: m, day: d, library: library)
                        return [date.dayNumber, try date.weekday.rawValue, try date.dayOfYear,
                                try date.isoWeek.week, try date.isoWeek.year]
                    }, { (a: [Int32], b: [Int32]) in a == b })
                    if let p { problems.append("\(y)-\(m)-\(d): \(p)") }
                }
                let leap = sameOutcome({ () throws(KalendsCore.KalendsError) in try Year.daysInMonth(y, m) },
                                       { () throws(Kalends.KalendsError) in try Kalends.yearDaysInMonth(y, m, library: library) }, ==)
                if let leap { problems.append("days in \(y)-\(m): \(leap)") }
            }
            let leap = sameOutcome({ () throws(KalendsCore.KalendsError) in try Year.isLeap(y) },
                                   { () throws(Kalends.KalendsError) in try Kalends.yearIsLeap(y, library: library) }, ==)
            if let leap { problems.append("leap \(y): \(leap)") }
        }
        for n in [Int32.min, KalendsCore.Gregorian.minDayNumber - 1, KalendsCore.Gregorian.minDayNumber, -1, 0, 1,
                  20_000, KalendsCore.Gregorian.maxDayNumber, KalendsCore.Gregorian.maxDayNumber + 1, .max] {
            let p = sameOutcome({ () throws(KalendsCore.KalendsError) in try KalendsCore.Date(dayNumber: n) },
                                { () throws(Kalends.KalendsError) in try Kalends.Date(dayNumber: n, library: library) }, same)
            if let p { problems.append("day number \(n): \(p)") }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    }
}

@Suite struct GridParityTests {
    /// All months of a wide range of years, all first weekdays, both row policies.
    @Test(arguments: Array(1...7) as [Int32])
    func monthGridsAgree(firstWeekday: Int32) throws {
        let minDays = firstWeekday % 7 + 1   // vary the week rule too
        let fixed = try KalendsCore.Date(year: 2026, month: 11, day: 22)
        let core = try KalendsCore.Calendar(options: coreOptions(firstWeekday, minDays, weekend: 0x41, today: .fixed(fixed)))
        let wrapper = try Kalends.Calendar(
            wrapperOptions(firstWeekday, minDays, weekend: 0x41,
                           today: .fixed(try Kalends.Date(year: 2026, month: 11, day: 22, library: library))),
            library: library)
        // every fifth year of five millennia, every year around now, and the extremes
        var years = Array(stride(from: Int32(-2400), through: 2800, by: 5)) + Array(1990...2030)
        years += [-999_999, -999_998, -100_000, 100_000, 999_998, 999_999, 1_000_000, .max, .min]
        var problems: [String] = []
        var grids = 0
        for y in years {
            for m: Int32 in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] where m != 0 && m != 13 || y == 2026 {
                for rows in KalendsCore.Rows.allCases {
                    let wrapperRows = Kalends.Rows(rawValue: rows.rawValue) ?? .fixed
                    grids += 1
                    let p = sameOutcome({ () throws(KalendsCore.KalendsError) in
                        try core.monthGrid(year: y, month: m, rows: rows).days
                    }, { () throws(Kalends.KalendsError) in
                        try wrapper.monthGrid(year: y, month: m, rows: wrapperRows).days
                    }, same)
                    if let p { problems.append("\(y)-\(m) \(rows): \(p)") }
                    let r = sameOutcome({ () throws(KalendsCore.KalendsError) in
                        try core.monthRange(year: y, month: m, rows: rows)
                    }, { () throws(Kalends.KalendsError) in
                        try wrapper.monthRange(year: y, month: m, rows: wrapperRows)
                    }, { $0.first == $1.first && $0.last == $1.last })
                    if let r { problems.append("range \(y)-\(m) \(rows): \(r)") }
                }
            }
        }
        #expect(grids > 25_000)
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    }

    @Test func weekGridsAndWeekNumbersAgree() throws {
        var problems: [String] = []
        for first: Int32 in 1...7 {
            for minDays: Int32 in 1...7 {
                let core = try KalendsCore.Calendar(options: coreOptions(first, minDays))
                let wrapper = try Kalends.Calendar(wrapperOptions(first, minDays), library: library)
                for n in stride(from: Int32(-1_000), through: 30_000, by: 97) {
                    let cd = try KalendsCore.Date(dayNumber: n)
                    let wd = try Kalends.Date(dayNumber: n, library: library)
                    if let p = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.weekGrid(containing: cd).days },
                                           { () throws(Kalends.KalendsError) in try wrapper.weekGrid(wd).days }, same) {
                        problems.append("week of \(cd): \(p)")
                    }
                    let cw = core.weekOfYear(cd)
                    let ww = try wrapper.weekOfYear(wd)
                    if cw.week != ww.week || cw.year != ww.year { problems.append("week number of \(cd)") }
                    let cr = try core.weekRange(containing: cd)
                    let wr = try wrapper.weekRange(wd)
                    if cr.first != wr.first || cr.last != wr.last { problems.append("week range of \(cd)") }
                }
            }
        }
        // the ends of the range: errors agree too
        let core = try KalendsCore.Calendar(options: coreOptions(3, 4))
        let wrapper = try Kalends.Calendar(wrapperOptions(3, 4), library: library)
        for n in [KalendsCore.Gregorian.minDayNumber, KalendsCore.Gregorian.maxDayNumber] {
            let p = sameOutcome({ () throws(KalendsCore.KalendsError) in
                try core.weekGrid(containing: try KalendsCore.Date(dayNumber: n)).days
            }, { () throws(Kalends.KalendsError) in
                try wrapper.weekGrid(try Kalends.Date(dayNumber: n, library: library)).days
            }, same)
            if let p { problems.append("edge week \(n): \(p)") }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    }
}

@Suite struct CalendarParityTests {
    @Test func optionsRoundTripAndBadOptionsFailAlike() throws {
        let cal = try Kalends.Calendar(library: library)
        let fixed = try Kalends.Date(year: 1999, month: 12, day: 31, library: library)
        let wanted = try Kalends.CalendarOptions(firstWeekday: .sunday, minDaysInFirstWeek: 1,
                                                 weekendDays: [.friday], today: .fixed(fixed), library: library)
        try cal.setOptions(wanted)
        #expect(try cal.options == wanted)
        #expect(try cal.today() == fixed)
        var problems: [String] = []
        for minDays in [Int32.min, -1, 0, 8, .max] {
            let p = sameOutcome({ () throws(KalendsCore.KalendsError) in
                try KalendsCore.Calendar(options: KalendsCore.CalendarOptions(minDaysInFirstWeek: minDays)).options.minDaysInFirstWeek
            }, { () throws(Kalends.KalendsError) in
                try Kalends.Calendar(Kalends.CalendarOptions(minDaysInFirstWeek: minDays, library: library), library: library).options.minDaysInFirstWeek
            }, ==)
            if let p { problems.append("minimum days \(minDays): \(p)") }
        }
        #expect(problems.isEmpty, "\(problems)")
        // A failed setOptions leaves the calendar as it was.
        #expect(throws: Kalends.KalendsError.self) {
            try cal.setOptions(Kalends.CalendarOptions(minDaysInFirstWeek: 9, library: library))
        }
        #expect(try cal.options == wanted)
    }

    @Test func closedCalendarsAreMisuseNotCrashes() throws {
        let cal = try Kalends.Calendar(library: library)
        cal.close()
        cal.close()
        #expect {
            try cal.monthGrid(year: 2026, month: 11)
        } throws: { error in
            (error as? Kalends.KalendsError)?.status == .misuse
        }
        #expect(throws: Kalends.KalendsError.self) { try cal.options }
    }

    @Test func todayOffAndSystem() throws {
        let off = try Kalends.Calendar(today: .off, library: library)
        #expect(try off.today() == nil)
        // The library's system today is the local date (its clock: KalendsSystem's; the
        // core alone has none), Foundation's read just before and after.
        let system = try Kalends.Calendar(library: library)
        let before = Foundation.Calendar.current.dateComponents([.year, .month, .day], from: Foundation.Date())
        let b = try #require(try system.today())
        let after = Foundation.Calendar.current.dateComponents([.year, .month, .day], from: Foundation.Date())
        let candidates = [before, after].map { KalendsCore.Gregorian.daysFromCivil($0.year ?? 0, $0.month ?? 0, $0.day ?? 0) }
        #expect(candidates.contains(Int(b.dayNumber)))
    }
}
