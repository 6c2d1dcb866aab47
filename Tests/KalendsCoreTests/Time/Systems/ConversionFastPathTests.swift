// The fast conversion paths against the plain formulas they replace: Neri and
// Schneider's civil conversions against Howard Hinnant's (the fallback outside their
// window), the unsigned Islamic civil arithmetic against the signed one, the Hebrew
// month table and the lunar tables' lookups against the year-by-year computation,
// the Japanese modern eras by day number against the eras by fields, the Chinese and
// Dangi tables against the sui, the solar calendars' month lookup against their month
// starts, and the systems reached through AnyCalendarSystem against the same systems
// through the protocol.
// (The release sweep, make test-systems, checks every day of -9999...9999 of every
// system; the civil conversions were also compared with Hinnant's for every day of
// -999999...999999 in a standalone release build, 23 s, too slow for a debug test.)
import Testing
@testable import KalendsCore

@Suite struct ConversionFastPathTests {
    /// Days around both ends of the library's range, the fast window's edges, and a
    /// prime stride over everything.
    static var sampleDays: [Int] {
        let lo = Int(Gregorian.minDayNumber), hi = Int(Gregorian.maxDayNumber)
        var out = Array(lo - 800...lo + 800) + Array(hi - 800...hi + 800) + Array(-800...800)
        let windowStart = -Gregorian.fastShiftDays, windowEnd = windowStart + Int(Gregorian.fastDays)
        out += Array(windowStart - 50...windowStart + 50) + Array(windowEnd - 50...windowEnd + 50)
        out += Array(stride(from: lo - 5_000_000, through: hi + 5_000_000, by: 10_007))
        out += [Int(Int32.min), Int(Int32.max), -(1 << 40), 1 << 40]
        return out
    }

    @Test func civilFromDaysMatchesHinnant() {
        for z in ConversionFastPathTests.sampleDays {
            let fast = Gregorian.civilFromDays(z), plain = Gregorian.hinnantCivilFromDays(z)
            #expect(fast == plain, "day \(z)")
            #expect(Gregorian.daysFromCivil(plain.year, plain.month, plain.day) == z, "day \(z)")
        }
    }

    @Test func daysFromCivilMatchesHinnant() {
        // Every month of years around the ends, the window's edges and year 0, with
        // days outside the month (counting on linearly) and months 0 and 13.
        let years = Array(-1_000_010 ... -999_990) + Array(-410...410) + Array(999_990...1_000_010)
            + [-3_000_000, 3_000_000, Int(Int32.min), Int(Int32.max)]
        for y in years {
            for m in 0...13 {
                for d in [-1500, -999, -30, 0, 1, 15, 28, 29, 30, 31, 32, 400, 1999, 2000, 2500] {
                    #expect(Gregorian.daysFromCivil(y, m, d) == Gregorian.hinnantDaysFromCivil(y, m, d), "\(y)-\(m)-\(d)")
                }
            }
        }
    }

    @Test func leapYearsAndMonthLengths() {
        for y in Array(-2000...2500) + [-999_999, 999_999, Int.min / 2, Int.max / 2] {
            let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
            #expect(Gregorian.isLeapYear(y) == leap, "year \(y)")
            for m in 1...12 {
                let length: Int
                switch m {
                case 2: length = leap ? 29 : 28
                case 4, 6, 9, 11: length = 30
                default: length = 31
                }
                #expect(Gregorian.daysInMonth(y, m) == length, "\(y)-\(m)")
            }
        }
    }

    @Test func marchYearsAndWeekdays() {
        for z in ConversionFastPathTests.sampleDays {
            let c = Gregorian.hinnantCivilFromDays(z)
            let marchYear = c.month <= 2 ? c.year - 1 : c.year
            let march = Gregorian.marchYearAndDay(z)
            #expect(march.year == marchYear && march.day == z - Gregorian.hinnantDaysFromCivil(marchYear, 3, 1), "day \(z)")
            let r = (z + 3) % 7
            #expect(Gregorian.isoWeekday(z) == (r < 0 ? r + 7 : r) + 1, "day \(z)")
        }
    }

    /// The signed formula the unsigned path replaces.
    static func signedCivil(_ days: Int) -> SystemDate {
        let year = Arith.floorDiv(30 * days + 10646, 10631)
        let yearStart = IslamicSystem.civilYearStart(year)
        let m = min(11, max(0, -Arith.floorDiv(-2 * (days - 29 - yearStart), 59)))
        return SystemDate(era: 0, year: Int32(truncatingIfNeeded: year), month: Int32(truncatingIfNeeded: m + 1),
                          day: Int32(truncatingIfNeeded: days - yearStart - 29 * m - (m + 1) / 2 + 1))
    }

