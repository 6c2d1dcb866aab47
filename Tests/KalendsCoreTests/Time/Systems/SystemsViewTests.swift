import Foundation
import Testing
@testable import KalendsCore

/// Every part of KalendsCore that has months, in every calendar system: grids, the
/// view's pages, paging and keys, scrolling, secondary dates.
@Suite struct SystemsViewTests {
    static let identifiers = CalendarSystems.builtInIdentifiers

    static func calendar(_ id: String, secondary: String? = nil) throws -> KalendsCore.Calendar {
        let today = try KalendsCore.Date(year: 2026, month: 3, day: 1)
        return try KalendsCore.Calendar(options: CalendarOptions(
            firstWeekday: .sunday, minDaysInFirstWeek: 1, today: .fixed(today),
            system: try CalendarSystems.named(id), secondarySystem: try secondary.map { try CalendarSystems.named($0) }))
    }

    /// A month grid's days carry the system date of every day, in-month flags exactly on
    /// the month's days, and rows of whole weeks numbered within the system's years.
    @Test(arguments: identifiers)
    func monthGridsCarryTheSystemsDates(_ id: String) throws {
        let cal = try Self.calendar(id)
        let system = cal.system.base
        let start = system.monthIndex(dayNumber: Gregorian.daysFromCivil(2026, 3, 1))
        for index in start - 30...start + 30 {
            let m = system.month(index: index)
            for rows in Rows.allCases {
                let grid = try cal.monthGrid(monthIndex: index, rows: rows)
                #expect(grid.days.count % 7 == 0 && grid.days.count >= 7)
                #expect(grid.days[0].weekday == .sunday)
                for day in grid.days {
                    let z = Int(day.dayNumber)
                    #expect(day.systemDate == system.date(dayNumber: z), "\(id) day \(z)")
                    #expect(day.date == (try KalendsCore.Date(dayNumber: day.dayNumber)))
                    #expect(day.flags.contains(.inMonth) == (z >= m.firstDay && z <= m.lastDay))
                    #expect(day.flags.contains(.leading) == (z < m.firstDay))
                    #expect(day.weekOfYear == system.weekOfYear(dayNumber: z, rule: WeekRule.us), "\(id) week of day \(z)")
                }
                let inMonth = grid.days.filter { $0.flags.contains(.inMonth) }.count
                #expect(inMonth == m.length)
            }
        }
    }

    /// A view walks 1,000 months forward and back by pages and by page-up/down keys:
    /// each step is the next (previous) month of the system, and the walk comes back.
    @Test(arguments: identifiers)
    func viewPagesAndKeysWalkAThousandMonths(_ id: String) throws {
        let cal = try Self.calendar(id)
        let system = cal.system.base
        let view = try View(calendar: cal)
        let start = view.page
        #expect(start.monthIndex == system.monthIndex(dayNumber: Gregorian.daysFromCivil(2026, 3, 1)))
        var index = start.monthIndex
        for direction in [1, -1] {
            for _ in 0..<1000 {
                let t = direction > 0 ? try view.nextPage() : try view.previousPage()
                index += direction
                #expect(t.to.monthIndex == index, "\(id): page after \(t.from.monthIndex)")
                let m = system.month(index: index)
                #expect(t.to.systemMonth == m)
                let days = try view.days()
                #expect(days.filter { $0.flags.contains(.inMonth) }.map { Int($0.dayNumber) } == Array(m.firstDay...m.lastDay))
                #expect(days.allSatisfy { $0.systemDate == system.date(dayNumber: Int($0.dayNumber)) })
            }
        }
        // Back at the first month (the anchor's day may have been clamped on the way,
        // as January 31 becomes February 28: Coptic and Ethiopic pass 5-day months).
        #expect(view.page.monthIndex == start.monthIndex && view.page.range == start.range)

        // Page down / page up move the focus a month of the system at a time.
        var focus = Int(view.focus.dayNumber)
        for key in [Key.pageDown, Key.pageUp] {
            for _ in 0..<1000 {
                let before = system.monthIndex(dayNumber: focus)
                let action = try view.key(key)
                focus = Int(action.day ?? Int32(focus))
                #expect(system.monthIndex(dayNumber: focus) == before + (key == .pageDown ? 1 : -1), "\(id) \(key)")
                #expect(view.page.monthIndex == system.monthIndex(dayNumber: focus))
            }
        }
    }

