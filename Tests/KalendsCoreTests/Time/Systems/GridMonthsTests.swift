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

    /// Hebrew months read from the month table (AM 5000...6000) equal those computed from
    /// the years' shapes: runs, positions and the year noted for the week numbers, for
    /// spans across the table's first and last months and every 7th month in between;
    /// spans that leave the table are not answered from it.
    @Test func hebrewTableMonthsEqualTheComputedOnes() throws {
        let system = HebrewSystem()
        let base = HebrewSystem.monthTableFirstIndex, count = HebrewSystem.monthTableCount
        func runs(_ g: GridMonths) -> [[Int]] {
            (0..<g.count).map { k in
                let r = g[k]
                return [Int(r.firstDay), Int(r.lastDay), Int(r.monthFirstDay), Int(r.year), Int(r.era), Int(r.month), Int(r.bits)]
            } + [[g.firstExtendedYear, g.knownYear, g.knownYearStart, g.knownNextYearStart]]
        }
        var fromTable = 0, outside = 0
        let indexes = Array(base - 30..<base + 30) + Array(stride(from: base, to: base + count, by: 7)) + Array(base + count - 30..<base + count + 30)
        for index in indexes {
            #expect(HebrewSystem.tableMonth(index) == ((base..<base + count).contains(index) ? HebrewSystem.computedMonth(index) : nil),
                    "month \(index)")
            let m = HebrewSystem.computedMonth(index)
            for (first, days) in [(m.firstDay - 12, 42), (m.firstDay, 35), (m.firstDay + m.length - 3, 7), (m.firstDay + 5, 1)] {
                var a = GridMonths(), b = GridMonths()
                let computed = system.computedGridMonths(first: first, last: first + days - 1, near: index, into: &b)
                guard let table = system.tableGridMonths(first: first, last: first + days - 1, near: index, into: &a) else {
                    #expect(runs(a) == runs(GridMonths()), "month \(index): nothing written when the table cannot answer")
                    outside += 1
                    continue
                }
                fromTable += 1
                #expect(table == computed && runs(a) == runs(b), "month \(index) days \(first)+\(days)")
            }
        }
        #expect(fromTable > 1_000 && outside > 100)
    }

    /// Spans of a month's later rows alone, and single days anywhere in its grid (a
    /// scroll draws the rows in its viewport, a view asks for one cell): the span may
    /// start after the reference month ends (its trailing days).
    @Test(arguments: CalendarSystems.builtInIdentifiers)
    func partialSpansOfAMonthsGrid(_ id: String) throws {
        let cal = try Self.calendar(id, rule: (.monday, 4))
        let near = cal.system.base.monthIndex(dayNumber: Gregorian.daysFromCivil(2024, 1, 1))
        var afterTheMonth = 0
        for index in near..<near + 40 {
            let span = try cal.monthSpan(monthIndex: index, rows: .fixed)
            let m = cal.system.base.month(index: index)
            for row in 0..<Int(span.rows) {
                let part = span.with(first: span.first + Int32(7 * row), count: span.count - Int32(7 * row))
                let (a, b) = Self.both(cal, part)
                #expect(a == b && a.count == Int(part.count), "\(id) month \(index) from row \(row)")
                if Int(part.first) > m.lastDay { afterTheMonth += 1 }
            }
            for k in stride(from: 0, to: Int(span.count), by: 5) {
                let (a, b) = Self.both(cal, span.with(first: span.first + Int32(k), count: 1))
                #expect(a == b && a.count == 1, "\(id) month \(index) cell \(k)")
            }
        }
        #expect(afterTheMonth > 0)
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

/// Variable rows are the rows a month needs, as grid.h and `Rows.variable` say: 4, 5 or
/// 6 for every month of 28 to 31 days, 1 or 2 for the 5- or 6-day thirteenth month of
/// the Coptic and Ethiopic calendars (the header used to promise 4, 5 or 6 only).
@Suite struct VariableRowsTests {
    @Test(arguments: CalendarSystems.builtInIdentifiers)
    func rowsFollowTheMonthsLength(_ id: String) throws {
        var counts: Set<Int32> = []
        for first in [Weekday.monday, .sunday, .saturday] {
            let cal = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: first, system: try CalendarSystems.named(id)))
            let system = cal.system.base
            let start = system.monthIndex(dayNumber: Gregorian.daysFromCivil(2000, 1, 1))
            for index in start..<start + 400 {
                let m = system.month(index: index)
                let span = try cal.monthSpan(monthIndex: index, rows: .variable)
                let lead = Int(Weekday(dayNumber: Int32(m.firstDay)).days(since: first))
                #expect(Int(span.rows) == (lead + m.length + 6) / 7, "\(id) month \(index)")
                #expect(span.first == Int32(m.firstDay - lead))
                if m.length <= 6 { #expect((1...2).contains(span.rows), "\(id) month \(index)") }
                else { #expect((4...6).contains(span.rows), "\(id) month \(index)") }
                counts.insert(span.rows)
            }
        }
        let short = ["coptic", "ethiopic", "ethiopic-amete-alem"].contains(id)
        #expect(counts.contains(1) == short && counts.contains(2) == short)
    }
}

/// A scroll query over the Hebrew calendar's whole range (+-1M years) searches for a
/// month: each step asks for the month counts at the probe and at the range's first
/// month (as MonthRows.before does). Each 1024-year block is computed once per search:
/// the first block stays cached (least recently used goes first; it was first in,
/// first out and was recomputed every few steps).
@Suite struct HebrewMonthStartsCacheTests {
    @Test(arguments: [0.1, 0.5, 0.97])
    func aWholeRangeSearchComputesEachBlockOnce(_ fraction: Double) {
        let starts = HebrewMonthStarts()
        let first = starts.indexes.lowerBound
        var lo = first + 1, hi = starts.indexes.upperBound
        let target = first + Int(Double(hi - first) * fraction)
        var blocks: Set<Int> = []
        func block(_ n: Int) -> Int { (HebrewSystem.yearOf(monthIndex: n) - starts.firstYear) / HebrewMonthStarts.blockYears }
        var probes = 0
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            for w in 0..<7 {
                let here = starts.count(weekday: w, below: mid + 1), origin = starts.count(weekday: w, below: first + 1)
                #expect(here >= origin)
            }
            blocks.insert(block(mid + 1))
            blocks.insert(block(first + 1))
            probes += 1
            if mid < target { lo = mid + 1 } else { hi = mid }
        }
        #expect(probes > 20 && blocks.count > 10)
        #expect(starts.builtBlocks == blocks.count, "\(starts.builtBlocks) blocks computed for \(blocks.count) distinct ones")
        // Every count agrees with the months themselves near the target.
        let system = HebrewSystem()
        for w in 0..<7 {
            var direct = starts.count(weekday: w, below: target - 40)
            for n in target - 40..<target where MonthStarts.weekday(system.month(index: n).firstDay) == w { direct += 1 }
            #expect(direct == starts.count(weekday: w, below: target))
        }
    }
}