    @Test func islamicCivilMatchesTheSignedFormula() {
        for z in ConversionFastPathTests.sampleDays {
            #expect(IslamicSystem.civilDate(days: z) == ConversionFastPathTests.signedCivil(z), "day \(z)")
        }
        // Every day of two 30-year cycles around the epoch.
        for z in -10_631...10_631 {
            #expect(IslamicSystem.civilDate(days: z) == ConversionFastPathTests.signedCivil(z), "day \(z)")
        }
    }

    @Test func hebrewMonthTableMatchesTheYears() throws {
        let t = HebrewSystem.monthTable
        let first = Int(t[0]), end = Int(t[HebrewSystem.monthTableCount])
        #expect(first == HebrewSystem.newYear(HebrewSystem.monthTableYears.lowerBound))
        #expect(end == HebrewSystem.newYear(HebrewSystem.monthTableYears.upperBound + 1))
        // Every day of the table and the days next to it, against the year-by-year lookup.
        for z in first - 400..<end + 400 {
            let p = HebrewSystem.locate(z)
            let plain = SystemDate(era: 0, year: Int32(p.y), month: HebrewSystem.icuMonth(p.ordinal, leap: p.year.leap),
                                   day: Int32(z - p.first + 1))
            if z >= first && z < end {
                #expect(HebrewSystem.tableDate(z) == plain, "day \(z)")
            } else {
                #expect(HebrewSystem.tableDate(z) == nil, "day \(z)")
            }
            #expect(HebrewSystem().date(dayNumber: z) == plain, "day \(z)")
        }
    }

    @Test(arguments: ["chinese", "dangi", "islamic"])
    func lunarTableLookupMatchesFirstDays(_ id: String) throws {
        let t: LunarMonthTable
        switch id {
        case "chinese": t = LunarMonthTable.chinese
        case "dangi": t = LunarMonthTable.dangi
        default: t = LunarMonthTable.islamic
        }
        let r = t.indexes
        #expect(t.month(containing: t.firstDay(r.lowerBound) - 1) == nil)
        #expect(t.month(containing: t.firstDay(r.upperBound + 1)) == nil)
        // Every month's first and last day, sampled over the table.
        for i in Array(stride(from: r.lowerBound, through: r.upperBound, by: 37)) + [r.lowerBound, r.upperBound] {
            let a = t.firstDay(i), b = t.firstDay(i + 1)
            for z in [a, a + 1, a + 14, b - 1] {
                let hit = t.month(containing: z)
                #expect(hit?.index == i && hit?.firstDay == a, "\(id) day \(z)")
            }
        }
    }

