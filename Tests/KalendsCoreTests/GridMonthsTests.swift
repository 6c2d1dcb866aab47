import Testing
@testable import KalendsCore

/// The grid path that fills days from the months a built-in system finds once per grid
/// (`AnyCalendarSystem.gridMonths`) gives exactly the days of the general path (which
/// asks the system month by month and converts where it must): every field of every
/// day, flags and week numbers included, in every built-in system, for month, week and
/// day spans, under several week rules, with and without a secondary system, near
/// today, far away and at the ends of each system's range.
@Suite struct GridMonthsTests {
    static let rules: [(Weekday, Int32)] = [(.sunday, 1), (.monday, 4), (.saturday, 7)]

    static func calendar(_ id: String, secondary: String? = nil, rule: (Weekday, Int32)) throws -> KalendsCore.Calendar {
        try KalendsCore.Calendar(options: CalendarOptions(
            firstWeekday: rule.0, minDaysInFirstWeek: rule.1, today: .fixed(try KalendsCore.Date(year: 2026, month: 3, day: 1)),
            system: try CalendarSystems.named(id), secondarySystem: try secondary.map { try CalendarSystems.named($0) }))
    }

    /// Both paths' days of one span.
    static func both(_ cal: KalendsCore.Calendar, _ span: GridSpan) -> ([Day], [Day]) {
        var planned: [Day] = [], general: [Day] = []
        cal.forEachSystemDay(in: span) { i, d in
            #expect(i == planned.count)
            planned.append(d)
        }
        cal.forEachSystemDayGeneral(in: span) { _, d in general.append(d) }
        return (planned, general)
    }

    /// Month indexes to check in a system: 10 years around 2026, a stretch far in the
    /// past and one far in the future, and the first and last months of its range.
    static func indexes(_ system: any CalendarSystem) -> [Int] {
        let days = system.dayRange, r = system.monthIndexRange
        let near = system.monthIndex(dayNumber: Gregorian.daysFromCivil(2021, 1, 1))
        let past = system.monthIndex(dayNumber: max(days.lowerBound + 400, Gregorian.daysFromCivil(-4000, 1, 1)))
        let future = system.monthIndex(dayNumber: min(days.upperBound - 400, Gregorian.daysFromCivil(9000, 1, 1)))
        return Array(near..<near + 125) + Array(past..<past + 40) + Array(future..<future + 40)
            + Array(r.lowerBound...r.lowerBound + 3) + Array(r.upperBound - 3...r.upperBound)
    }

    @Test(arguments: CalendarSystems.builtInIdentifiers)
    func plannedGridsEqualTheGeneralPath(_ id: String) throws {
        var planned = 0
        for rule in Self.rules {
            let cal = try Self.calendar(id, rule: rule)
            for index in Self.indexes(cal.system.base) {
                for rows in Rows.allCases {
                    guard let span = try? cal.monthSpan(monthIndex: index, rows: rows) else { continue }
                    let (a, b) = Self.both(cal, span)
                    #expect(a.count == Int(span.count))
                    #expect(a == b, "\(id) month \(index) \(rows) first weekday \(rule.0)")
                    var months = GridMonths()
                    if cal.system.gridMonths(first: Int(span.first), last: Int(span.first + span.count - 1),
                                             near: span.monthIndex, into: &months) { planned += 1 }
                }
            }
            // Week and day spans (a view's week and day pages) of days across two years.
            let start = Gregorian.daysFromCivil(2025, 12, 1)
            for z in stride(from: start, to: start + 420, by: 5) {
                let date = try KalendsCore.Date(dayNumber: Int32(z))
                let week = try cal.weekSpan(containing: date)
                let (a, b) = Self.both(cal, week)
                #expect(a == b, "\(id) week of \(date)")
                let day = try cal.daySpan(Int32(z))
                let (c, d) = Self.both(cal, day)
                #expect(c == d && c.count == 1, "\(id) day \(date)")
            }
        }
        // The planned path is what built-in systems take (the spans at the very ends of
        // a range may fall back to the general path).
        #expect(planned >= Self.rules.count * 2 * 205)
    }

    /// With a secondary system the secondary dates come from the same cursor on both paths.
    @Test(arguments: [("hebrew", "chinese"), ("coptic", "islamic"), ("japanese", "hebrew"), ("gregorian", "ethiopic")])
    func plannedGridsWithASecondarySystem(_ ids: (String, String)) throws {
        let cal = try Self.calendar(ids.0, secondary: ids.1, rule: (.monday, 4))
        let near = cal.system.base.monthIndex(dayNumber: Gregorian.daysFromCivil(2024, 1, 1))
        for index in near..<near + 40 {
            let span = try cal.monthSpan(monthIndex: index, rows: .fixed)
            let (a, b) = Self.both(cal, span)
            #expect(a == b, "\(ids) month \(index)")
            #expect(a.allSatisfy { $0.secondaryDate != nil })
        }
    }

    /// Japanese months in which an era begins are split where it does: every month from
    /// Taika (645) to 2030, against the general path's day-by-day conversion there.
    @Test func japaneseEraChangesInsideMonths() throws {
        let cal = try Self.calendar("japanese", rule: (.sunday, 1))
        let system = cal.system.base
        var splits = 0
        for index in 645 * 12...2030 * 12 {
            let span = try cal.monthSpan(monthIndex: index, rows: .variable)
            let (a, b) = Self.both(cal, span)
            #expect(a == b, "japanese month \(index)")
            let m = system.month(index: index)
            if system.date(dayNumber: m.lastDay).era != m.era { splits += 1 }
        }
        // Heisei began on 1989-01-08, Showa on 1926-12-25, Taisho on 1912-07-30, ...
        #expect(splits > 150)
    }
}

/// Day -> date without a search (Persian, Indian, Coptic, Ethiopic: the year start
/// inverted exactly; Hebrew: new years from a table inside AM 3700...7800) agrees with
/// the forward computation (year starts, months) across the library's whole range:
/// the sweep checks every day of -9999...9999, this samples the rest.
@Suite struct SystemDatesAcrossTheRangeTests {
    @Test(arguments: ["persian", "indian", "coptic", "ethiopic", "ethiopic-amete-alem", "hebrew"])
    func yearStartsAndTheirNeighbours(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let years = system.extendedYearRange
        var checked = 0
        for y in stride(from: years.lowerBound + 1, to: years.upperBound, by: 997) + [3699, 3700, 3701, 7799, 7800, 7801] {
            guard years.contains(y - 1), years.contains(y + 1) else { continue }
            let start = system.yearStart(extendedYear: y)
            #expect(start == system.month(index: system.monthIndexes(extendedYear: y).lowerBound).firstDay, "\(id) year \(y)")
            for z in [start - 1, start, start + 1, start + 200] where system.dayRange.contains(z) {
                let date = system.date(dayNumber: z)
                let m = system.month(index: system.monthIndex(dayNumber: z))
                #expect(z >= m.firstDay && z <= m.lastDay, "\(id) day \(z)")
                #expect(date == SystemDate(era: m.era, year: m.year, month: m.month, day: Int32(z - m.firstDay + 1),
                                           isLeapMonth: m.isLeapMonth), "\(id) day \(z)")
                #expect(try system.dayNumber(of: date) == z, "\(id) day \(z)")
                checked += 1
            }
            #expect(system.date(dayNumber: start).day == 1 && system.month(index: system.monthIndex(dayNumber: start)).extendedYear == y)
        }
        #expect(checked > 4000)
    }
}