    /// A vertical scrolling calendar of 1,000+ months: every month's header sits where
    /// `offset(for:)` puts its first day, months follow without gaps or overlaps, and a
    /// viewport at each month shows that month's days with the system's dates.
    @Test(arguments: identifiers)
    func scrollingWalksAThousandMonths(_ id: String) throws {
        let cal = try Self.calendar(id)
        let system = cal.system.base
        var metrics = Metrics()
        metrics.width = 350
        let layout = try Scroll(calendar: cal, options: ScrollOptions(firstMonth: try Month(year: 2000, month: 1),
                                                                           lastMonth: try Month(year: 2090, month: 12)),
                                      metrics: metrics)
        let first = system.monthIndex(dayNumber: Gregorian.daysFromCivil(2000, 1, 1))
        #expect(layout.monthCount == system.monthIndex(dayNumber: Gregorian.daysFromCivil(2090, 12, 31)) - first + 1)
        #expect(layout.monthCount > 1000)
        var previousBottom = -Double.infinity
        for i in 0..<1000 {
            let m = system.month(index: first + i)
            let top = layout.monthStart(i)
            #expect(top >= previousBottom, "\(id) month \(i) overlaps the one before")
            #expect(layout.rows(i) == (Int(Weekday(dayNumber: Int32(m.firstDay)).days(since: .sunday)) + m.length + 6) / 7)
            let y = try layout.offset(for: try KalendsCore.Date(dayNumber: Int32(m.firstDay)), position: .start, viewportLength: 400)
            let viewport = Rect(x: 0, y: y, width: 350, height: 400)
            #expect(try layout.visibleMonthIndexes(in: viewport)?.contains(first + i) == true)
            let elements = try layout.elements(in: viewport)
            let days = elements.filter { $0.kind == .day && $0.index == Int32(i) }
            #expect(days.contains { Int($0.dayNumber) == m.firstDay })
            // the month's block ends where its lowest element does (the block fits the viewport)
            previousBottom = elements.filter { $0.index == Int32(i) }.map { $0.frame.y + $0.frame.height }.max() ?? top
            #expect(layout.monthIndex(at: top + 1) == i, "\(id) month at its own top")
        }
        // Walk back: the month at each offset is found again.
        for i in stride(from: 999, through: 0, by: -1) {
            #expect(layout.monthIndex(at: layout.monthStart(i) + 0.5) == i)
        }
    }

    /// Secondary dates: each day of a Gregorian grid reports its date in the second
    /// system (the Chinese lunar day under the Gregorian date, the Hebrew date beside it).
    @Test(arguments: ["chinese", "hebrew", "islamic-umalqura", "japanese", "persian"])
    func secondaryDatesFollowTheSecondSystem(_ id: String) throws {
        let cal = try Self.calendar("gregorian", secondary: id)
        let second = try CalendarSystems.named(id).base
        for month: Int32 in 1...12 {
            let grid = try cal.monthGrid(year: 2026, month: month, rows: .fixed)
            for day in grid.days {
                #expect(day.secondaryDate == second.date(dayNumber: Int(day.dayNumber)))
                #expect(day.systemDate == SystemDate(era: 1, year: day.date.year, month: day.date.month, day: day.date.day))
            }
        }
        // And under another primary system.
        let hebrew = try Self.calendar("hebrew", secondary: id)
        let span = try hebrew.monthSpan(containing: Int32(Gregorian.daysFromCivil(2026, 3, 1)), rows: .fixed)
        hebrew.forEachDay(in: span) { _, day in
            #expect(day.secondaryDate == second.date(dayNumber: Int(day.dayNumber)))
        }
    }

    /// The Gregorian path is unchanged: a Gregorian calendar's spans and days equal the
    /// general path's for the same months.
    @Test func gregorianFastPathEqualsTheGeneralPath() throws {
        let cal = try Self.calendar("gregorian")
        for index in (2000 * 12)..<(2003 * 12) {
            let span = try cal.monthSpan(monthIndex: index, rows: .variable)
            var fast: [Day] = [], general: [Day] = []
            cal.forEachGregorianDay(in: span) { _, d in fast.append(d) }
            cal.forEachSystemDay(in: span) { _, d in general.append(d) }
            #expect(fast == general)
        }
    }

    /// Week numbers within the system's years agree with Foundation's weekOfYear for a
    /// sample of days (ICU counts weeks the same way in every calendar).
    @Test(arguments: ["hebrew", "persian", "coptic", "islamic-civil", "indian", "buddhist"])
    func weekNumbersAgreeWithFoundation(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let fid = FoundationOracle.identifiers.first { $0.0 == id }!.1
        var cal = FoundationOracle.calendar(fid)
        cal.firstWeekday = 1
        cal.minimumDaysInFirstWeek = 1
        for z in stride(from: Gregorian.daysFromCivil(1990, 1, 1), through: Gregorian.daysFromCivil(2030, 12, 31), by: 3) {
            let ours = system.weekOfYear(dayNumber: z, rule: .us)
            let theirs = cal.component(.weekOfYear, from: Foundation.Date(timeIntervalSince1970: Double(z) * 86_400))
            #expect(Int(ours.week) == theirs, "\(id) day \(z)")
        }
    }
}