    /// The Chinese and Dangi months from the committed tables (LunisolarLeapTable)
    /// against the sui computation they replace: every day of 1800...2200 and of the
    /// tables' first and last three years, every month of those days, the Chinese years
    /// of those months, and each of their sui's leap month and first lunation.
    @Test(arguments: ["chinese", "dangi"])
    func lunisolarTablesMatchTheSui(_ id: String) {
        let s = ChineseSystem(id == "chinese" ? .chinese : .dangi), t = s.leaps
        let days = t.months.days, indexes = t.months.indexes
        #expect(t.date(dayNumber: days.lowerBound - 1) == nil && t.date(dayNumber: days.upperBound) == nil)
        #expect(t.date(dayNumber: days.lowerBound) != nil && t.date(dayNumber: days.upperBound - 1) != nil)
        #expect(t.month(index: indexes.lowerBound - 1) == nil && t.month(index: indexes.upperBound + 1) == nil)
        #expect(t.monthIndexes(sui: t.firstSui - 1) == nil && t.monthIndexes(sui: t.firstSui + t.count - 1) == nil)
        // The tables cover the system's days.
        #expect(days.lowerBound <= s.dayRange.lowerBound && days.upperBound > s.dayRange.upperBound)
        var failures: [String] = []
        func check(_ ok: Bool, _ message: @autoclosure () -> String) {
            if !ok && failures.count < 20 { failures.append(message()) }
        }
        let spans = [Gregorian.daysFromCivil(1800, 1, 1)...Gregorian.daysFromCivil(2200, 12, 31),
                     days.lowerBound...days.lowerBound + 1100, days.upperBound - 1100...days.upperBound - 1]
        for span in spans {
            for z in span {
                let plain = s.suiDate(dayNumber: z)
                check(t.date(dayNumber: z) == plain && s.date(dayNumber: z) == plain, "\(id) day \(z): \(plain)")
                check(s.monthIndex(dayNumber: z) == s.suiMonthIndex(dayNumber: z), "\(id) month index of day \(z)")
            }
            let months = s.suiMonthIndex(dayNumber: span.lowerBound)...s.suiMonthIndex(dayNumber: span.upperBound)
            for n in months {
                check(t.month(index: n) == s.suiMonth(index: n) && s.month(index: n) == s.suiMonth(index: n), "\(id) month \(n)")
            }
            for ey in s.suiMonth(index: months.lowerBound).extendedYear...s.suiMonth(index: months.upperBound).extendedYear {
                let k = ey - ChineseSystem.base - 1
                if let fast = t.monthIndexes(sui: k) { check(fast == s.suiMonthIndexes(sui: k), "\(id) year \(ey)") }
                let i = k - t.firstSui, sui = s.table.sui(k)
                if i >= 0 && i < t.count {
                    check(t.leapOrdinal(i) == max(0, sui.leap) && t.lunation(i) == sui.lunation, "\(id) sui \(k)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func umAlQuraLookupMatchesTheStarts() {
        let starts = UmmAlQura.starts
        #expect(UmmAlQura.month(starts[0] - 1) == nil)
        #expect(UmmAlQura.month(starts[starts.count - 1]) == nil)
        for k in 0..<starts.count - 1 {
            for z in starts[k]..<starts[k + 1] {
                let hit = UmmAlQura.month(z)
                #expect(hit?.number == (UmmAlQura.firstYear - 1) * 12 + k && hit?.first == starts[k], "day \(z)")
            }
        }
    }

    /// Persian, Indian, Coptic and Ethiopic dates (one branch-free month lookup after
    /// the year) against the month starts they invert: every day of a 400-year cycle
    /// around 1970 and the sample days.
    @Test(arguments: [SolarSystem.Style.persian, .indian, .coptic, .ethiopic])
    func solarDatesInvertTheMonthStarts(_ style: SolarSystem.Style) {
        let s = SolarSystem(style)
        var failures: [String] = []
        for z in ConversionFastPathTests.sampleDays + Array(-73_048...73_048) {
            let p = s.position(z)
            let ok = p.month >= 0 && p.month < s.months && p.day >= 1 && p.day <= s.monthLength(p.year, p.month)
                && s.monthStart(p.year, p.month) + p.day - 1 == z
            if !ok && failures.count < 20 { failures.append("\(style) day \(z): \(p)") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func japaneseModernErasMatchTheFields() {
        let start = Gregorian.daysFromCivil(1860, 1, 1), end = Gregorian.daysFromCivil(2100, 12, 31)
        for z in start...end {
            let c = Gregorian.hinnantCivilFromDays(z)
            let (era, first) = JapaneseEras.era(c.year, c.month, c.day)
            if let modern = JapaneseEras.modernEra(dayNumber: z) {
                #expect(modern.0 == era && modern.1 == first, "day \(z)")
            } else {
                #expect(Int(era) < JapaneseEras.count - JapaneseEras.modernCount, "day \(z)")
            }
        }
    }

    @Test(arguments: CalendarSystems.builtInIdentifiers)
    func anyCalendarSystemDispatchMatchesTheProtocol(_ id: String) throws {
        let system = try CalendarSystems.named(id)
        #expect(system.dayRange == system.base.dayRange)
        let r = system.dayRange
        var days = Array(stride(from: r.lowerBound, through: r.upperBound, by: r.count / 4_999)) + [r.lowerBound, r.upperBound]
        days += Array(Gregorian.daysFromCivil(1850, 1, 1)...Gregorian.daysFromCivil(1851, 12, 31))
        // Around the ends of Umm al-Qura's table (the switch reads it itself).
        let epoch = IslamicSystem(.ummAlQura).epoch, starts = UmmAlQura.starts
        days += Array(starts[0] + epoch - 40...starts[0] + epoch + 40) + Array(starts[starts.count - 1] + epoch - 40...starts[starts.count - 1] + epoch + 40)
        for z in days {
            #expect(system.date(dayNumber: z) == system.base.date(dayNumber: z), "\(id) day \(z)")
            #expect(try system.date(checkedDayNumber: z) == system.base.date(dayNumber: z), "\(id) day \(z)")
        }
        for z in [r.lowerBound - 1, r.upperBound + 1] {
            #expect(throws: KalendsError.self) { try system.date(checkedDayNumber: z) }
        }
    }
}
